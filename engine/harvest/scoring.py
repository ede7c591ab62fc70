"""Scoring: the end-game score sheet (valid at any moment, as if the game
ended now), Gairy's solo rating, and the bots' estimate of future points."""

from __future__ import annotations

from engine.core import State
from engine.harvest import content as C
from engine.harvest.farm import touching
from engine.harvest.state import capacity


def crops_on_farm(farmer: dict) -> int:
    """Unharvested crops: every crop tile except Blueberry Bushes, plus the
    Blueberries on them."""
    return sum(1 for t in farmer["farm"]["crops"] if t["crop"] != "bush" or t["berry"])


def bushes(farmer: dict) -> int:
    return sum(1 for t in farmer["farm"]["crops"] if t["crop"] == "bush")


def leftover(farmer: dict) -> int:
    """The tie-break: coins, Fertilizer, Water and seeds, one each."""
    return farmer["coins"] + farmer["fertilizer"] + farmer["water"] + sum(farmer["seeds"].values())


def _count(farmer: dict, per: str, building: dict) -> int:
    if per == "fertilizer":
        return farmer["fertilizer"]
    if per == "seed":
        return sum(farmer["seeds"].values())
    if per == "coin":
        return farmer["coins"]
    if per == "pumpkin":
        return sum(1 for t in farmer["farm"]["crops"] if t["crop"] == "pumpkin")
    if per == "building":
        return len(farmer["farm"]["buildings"])
    if per == "adjacent_crop":
        return sum(1 for t in farmer["farm"]["crops"] if touching(t["cells"], building["cells"]))
    raise ValueError(per)


def building_effects(farmer: dict) -> int:
    total = 0
    for building in farmer["farm"]["buildings"]:
        end = C.BUILDINGS[building["building"]].get("end")
        if end:
            total += _count(farmer, end["per"], building) // end["every"] * end["points"]
    return total


def solo_rating(score: int) -> str:
    title = C.SOLO_RATINGS[0][1]
    for lowest, name in C.SOLO_RATINGS:
        if score >= lowest:
            title = name
    return title


def score_sheet(state: State) -> dict:
    farmers = state["farmers"]
    lines = [
        ("harvest", "Harvests and market", [f["points"] for f in farmers]),
        ("building_effects", "Building end effects", [building_effects(f) for f in farmers]),
        ("buildings", "Building points",
         [sum(C.BUILDINGS[b["building"]]["points"] for b in f["farm"]["buildings"]) for f in farmers]),
        ("crops", "Unharvested crops", [crops_on_farm(f) * C.UNHARVESTED_POINTS for f in farmers]),
        ("bushes", "Blueberry Bushes", [bushes(f) * C.BUSH_POINTS for f in farmers]),
        ("coins", "Coins (1 per 2)", [f["coins"] // C.COINS_PER_POINT for f in farmers]),
    ]
    total = [sum(points[i] for _, _, points in lines) for i in range(len(farmers))]
    sheet = {
        "lines": [{"key": k, "label": label, "points": points} for k, label, points in lines],
        "total": total,
        "tiebreak": {"label": "Leftover resources", "values": [leftover(f) for f in farmers]},
        "notes": [],
    }
    if state["seats"] == 1:
        sheet["notes"].append(f"Gairy's rating: {solo_rating(total[0])}")
    return sheet


# --------------------------------------------------------------------------- bots


#: What one more of each thing is worth in future points, early in the game.
#: Used only by the greedy bot's one-step lookahead (engine.bots.GreedyBot).
VALUE = {"coins": 0.6, "fertilizer": 0.45, "water": 0.35,
         "seeds": {"wheat": 1.6, "strawberry": 2.8, "bush": 4.0, "pumpkin": 6.0},
         "action": 1.2, "bucket": 0.6}
#: Points a crop tile still on the farm should bring beyond the 1 already counted.
CROP_UPSIDE = {"wheat": 1.2, "strawberry": 1.4, "pumpkin": 5.0}


def progress_value(state: State, seat: int) -> float:
    """A cheap estimate of the points ``seat`` will still make from what it
    holds: resources, seeds, crops waiting for a harvest, open actions."""
    farmer = state["farmers"][seat]
    rounds_left = C.ROUNDS - state["round"] + (0 if state["phase"] == "over" else 1)
    if state["phase"] == "over":
        return 0.0
    late = min(1.0, rounds_left / 2)  # things bought now lose value in the last round
    value = farmer["coins"] * (VALUE["coins"] * late + 0.5 * (1 - late))
    value -= farmer["coins"] // C.COINS_PER_POINT  # already on the score sheet
    value += farmer["fertilizer"] * VALUE["fertilizer"] * late
    value += min(farmer["water"], capacity(farmer)) * VALUE["water"] * late
    value += farmer["bucket"] * VALUE["bucket"] * late
    for seed, n in farmer["seeds"].items():
        value += n * VALUE["seeds"][seed] * late
    wheelbarrows_left = farmer["wheelbarrows"] + C.WHEELBARROWS * (rounds_left - 1)
    chance = min(1.0, wheelbarrows_left / 3)
    for tile in farmer["farm"]["crops"]:
        if tile["crop"] == "bush":
            value += (3.0 if tile["berry"] else 1.5) * chance
        else:
            value += CROP_UPSIDE[tile["crop"]] * chance
    turn = state.get("turn")
    if turn and state["active"] == seat:
        value += turn["left"] * VALUE["action"]
    return value
