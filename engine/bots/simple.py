"""The simple bots: any legal move, or the best one a single move ahead.

Bots are deterministic: their choices come from an :class:`~engine.core.Rng`
seeded by the caller, never from the clock.
"""

from __future__ import annotations

from engine.core import Game, Move, Rng, State


class Bot:
    name = "bot"

    def choose(self, game: Game, state: State, rng: Rng) -> Move:
        raise NotImplementedError


class RandomBot(Bot):
    """Any legal move, uniformly."""

    name = "random"

    def choose(self, game: Game, state: State, rng: Rng) -> Move:
        moves = game.legal_moves(state)
        return moves[rng.below(len(moves))]


class GreedyBot(Bot):
    """One-step lookahead: the move that most improves the farmer's standing.

    Standing is the farmer's current total on the score sheet plus the game's
    own ``progress_value`` (if it defines one) for things that will score
    later, such as vegetables on tiles; ties are broken at random so games vary.
    """

    name = "greedy"

    def choose(self, game: Game, state: State, rng: Rng) -> Move:
        seat = game.to_act(state)
        moves = game.legal_moves(state)
        if len(moves) == 1:
            return moves[0]
        best: list[Move] = []
        best_value = None
        for move in moves:
            value = standing(game, game.apply_legal(state, move), seat)
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[rng.below(len(best))]


def standing(game: Game, state: State, seat: int) -> float:
    """How well ``seat`` is doing: score now plus the game's estimate of what
    it has built that will score later (``Game.progress_value``, optional)."""
    value = game.score_of(state, seat)
    estimate = getattr(game, "progress_value", None)
    if estimate is not None:
        value += estimate(state, seat)
    return value
