"""Celery tasks: thin shells around the use cases; arguments are ids.

The tasks are idempotent (a processed request or a sent mail is a no-op),
which is what makes ``acks_late`` and redelivery safe. The use cases count
their own failed tries on the row and set when the next is due
(service/retries.py); the beat sweeper enqueues a row again only then, and
never once it is ``failed``. Only the database being away is retried here,
with exponential backoff, jitter and a cap: nothing can be recorded then.
"""

from __future__ import annotations

import logging
import os
from datetime import timedelta

from celery import Celery
from sqlalchemy import select

from service.broker import CeleryQueue
from service.models import MoveRequest, OutgoingMail, WebhookDelivery, utcnow
from service.retries import DATABASE_AWAY
from service.services import Services

log = logging.getLogger(__name__)

RETRY = dict(autoretry_for=DATABASE_AWAY, retry_backoff=2, retry_backoff_max=300, retry_jitter=True,
             max_retries=8, acks_late=True)

#: work older than this and still pending is enqueued again by the sweeper
SWEEP_AFTER = timedelta(seconds=20)

#: how often beat sweeps (seconds; FARMPOST_SWEEP_EVERY, which the
#: fault-injection tests shorten so that recovery takes seconds)
SWEEP_EVERY = 15.0


def sweep_every() -> float:
    return float(os.environ.get("FARMPOST_SWEEP_EVERY") or SWEEP_EVERY)


def register(app: Celery) -> None:
    services_cache: dict[str, Services] = {}

    def services() -> Services:
        """One Services per worker process, built on first use (after fork)."""
        if "svc" not in services_cache:
            services_cache["svc"] = Services.from_config(app.conf.farmpost_config, CeleryQueue(app))
        return services_cache["svc"]

    @app.task(name="farmpost.apply_move_request", **RETRY)
    def apply_move_request(request_id: int) -> str:
        from service.usecases.playing import apply_move_request as apply

        return apply(services(), request_id).status

    @app.task(name="farmpost.send_mail", **RETRY)
    def send_mail(mail_id: int) -> str:
        from service.outbox import send_mail as send

        return send(services(), mail_id)

    @app.task(name="farmpost.send_webhook", **RETRY)
    def send_webhook(delivery_id: int) -> str:
        """Call one webhook URL about one event (docs/webhooks.md)."""
        from service.webhook_delivery import deliver

        return deliver(services(), delivery_id)

    @app.task(name="farmpost.process_inbound", **RETRY)
    def process_inbound(inbound_id: int) -> str:
        from service.inbound.receive import process_inbound_counted

        return process_inbound_counted(services(), inbound_id)

    @app.task(name="farmpost.sweep", acks_late=True)
    def sweep() -> dict:
        return beat_round(services())

    @app.task(name="farmpost.clocks", acks_late=True)
    def run_clocks() -> dict:
        """Reminders, overdue notices and timeouts that are due (docs/clocks.md)."""
        from service.timekeeping import run_clocks as run

        return run(services())

    @app.task(name="farmpost.imap_poll", acks_late=True)
    def imap_poll() -> int:
        """Fetch new mail from IMAP_URL (nothing to do without it)."""
        from service.inbound.imap import poll

        return poll(services())

    @app.task(name="farmpost.digest", acks_late=True)
    def digest() -> int:
        """Write the daily digests that are due (service.digest)."""
        from service.digest import send_digests

        return send_digests(services())


def beat_round(svc: Services) -> dict:
    """What beat's sweep does: re-enqueue pending work and inbound mail, end
    the vacations whose date has passed, expire the games made by mail that
    were never confirmed, and drop the rate counters of windows gone."""
    from service.inbound.receive import sweep_pending_inbound
    from service.ratelimit import prune
    from service.usecases.creation import expire_unconfirmed
    from service.vacation import end_due_vacations

    again = sweep_every()  # a job the sweep queues again expires when the next sweep is due
    return {**sweep_pending(svc, expires=again), "inbound": sweep_pending_inbound(svc, expires=again),
            "vacations": end_due_vacations(svc),
            "expired": expire_unconfirmed(svc), "rate_counts": prune(svc)}


def sweep_pending(svc: Services, older_than: timedelta = SWEEP_AFTER, expires: float | None = None) -> dict:
    """Enqueue again the move requests, mails and webhook calls that have waited too long
    (a broker outage, a worker that died, a queue longer than ``older_than``)
    and those whose next try is due; never a failed one, nor one whose next
    try is still to come. With ``expires`` (beat's interval) each job queued
    again is dropped unrun if no worker took it before the next sweep, which
    queues it again: while the workers are away or behind, a row has one job
    waiting for it, not one more every sweep."""
    from service.outbox import LEASE
    from service.webhook_delivery import LEASE as HOOK_LEASE

    now = utcnow()
    with svc.db.transaction() as session:
        requests = session.scalars(select(MoveRequest.id).where(
            MoveRequest.status == "pending", MoveRequest.created_at < now - older_than,
            MoveRequest.next_try_at.is_(None) | (MoveRequest.next_try_at <= now),
        ).order_by(MoveRequest.id)).all()
        mails = session.scalars(select(OutgoingMail.id).where(
            ((OutgoingMail.status == "pending") & (OutgoingMail.created_at < now - older_than)
             & (OutgoingMail.next_try_at.is_(None) | (OutgoingMail.next_try_at <= now)))
            | ((OutgoingMail.status == "sending") & (OutgoingMail.claimed_at < now - LEASE))
        ).order_by(OutgoingMail.id)).all()
        hooks = session.scalars(select(WebhookDelivery.id).where(
            ((WebhookDelivery.status == "pending") & (WebhookDelivery.created_at < now - older_than)
             & (WebhookDelivery.next_try_at.is_(None) | (WebhookDelivery.next_try_at <= now)))
            | ((WebhookDelivery.status == "sending") & (WebhookDelivery.claimed_at < now - HOOK_LEASE))
        ).order_by(WebhookDelivery.id)).all()
    for request_id in requests:
        svc.queue.enqueue_request(request_id, expires=expires)
    for mail_id in mails:
        svc.queue.enqueue_mail(mail_id, expires=expires)
    for delivery_id in hooks:
        svc.queue.enqueue_webhook(delivery_id, expires=expires)
    if requests or mails or hooks:
        log.info("sweep: re-enqueued %d move requests, %d mails and %d webhook calls",
                 len(requests), len(mails), len(hooks))
    return {"requests": len(requests), "mails": len(mails), "webhooks": len(hooks)}
