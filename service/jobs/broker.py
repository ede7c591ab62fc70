"""The service's one seam to Celery's broker: how to reach it, and a queue
that sends task NAMES to it. The task code lives in worker/, which the
service never imports; a web process needs only the broker.

Broker: CELERY_BROKER_URL (Redis in production) or, by default, kombu's
``filesystem://`` transport in the instance folder (service/jobs/filesystem_broker.py):
no server needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from service.core.config import Config

if TYPE_CHECKING:
    from celery import Celery

# Celery is imported where a sender is made (:func:`sender`): ``farmpost
# ingest`` reads the queues and routes here and sends without it
# (service/jobs/task_message.py).

#: the queues, by what waits in them, so that a move never waits behind a
#: render, nor a turn mail behind a report, nor anyone's move behind a mail
#: being read: moves (and beat's sweeps and clocks), inbound (reading mail
#: that came in, and the IMAP polls: whoever sends it, a large mail costs
#: CPU to read; what it asks for is queued on moves), mail (composing and
#: sending: the turn mail's board and PDF), reports (the mails with the
#: end-game report, and the daily digests). docs/operations.md says how to
#: staff them.
QUEUES = ("moves", "inbound", "mail", "reports")

#: each task's queue
ROUTES = {
    "farmpost.apply_move_request": "moves",
    "farmpost.process_inbound": "inbound",
    "farmpost.sweep": "moves",
    "farmpost.clocks": "moves",
    "farmpost.imap_poll": "inbound",
    "farmpost.send_mail": "mail",
    "farmpost.send_webhook": "mail",
    "farmpost.send_report": "reports",
    "farmpost.digest": "reports",
    "farmpost.mail_check": "mail",
}


def queue_name(config: Config, queue: str) -> str:
    """The broker's name of one of :data:`QUEUES` (FARMPOST_QUEUE is the
    prefix, so installations sharing one Redis keep apart)."""
    if queue not in QUEUES:
        raise ValueError(f"unknown queue {queue!r}: choose from {', '.join(QUEUES)}")
    return f"{config.queue_name}.{queue}"


def broker_options(config: Config) -> dict:
    if not config.embedded_broker:
        return {"visibility_timeout": 3600}
    folder = config.broker_folder
    for sub in ("queue", "processed", "control"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    return {
        # kombu's default control folder is "control" in the working directory
        "control_folder": str(folder / "control"),
        "data_folder_in": str(folder / "queue"),
        "data_folder_out": str(folder / "queue"),
        "processed_folder": str(folder / "processed"),
        "store_processed": False,
        "polling_interval": config.broker_polling_interval,
    }


#: the embedded broker's transport (service/jobs/filesystem_broker.py)
EMBEDDED_TRANSPORT = "service.jobs.filesystem_broker:Transport"


def celery_settings(config: Config) -> dict:
    """What every Celery app of Farmpost shares, the sender's and the worker's."""
    return dict(
        broker_transport=EMBEDDED_TRANSPORT if config.embedded_broker else None,
        broker_transport_options=broker_options(config),
        broker_connection_retry_on_startup=True,
        task_ignore_result=True,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_default_queue=queue_name(config, "moves"),
        task_routes={task: {"queue": queue_name(config, queue)} for task, queue in ROUTES.items()},
        task_serializer="json",
        accept_content=["json"],
        timezone="UTC",
    )


def sender(config: Config) -> Celery:
    """A Celery app that only sends tasks by name (it registers none)."""
    from celery import Celery

    app = Celery("farmpost", broker=config.broker_url)
    app.conf.update(celery_settings(config))
    return app


#: the Celery task of each job (worker/tasks.py registers them under these names)
TASKS = {"request": "farmpost.apply_move_request", "mail": "farmpost.send_mail", "report": "farmpost.send_report",
         "inbound": "farmpost.process_inbound", "webhook": "farmpost.send_webhook"}


class CeleryQueue:
    """Enqueue by task name: the web process needs no task code, only the broker."""

    needs_worker = True

    def __init__(self, app: Celery):
        self.app = app

    def enqueue(self, job: str, ident: int, expires: float | None = None) -> None:
        self.app.send_task(TASKS[job], args=[ident], expires=expires)
