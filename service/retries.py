"""Bounded retries: nothing is tried for ever.

Move requests, outgoing mails and inbound mails each count their failed
tries on the row. After a failed try the row waits (``next_try_at``: the
first wait is ``Config.retry_delay``, doubling up to ``retry_delay_max``)
and beat's sweeper leaves it alone until then; after ``Config.max_tries``
failed tries it is ``failed`` for good, with the reason, and only an
operator sends it round again (``farmpost admin failed`` / ``retry``).

Each failed try is one log line, not a traceback: the reason is on the row.
Errors of the database itself (it is away, the connection dropped) are not
counted here — nothing can be recorded then — and the task queue retries them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from service.config import Config
from service.models import MoveRequest, OutgoingMail, as_utc, utcnow

log = logging.getLogger(__name__)

#: what a task retries by itself: the database is away
DATABASE_AWAY = (OperationalError, InterfaceError)


def database_away(error: BaseException) -> bool:
    return isinstance(error, DATABASE_AWAY) or (isinstance(error, DBAPIError) and error.connection_invalidated)


def reason_of(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"[:2000]


def delay(config: Config, tries: int) -> timedelta:
    """The wait after ``tries`` failed tries."""
    return timedelta(seconds=min(config.retry_delay_max, config.retry_delay * 2 ** max(0, tries - 1)))


def count_failure(config: Config, row, reason: str, *, what: str, now: datetime | None = None) -> bool:
    """Count one failed try on ``row`` (its ``attempts``); set when the next
    is due. Returns True when that was the last try allowed. Logs one line."""
    now = now or utcnow()
    row.attempts = (row.attempts or 0) + 1
    if row.attempts >= config.max_tries:
        row.next_try_at = None
        log.error("%s failed for good after %d tries: %s", what, row.attempts, reason)
        return True
    row.next_try_at = now + delay(config, row.attempts)
    log.warning("%s failed (try %d of %d; next at %s): %s", what, row.attempts, config.max_tries,
                row.next_try_at.strftime("%H:%M:%S"), reason)
    return False


def due(row_next_try_at, now: datetime) -> bool:
    return row_next_try_at is None or as_utc(row_next_try_at) <= now


def process_inbound_counted(svc, inbound_id: int) -> str:
    """Process one stored mail (service/inbound/receive.py); a failure other
    than the database being away counts a try on the row, and past the bound
    the row's outcome is ``failed`` with the reason in ``detail``."""
    from service.inbound.models import InboundMail
    from service.inbound.receive import process_inbound

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
            row.outcome, row.processed_at = "failed", utcnow()
        return row.outcome


# --------------------------------------------------------------------------- the operator's view


@dataclass(frozen=True)
class Failed:
    kind: str  # request / mail / inbound
    id: int
    attempts: int
    reason: str
    at: datetime | None


KINDS = ("request", "mail", "inbound")


def _models():
    from service.inbound.models import InboundMail

    return {
        "request": (MoveRequest, MoveRequest.status, "pending"),
        "mail": (OutgoingMail, OutgoingMail.status, "pending"),
        "inbound": (InboundMail, InboundMail.outcome, "pending"),
    }


def list_failed(svc) -> list[Failed]:
    """Every row that failed for good, oldest first within each kind."""
    found = []
    with svc.db.transaction() as session:
        for kind, (model, status, _) in _models().items():
            for row in session.scalars(select(model).where(status == "failed").order_by(model.id)):
                reason = row.detail if kind == "inbound" else row.last_error
                at = row.processed_at if kind != "mail" else row.created_at
                found.append(Failed(kind, row.id, row.attempts, reason or "", at))
    return found


def count_failed(svc) -> dict[str, int]:
    from sqlalchemy import func

    with svc.db.transaction() as session:
        return {kind: session.scalar(select(func.count()).select_from(model).where(status == "failed"))
                for kind, (model, status, _) in _models().items()}


def retry(svc, kind: str, row_id: int) -> bool:
    """Send one failed row round again (tries counted from zero). False when
    there is no such failed row."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}")
    model, status, pending = _models()[kind]
    with svc.db.transaction() as session:
        row = session.get(model, row_id, with_for_update=True)
        if row is None or getattr(row, status.key) != "failed":
            return False
        setattr(row, status.key, pending)
        row.attempts, row.next_try_at = 0, None
        if kind == "request":
            row.processed_at, row.result = None, None
        if kind == "inbound":
            row.processed_at = None
    if kind == "request":
        svc.queue.enqueue_request(row_id)
    elif kind == "mail":
        svc.queue.enqueue_mail(row_id)
    else:
        enqueue = getattr(svc.queue, "enqueue_inbound", None)
        if enqueue is not None:
            enqueue(row_id)
        else:
            process_inbound_counted(svc, row_id)
    return True
