"""Sending the outbox: one idempotent step per mail.

At least once, never twice for one Message-ID:

1. compose the message outside any lock (the PDF may take a while);
2. claim the row (``sending`` with a lease) in a short transaction: a second
   worker that gets the same id sees the claim and stops;
3. hand the bytes to the transport;
4. mark the row ``sent``.

A worker that dies between 3 and 4 leaves a ``sending`` row whose lease runs
out; the beat sweeper re-enqueues it (the receiving side dedupes by
Message-ID). With the local mailbox, delivery and marking are one
transaction, so each mail is delivered exactly once.
"""

from __future__ import annotations

import logging
from datetime import UTC, timedelta
from email import message_from_bytes, policy
from email.utils import parseaddr

from sqlalchemy import select

from boards.cache import FileStore, SnapshotCache
from mail.outgoing.compose import compose
from service.errors import NotFound
from service.mail_transport import transport_for
from service.models import MailboxMessage, OutgoingMail, utcnow
from service.services import Services

log = logging.getLogger(__name__)

#: how long a claimed mail is left to its worker before another may send it
LEASE = timedelta(minutes=5)


def send_mail(svc: Services, mail_id: int) -> str:
    """Send one outbox mail; returns its status afterwards (sent / sending)."""
    with svc.db.transaction() as session:
        mail = session.get(OutgoingMail, mail_id)
        if mail is None:
            raise NotFound(f"There is no outgoing mail #{mail_id}.")
        if mail.status == "sent":
            return "sent"
        raw, context = mail.raw, mail.context
    if raw is None:
        raw = compose(context, snapshots=snapshot_cache(svc)).as_bytes(policy=policy.SMTP)

    transport = transport_for(svc.config)
    with svc.db.transaction() as session:
        mail = session.execute(
            select(OutgoingMail).where(OutgoingMail.id == mail_id).with_for_update()
            .execution_options(populate_existing=True)
        ).scalar_one()
        if mail.status == "sent":
            return "sent"
        if mail.status == "sending" and mail.claimed_at and _aware(mail.claimed_at) > utcnow() - LEASE:
            return "sending"
        if mail.raw is None:
            mail.raw = raw
        raw = mail.raw
        mail.attempts += 1
        if transport is None:
            deliver_locally(session, raw)
            mail.status, mail.sent_at = "sent", utcnow()
            return "sent"
        mail.status, mail.claimed_at = "sending", utcnow()
        sender, recipient = envelope_from(svc), mail.to_addr

    try:
        transport.send(raw, sender, [recipient])
    except Exception as error:
        with svc.db.transaction() as session:
            mail = session.get(OutgoingMail, mail_id)
            mail.status, mail.last_error = "pending", f"{type(error).__name__}: {error}"[:2000]
        raise
    with svc.db.transaction() as session:
        mail = session.get(OutgoingMail, mail_id)
        mail.status, mail.sent_at, mail.last_error = "sent", utcnow(), None
    return "sent"


def snapshot_cache(svc: Services) -> SnapshotCache:
    """PDF snapshots rendered once per game version and seat, kept in the
    instance folder (a cache: safe to delete)."""
    return SnapshotCache(FileStore(svc.config.instance_path / "snapshots"))


def envelope_from(svc: Services) -> str:
    return parseaddr(svc.config.mail_from)[1]


def deliver_locally(session, raw: bytes) -> MailboxMessage | None:
    """Put a message in the local mailbox (once per Message-ID)."""
    message = message_from_bytes(raw, policy=policy.default)
    message_id = str(message["Message-ID"] or "").strip()
    if session.scalar(select(MailboxMessage.id).where(MailboxMessage.message_id == message_id)):
        return None
    item = MailboxMessage(message_id=message_id, mail_from=str(message["From"] or ""),
                          to_addr=parseaddr(str(message["To"] or ""))[1].lower(),
                          subject=str(message["Subject"] or ""), raw=raw)
    session.add(item)
    return item


def _aware(moment):
    """SQLite hands back naive datetimes; they were stored as UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
