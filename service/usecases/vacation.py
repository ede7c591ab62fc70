"""Vacations: ``vacation <days>`` by mail, ``vacation off`` to come back.

While a farmer is away their turn and account mails are held back
(:data:`service.notify.changes.HELD_WHILE_AWAY`); the game simply waits when it is
their turn. The other farmers are told once, when the vacation starts, "X is
away until <date>". The farmer is back with ``vacation off`` or when the
date passes (beat runs :func:`end_due_vacations`); then, if a turn mail was
held and it is still their turn, they get one turn mail.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import select

from boards.i18n import N_, translator
from mail.inbound.commands import MAX_VACATION_DAYS
from service.core import wall_time
from service.core.errors import InvalidInput
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.game import clocks
from service.jobs import dispatching
from service.jobs.work import Work
from service.notify import changes
from service.notify.notices import tell_others
from service.storage import lookup
from service.storage.models import Game, Seat, as_utc, date_text


def start_vacation(svc: Services, game_id: int, position: int, days: int, key: str | None = None) -> str:
    """The farmer is away for ``days`` (1 to MAX_VACATION_DAYS) from now;
    returns the answer for them. ``key`` names the request (the mail and its
    line), so the same request processed twice tells the others once."""
    if not 1 <= days <= MAX_VACATION_DAYS:
        raise InvalidInput(N_("A vacation lasts 1 to %(most)s days."), most=MAX_VACATION_DAYS)
    with dispatching.unit_of_work(svc) as (session, work):
        game = lookup.lock_game(session, game_id)
        seat = lookup.seat_of(game, position)
        t = translator(seat.language)
        until = wall_time.now() + timedelta(days=days)
        seat.away_until = until
        names = tell_others(session, svc, game, seat, kind="away",
                            what=lambda r: r.gettext("%(name)s is away", name=seat.name),
                            text=lambda r: r.gettext("%(name)s is away until %(date)s. %(meaning)s", name=seat.name,
                                                     date=date_text(until, r),
                                                     meaning=clocks.away_sentence(game, seat, r)),
                            key=f"away:{seat.id}:{key or until.isoformat()}", work=work)
        clocks.count_leave(game, wall_time.now())  # the vacation stops the clock (docs/clocks.md)
        until_text = clocks.seat_time(until, seat, t)  # the farmer's own zone: read while the seat is loaded
    away = t.gettext("You are away until %(date)s. Farmpost holds back your turn mails until then and sends you one "
                     "when you are back; reply “vacation off” to come back sooner.", date=until_text)
    if not names:
        return away
    return t.ngettext("%(away)s %(names)s was told.", "%(away)s %(names)s were told.", len(names), away=away,
                      names=", ".join(names))


def end_vacation(svc: Services, game_id: int, position: int) -> str:
    """``vacation off``: the farmer is back now; returns the answer for them."""
    with dispatching.unit_of_work(svc) as (session, work):
        game = lookup.lock_game(session, game_id)
        seat = lookup.seat_of(game, position)
        t = translator(seat.language)
        if seat.away_until is None:
            return t.gettext("You were not away, so nothing changed.")
        sent = _come_back(session, svc, game, seat, work)
    return (t.gettext("Welcome back: your vacation is over. Your turn mail follows.") if sent
            else t.gettext("Welcome back: your vacation is over."))


def end_due_vacations(svc: Services, now: datetime | None = None) -> int:
    """End every vacation whose date has passed (for the beat schedule);
    returns how many ended."""
    now = now or wall_time.now()
    with svc.db.transaction() as session:
        due = session.execute(select(Seat.game_id, Seat.position).where(
            Seat.away_until.is_not(None), Seat.away_until <= now).order_by(Seat.id)).all()
    ended = 0
    for game_id, position in due:
        with dispatching.unit_of_work(svc) as (session, work):
            game = lookup.lock_game(session, game_id)
            seat = lookup.seat_of(game, position)
            if seat.away_until is None or as_utc(seat.away_until) > now:
                continue  # ended or extended meanwhile
            _come_back(session, svc, game, seat, work)
            ended += 1
    return ended


def _come_back(session, svc: Services, game: Game, seat: Seat, work: Work) -> bool:
    """Clear the vacation; send the held turn mail if it is still the
    farmer's turn. Returns whether a turn mail was written."""
    seat.away_until = None
    clocks.count_leave(game, wall_time.now())  # unused leave goes back to the budget
    held, seat.turn_held = seat.turn_held, False
    if not held or game.status != "active" or rules_for(game.kind).to_act(game.state) != seat.position:
        return False
    return changes.turn_mail(session, svc, game, seat, work) is not None
