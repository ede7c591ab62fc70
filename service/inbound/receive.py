"""Store first, then process: the one door every way in goes through.

:func:`receive` writes the raw bytes (one row per Message-ID, else per hash of
the bytes: a mail delivered twice is stored and acted on once) and commits
before anything else happens, so nothing is lost if processing fails; then
the row's id goes to the queue's ``inbound`` job (in-process, the job
processes it at once). :func:`process_inbound` is
idempotent: a processed row is left as it is.
"""

from __future__ import annotations

import hashlib
import logging
import re
import traceback
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError, InterfaceError, OperationalError

from mail.inbound.message import dedupe_key_of
from service.core import wall_time
from service.storage.models import InboundMail, Seat

if TYPE_CHECKING:
    from service.core.services import Services
    from service.inbound import replies

# Storing a mail (receive, the path of `farmpost ingest`, once per inbound
# mail) imports only the models; processing it imports the reading, the
# decision and the answers (and through them the engine and the boards)
# where it happens (tests/service/test_cli_imports.py).

log = logging.getLogger(__name__)

#: the same text from the same address again within this time is a loop: acted on, not answered
REPEAT_WINDOW = timedelta(minutes=5)


def too_much_mail(limit, t) -> str:
    """The one "slow down" notice of a window (the answers limit,
    Config.rate_limits), in the language of the translator ``t``."""
    # TRANSLATORS: "an hour", "a day", "a minute", "%(n)s seconds" end the sentence "... of your mails in %(per)s."
    per = {3600: t.gettext("an hour"), 86400: t.gettext("a day"), 60: t.gettext("a minute")}.get(
        limit.seconds) or t.ngettext("%(n)s second", "%(n)s seconds", limit.seconds)
    return t.gettext("You are sending Farmpost too much mail: we answer at most %(count)s of your mails in %(per)s. "
                     "Your mails are still read and your moves applied, but we answer again only when that time has "
                     "passed.", count=limit.count, per=per)


@dataclass(frozen=True)
class Received:
    id: int
    duplicate: bool


def receive(svc: Services, raw: bytes, *, source: str, envelope_to: tuple[str, ...] = ()) -> Received:
    """Store one raw mail and hand it on; a second delivery of it is a no-op."""
    too_large = len(raw) > svc.config.max_mail_bytes
    row = InboundMail(
        dedupe_key=dedupe_key_of(raw), raw=b"" if too_large else raw, size=len(raw), source=source,
        envelope_to=[a for a in envelope_to if a][:20], outcome="too-large" if too_large else "pending",
        processed_at=wall_time.now() if too_large else None,
    )
    try:
        with svc.db.transaction() as session:
            session.add(row)
            session.flush()
            inbound_id = row.id
    except IntegrityError:
        with svc.db.transaction() as session:
            existing = session.scalar(select(InboundMail.id).where(InboundMail.dedupe_key == row.dedupe_key))
        return Received(existing, duplicate=True)
    if not too_large:
        _hand_on(svc, inbound_id)
    return Received(inbound_id, duplicate=False)


def _hand_on(svc: Services, inbound_id: int, expires: float | None = None) -> None:
    """Enqueue the stored row. Either way the mail is safe: a failure leaves
    the row pending for :func:`sweep_pending_inbound`."""
    try:
        svc.queue.enqueue("inbound", inbound_id, expires=expires)
    except Exception:
        log.exception("inbound mail %s is stored but could not be processed yet", inbound_id)


def sweep_pending_inbound(svc: Services, older_than: timedelta = timedelta(seconds=20),
                          expires: float | None = None) -> int:
    """Hand on again the rows left pending (a broker outage, a crash while
    processing) once their next try is due (service/storage/retries.py); for the beat
    schedule, whose ``expires`` drops a job queued again unrun at the next
    sweep (service/ops/sweep.py sweep_pending). Returns how many."""
    now = wall_time.now()
    with svc.db.transaction() as session:
        ids = session.scalars(select(InboundMail.id).where(
            InboundMail.outcome == "pending", InboundMail.received_at < now - older_than,
            InboundMail.next_try_at.is_(None) | (InboundMail.next_try_at <= now),
        ).order_by(InboundMail.id)).all()
    for inbound_id in ids:
        _hand_on(svc, inbound_id, expires)
    return len(ids)


