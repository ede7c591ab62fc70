"""Handing what a committed transaction produced (move requests, mails,
webhook deliveries) to
the queue. The database row is written first; the queue only carries its id."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.orm import Session

from service.core.services import Services
from service.jobs.work import Work

log = logging.getLogger(__name__)

#: the mails whose composing renders the end-game report (WeasyPrint, half
#: a second or more): they wait in the reports queue, so that no turn mail
#: waits behind them
REPORT_MAILS = frozenset({"final"})


def mail_job(kind: str | None) -> str:
    """The job a mail of ``kind`` goes to: a report mail waits in its own queue."""
    return "report" if kind in REPORT_MAILS else "mail"


def dispatch(svc: Services, work: Work) -> None:
    """Enqueue what a committed transaction produced."""
    for request in work.requests:
        enqueue(svc, "request", request.id)
    for mail in work.mails:
        enqueue(svc, mail_job(mail.kind), mail.id)
    for delivery in work.webhooks:
        enqueue(svc, "webhook", delivery.id)


def enqueue(svc: Services, job: str, ident: int, expires: float | None = None) -> None:
    """Hand an id to the queue. If the broker is away the row stays pending
    in the database and the beat sweeper enqueues it later: nothing is lost,
    and the farmer is not shown an error for it."""
    try:
        svc.queue.enqueue(job, ident, expires=expires)
    except Exception as error:  # any broker failure: the sweeper is the fallback
        log.warning("could not enqueue %s #%s (%s); the sweeper will pick it up", job, ident, error)


@contextmanager
def unit_of_work(svc: Services) -> Iterator[tuple[Session, Work]]:
    """One transaction and the work it leaves: the rows added to ``work`` are
    enqueued once the transaction has committed (a worker must find them),
    and not at all when it rolls back."""
    work = Work()
    with svc.db.transaction() as session:
        yield session, work
    dispatch(svc, work)
