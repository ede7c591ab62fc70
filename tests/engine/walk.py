"""Not a test: positions along a game played at random, for the tests that
check something in every position a farmer may meet."""

from __future__ import annotations

from engine.core import Rng


def random_positions(rules, seats: int, options: dict, seed: int, count: int, draws: int | None = None):
    """The first ``count`` positions of the game set up with ``seed``, each
    next move drawn at random (by ``Rng(draws)``, ``seed`` when not given)."""
    state, rng = rules.setup(seats, options, seed), Rng(seed if draws is None else draws)
    for _ in range(count):
        if rules.is_over(state):
            return
        yield state
        moves = rules.legal_moves(state)
        state = rules.apply(state, moves[rng.below(len(moves))])
