"""Scoring: the end-game score sheet (valid at any moment, as if the game
ended now), Gairy's solo rating, and the bots' estimate of future points."""

from __future__ import annotations

from engine.core import State
from engine.harvest import content as C
from engine.harvest.farm import touching
from engine.harvest.rules import any_action


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

#: Worth of resources in future points while they can still be used; the
#: greedy bot (engine.bots.GreedyBot) adds this to the score sheet.
COIN, FERTILIZER, WATER, BUCKET = 0.7, 0.5, 0.6, 0.3
#: Share of a crop's harvest value counted while it still waits on the farm:
#: below 1, so that harvesting pays, above 0, so that planting pays.
RIPE = 0.8
#: Per action of the visit under way, by area: what a free action is worth.
ACTION = {"fields": 1.5, "trading": 1.5}
#: Worth of this round's sunrise-tile abilities when the tile is picked (per
#: pass, per coin of building discount, for free planting). Only counted
#: before the first Wheelbarrow of the round, so that the greedy bot values
#: them when it picks a tile but never keeps a pass unused to keep its worth.
PERK = {"market_free": 1.0, "trading_free": 1.0, "build_discount": 0.3, "free_planting": 1.0}
CLOSED_PASS = 0.5


def harvest_value(crop: str) -> float:
    income = C.CROPS[crop]["harvest"]
    return income.get("points", 0) + income.get("fertilizer", 0) * FERTILIZER


def progress_value(state: State, seat: int) -> float:
    """A cheap estimate of the points ``seat`` will still make from what it
    holds: resources, seeds, crops waiting for a harvest, open actions."""
    if state["phase"] == "over":
        return 0.0
    farmer = state["farmers"][seat]
    visits = farmer["wheelbarrows"] + C.WHEELBARROWS * (C.ROUNDS - state["round"])
    if state["phase"] in ("choose", "sunrise"):
        visits = C.WHEELBARROWS * (C.ROUNDS - state["round"] + 1)
    turn = state.get("turn") if state["active"] == seat else None
    harvest_ahead = 1.0 if turn and turn["left"] else min(1.0, visits / 3)
    useful = min(1.0, visits / 5)
    value = farmer["coins"] * (0.5 + (COIN - 0.5) * useful) - farmer["coins"] // C.COINS_PER_POINT
    value += (farmer["fertilizer"] * FERTILIZER + farmer["water"] * WATER + farmer["bucket"] * BUCKET) * useful
    for seed, n in farmer["seeds"].items():
        if n:
            crop = C.CROPS[seed]
            planted = C.BUSH_POINTS if seed == "bush" else 1 + (harvest_value(seed) - 1) * RIPE * harvest_ahead
            value += n * max(0.0, planted - crop["plant"] * FERTILIZER - 0.2) * useful
    for tile in farmer["farm"]["crops"]:
        if tile["crop"] == "bush":
            value += (harvest_value("bush") * RIPE if tile["berry"] else 1.5) * harvest_ahead
        else:
            value += (harvest_value(tile["crop"]) - 1) * RIPE * harvest_ahead
    if state["phase"] == "sunrise" or farmer["wheelbarrows"] == C.WHEELBARROWS:
        value += sum(PERK[key] * n for key, n in farmer["perks"].items()) + farmer["closed"] * CLOSED_PASS
    if turn and turn["left"] and (turn["step"] != "act" or any_action(state)):
        value += turn["left"] * ACTION.get(turn["space"].split()[0], 1.0)
    return value
