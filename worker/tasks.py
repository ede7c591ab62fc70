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

from celery import Celery

from service.core.services import Services
from service.jobs.broker import CeleryQueue
from service.ops.sweep import beat_round
from service.storage.retries import DATABASE_AWAY
from worker.chain import in_chain

log = logging.getLogger(__name__)

RETRY = dict(autoretry_for=DATABASE_AWAY, retry_backoff=2, retry_backoff_max=300, retry_jitter=True,
             max_retries=8, acks_late=True,
             shared=False)  # on the worker's app alone: a sender (broker.sender) registers none

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

    @app.task(name="farmpost.sweep", acks_late=True, shared=False)
    def sweep() -> dict:
        return beat_round(services())

    @app.task(name="farmpost.clocks", acks_late=True, shared=False)
    def run_clocks() -> dict:
        """Reminders, overdue notices and timeouts that are due (docs/clocks.md)."""
        from service.usecases.clock_actions import run_clocks as run

        return run(services())

    @app.task(name="farmpost.imap_poll", acks_late=True, shared=False)
    def imap_poll() -> int:
        """Fetch new mail from IMAP_URL (nothing to do without it)."""
        from service.inbound.imap import poll

        return poll(services())

    @app.task(name="farmpost.mail_check", acks_late=True, shared=False)
    def mail_check() -> bool | None:
        """Send and grade the daily test mail (service.ops.mail_check), when MAIL_CHECK_TO is set."""
        from service.ops.mail_check import FAIL, run_mail_check

        svc = services()
        if not svc.config.mail_check_to:
            return None
        return all(line.status != FAIL for line in run_mail_check(svc))

    @app.task(name="farmpost.digest", acks_late=True, shared=False)
    def digest() -> int:
        """Write the daily digests that are due (service.notify.digest)."""
        from service.notify.digest import send_digests

        return send_digests(services())
