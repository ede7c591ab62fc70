"""Sending the outbox: one idempotent step per mail.

At least once, never twice for one Message-ID:

1. compose the message outside any lock (the PDF may take a while); a turn
   mail's context is completed first (its options, view and account: the
   move that owed it stored only the state, ``notify.full_context``);
2. claim the row (``sending`` with a lease) in a short transaction: a second
   worker that gets the same id sees the claim and stops;
3. hand the bytes to the transport;
4. mark the row ``sent``.

A worker that dies between 3 and 4 leaves a ``sending`` row whose lease runs
out; the beat sweeper re-enqueues it (the receiving side dedupes by
Message-ID). With the local mailbox, delivery and marking are one
transaction, so each mail is delivered exactly once.

The envelope sender is the mail's VERP return path (service/outbox/verp.py).

A mail to an address whose spam complaint stands (service/inbound/complaints.py)
is ``failed`` at once, unsent.

Failures (service/outbox/transport.py says which kind): a mail that cannot be
composed (its context completed, or the message built) or that the server refuses for good is ``failed`` at once, with the
reason; a passing failure (a 4xx) counts a try and waits (service/storage/retries.py);
a server that refuses connections opens the circuit breaker
(service/outbox/circuit.py) and every mail waits for it, without counting a try.
"""

from __future__ import annotations

import logging
import time
from datetime import UTC, timedelta
from email.utils import parseaddr

from sqlalchemy import select, update

from boards import FileStore, SnapshotCache
from boards.i18n import translator
from mail.outgoing.compose import build, language_of, read_back
from mail.outgoing.finish import is_finished
from service.core import wall_time
from service.core.errors import NotFound
from service.core.services import Services
from service.notify.changes import full_context
from service.notify.listings import with_listing, with_waiting
from service.outbox import circuit
from service.outbox.signing import finished, signing_keys
from service.outbox.transport import MailRefused, ServerUnavailable, transport_for
from service.outbox.verp import return_path
from service.storage.models import MailboxMessage, MailComplaint, OutgoingMail
from service.storage.retries import DATABASE_AWAY, count_failure, reason_of

log = logging.getLogger(__name__)

#: how long a claimed mail is left to its worker before another may send it
LEASE = timedelta(minutes=5)


def send_mail(svc: Services, mail_id: int) -> str:
    """Send one outbox mail; returns its status afterwards: sent, sending
    (another worker has it), pending (it waits for a later try) or failed."""
    with svc.db.transaction() as session:
        mail = session.get(OutgoingMail, mail_id)
        if mail is None:
            raise NotFound(f"There is no outgoing mail #{mail_id}.")
        if mail.status in ("sent", "failed"):
            return mail.status
        raw, to_addr, kind, game_id = mail.raw, mail.to_addr, mail.kind, mail.game_id
        complaint = complained(session, to_addr)
        later = raw is None and "compose_later" in mail.context
        context, problem = (_completed_context(session, svc, mail) if raw is None and complaint is None
                            else (None, None))
    if complaint is not None:
        return _failed(svc, mail_id, f"not sent: {to_addr} reported our mail as spam (complaint #{complaint}); "
                       "their mail preferences lift it", final=True)
    if problem is not None:  # part of composing: it fails the same way every time, so the mail fails
        return _failed(svc, mail_id, f"cannot be composed: {problem}", final=True)
    text = None
    if raw is None:
        try:
            # a my-games mail's list is made now, in the worker, in the language it was asked in
            context = with_listing(svc, context, translator(language_of(context)))
            context = with_waiting(svc, context, game_id)  # and every mail leads to the game awaiting the farmer
            built = build(context, snapshots=snapshot_cache(svc))
            raw, text = built.raw, built.text
        except Exception as error:  # the same context composes the same way every time
            return _failed(svc, mail_id, f"cannot be composed: {reason_of(error)}", final=True)
    raw = finished(svc.config, raw, kind=kind, game_id=game_id)  # Feedback-ID and DKIM, outside any lock

    transport = transport_for(svc.config)
    permit = circuit.permit(svc) if transport is not None else circuit.Permit(True)
    if not permit.allowed:
        return _wait_for_server(svc, mail_id, permit.wait_until)
    with svc.db.transaction() as session:
        mail = session.execute(
            select(OutgoingMail).where(OutgoingMail.id == mail_id).with_for_update()
            .execution_options(populate_existing=True)
        ).scalar_one()
        if mail.status in ("sent", "failed"):
            return mail.status
        if mail.status == "sending" and mail.claimed_at and _aware(mail.claimed_at) > wall_time.now() - LEASE:
            return "sending"
        if mail.raw is None:
            mail.raw, mail.text_part = raw, text
            if later:  # the row keeps the context the mail was composed from
                mail.context = context
        elif not is_finished(mail.raw, signed=bool(signing_keys(svc.config))):
            mail.raw = raw  # a mail written whole: the row keeps it as it goes out, stamped and signed
        raw = mail.raw
        if transport is None:
            deliver_locally(session, raw, mail.to_addr)
            mail.status, mail.sent_at, mail.next_try_at = "sent", wall_time.now(), None
            return "sent"
        mail.status, mail.claimed_at = "sending", wall_time.now()
        sender, recipient = return_path(svc.config, mail_id), mail.to_addr  # VERP: a bounce names the row

    try:
        transport.send(raw, sender, [recipient])
    except ServerUnavailable as error:
        return _wait_for_server(svc, mail_id, circuit.trip(svc, str(error)), reason=str(error))
    except MailRefused as error:
        _close_if_probe(svc, permit)  # the server answered: it is up
        return _failed(svc, mail_id, str(error), final=True)
    except Exception as error:  # a 4xx, a connection lost mid-mail: this mail tries again later
        _close_if_probe(svc, permit)
        return _failed(svc, mail_id, reason_of(error))
    _record_sent(svc, mail_id)
    _close_if_probe(svc, permit)
    return "sent"


