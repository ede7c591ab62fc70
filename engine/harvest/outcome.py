"""What an option will do, in a few words, for the farmer about to choose it.

``outcome(game, state, move)`` applies the move to the state and compares
what the farmer could see before with what they will see after, restricted to
facts that cannot depend on hidden information:

* the farmer's own record (coins, Fertilizer, Water, bucket, points, seeds,
  passes, farm): within one move it changes only by public rules, except when
  a Forest is cleared with Forest dice: the dice are rolled from the hidden
  generator, so that outcome says the cost and how many dice are rolled and
  reads none of the resources the dice could change (nor whether the visit
  goes on, which the dice could pay for);
* the visit the move starts or goes on with (actions left, a bonus or an
  entry to pay), which is public, and whether the move draws from a hidden
  stack or rolls dice, so it cannot be undone.

Never read: the market, the building offer and the sunrise display after the
move (a building bought or a sunset turns up new ones from hidden stacks).
tests/engine/harvest/test_outcome.py changes only hidden data and checks every
outcome stays the same.
"""

from __future__ import annotations

from engine.core import Move, State
from engine.harvest import content as C
from engine.harvest import rules

#: resources in the order the outcome names them
AMOUNTS = (("coins", "coin"), ("points", "point"), ("fertilizer", "Fertilizer"), ("water", "Water"))
PERK_NAMES = {"market_free": "a free market tile", "trading_free": "a free Trading Post entry",
              "build_discount": "buildings {n} coins cheaper", "free_planting": "free planting"}


def _signed(n: int, word: str) -> str:
    plural = "" if abs(n) == 1 or word in ("Fertilizer", "Water") else "s"
    return f"{'+' if n > 0 else '−'}{abs(n)} {word}{plural}"


def _seed(crop: str, n: int) -> str:
    return _signed(n, f"{C.CROP_NAMES[crop]} seed")


def _cells(cells: list[str]) -> str:
    return "–".join(cells)


def _farm(before: dict, now: dict, move: Move) -> list[str]:
    out = []
    old = {tuple(t["cells"]): t for t in before["farm"]["crops"]}
    new = {tuple(t["cells"]): t for t in now["farm"]["crops"]}
    for cells, tile in new.items():
        if cells not in old or old[cells]["crop"] != tile["crop"]:
            out.append(f"{C.CROP_NAMES[tile['crop']]} on {_cells(list(cells))}")
        elif tile.get("berry") and not old[cells].get("berry"):
            out.append(f"a Blueberry on the bush at {cells[0]}")
    gone = [cells for cells, tile in old.items() if cells not in new or (tile.get("berry") and not new[cells].get("berry"))]
    if gone and move.kind == "harvest":
        out.append(f"{len(gone)} crop{'s' if len(gone) != 1 else ''} harvested")
    elif gone:  # a building over crops destroys them: say which
        out += [f"your {C.CROP_NAMES.get(old[cells]['crop'], old[cells]['crop'])} on {_cells(list(cells))} destroyed" for cells in gone]
    cleared = [cell for cell in before["farm"]["forests"] if cell not in now["farm"]["forests"]]
    out += [f"Forest on {cell} cleared" for cell in cleared]
    built = now["farm"]["buildings"][len(before["farm"]["buildings"]):]
    out += [f"{C.BUILDINGS[b['building']]['name']} on {_cells(b['cells'])}" for b in built]
    return out


def _record(before: dict, now: dict) -> list[str]:
    out = [_signed(now[key] - before[key], word) for key, word in AMOUNTS if now[key] != before[key]]
    out += [_seed(crop, now["seeds"][crop] - before["seeds"][crop]) for crop in C.SEEDS
            if now["seeds"][crop] != before["seeds"][crop]]
    if now["bucket"] > before["bucket"]:
        out.append(f"bucket holds {C.BUCKET_LEVELS[now['bucket']]}")
    if now["closed"] > before["closed"]:
        out.append("a Wheelbarrow may go to a closed space")
    for perk in C.PERKS:
        more = now["perks"].get(perk, 0) - before["perks"].get(perk, 0)
        if more > 0:
            out.append(PERK_NAMES[perk].format(n=more))
    return out


def _visit(state: State, after: State, seat: int) -> list[str]:
    """What the farmer decides next in the same visit, or at sunrise (public)."""
    if after["active"] == seat and after["phase"] == "sunrise" and after["sunrise"]["choice"] == "seedup":
        return ["then you may upgrade a seed"]
    if after["active"] != seat or after["phase"] != "act":
        if state["phase"] == "act" and after["turn"] is None:
            return ["ends the visit"]
        return []
    turn = after["turn"]
    if turn["step"] == "bonus":
        return ["then a Water or a Fertilizer"]
    if turn["step"] == "pay":
        return ["then pay the entry"]
    if state["phase"] == "place" or state["turn"]["step"] != "act":
        kinds = [k for k in rules.allowed_actions(turn) if rules.has_kind_moves(after, k)]
        left = turn["left"]
        return [f"then {left} action{'s' if left != 1 else ''}: {', '.join(kinds)}"] if kinds else []
    return []


def _keep(state: State, move: Move) -> list[str]:
    which, index = move.args
    dealt = state["private"][str(state["active"])][f"{which}s"]
    table = C.CHARACTERS if which == "character" else C.FARMHOUSES
    return [table[dealt[index - 1]]["name"]]


def outcome(game, state: State, move: Move) -> str:
    seat = state["active"]
    before = state["farmers"][seat]
    after = game.apply(state, move)
    now = after["farmers"][seat]
    parts = _keep(state, move) if move.kind == "keep" else []
    if move.kind == "clear":
        turn = state["turn"]
        dice = rules.clear_dice(before, turn)
        cost = rules.clear_cost(before, turn)
        if dice:
            parts += ([_signed(-cost, "coin")] if cost else []) + _farm(before, now, move)
            parts.append(f"rolls {dice} Forest dice, cannot be undone")
            return ", ".join(parts)  # not even whether the visit goes on: the dice may pay for more
    parts += _record(before, now) + _farm(before, now, move) + _visit(state, after, seat)
    if move.kind == "done" and not parts:
        parts = ["keeps your seeds" if state["phase"] == "sunrise" else "ends the visit"]
    if after["phase"] == "over":
        parts.append("ends the game")
    elif after["round"] > state["round"]:
        parts.append(f"ends round {state['round']}")
    if game.reveals_information(state, after):  # a building or a sunset draws (deck and stack sizes are public)
        parts.append("cannot be undone")
    return ", ".join(parts) or "no change"
