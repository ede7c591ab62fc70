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
from engine.harvest.describe import coins, counted, fertilizer, points, seeds, water
from engine.phrases import N_, Listed, Phrase, name

#: resources in the order the outcome names them
AMOUNTS = (("coins", coins), ("points", points), ("fertilizer", fertilizer), ("water", water))
PERK_NAMES = {"market_free": N_("a free market tile"), "trading_free": N_("a free Trading Post entry"),
              "build_discount": N_("buildings %(n)s coins cheaper"), "free_planting": N_("free planting")}
#: the actions a visit goes on with, as the farmer types them
ACTIONS = {"gain": N_("gain"), "fill": N_("fill"), "buy": N_("buy"), "plant": N_("plant"), "tend": N_("tend"),
           "harvest": N_("harvest"), "bucket": N_("bucket"), "clear": N_("clear"), "build": N_("build"),
           "seedup": N_("seedup")}


def _signed(n: int, count) -> Phrase:
    """"+2 coins", "−1 Wheat seed": ``count`` makes the counted words of ``abs(n)``."""
    return Phrase(N_("+%(count)s") if n > 0 else N_("−%(count)s"), {"count": count(abs(n))})


def _cells(cells: list[str]) -> str:
    return "–".join(cells)


def _farm(before: dict, now: dict, move: Move) -> list[Phrase]:
    out = []
    old = {tuple(t["cells"]): t for t in before["farm"]["crops"]}
    new = {tuple(t["cells"]): t for t in now["farm"]["crops"]}
    for cells, tile in new.items():
        if cells not in old or old[cells]["crop"] != tile["crop"]:
            out.append(Phrase(N_("%(crop)s on %(cells)s"), {"crop": name(C.CROP_NAMES[tile["crop"]]),
                                                           "cells": _cells(list(cells))}))
        elif tile.get("berry") and not old[cells].get("berry"):
            out.append(Phrase(N_("a Blueberry on the bush at %(cell)s"), {"cell": cells[0]}))
    gone = [cells for cells, tile in old.items() if cells not in new or (tile.get("berry") and not new[cells].get("berry"))]
    if gone and move.kind == "harvest":
        out.append(counted(len(gone), N_("%(n)s crop harvested"), N_("%(n)s crops harvested")))
    elif gone:  # a building over crops destroys them: say which
        out += [Phrase(N_("your %(crop)s on %(cells)s destroyed"),
                       {"crop": name(C.CROP_NAMES.get(old[cells]["crop"], old[cells]["crop"])), "cells": _cells(list(cells))})
                for cells in gone]
    cleared = [cell for cell in before["farm"]["forests"] if cell not in now["farm"]["forests"]]
    out += [Phrase(N_("Forest on %(cell)s cleared"), {"cell": cell}) for cell in cleared]
    built = now["farm"]["buildings"][len(before["farm"]["buildings"]):]
    out += [Phrase(N_("%(building)s on %(cells)s"), {"building": name(C.BUILDINGS[b["building"]]["name"]),
                                                     "cells": _cells(b["cells"])}) for b in built]
    return out


def _record(before: dict, now: dict) -> list[Phrase]:
    out = [_signed(now[key] - before[key], count) for key, count in AMOUNTS if now[key] != before[key]]
    out += [_signed(now["seeds"][crop] - before["seeds"][crop], lambda n, crop=crop: seeds(crop, n)) for crop in C.SEEDS
            if now["seeds"][crop] != before["seeds"][crop]]
    if now["bucket"] > before["bucket"]:
        out.append(Phrase(N_("bucket holds %(n)s"), {"n": C.BUCKET_LEVELS[now["bucket"]]}))
    if now["closed"] > before["closed"]:
        out.append(Phrase(N_("a Wheelbarrow may go to a closed space")))
    for perk in C.PERKS:
        more = now["perks"].get(perk, 0) - before["perks"].get(perk, 0)
        if more > 0:
            out.append(Phrase(PERK_NAMES[perk], {"n": more} if perk == "build_discount" else {}))
    return out


def _visit(state: State, after: State, seat: int) -> list[Phrase]:
    """What the farmer decides next in the same visit, or at sunrise (public)."""
    if after["active"] == seat and after["phase"] == "sunrise" and after["sunrise"]["choice"] == "seedup":
        return [Phrase(N_("then you may upgrade a seed"))]
    if after["active"] != seat or after["phase"] != "act":
        if state["phase"] == "act" and after["turn"] is None:
            return [Phrase(N_("ends the visit"))]
        return []
    turn = after["turn"]
    if turn["step"] == "bonus":
        return [Phrase(N_("then a Water or a Fertilizer"))]
    if turn["step"] == "pay":
        return [Phrase(N_("then pay the entry"))]
    if state["phase"] == "place" or state["turn"]["step"] != "act":
        kinds = [k for k in rules.allowed_actions(turn) if rules.has_kind_moves(after, k)]
        actions = Listed(tuple(Phrase(ACTIONS[k]) if k in ACTIONS else k for k in kinds))
        return [counted(turn["left"], N_("then %(n)s action: %(kinds)s"), N_("then %(n)s actions: %(kinds)s"),
                        kinds=actions)] if kinds else []
    return []


def _keep(state: State, move: Move) -> list[Phrase]:
    which, index = move.args
    dealt = state["private"][str(state["active"])][f"{which}s"]
    table = C.CHARACTERS if which == "character" else C.FARMHOUSES
    return [name(table[dealt[index - 1]]["name"])]


def outcome_phrase(game, state: State, move: Move) -> Phrase | Listed:
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
            parts += ([_signed(-cost, coins)] if cost else []) + _farm(before, now, move)
            parts.append(Phrase(N_("rolls %(n)s Forest dice, cannot be undone"), {"n": dice}))
            return Listed(tuple(parts))  # not even whether the visit goes on: the dice may pay for more
    parts += _record(before, now) + _farm(before, now, move) + _visit(state, after, seat)
    if move.kind == "done" and not parts:
        parts = [Phrase(N_("keeps your seeds") if state["phase"] == "sunrise" else N_("ends the visit"))]
    if after["phase"] == "over":
        parts.append(Phrase(N_("ends the game")))
    elif after["round"] > state["round"]:
        parts.append(Phrase(N_("ends round %(n)s"), {"n": state["round"]}))
    if game.reveals_information(state, after):  # a building or a sunset draws (deck and stack sizes are public)
        parts.append(Phrase(N_("cannot be undone")))
    return Listed(tuple(parts)) if parts else Phrase(N_("no change"))
