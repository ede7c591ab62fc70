"""The daily digest: one mail a day about all the games of a farmer who
chose it (preference ``digest``), for farmers in several games who want to
follow what the others play without a mail after every turn.

Beat runs :func:`send_digests` every hour; each address gets at most one
digest per UTC day (the Message-ID is derived from the address and the day,
and unique in the outbox), covering what happened since its previous digest
(or the last day): per game, the moves of the others, where the game
stands and whose turn it is. Turn mails still come as usual: the digest
reports, it does not hold play back. An address with nothing new in any of
its games gets no digest that day.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from boards.game_phrases import progress as progress_said
from boards.i18n import Translator, translator
from service.core import wall_time
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.game.accounts import account_lines
from service.jobs import dispatching
from service.notify.changes import preference, wants_mail
from service.notify.notices import plain_mail
from service.storage.models import Game, MoveLogEntry, OutgoingMail, Seat, as_utc

#: the most moves listed per game; more are counted
MOST_LINES = 40


def send_digests(svc: Services, now: datetime | None = None) -> int:
    """Write today's digest for every address that chose it and has news;
    returns how many were written (for the beat schedule)."""
    now = now or wall_time.now()
    with svc.db.transaction() as session:
        recent = (Game.status == "active") | ((Game.status == "over") & (Game.updated_at > now - timedelta(days=2)))
        seats = session.scalars(select(Seat).join(Game).where(recent)
                                .options(selectinload(Seat.game).selectinload(Game.seats))).all()
        by_address: dict[str, list[Seat]] = defaultdict(list)
        for seat in seats:
            if wants_mail(seat, "final") and preference(seat, "digest"):
                by_address[seat.email.lower()].append(seat)
        written = []
        for address, chosen in sorted(by_address.items()):
            mail = _digest(session, svc, address, chosen, now)
            if mail is not None:
                session.add(mail)
                session.flush()
                written.append(mail.id)
    for mail_id in written:
        dispatching.enqueue(svc, "mail", mail_id)
    return len(written)


def _digest(session, svc: Services, address: str, seats: list[Seat], now: datetime) -> OutgoingMail | None:
    digest_id = hashlib.sha256(address.encode()).hexdigest()[:20]
    message_id = f"<digest.{digest_id}.{now:%Y%m%d}@{svc.config.mail_domain}>"
    if session.scalar(select(OutgoingMail.id).where(OutgoingMail.message_id == message_id)) is not None:
        return None  # today's is written
    last = session.scalar(select(func.max(OutgoingMail.created_at)).where(
        OutgoingMail.kind == "digest", OutgoingMail.to_addr == address))
    since = as_utc(last) if last is not None else now - timedelta(days=1)
    # one farmer, one language: the first of their seats that has one (English when none has)
    t = translator(next((seat.language for seat in seats if seat.language), None))
    sections = [text for seat in sorted(seats, key=lambda s: s.game_id)
                if (text := _section(session, svc, seat, since, t)) is not None]
    if not sections:
        return None
    name = seats[0].name
    text = "\n\n".join([
        t.gettext("Hello %(name)s, here is what happened in your games since %(moment)s.", name=name,
                  moment=_when(since, t)),
        *sections,
        t.gettext("You chose this daily digest; turn off “digest” on a game's mail preferences page to stop it.")])
    subject = t.ngettext("Farmpost: your %(n)s game today", "Farmpost: your %(n)s games today", len(sections))
    return plain_mail(svc, kind="digest", to=address, text=text, subject=subject,
                      thread=None, game_id=None, message_id=message_id, auto_submitted="auto-generated",
                      to_name=name, language=t.language)


def _section(session, svc: Services, seat: Seat, since: datetime, t: Translator) -> str | None:
    """One game's part: the others' moves since ``since``, where the game
    stands and whose turn it is; None when nothing happened and the farmer
    is not waited for."""
    game = seat.game
    rules = rules_for(game.kind)
    live = session.scalars(select(MoveLogEntry).where(
        MoveLogEntry.game_id == game.id, MoveLogEntry.undone.is_(False)).order_by(MoveLogEntry.seq)).all()
    entries = [e for e in live if e.created_at is not None and as_utc(e.created_at) > since
               and e.seat != seat.position]
    to_act = rules.to_act(game.state) if game.status == "active" else None
    if not entries and to_act != seat.position:
        return None
    names = {s.position: s.name for s in game.seats}
    progress = progress_said(rules, game.state, t)
    lines = [f"{rules.title} #{game.id}" + (f" ({progress})" if progress else "")]
    # each move told in the reader's language, made again from its position as the log page does
    told = account_lines(game, entries[:MOST_LINES], seat.position, language=t.language, log=live)
    lines += [f"* {line['farmer']} {line['description']}" for line in told]
    if len(entries) > MOST_LINES:
        lines.append(t.ngettext("* … and %(n)s more move", "* … and %(n)s more moves", len(entries) - MOST_LINES))
    if game.status == "over":
        lines.append(t.gettext("The game is over; the final result came in its own mail."))
    elif to_act == seat.position:
        lines.append(t.gettext("It is your turn: reply to your turn mail, or play from your page:"))
    else:
        lines.append(t.gettext("Now it is %(name)s's turn. Your page:", name=names[to_act]))
    if game.status != "over":
        lines.append(svc.links.seat_url(game.id, seat.position, seat.secret))
    return "\n".join(lines)


#: "6 December, 15:40 UTC", per language (CLDR patterns; the others: English's)
_WHEN_PATTERNS = {"de": "d. MMMM, HH:mm 'UTC'"}
_WHEN_PATTERN = "d MMMM, HH:mm 'UTC'"


def _when(moment: datetime, t: Translator) -> str:
    naive = as_utc(moment).astimezone(UTC).replace(tzinfo=None)
    return t.datetime(naive, None, format=_WHEN_PATTERNS.get(t.locale, _WHEN_PATTERN))
