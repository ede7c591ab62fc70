"""Whole turns: the steps of a turn offered together, as one choice.

A :class:`WholeTurn` is a sequence of moves one farmer plays in a row from a
position (Sunfield: take a Field tile, then place it; Harvest: a
Wheelbarrow placement, then the actions of its space), with each step's
outcome (``Game.outcome`` in the position the steps before leave) and what
the turn achieves as a ``rank`` (higher is better; compared only between
the whole turns of one position). Whole turns never go on past a move that
reveals hidden information: what the farmer would choose after it depends
on what it reveals. Each game enumerates its own (``Game.whole_turns``);
the helpers here are shared: fold those with the same result into one, and
keep the best.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.core import Game, Move, State


@dataclass(frozen=True)
class WholeTurn:
    """``moves`` in order, ``outcomes`` one per move, ``rank`` what the turn
    achieves (higher is better), ``facts`` the same in words a renderer may
    pick from (e.g. ``{"harvests": 1, "lost": 0}``), ``alike``: how many
    whole turns with the same outcomes this one stands for (its last step
    differs only in where: "any of 11 places")."""

    moves: tuple[Move, ...]
    outcomes: tuple[str, ...]
    rank: tuple
    facts: tuple[tuple[str, int], ...] = ()
    alike: int = 1


def steps_of(game: Game, state: State, moves: Iterable[Move]) -> tuple[State, tuple[str, ...]] | None:
    """The position after ``moves`` and each one's outcome, or None when a
    move before the last reveals hidden information (nothing may follow it
    unseen) or the turn passes to someone else before the last."""
    seat = game.to_act(state)
    outcomes = []
    moves = list(moves)
    for index, move in enumerate(moves):
        if game.to_act(state) != seat:
            return None
        outcomes.append(game.outcome(state, move))
        after = game.apply_legal(state, move)
        if index < len(moves) - 1 and game.reveals_information(state, after):
            return None
        state = after
    return state, tuple(outcomes)


def fold_alike(turns: list[WholeTurn]) -> list[WholeTurn]:
    """One whole turn per distinct (first steps, outcomes): the first of
    those alike, counting them (their last steps differ only in where)."""
    folded: dict[tuple, WholeTurn] = {}
    for turn in turns:
        key = (turn.moves[:-1], turn.moves[-1].kind, turn.outcomes)
        first = folded.get(key)
        folded[key] = turn if first is None else WholeTurn(first.moves, first.outcomes, first.rank, first.facts,
                                                           first.alike + 1)
    return list(folded.values())


def best(turns: list[WholeTurn], limit: int) -> list[WholeTurn]:
    """The ``limit`` best by rank; equal ranks keep their order (the legal moves')."""
    return sorted(turns, key=lambda t: t.rank, reverse=True)[:limit]


def complete_greedily(game: Game, state: State, seat: int, value: Callable[[State], float],
                      max_steps: int) -> list[Move]:
    """The rest of ``seat``'s turn from ``state``, step by step the move whose
    position is worth most by ``value`` (the first of equals: no randomness),
    stopping when the turn passes or after ``max_steps``. A move that
    reveals hidden information is never chosen: its worth, and so the
    choice and the ranking, would tell what it reveals."""
    moves: list[Move] = []
    while len(moves) < max_steps and game.to_act(state) == seat:
        scored = []
        for index, move in enumerate(game.legal_moves(state)):
            after = game.apply_legal(state, move)
            if not game.reveals_information(state, after):
                scored.append((value(after), -index, move, after))
        if not scored:
            break
        _, _, move, state = max(scored, key=lambda s: (s[0], s[1]))
        moves.append(move)
    return moves
