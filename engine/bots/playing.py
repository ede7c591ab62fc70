"""Self-play: one game played to the end by one bot per seat."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.bots.simple import Bot
from engine.core import Game, Rng, State


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


def play(game: Game, seats: int, options: dict, seed: int, bots: list[Bot], max_moves: int = 20_000,
         on_decision=None) -> PlayedGame:
    """Play one game to the end with one bot per seat.

    The bots draw from their own generator, seeded from ``seed``, so the
    game's hidden generator is never consulted by a bot. ``on_decision(seat,
    state, choose)``, if given, makes each decision by calling ``choose()``
    itself (self-play uses it to time the bots; the engine reads no clock).
    """
    options = game.normalize_options(options)
    state = game.setup(seats, options, seed)
    played = PlayedGame(seats, options, seed)
    rng = Rng.from_seed(f"bots:{seed}")
    for _ in range(max_moves):
        seat = game.to_act(state)
        if seat is None:
            break
        bot = bots[seat]
        if on_decision is None:
            move = bot.choose(game, state, rng)
        else:
            def choose(bot=bot, state=state):
                return bot.choose(game, state, rng)

            move = on_decision(seat, state, choose)
        state = game.apply(state, move)
        played.codes.append(game.code(move))
        played.actors.append(seat)
    else:
        raise RuntimeError(f"game with seed {seed} did not end in {max_moves} moves")
    played.state = state
    return played
