"""Rate limits, counted in the database the whole service already shares.

``allow(svc, bucket, key)`` answers whether one more of something may happen
now, and counts it: at most ``Config.rate_limits[bucket]`` per window and
key (an address, a client's IP address, ``"*"`` for everyone). The counters
live in ``rate_counts`` (one row per bucket and key, upserted atomically), so
the web process, every worker and ``farmpost ingest`` count together, on the
embedded defaults (SQLite, no Redis) as in production (PostgreSQL): an
in-process store would give each process a limit of its own, and the mail
answers are counted by the workers while forms are counted by the web.

A window starts at the first hit of a key and lasts the limit's period; the
first hit after it has passed starts a new one (a fixed window per key: a
burst at the end of one window and the start of the next can reach twice the
limit, which is fine for what these limits are for). Beat prunes the rows of
windows long gone (:func:`prune`).

:func:`hit` is the same with the session of the caller's transaction (the
count then commits or rolls back with the work it counts) and says whether
this is the first refusal of the window, for the one "slow down" notice.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from sqlalchemy import case, delete
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from service.core import wall_time
from service.core.services import Services
from service.storage.models import RateCount


@dataclass(frozen=True)
class Verdict:
    """The count of this window including this hit, against the limit."""

    count: int
    limit: int
    #: seconds until the window ends (for Retry-After)
    retry_after: int

    @property
    def allowed(self) -> bool:
        return self.count <= self.limit

    @property
    def first_refused(self) -> bool:
        """The first hit over the limit in this window: the one that may say "slow down"."""
        return self.count == self.limit + 1


def allow(svc: Services, bucket: str, key: str) -> bool:
    """Count one more ``bucket`` event for ``key``; False once over the limit
    (until the window passes). Its own transaction; an unknown bucket is a
    KeyError (add it to ``service.core.config.DEFAULT_RATE_LIMITS``)."""
    return check(svc, bucket, key).allowed


def check(svc: Services, bucket: str, key: str) -> Verdict:
    """:func:`allow` with the whole verdict (the web's 429 says when to come back)."""
    with svc.db.transaction() as session:
        return hit(session, svc.config, bucket, key)


def hit(session: Session, config, bucket: str, key: str) -> Verdict:
    limit = config.rate_limits[bucket]
    now = wall_time.now().timestamp()
    values = {"bucket": bucket, "key": key_of(key), "count": 1, "expires_at": now + limit.seconds}
    insert = (sqlite.insert if session.get_bind().dialect.name == "sqlite" else postgresql.insert)(RateCount)
    table = RateCount.__table__
    stale = table.c.expires_at <= now
    statement = insert.values(**values).on_conflict_do_update(
        index_elements=[table.c.bucket, table.c.key],
        set_={  # both right-hand sides read the row as it was (SQL's UPDATE semantics)
            "count": _case(stale, 1, table.c.count + 1),
            "expires_at": _case(stale, values["expires_at"], table.c.expires_at),
        },
    ).returning(table.c.count, table.c.expires_at)
    count, expires_at = session.execute(statement).one()
    return Verdict(count, limit.count, max(1, int(expires_at - now + 0.999)))


def key_of(key: str) -> str:
    """Keys compare case-insensitively; a key too long for the column is hashed."""
    key = (key or "").strip().lower()
    return key if len(key) <= 255 else "sha256:" + hashlib.sha256(key.encode()).hexdigest()


def prune(svc: Services) -> int:
    """Remove the counters whose window has passed (beat's sweep); returns how many."""
    with svc.db.transaction() as session:
        result = session.execute(delete(RateCount).where(RateCount.expires_at <= wall_time.now().timestamp()))
        return result.rowcount or 0


def _case(condition, then, otherwise):
    return case((condition, then), else_=otherwise)
