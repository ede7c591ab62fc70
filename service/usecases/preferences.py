"""A farmer's mail preferences for one game (docs/mail.md), and the language
of their mails and pages (docs/i18n.md)."""

from __future__ import annotations

from sqlalchemy import delete, update

from boards.i18n import translator
from service.core.errors import InvalidInput
from service.core.services import Services
from service.core.wall_time import now
from service.notify import changes as notify
from service.storage.lookup import lock_game, seat_of
from service.storage.models import MailComplaint, SoftBounce
from service.usecases.creation import check_language


def set_language(svc: Services, game_id: int, position: int, language: str) -> str:
    """The language of the seat's mails and pages from now on."""
    check_language(language)
    with svc.db.transaction() as session:
        seat = seat_of(lock_game(session, game_id), position)
        seat.language = language
        return language


def choose_language(svc: Services, game_id: int, position: int, language: str) -> str:
    """``language fr`` by mail: the seat speaks it from now on; the answer
    says so in it."""
    set_language(svc, game_id, position, language)
    # TRANSLATORS: said in the language it names: "... are in French." in French
    return translator(language).gettext("From now on, your mails and pages for this game are in English.")


def set_preferences(svc: Services, game_id: int, position: int, **changes: bool) -> dict:
    unknown = set(changes) - set(notify.DEFAULT_PREFERENCES)
    if unknown:
        raise InvalidInput(f"Unknown preference: {', '.join(sorted(unknown))}.")
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
