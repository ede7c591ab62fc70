"""Sample positions for the outcome tests: states met in seeded random games,
and the same states with only what the farmer to act cannot see changed."""

from __future__ import annotations

from engine.core import Rng, clone


def sample_states(game, seats: int, options: dict, seed: int, every: int = 3):
    """Every ``every``-th state of a seeded random game, to its end."""
    rng = Rng.from_seed(seed)
    state = game.setup(seats, options, seed)
    step = 0
    while not game.is_over(state):
        if step % every == 0:
            yield state
        moves = game.legal_moves(state)
        state = game.apply(state, moves[rng.below(len(moves))])
        step += 1


def _scrambled(value, rng: Rng):
    """Lists of hidden ids in another order, generators moved on; shapes kept."""
    if isinstance(value, list):
        return rng.shuffle(list(reversed(value)))
    if isinstance(value, dict):
        return {k: _scrambled(v, rng) for k, v in value.items()}
    if isinstance(value, int) and not isinstance(value, bool):
        return (value * 6364136223846793005 + 1442695040888963407) & ((1 << 64) - 1)
    return value


def with_other_secrets(state: dict, seat: int, swap) -> dict:
    """The same position for ``seat``: hidden data scrambled, and every other
    seat's private part changed by ``swap(private) -> private``."""
    out = clone(state)
    out["hidden"] = _scrambled(out["hidden"], Rng(7))
    for key, private in out.get("private", {}).items():
        if key != str(seat):
            out["private"][key] = swap(private)
    return out
