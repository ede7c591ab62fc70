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
from datetime import datetime, timedelta

from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError

from service.core import wall_time
from service.core.config import Config
from service.storage.models import as_utc

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
    now = now or wall_time.now()
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
