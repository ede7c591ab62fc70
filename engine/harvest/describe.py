"""Sentences for the other farmers about a Harvest move, with what it
brought: the sunrise incomes, what a market tile gave, the Forest dice
rolled, what a harvest yielded, and the free passes used.

A sentence follows the farmer's name ("Céline harvested every crop on
their farm") and speaks of the farmer as they/their only, so
``core.second_person`` tells it to the farmer who played it. What a move
brought is read from the state after it (a Fertilizer over the
limit, or Water over the bucket, is not counted as gained); the dice are
rolled again from the same generator state, exactly as the move rolls them.
"""

from __future__ import annotations

from engine.core import Move, Rng, State
from engine.harvest import content as C
from engine.harvest import rules
from engine.harvest.farm import DOMINOES
from engine.harvest.state import SPACES
from engine.harvest.turns import market_pass_applies, space_cost

#: what a pass is called when it is used or gained
PASS_NAMES = {"market_free": "the Early Market pass", "trading_free": "the Late Riser pass"}
DISCOUNT_NAMES = {"build_discount": "buildings cost 2 coins less this round",
                  "free_planting": "planting needs no Fertilizer this round"}


def _n(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else (many or word + 's')}"


def _cells_text(anchor: str, orientation: str | None = None) -> str:
    return "–".join(DOMINOES[(anchor, orientation)]) if orientation else anchor


def income_words(income: dict) -> list[str]:
    """``{"coins": 2, "seeds": {"wheat": 1}}`` -> ["2 coins", "1 Wheat seed"]."""
    parts = []
    if income.get("coins"):
        parts.append(_n(income["coins"], "coin"))
    if income.get("points"):
        parts.append(_n(income["points"], "point"))
    if income.get("fertilizer"):
        parts.append(f"{income['fertilizer']} Fertilizer")
    if income.get("water"):
        parts.append(f"{income['water']} Water")
    for seed, n in income.get("seeds", {}).items():
        parts.append(_n(n, f"{C.CROP_NAMES[seed]} seed"))
    return parts


def gained(before: dict, after: dict) -> list[str]:
    """What a farmer holds more of after a move than before it."""
    diff = {key: after[key] - before[key] for key in ("coins", "points", "fertilizer", "water")}
    diff["seeds"] = {s: after["seeds"][s] - before["seeds"][s] for s in C.SEEDS
                     if after["seeds"][s] > before["seeds"][s]}
    parts = income_words({k: v for k, v in diff.items() if k == "seeds" or v > 0})
    if after["bucket"] > before["bucket"]:
        parts.append(f"the bucket {_n(after['bucket'] - before['bucket'], 'step')} bigger")
    if after["closed"] > before["closed"]:
        parts.append("a pass to a closed space")
    for perk, name in PASS_NAMES.items():
        if after["perks"].get(perk, 0) > before["perks"].get(perk, 0):
            parts.append(name)
    for perk, name in DISCOUNT_NAMES.items():
        if perk in after["perks"] and perk not in before["perks"]:
            parts.append(name)
    return parts


def passes_used(before: dict, after: dict) -> list[str]:
    used = [name for perk, name in PASS_NAMES.items() if after["perks"].get(perk, 0) < before["perks"].get(perk, 0)]
    if after["closed"] < before["closed"]:
        used.append("a pass to a closed space")
    return used


def dice_rolled(state: State, move: Move) -> list[dict]:
    """The faces the Forest dice show for a ``clear`` move (none when the
    clearing rolls no dice), from the generator state the move rolls with."""
    farmer = state["farmers"][state["active"]]
    count = rules.clear_dice(farmer, state["turn"])
    rng = Rng(state["hidden"]["rng"])  # as rules._clear rolls them
    return [C.FOREST_DIE[rng.below(len(C.FOREST_DIE))] for _ in range(count)]


def describe(game, state: State, move: Move) -> str:
    seat = state["active"]
    after = game.apply(state, move)
    return what_happened(state, move, state["farmers"][seat], after["farmers"][seat])


def paying(farmer: dict, cost: dict) -> dict:
    """The farmer once ``cost`` is paid: what a move gained is counted from there."""
    out = {**farmer, "coins": farmer["coins"] - cost.get("coins", 0), "seeds": dict(farmer["seeds"])}
    for seed, n in cost.get("seeds", {}).items():
        out["seeds"][seed] -= n
    return out


def cost_words(cost: dict) -> str:
    return ", ".join(income_words(cost)) or "free"


def _with_gains(text: str, before: dict, after: dict, none: str = "") -> str:
    parts = gained(before, after)
    if parts:
        return f"{text}: {', '.join(parts)}"
    return text + none


