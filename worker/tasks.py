"""Celery tasks: thin shells around the use cases; arguments are ids.

The tasks are idempotent (a processed request or a sent mail is a no-op),
which is what makes ``acks_late`` and redelivery safe. The use cases count
their own failed tries on the row and set when the next is due
(service/storage/retries.py); the beat sweeper enqueues a row again only then, and
never once it is ``failed``. Only the database being away is retried here,
with exponential backoff, jitter and a cap: nothing can be recorded then.
"""

from __future__ import annotations

import logging
import os
from dataclasses import replace
from datetime import timedelta

from celery import Celery
from sqlalchemy import select

from service.core.services import Services
from service.jobs.broker import CeleryQueue
from service.jobs.dispatching import enqueue, enqueue_mail
from service.storage.models import MoveRequest, OutgoingMail, WebhookDelivery, utcnow
from service.storage.retries import DATABASE_AWAY

log = logging.getLogger(__name__)

RETRY = dict(autoretry_for=DATABASE_AWAY, retry_backoff=2, retry_backoff_max=300, retry_jitter=True,
             max_retries=8, acks_late=True)

#: work older than this and still pending is enqueued again by the sweeper
SWEEP_AFTER = timedelta(seconds=20)

#: how often beat sweeps (seconds; FARMPOST_SWEEP_EVERY, which the
#: fault-injection tests shorten so that recovery takes seconds)
SWEEP_EVERY = 15.0


#: how many sweeps a job the sweep queued again waits in the queue before it
#: expires: long enough for a worker that is behind to reach it (with one
#: sweep it expired in a busy queue before any worker got to it, and a mail
#: waited for ever), short enough that an outage leaves at most ten jobs per row
SWEEPS_A_JOB_OUTLIVES = 10


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
        """The move and the bots' answer (in its transaction); a bot's move
        past that bound goes to the broker, behind the other games' work."""
        from service.usecases.playing import apply_move_request as apply

        return apply(services(), request_id).status

    @app.task(name="farmpost.send_mail", **RETRY)
    def send_mail(mail_id: int) -> str:
        from service.outbox.sending import send_mail as send

        return send(services(), mail_id)

    @app.task(name="farmpost.send_report", **RETRY)
    def send_report(mail_id: int) -> str:
        """A mail with the end-game report (half a second of WeasyPrint),
        from the reports queue: no turn mail waits behind it."""
        from service.outbox.sending import send_mail as send

        return send(services(), mail_id)

    @app.task(name="farmpost.send_webhook", **RETRY)
    def send_webhook(delivery_id: int) -> str:
        """Call one webhook URL about one event (docs/webhooks.md)."""
        from service.webhooks.delivery import deliver

        return deliver(services(), delivery_id)

    @app.task(name="farmpost.process_inbound", **RETRY)
    def process_inbound(inbound_id: int) -> str:
        from service.inbound.receive import process_inbound_counted

        return in_chain(services(), lambda svc: process_inbound_counted(svc, inbound_id))

    @app.task(name="farmpost.sweep", acks_late=True)
    def sweep() -> dict:
        return beat_round(services())

    @app.task(name="farmpost.clocks", acks_late=True)
    def run_clocks() -> dict:
        """Reminders, overdue notices and timeouts that are due (docs/clocks.md)."""
        from service.usecases.clock_actions import run_clocks as run

        return run(services())

    @app.task(name="farmpost.imap_poll", acks_late=True)
    def imap_poll() -> int:
        """Fetch new mail from IMAP_URL (nothing to do without it)."""
        from service.inbound.imap import poll

        return poll(services())

    @app.task(name="farmpost.digest", acks_late=True)
    def digest() -> int:
        """Write the daily digests that are due (service.notify.digest)."""
        from service.notify.digest import send_digests

        return send_digests(services())


#: the most move requests a task reading a mailed reply applies: the reply's
#: own (the move it submitted, with the bots' answer in its transaction).
#: Anything more (a bot's move past the transaction's bound) goes to the
#: broker: at 8 a task of a game of bots ran 8 transactions of 17 moves while
#: the other games' moves waited
CHAIN = 2