def process_inbound_counted(svc, inbound_id: int) -> str:
    """Process one stored mail (service/inbound/receive.py); a failure other
    than the database being away counts a try on the row, and past the bound
    the row's outcome is ``failed`` with the reason in ``detail``."""
    from service.storage.retries import count_failure, database_away, reason_of

    try:
        row = process_inbound(svc, inbound_id)
        return row.outcome if row is not None else "missing"
    except Exception as error:
        if database_away(error):
            raise
        reason = reason_of(error)
    with svc.db.transaction() as session:
        row = session.get(InboundMail, inbound_id, with_for_update=True)
        if row is None or row.outcome != "pending":
            return row.outcome if row is not None else "missing"
        row.detail = reason
        if count_failure(svc.config, row, reason, what=f"inbound mail #{inbound_id}"):
            row.outcome, row.processed_at = "failed", wall_time.now()
        return row.outcome


def process_inbound(svc: Services, inbound_id: int) -> InboundMail:
    """Read, decide and record the outcome of one stored mail (idempotent).

    A transient failure (the database went away) is raised, leaving the row
    pending for the sweeper; any other failure is a bug or a mail we cannot
    handle, and retrying it would fail the same way for ever: the row gets
    the outcome ``failed`` and one log line."""
    from service.inbound import replies

    with svc.db.transaction() as session:
        row = session.get(InboundMail, inbound_id)
        if row is None or row.outcome != "pending":
            return row
        raw, envelope_to = row.raw, tuple(row.envelope_to or ())
        # the mail of ours it answers, read with it: one transaction, not two
        answered = replies.answered_mail(session, svc.config.mail_domain, raw)
    try:
        return _process(svc, inbound_id, raw, envelope_to, answered)
    except TRANSIENT:
        raise
    except Exception as error:
        return _give_up(svc, inbound_id, error)


#: failures worth trying again later: the row stays pending for the sweeper
TRANSIENT = (OperationalError, InterfaceError, ConnectionError, TimeoutError)


def _process(svc: Services, inbound_id: int, raw: bytes, envelope_to: tuple[str, ...],
             answered: replies.Answered) -> InboundMail:
    from boards.i18n import translator
    from mail.inbound.pipeline import read_mail
    from service.inbound.decide import decide, settled
    from service.jobs import dispatching
    from service.notify.notices import answer_mail

    reading = read_mail(raw, domain=svc.config.mail_domain, envelope_to=envelope_to, own_lines=list(answered.lines),
                        chains=svc.config.whole_turns,
                        max_bytes=svc.config.max_mail_bytes)
    if reading.outcome == "unreadable":
        log.error("inbound mail %s could not be read: %s", inbound_id, reading.rejection.detail)
    decision = decide(svc, reading, answered.kind, answered_game=answered.game_id)
    mail_id = None
    with svc.db.transaction() as session:
        row = session.get(InboundMail, inbound_id, with_for_update=True)
        if row.outcome != "pending":
            return row
        decision = settled(session, decision)
        row.sender = _storable(reading.sender)
        row.outcome, row.detail = decision.outcome, _storable(decision.detail)
        row.game_id, row.seat, row.request_id = decision.game_id, decision.seat, decision.request_id
        row.answer = _storable(decision.answer)
        row.text_hash = _text_hash(reading, raw)
        row.processed_at = wall_time.now()
        t = translator(decision.language)
        text, held = _answer_due(session, svc.config, row, decision.answer if _addressable(reading.sender) else None,
                                 t, stranger=decision.seat is None)
        if held:
            row.detail = _storable(f"{row.detail}; {held}" if row.detail else held)
        row.answered = text is not None
        if text is not None:
            # written in the same transaction as the outcome: answered once, or not at all
            seat = None
            if decision.game_id is not None and decision.seat is not None:  # the sender is the seat's farmer
                seat = session.scalar(select(Seat).where(Seat.game_id == decision.game_id,
                                                         Seat.position == decision.seat))
            to = seat.email if seat is not None and seat.email else reading.sender  # never a display name
            mail = answer_mail(svc, to=to, text=text, subject=_subject(reading) or t.gettext("your mail to Farmpost"),
                               in_reply_to=reading.message.message_id if reading.message else None,
                               game_id=decision.game_id, seat=seat, language=t.language)
            session.add(mail)
            session.flush()
            mail_id = mail.id
    if mail_id is not None:
        dispatching.enqueue(svc, "mail", mail_id)
    return row


