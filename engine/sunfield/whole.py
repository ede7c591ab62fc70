"""Sunfield's whole turns: take a Field tile, then place it.

For each Field tile on offer (a ``take`` that reveals nothing), each of its
placements, ranked by what the two steps do together: tiles harvested,
Animals delivered (a Sheep, Pig and Cow trio for a Medal), Vegetables lost
(fewer is better), then points and Wheelbarrow Vegetables gained, Seeds
kept. Placements with the same outcome are folded into one ("any of 11
places"); each tile keeps its best few. What follows the place (a delivery,
Seeds spent, powers, the end) stays a choice of its own.
"""

from __future__ import annotations

from engine.core import State
from engine.sunfield.outcome import lost_vegetables, points
from engine.whole_turns import WholeTurn, best, fold_alike

#: the best placements kept for each Field tile
PER_TILE = 2


def whole_turns(game, state: State, limit: int) -> list[WholeTurn]:
    seat = game.to_act(state)
    if seat is None:
        return []
    turns: list[WholeTurn] = []
    for take in game.legal_moves(state):
        if take.kind != "take":
            continue
        after_take = game.apply_legal(state, take)
        if game.reveals_information(state, after_take) or game.to_act(after_take) != seat:
            continue
        mine, took = [], game.outcome(state, take)  # the take's outcome once, for all its placements
        for place in game.legal_moves(after_take):
            if place.kind != "place":
                continue
            end = game.apply_legal(after_take, place)
            facts = _facts(state, after_take, end, place, seat)
            mine.append(WholeTurn((take, place), (took, game.outcome(after_take, place)), _rank(facts),
                                  tuple(facts.items())))
        turns += best(fold_alike(mine), PER_TILE)
    return best(turns, limit)


def _facts(before: State, after_take: State, after: State, place, seat: int) -> dict[str, int]:
    was, now = before["farmers"][seat], after["farmers"][seat]
    harvests = sum(1 for k, t in now["plot"].items() if t["pasture"] and not (was["plot"].get(k) or {}).get("pasture"))
    trios = sum(1 for m in now["medals"][len(was["medals"]):] if m == 3) if not before["advanced"] else 0
    placed = sum(sum(t["filled"]) for t in now["plot"].values()) - sum(sum(t["filled"]) for t in was["plot"].values())
    return {"harvests": harvests, "animals_delivered": 3 * trios,
            "vegetables_lost": sum(lost_vegetables(after_take, after, place).values()),
            "points": points(after, now) - points(before, was),
            "wheelbarrow": sum(now["wheelbarrow"].values()) - sum(was["wheelbarrow"].values()), "placed": placed,
            "seeds": now["seeds"] - was["seeds"]}


def _rank(facts: dict[str, int]) -> tuple:
    return (facts["harvests"], facts["animals_delivered"], -facts["vegetables_lost"], facts["points"],
            facts["wheelbarrow"] + facts["placed"], facts["seeds"])