def _completed_context(session, svc: Services, mail: OutgoingMail) -> tuple[dict | None, str | None]:
    """The mail's full context, or why it could not be completed (a render
    error of the view, the options or the deadlines): a failure of composing,
    which must end the row, not leave it pending for every sweep to raise
    again. The database being away is not one: the task retries that."""
    try:
        return full_context(session, svc, mail), None
    except DATABASE_AWAY:
        raise
    except Exception as error:
        return None, reason_of(error)


#: seconds between the tries to record a mail the server took, while the database is away
RECORD_SENT_WAITS = (0.1, 0.3, 1.0, 3.0)


def _record_sent(svc: Services, mail_id: int) -> None:
    """Record that the server took the mail. It is out: if the database
    were away now and this gave up at once, the row would stay "sending"
    until its lease ran out and the mail would go a second time, five
    minutes late; so a dropped connection (which the pool replaces) is
    tried again a few times over some seconds first."""
    for wait in (*RECORD_SENT_WAITS, None):
        try:
            with svc.db.transaction() as session:
                mail = session.get(OutgoingMail, mail_id)
                mail.status, mail.sent_at, mail.last_error, mail.next_try_at = "sent", wall_time.now(), None, None
            return
        except DATABASE_AWAY:
            if wait is None:
                raise
            log.warning("mail #%s went out, but the database is away: recording it again in %s s", mail_id, wait)
            time.sleep(wait)


def _close_if_probe(svc: Services, permit) -> None:
    """The server answered the probe: close the breaker, and make the mails
    that waited for it due now. Those turned away while the probe was out
    were told to come back at the end of the wait the probe set (up to an
    hour after a long outage); they go out with the next sweep instead."""
    if not permit.probe:
        return
    circuit.close(svc)
    now = wall_time.now()
    with svc.db.transaction() as session:
        session.execute(update(OutgoingMail).where(
            OutgoingMail.status == "pending", OutgoingMail.next_try_at > now,
            OutgoingMail.next_try_at <= permit.wait_until).values(next_try_at=now))


def _wait_for_server(svc: Services, mail_id: int, until, reason: str | None = None) -> str:
    """The server is unavailable: the mail waits for the breaker, no try
    counted. A mail turned away by the open breaker (no ``reason``) whose
    probe got through before this is written is due at once: the probe's
    release of the waiting mails (:func:`_close_if_probe`) may have run
    between the refusal and now. The mail's row is locked first, so a
    release that runs later finds the wait written here."""
    with svc.db.transaction() as session:
        mail = session.get(OutgoingMail, mail_id, with_for_update=True)
        if mail.status in ("sent", "failed"):
            return mail.status
        if reason is None and circuit.is_closed(session):
            until = wall_time.now()
        mail.status, mail.next_try_at = "pending", until
        if reason:
            mail.last_error = reason[:2000]
    return "pending"


def _failed(svc: Services, mail_id: int, reason: str, *, final: bool = False) -> str:
    """Count a failed try (or fail at once when trying again cannot help)."""
    with svc.db.transaction() as session:
        mail = session.get(OutgoingMail, mail_id, with_for_update=True)
        mail.last_error = reason[:2000]
        what = f"mail #{mail_id} ({mail.kind} to {mail.to_addr!r})"
        if final:
            mail.attempts += 1
            mail.next_try_at = None
            log.error("%s failed for good: %s", what, reason)
            mail.status = "failed"
        else:
            mail.status = "failed" if count_failure(svc.config, mail, reason, what=what) else "pending"
        return mail.status


def complained(session, address: str) -> int | None:
    """The id of a standing spam complaint from ``address``, if any."""
    return session.scalar(select(MailComplaint.id).where(MailComplaint.address == address.lower(),
                                                         MailComplaint.lifted_at.is_(None)).limit(1))


def snapshot_cache(svc: Services) -> SnapshotCache:
    """PDF snapshots rendered once per game version and seat, kept in the
    instance folder (a cache: safe to delete)."""
    return SnapshotCache(FileStore(svc.config.instance_path / "snapshots"))


def envelope_from(svc: Services) -> str:
    return parseaddr(svc.config.mail_from)[1]


def deliver_locally(session, raw: bytes, recipient: str) -> MailboxMessage | None:
    """Put a message in the local mailbox (once per Message-ID), filed under
    its envelope recipient: the To header's text is not read for it (a
    display name can look like an address)."""
    facts = read_back(raw)
    if session.scalar(select(MailboxMessage.id).where(MailboxMessage.message_id == facts.message_id)):
        return None
    item = MailboxMessage(message_id=facts.message_id, mail_from=facts.sender, to_addr=recipient.lower(),
                          subject=facts.subject, raw=raw)
    session.add(item)
    return item


def _aware(moment):
    """SQLite hands back naive datetimes; they were stored as UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
