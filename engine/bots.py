"""Bots that pick legal moves, for any game that implements the contract.

Bots are deterministic: their choices come from an :class:`~engine.core.Rng`
seeded by the caller, never from the clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
            value = standing(game, game.apply(state, move), seat)
            if best_value is None or value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best[rng.below(len(best))]


def standing(game: Game, state: State, seat: int) -> float:
    """How well ``seat`` is doing: score now plus the game's estimate of what
    it has built that will score later (``Game.progress_value``, optional)."""
    value = game.score_sheet(state)["total"][seat]
    estimate = getattr(game, "progress_value", None)
    if estimate is not None:
        value += estimate(state, seat)
    return value


BOTS = {bot.name: bot for bot in (RandomBot, GreedyBot)}


def make_bot(name: str) -> Bot:
    try:
        return BOTS[name]()
    except KeyError:
        raise KeyError(f"unknown bot {name!r}; known: {', '.join(BOTS)}") from None


@dataclass
class PlayedGame:
    """A finished (or abandoned) self-play game: everything needed to replay it."""

    seats: int
    options: dict
    seed: int
    codes: list[str] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)  # the seat that made each move
    state: State | None = None

    def turns(self) -> int:
        """Turns: runs of consecutive moves by one seat."""
        return sum(1 for i, seat in enumerate(self.actors) if i == 0 or self.actors[i - 1] != seat)


def play(game: Game, seats: int, options: dict, seed: int, bots: list[Bot], max_moves: int = 20_000) -> PlayedGame:
    """Play one game to the end with one bot per seat.

    The bots draw from their own generator, seeded from ``seed``, so the
    game's hidden generator is never consulted by a bot.
    """
    options = game.normalize_options(options)
    state = game.setup(seats, options, seed)
    played = PlayedGame(seats, options, seed)
    rng = Rng.from_seed(f"bots:{seed}")
    for _ in range(max_moves):
        seat = game.to_act(state)
        if seat is None:
            break
        move = bots[seat].choose(game, state, rng)
        state = game.apply(state, move)
        played.codes.append(game.code(move))
        played.actors.append(seat)
    else:
        raise RuntimeError(f"game with seed {seed} did not end in {max_moves} moves")
    played.state = state
    return played
