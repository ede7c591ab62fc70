"""A circuit breaker for an outside server (the SMTP relay), shared by every
worker through the database.

When the server refuses a connection the breaker opens: nobody tries it
before ``open_until`` (the first wait is ``Config.breaker_delay``; it doubles
while the server keeps refusing, up to ``Config.retry_delay_max``). The first
sender to come along after that is the probe: it moves ``open_until`` on
before it tries, so the others keep waiting. A probe that gets through closes
the breaker; one that is refused opens it again for longer. So an SMTP server
that is down costs one connection attempt per wait, not one per mail.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy.exc import IntegrityError

from service.core import wall_time
from service.core.services import Services
from service.storage.models import CircuitBreaker, as_utc

log = logging.getLogger(__name__)

SMTP = "smtp"


@dataclass(frozen=True)
class Permit:
    allowed: bool
    #: this caller is the probe of an open breaker (it closes it on success)
    probe: bool = False
    #: when a caller that may not try now should come back; for the probe,
    #: the end of the wait it set for the others
    wait_until: datetime | None = None


def _wait(svc: Services, failures: int) -> timedelta:
    seconds = svc.config.breaker_delay * 2 ** max(0, failures - 1)
    return timedelta(seconds=min(svc.config.retry_delay_max, seconds))


def permit(svc: Services, name: str = SMTP) -> Permit:
    """May this caller try the server now?"""
    now = wall_time.now()
    with svc.db.transaction() as session:
        breaker = session.get(CircuitBreaker, name, with_for_update=True)
        if breaker is None:
            return Permit(True)
        if as_utc(breaker.open_until) > now:
            return Permit(False, wait_until=as_utc(breaker.open_until))
        breaker.open_until = now + _wait(svc, breaker.failures)  # the others wait while this one probes
        return Permit(True, probe=True, wait_until=breaker.open_until)


def trip(svc: Services, reason: str, name: str = SMTP) -> datetime:
    """The server refused: open (or keep open, for longer) the breaker.
    Returns until when. One log line."""
    for _ in range(2):  # two workers may open it at once: the second one updates
        try:
            with svc.db.transaction() as session:
                breaker = session.get(CircuitBreaker, name, with_for_update=True)
                if breaker is None:
                    breaker = CircuitBreaker(name=name, failures=0)
                    session.add(breaker)
                breaker.failures += 1
                breaker.open_until = wall_time.now() + _wait(svc, breaker.failures)
                breaker.last_error = reason[:2000]
                until, failures = breaker.open_until, breaker.failures
            break
        except IntegrityError:
            continue
    log.warning("%s server unavailable (%s refusal in a row): %s; sending waits until %s",
                name.upper(), failures, reason, until.strftime("%H:%M:%S"))
    return until


def close(svc: Services, name: str = SMTP) -> None:
    with svc.db.transaction() as session:
        breaker = session.get(CircuitBreaker, name, with_for_update=True)
        if breaker is not None:
            session.delete(breaker)
            log.info("%s server is back; sending resumes", name.upper())


def is_closed(session, name: str = SMTP) -> bool:
    """Whether the breaker is closed, read in the caller's transaction."""
    return session.get(CircuitBreaker, name) is None


def state(svc: Services, name: str = SMTP) -> CircuitBreaker | None:
    with svc.db.transaction() as session:
        return session.get(CircuitBreaker, name)