def what_happened(state: State, move: Move, before: dict, after: dict) -> str:
    args = move.args
    seat = state.get("active")
    kind = move.kind
    if kind == "keep":
        dealt = (state.get("private") or {}).get(str(seat)) or {}
        names = dealt.get(f"{args[0]}s")
        if names:
            table = C.CHARACTERS if args[0] == "character" else C.FARMHOUSES
            return _with_gains(f"kept {table[names[args[1] - 1]]['name']}", before, after)
        return f"kept a {args[0].title()}"
    if kind == "sunrise":
        return _with_gains(f"took sunrise tile {args[0]} ({C.SUNRISE_TILES[args[0]]['name']})", before, after)
    if kind == "place":
        return _placed(state, args, before, after)
    if kind == "bonus":
        return f"took a {args[0].title()} as the Fields bonus"
    if kind == "pay":
        what = {"fertilizer": "2 Fertilizer", "water": "3 Water"}.get(args[0], f"a {C.CROP_NAMES.get(args[0], args[0])} seed")
        return f"paid {what} for an action at the Trading Post"
    if kind == "gain":
        return "gained a Fertilizer"
    if kind == "fill":
        return "paid 1 coin to fill their water bucket"
    if kind == "buy":
        return f"bought {_n(args[1], C.CROP_NAMES[args[0]] + ' seed')}"
    if kind == "plant":
        return f"planted {C.CROP_NAMES[args[0]]} on {_cells_text(*args[1:])}"
    if kind == "tend":
        if args[0] == "blueberry":
            return f"grew a Blueberry on the bush at {args[1]}"
        grown = _cells_text(*args[2:]) if args[0] == "pumpkin" else " and ".join(args[2:])
        return f"tended the {C.CROP_NAMES[args[0]]} at {args[1]}, growing {grown}"
    if kind == "harvest":
        bushes = sum(1 for t in before["farm"]["crops"] if t["crop"] == "bush")
        stay = f" ({_n(bushes, 'Blueberry Bush', 'Blueberry Bushes')} stay{'s' if bushes == 1 else ''})" if bushes else ""
        return _with_gains("harvested every crop on their farm", before, after, none=" (nothing to gain)") + stay
    if kind == "upgrade":
        if args[0] == "bucket":
            return "paid 1 coin to make their water bucket one step bigger"
        better = C.SEEDS[C.SEEDS.index(args[0]) + 1]
        if state.get("phase") == "sunrise":
            return f"upgraded a {C.CROP_NAMES[args[0]]} seed to {C.CROP_NAMES[better]} at First Light"
        return _with_gains(f"upgraded a {C.CROP_NAMES[args[0]]} seed to {C.CROP_NAMES[better]}", before, after)
    if kind == "clear":
        return _cleared(state, move, before, after)
    if kind == "build":
        offer = next(o for o in state["buildings"]["offer"] if o["building"] == args[0])
        cost = {"coins": rules.build_cost(before, offer["cost"], state["turn"])}
        text = f"built a {C.BUILDINGS[args[0]]['name']} on {args[1]} ({cost_words(cost)})"
        return _with_gains(text, paying(before, cost), after)
    if kind == "done":
        return "kept their seeds unchanged" if state.get("phase") == "sunrise" else "ended their visit"
    return kind


def _placed(state: State, args: tuple, before: dict, after: dict) -> str:
    area, label = args
    name = f"{area} {label}"
    where = C.AREA_NAMES[area]
    if area == "market":
        tile = C.MARKET_TILES[state["market"][label]]
        text = f"placed a Wheelbarrow on {where} tile {tile['name']}"
    else:
        text = f"placed a Wheelbarrow on the {where} ({_n(SPACES[name]['actions'], 'action')})"
    cost = {} if market_pass_applies(state, before, name) else space_cost(state, name)
    if any(cost.values()):
        text += f" for {cost_words(cost)}"
    used = passes_used(before, after)
    if used:
        text += f", using {' and '.join(used)}"
        if "the Late Riser pass" in used:
            text += " (no entry)"
    if area == "market":
        return _with_gains(text, paying(before, cost), after)
    return text


def _cleared(state: State, move: Move, before: dict, after: dict) -> str:
    paid = rules.clear_cost(before, state["turn"])
    text = f"cleared the Forest on {move.args[1]}" + (f" for {_n(paid, 'coin')}" if paid > 0 else "")
    before = paying(before, {"coins": paid})
    faces = dice_rolled(state, move)
    if not faces:
        return text + " (no Forest dice)"
    rolled = "; ".join(", ".join(income_words(face)) for face in faces)
    text += f" and rolled the Forest dice: {rolled}"
    got = gained(before, after)
    if got != income_words(_total(faces)):  # Fertilizer or Water beyond what can be held is lost
        text += f" (kept {', '.join(got)})" if got else " (nothing kept: no room for it)"
    return text


def _total(faces: list[dict]) -> dict:
    total: dict = {"seeds": {}}
    for face in faces:
        for key, value in face.items():
            if key == "seeds":
                for seed, n in value.items():
                    total["seeds"][seed] = total["seeds"].get(seed, 0) + n
            else:
                total[key] = total.get(key, 0) + value
    return total
