"""Handing what a committed transaction produced (move requests, mails,
webhook deliveries) to
the queue. The database row is written first; the queue only carries its id."""

from __future__ import annotations

import logging

from service.core.services import Services
from service.jobs.work import Work

log = logging.getLogger(__name__)

#: the mails whose composing renders the end-game report (WeasyPrint, half
#: a second or more): they wait in the reports queue, so that no turn mail
#: waits behind them
REPORT_MAILS = frozenset({"final"})


def enqueue_mail(queue, mail_id: int, kind: str | None, expires: float | None = None) -> None:
    """Hand a mail to the queue its kind goes to."""
    if kind in REPORT_MAILS:
        queue.enqueue_report(mail_id, expires=expires)
    else:
        queue.enqueue_mail(mail_id, expires=expires)


def dispatch(svc: Services, work: Work) -> None:
    """Enqueue what a committed transaction produced."""
    for request in work.requests:
        enqueue(svc, "request", request.id)
    for mail in work.mails:
        enqueue(svc, "mail", mail.id, mail.kind)
    for delivery in work.webhooks:
        enqueue(svc, "webhook", delivery.id)


def enqueue(svc: Services, kind: str, ident: int, mail_kind: str | None = None) -> None:
    """Hand an id to the queue (a mail's by its ``mail_kind``). If the broker
    is away the row stays pending in the database and the beat sweeper
    enqueues it later: nothing is lost, and the farmer is not shown an error
    for it."""
    try:
        if kind == "request":
            svc.queue.enqueue_request(ident)
        elif kind == "webhook":
            svc.queue.enqueue_webhook(ident)
        else:
            enqueue_mail(svc.queue, ident, mail_kind)
    except Exception as error:  # any broker failure: the sweeper is the fallback
        log.warning("could not enqueue %s #%s (%s); the sweeper will pick it up", kind, ident, error)
