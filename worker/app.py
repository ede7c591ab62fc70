"""The Celery app, configured from the environment.

Broker: CELERY_BROKER_URL (Redis in production) or, by default, kombu's
``filesystem://`` transport in the instance folder: no server needed, about
1,000 small tasks a second, polled every 50 ms. Results are not kept: tasks
write their outcome to the database.
"""

from __future__ import annotations

from celery import Celery

from service.config import Config, load_config

#: how often beat re-enqueues work left pending (seconds)
SWEEP_EVERY = 15.0
#: how often beat polls the IMAP mailbox, when IMAP_URL is set (seconds)
IMAP_POLL_EVERY = 30.0


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


def create_celery(config: Config | None = None) -> Celery:
    config = config or load_config()
    app = Celery("farmpost", broker=config.broker_url)
    app.conf.update(
        broker_transport_options=broker_options(config),
        broker_connection_retry_on_startup=True,
        task_ignore_result=True,
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_default_queue=config.queue_name,
        task_serializer="json",
        accept_content=["json"],
        timezone="UTC",
        beat_schedule={
            "sweep": {"task": "farmpost.sweep", "schedule": SWEEP_EVERY},
            "imap-poll": {"task": "farmpost.imap_poll", "schedule": IMAP_POLL_EVERY},
        },
        beat_schedule_filename=str(config.instance_path / "celerybeat-schedule"),
        worker_hijack_root_logger=False,
    )
    app.conf.farmpost_config = config
    from worker import tasks

    tasks.register(app)
    return app


class CeleryQueue:
    """Enqueue by task name: the web process needs no task code, only the broker."""

    def __init__(self, app: Celery):
        self.app = app

    def enqueue_request(self, request_id: int) -> None:
        self.app.send_task("farmpost.apply_move_request", args=[request_id])

    def enqueue_mail(self, mail_id: int) -> None:
        self.app.send_task("farmpost.send_mail", args=[mail_id])

    def enqueue_inbound(self, inbound_id: int) -> None:
        self.app.send_task("farmpost.process_inbound", args=[inbound_id])
