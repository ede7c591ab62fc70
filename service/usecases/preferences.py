"""A farmer's mail preferences for one game (docs/mail.md)."""

from __future__ import annotations

from sqlalchemy import delete, update

from mail.sentence import N_
from service.core.errors import InvalidInput
from service.core.services import Services
from service.core.wall_time import now
from service.notify import changes as notify
from service.storage.lookup import lock_game, seat_of
from service.storage.models import MailComplaint, SoftBounce


def set_preferences(svc: Services, game_id: int, position: int, **changes: bool) -> dict:
    unknown = set(changes) - set(notify.DEFAULT_PREFERENCES)
    if unknown:
        raise InvalidInput(N_("Unknown preference: %(names)s."), names=", ".join(sorted(unknown)))
    with svc.db.transaction() as session:
        seat = seat_of(lock_game(session, game_id), position)
        seat.preferences = {**notify.DEFAULT_PREFERENCES, **(seat.preferences or {}),
                            **{k: bool(v) for k, v in changes.items()}}
        seat.bouncing_since = None  # the farmer has looked at their mail settings
        if seat.email:  # and their address's temporary failures with it
            session.execute(delete(SoftBounce).where(SoftBounce.address == seat.email.lower()))
        if seat.email and seat.preferences.get("mail", True):  # and wants mail: a spam complaint is lifted
            session.execute(update(MailComplaint).where(MailComplaint.address == seat.email.lower(),
                                                        MailComplaint.lifted_at.is_(None))
                            .values(lifted_at=now()))
        return dict(seat.preferences)
