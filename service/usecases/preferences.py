"""A farmer's mail preferences for one game (docs/mail.md)."""

from __future__ import annotations

from service.core.errors import InvalidInput
from service.core.services import Services
from service.notify import changes as notify
from service.storage.lookup import lock_game, seat_of


def set_preferences(svc: Services, game_id: int, position: int, **changes: bool) -> dict:
    unknown = set(changes) - set(notify.DEFAULT_PREFERENCES)
    if unknown:
        raise InvalidInput(f"Unknown preference: {', '.join(sorted(unknown))}.")
    with svc.db.transaction() as session:
        seat = seat_of(lock_game(session, game_id), position)
        seat.preferences = {**notify.DEFAULT_PREFERENCES, **(seat.preferences or {}),
                            **{k: bool(v) for k, v in changes.items()}}
        seat.bouncing_since = None  # the farmer has looked at their mail settings
        return dict(seat.preferences)
