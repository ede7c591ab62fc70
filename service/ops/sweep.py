"""What beat's sweep does (``farmpost.sweep``, every SWEEP_EVERY seconds):
enqueue again the work that waited too long (a broker outage, a worker that
died), end the vacations whose date has passed, expire the games made by mail
that were never confirmed, send the held confirmations whose time has come
(service/notify/changes.py ``played``), drop the rate counters of windows gone, and move
leagues on (seasons started, tables counted, seasons ended) and duplicate
events (closed when their week is up, finished when their games have ended)."""

from __future__ import annotations

import logging
import os
from datetime import timedelta

from sqlalchemy import select

from service.core import wall_time
from service.core.services import Services
from service.jobs.dispatching import enqueue, mail_job
from service.storage.models import MoveRequest, OutgoingMail, WebhookDelivery

log = logging.getLogger(__name__)

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


def beat_round(svc: Services) -> dict:
    """What beat's sweep does: re-enqueue pending work and inbound mail, end
    the vacations whose date has passed, expire the games made by mail that
    were never confirmed, open again the seats whose "still in?" lapsed, and
    drop the rate counters of windows gone."""
    from service.inbound.receive import sweep_pending_inbound
    from service.notify.changes import release_held
    from service.storage.ratelimit import prune
    from service.usecases.creation import expire_unconfirmed
    from service.usecases.duplicate import advance as advance_duplicates
    from service.usecases.leagues import advance as advance_leagues
    from service.usecases.open_tables import lapse_still_in
    from service.usecases.vacation import end_due_vacations

    again = SWEEPS_A_JOB_OUTLIVES * sweep_every()  # a job the sweep queues again expires after ten sweeps
    return {**sweep_pending(svc, expires=again), "inbound": sweep_pending_inbound(svc, expires=again),
            "confirmations": release_held(svc),
            "vacations": end_due_vacations(svc),
            "expired": expire_unconfirmed(svc), "still_in_lapsed": lapse_still_in(svc), "rate_counts": prune(svc),
            "leagues": advance_leagues(svc), "duplicates": advance_duplicates(svc)}


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

    now = wall_time.now()
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
        enqueue(svc, "request", request_id, expires=expires)
    for mail_id, kind in mails:
        enqueue(svc, mail_job(kind), mail_id, expires=expires)
    for delivery_id in hooks:
        enqueue(svc, "webhook", delivery_id, expires=expires)
    if requests or mails or hooks:
        log.info("sweep: re-enqueued %d move requests, %d mails and %d webhook calls",
                 len(requests), len(mails), len(hooks))
    return {"requests": len(requests), "mails": len(mails), "webhooks": len(hooks)}