class ChainQueue:
    """The queue of one moves task: the move requests enqueued while it runs
    are kept, for the same task to apply once its own work is committed;
    everything else goes to the broker at once. The move a farmer's mail
    submitted (and the bots' answer in its transaction) costs no task of
    its own: a task's receipt, acknowledgement and sending cost about as
    much as a move."""

    def __init__(self, broker):
        self.broker = broker
        self.requests: list[int] = []

    def enqueue_request(self, request_id: int, expires: float | None = None) -> None:
        if expires is not None:  # a job that must not outlive its time is the broker's
            self.broker.enqueue_request(request_id, expires=expires)
        else:
            self.requests.append(request_id)

    def enqueue_mail(self, mail_id: int, expires: float | None = None) -> None:
        self.broker.enqueue_mail(mail_id, expires=expires)

    def enqueue_report(self, mail_id: int, expires: float | None = None) -> None:
        self.broker.enqueue_report(mail_id, expires=expires)

    def enqueue_inbound(self, inbound_id: int, expires: float | None = None) -> None:
        self.broker.enqueue_inbound(inbound_id, expires=expires)

    def enqueue_webhook(self, delivery_id: int, expires: float | None = None) -> None:
        self.broker.enqueue_webhook(delivery_id, expires=expires)


def in_chain(svc: Services, work, most: int = CHAIN):
    """Run ``work(svc)`` with the move requests it enqueues applied here
    afterwards, each in its own transaction as its own task would, up to
    ``most`` tasks' worth in all; the rest, and one whose applying raised
    (the database away), go to the broker, so a request is never left
    behind. What ``work`` raises is raised (the task's retry)."""
    chain = ChainQueue(svc.queue)
    here = replace(svc, queue=chain)
    try:
        result = work(here)
        _apply_chained(here, chain, most - 1)
    finally:
        for request_id in chain.requests:
            enqueue(svc, "request", request_id)
    return result


def _apply_chained(svc: Services, chain: ChainQueue, most: int) -> None:
    from service.usecases.playing import apply_move_request

    for _ in range(most):
        if not chain.requests:
            return
        try:
            apply_move_request(svc, chain.requests[0])
        except Exception as error:  # its own task tries again, with the backoff of RETRY
            log.warning("move request #%s left to its own task: %s", chain.requests[0], error)
            return
        chain.requests.pop(0)


def beat_round(svc: Services) -> dict:
    """What beat's sweep does: re-enqueue pending work and inbound mail, end
    the vacations whose date has passed, expire the games made by mail that
    were never confirmed, and drop the rate counters of windows gone."""
    from service.inbound.receive import sweep_pending_inbound
    from service.storage.ratelimit import prune
    from service.usecases.creation import expire_unconfirmed
    from service.usecases.vacation import end_due_vacations

    again = SWEEPS_A_JOB_OUTLIVES * sweep_every()  # a job the sweep queues again expires after ten sweeps
    return {**sweep_pending(svc, expires=again), "inbound": sweep_pending_inbound(svc, expires=again),
            "vacations": end_due_vacations(svc),
            "expired": expire_unconfirmed(svc), "rate_counts": prune(svc)}


def sweep_pending(svc: Services, older_than: timedelta = SWEEP_AFTER, expires: float | None = None) -> dict:
    """Enqueue again the move requests, mails and webhook calls that have waited too long
    (a broker outage, a worker that died, a queue longer than ``older_than``)
    and those whose next try is due; never a failed one, nor one whose next
    try is still to come. With ``expires`` (beat's: ten sweeps) each job
    queued again is dropped unrun if no worker took it by then: while the
    workers are away, a row gathers at most ten jobs, not one more every
    sweep for as long as the outage lasts."""
    from service.outbox.sending import LEASE
    from service.webhooks.delivery import LEASE as HOOK_LEASE

    now = utcnow()
    with svc.db.transaction() as session:
        requests = session.scalars(select(MoveRequest.id).where(
            MoveRequest.status == "pending", MoveRequest.created_at < now - older_than,
            MoveRequest.next_try_at.is_(None) | (MoveRequest.next_try_at <= now),
        ).order_by(MoveRequest.id)).all()
        mails = session.execute(select(OutgoingMail.id, OutgoingMail.kind).where(
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
    for mail_id, kind in mails:
        enqueue_mail(svc.queue, mail_id, kind, expires=expires)
    for delivery_id in hooks:
        svc.queue.enqueue_webhook(delivery_id, expires=expires)
    if requests or mails or hooks:
        log.info("sweep: re-enqueued %d move requests, %d mails and %d webhook calls",
                 len(requests), len(mails), len(hooks))
    return {"requests": len(requests), "mails": len(mails), "webhooks": len(hooks)}