def _give_up(svc: Services, inbound_id: int, error: Exception) -> InboundMail:
    where = traceback.extract_tb(error.__traceback__)[-1] if error.__traceback__ else None
    place = f" at {where.filename.rsplit('/', 1)[-1]}:{where.lineno}" if where else ""
    log.error("inbound mail %s failed for good, not retried: %s: %s%s", inbound_id, type(error).__name__,
              error, place)
    with svc.db.transaction() as session:
        row = session.get(InboundMail, inbound_id, with_for_update=True)
        if row.outcome == "pending":
            row.outcome, row.processed_at, row.answered = "failed", wall_time.now(), False
            row.detail = _storable(f"{type(error).__name__}: {error}{place}")
        return row


def _answer_due(session, config, row: InboundMail, answer: str | None, t, *,
                stranger: bool) -> tuple[str | None, str | None]:
    """The text to send the sender (None: none) and why an answer was held
    back. Held back only for loops and mail bombs: the same text from the
    same address again within :data:`REPEAT_WINDOW`; past the ``answers``
    limit of one address (service/storage/ratelimit.py; the first one past it is a
    single "too much mail" notice); and, for senders who are not a seat's
    farmer (unknown, forged, a new@ creator not yet confirmed), past the
    ``stranger-answers`` limit of all of them together, silently: forged
    senders are many addresses, each under its own limit."""
    from service.storage import ratelimit

    if answer is None or not row.sender:
        return None, None
    now = wall_time.now()
    repeated = session.scalar(select(InboundMail.id).where(
        InboundMail.sender == row.sender, InboundMail.text_hash == row.text_hash, InboundMail.id != row.id,
        InboundMail.received_at >= now - REPEAT_WINDOW, InboundMail.outcome != "pending").limit(1))
    if repeated is not None:
        return None, f"not answered: the same text as mail {repeated} a few minutes before"
    if stranger and not ratelimit.hit(session, config, "stranger-answers", "*").allowed:
        return None, f"not answered: over {config.rate_limits['stranger-answers']} answers to unknown senders"
    limit = config.rate_limits["answers"]
    verdict = ratelimit.hit(session, config, "answers", row.sender)
    if verdict.allowed:
        return answer, None
    if verdict.first_refused:
        return too_much_mail(limit, t), "over the answers limit: the too-much-mail notice instead of the answer"
    return None, f"not answered: over {limit} answers to this address"


def _text_hash(reading, raw: bytes) -> str:
    """What makes two mails "the same text": the sender, the reply address
    and the fresh text (or, without one, the whole body)."""
    text = reading.text.strip() if reading.text and reading.text.strip() else None
    body = text.encode("utf-8", "surrogateescape") if text else re.split(rb"\r?\n\r?\n", raw, maxsplit=1)[-1]
    route = getattr(reading.route, "key", "") or ""
    head = f"{reading.sender or ''}\n{route}\n".encode("utf-8", "surrogateescape")
    return hashlib.sha256(head + body).hexdigest()


def _addressable(address: str | None) -> bool:
    return bool(address and re.fullmatch(r"[^\s\x00-\x1f<>@,;]+@[^\s\x00-\x1f<>@,;]+\.[^\s\x00-\x1f<>@,;]+", address))


def _storable(text: str | None) -> str | None:
    """Text from a mail may hold NUL characters, which PostgreSQL refuses."""
    return text.replace("\x00", "\ufffd")[:10000] if text else text


#: the reply and forward prefixes mail programs put before a subject, in the
#: languages farmers write in ("Re:", "RE[2]:", "Aw:", "SV:", "Fwd:", …)
_REPLY_PREFIX = re.compile(r"^\s*(?:(?:re|aw|sv|vs|antw|ref|r|fwd?|wg|tr)\s*(?:\[\d+\]|\(\d+\))?\s*[:：]\s*)+",
                           re.IGNORECASE)


def _subject(reading) -> str:
    """The subject of the mail answered, without its pile of "Re: Re: Aw:":
    the answer puts one "Re: " before it."""
    subject = reading.message.subject if reading.message else ""
    return _REPLY_PREFIX.sub("", subject or "").strip()
