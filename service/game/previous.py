"""The board as a farmer last saw it: their view at the end of their
previous turn, so the drawing can outline what changed since."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from service.core.game_kinds import rules_for
from service.storage.models import Game, MoveLogEntry


def previous_view(game: Game, position: int, log: Sequence[MoveLogEntry],
                  replay: Callable[[list[MoveLogEntry]], dict] | None = None) -> dict | None:
    """``position``'s view of the state right after their last move before
    the turn in progress (``log``: the live log). None before their first
    turn, or when nothing has happened since. ``replay``: what gives the
    state after the first entries of the log (default: the game replayed
    from its setup)."""
    entries = list(log)
    if entries and entries[-1].seat == position:
        # their own turn in progress (or just ended): compare with the turn before it
        while entries and entries[-1].seat == position:
            entries.pop()
    last = max((i for i, e in enumerate(entries) if e.seat == position), default=None)
    if last is None or last == len(log) - 1:
        return None
    rules = rules_for(game.kind)
    played = entries[: last + 1]
    state = replay(played) if replay else rules.replay(len(game.seats), game.options, game.seed,
                                                       [e.code for e in played])
    return rules.view(state, position)
