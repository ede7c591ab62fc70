"""Store first, then process: the one door every way in goes through.

:func:`receive` writes the raw bytes (one row per Message-ID, else per hash of
the bytes: a mail delivered twice is stored and acted on once) and commits
before anything else happens, so nothing is lost if processing fails; then
the row's id goes to the queue (``enqueue_inbound``) or, where the queue has
no inbound task yet, is processed at once. :func:`process_inbound` is
idempotent: a processed row is left as it is.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from mail.inbound.body import extract_body
from mail.inbound.message import dedupe_key_of, parse_message
from mail.inbound.pipeline import read_mail
from service.inbound.answer import answer_mail
from service.inbound.decide import Decision, decide
from service.inbound.models import InboundMail
from service.models import OutgoingMail, Seat, utcnow
from service.services import Services

log = logging.getLogger(__name__)

#: at most one rejection per reason per address in this time
REJECTION_QUIET = timedelta(days=1)


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
        processed_at=utcnow() if too_large else None,
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


def _hand_on(svc: Services, inbound_id: int) -> None:
    """Enqueue the stored row, or process it now where the queue has no
    inbound task. Either way the mail is safe: a failure leaves the row
    pending for :func:`sweep_pending_inbound`."""
    enqueue = getattr(svc.queue, "enqueue_inbound", None)
    try:
        if enqueue is not None:
            enqueue(inbound_id)
        else:
            from service.retries import process_inbound_counted  # counts failed tries on the row

            process_inbound_counted(svc, inbound_id)
    except Exception:
        log.exception("inbound mail %s is stored but could not be processed yet", inbound_id)


def sweep_pending_inbound(svc: Services, older_than: timedelta = timedelta(seconds=20)) -> int:
    """Hand on again the rows left pending (a broker outage, a crash while
    processing) once their next try is due (service/retries.py); for the beat
    schedule. Returns how many."""
    now = utcnow()
    with svc.db.transaction() as session:
        ids = session.scalars(select(InboundMail.id).where(
            InboundMail.outcome == "pending", InboundMail.received_at < now - older_than,
            InboundMail.next_try_at.is_(None) | (InboundMail.next_try_at <= now),
        ).order_by(InboundMail.id)).all()
    for inbound_id in ids:
        _hand_on(svc, inbound_id)
    return len(ids)


def process_inbound(svc: Services, inbound_id: int) -> InboundMail:
    """Read, decide and record the outcome of one stored mail (idempotent)."""
    with svc.db.transaction() as session:
        row = session.get(InboundMail, inbound_id)
        if row is None or row.outcome != "pending":
            return row
        raw, envelope_to = row.raw, tuple(row.envelope_to or ())
    reading = read_mail(raw, domain=svc.config.mail_domain, envelope_to=envelope_to, own_lines=_own_lines(svc, raw),
                        max_bytes=svc.config.max_mail_bytes)
    if reading.outcome == "unreadable":
        log.error("inbound mail %s could not be read: %s", inbound_id, reading.rejection.detail)
    decision = decide(svc, reading)
    mail_id = None
    with svc.db.transaction() as session:
        row = session.get(InboundMail, inbound_id, with_for_update=True)
        if row.outcome != "pending":
            return row
        row.sender = _storable(reading.sender)
        row.outcome, row.detail = decision.outcome, _storable(decision.detail)
        row.game_id, row.seat, row.request_id = decision.game_id, decision.seat, decision.request_id
        row.answer = _storable(decision.answer)
        row.answered = bool(decision.answer and _addressable(reading.sender)) and not _quiet(session, row, decision)
        row.processed_at = utcnow()
        if row.answered:
            # written in the same transaction as the outcome: answered once, or not at all
            seat = None
            if decision.game_id is not None and decision.seat is not None:  # the sender is the seat's farmer
                seat = session.scalar(select(Seat).where(Seat.game_id == decision.game_id,
                                                         Seat.position == decision.seat))
            mail = answer_mail(svc, to=reading.sender, text=decision.answer, subject=_subject(reading),
                               in_reply_to=reading.message.message_id if reading.message else None,
                               game_id=decision.game_id, seat=seat)
            session.add(mail)
            session.flush()
            mail_id = mail.id
    if mail_id is not None:
        svc.queue.enqueue_mail(mail_id)
    return row


def _addressable(address: str | None) -> bool:
    return bool(address and re.fullmatch(r"[^\s\x00-\x1f<>@,;]+@[^\s\x00-\x1f<>@,;]+\.[^\s\x00-\x1f<>@,;]+", address))


def _storable(text: str | None) -> str | None:
    """Text from a mail may hold NUL characters, which PostgreSQL refuses."""
    return text.replace("\x00", "\ufffd")[:10000] if text else text


def _own_lines(svc: Services, raw: bytes) -> list[str]:
    """The text lines of the mail of ours this one answers (by In-Reply-To),
    which are never the farmer's commands, whatever their client did to them."""
    replied_to = parse_message(raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]).header("In-Reply-To")
    message_id = replied_to.strip()
    if not message_id.endswith("@" + svc.config.mail_domain + ">"):
        return []
    with svc.db.transaction() as session:
        sent = session.scalar(select(OutgoingMail.raw).where(OutgoingMail.message_id == message_id))
    if not sent:
        return []
    return extract_body(parse_message(sent).message).text.splitlines()


def _subject(reading) -> str:
    return reading.message.subject if reading.message else ""


def _quiet(session, row: InboundMail, decision: Decision) -> bool:
    """Whether this rejection was already answered to this address lately."""
    if not decision.rejected or not row.sender:
        return False
    since = utcnow() - REJECTION_QUIET
    earlier = session.scalar(
        select(InboundMail.id).where(
            InboundMail.sender == row.sender, InboundMail.outcome == decision.outcome,
            InboundMail.answered.is_(True), InboundMail.received_at >= since, InboundMail.id != row.id,
        ).limit(1)
    )
    return earlier is not None
