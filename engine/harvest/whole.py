"""Harvest's whole turns: a Wheelbarrow placement and the actions of its space.

For each placement the farmer may make, the usual rest of the turn: step
by step the action that most improves the farmer's standing (score now and
what will score later, :func:`engine.harvest.scoring.progress_value`; the
first of equals), until the turn passes, a move reveals hidden
information, or a few steps are played. Whole turns are ranked by that
standing at their end.
"""

from __future__ import annotations

from engine.core import State
from engine.whole_turns import WholeTurn, best, complete_greedily, steps_of

#: the most steps after the placement one whole turn plays
MAX_ACTIONS = 6


def whole_turns(game, state: State, limit: int) -> list[WholeTurn]:
    seat = game.to_act(state)
    moves = game.legal_moves(state) if seat is not None else []
    if not moves or any(m.kind != "place" for m in moves):
        return []

    def standing(s: State) -> float:
        return game.score_of(s, seat) + game.progress_value(s, seat)

    start = standing(state)
    turns = []
    for place in moves:
        after = game.apply_legal(state, place)
        if game.reveals_information(state, after) or game.to_act(after) != seat:
            continue
        rest = complete_greedily(game, after, seat, standing, MAX_ACTIONS)
        if not rest:
            continue
        end, outcomes = steps_of(game, state, (place, *rest))
        gain = standing(end) - start
        turns.append(WholeTurn((place, *rest), outcomes, (round(gain, 3),),
                               (("standing", round(gain)), ("steps", 1 + len(rest)))))
    return best(turns, limit)
