"""The Celery app of the workers and beat: the broker settings the service
shares (service/jobs/broker.py), the tasks (worker/tasks.py) and beat's schedule."""

from __future__ import annotations

import os

from celery import Celery, signals

from service.core.config import Config, load_config
from service.jobs.broker import celery_settings
from service.ops import sweep
from worker import tasks

#: how often beat looks at the games' clocks (seconds; FARMPOST_CLOCKS_EVERY):
#: deadlines are hours or days apart, so half a minute late is on time
CLOCKS_EVERY = 30.0
#: how often beat polls the IMAP mailbox, when IMAP_URL is set (seconds)
IMAP_POLL_EVERY = 30.0
#: how often beat looks for daily digests due (each address gets one a day at most)
DIGEST_EVERY = 3600.0
#: how often beat sends the test mail of ``farmpost mail-check`` (when MAIL_CHECK_TO is set)
MAIL_CHECK_EVERY = 86400.0


def create_celery(config: Config | None = None) -> Celery:
    config = config or load_config()
    app = Celery("farmpost", broker=config.broker_url)
    sweep_every = sweep.sweep_every()
    clocks_every = float(os.environ.get("FARMPOST_CLOCKS_EVERY") or CLOCKS_EVERY)
    app.conf.update(
        celery_settings(config),
        beat_schedule={
            "sweep": _every(sweep_every, "farmpost.sweep"),
            "imap-poll": _every(IMAP_POLL_EVERY, "farmpost.imap_poll"),
            "digest": _every(DIGEST_EVERY, "farmpost.digest"),
            "clocks": _every(clocks_every, "farmpost.clocks"),
            "mail-check": _every(MAIL_CHECK_EVERY, "farmpost.mail_check"),
        },
        beat_schedule_filename=str(config.instance_path / "celerybeat-schedule"),
        worker_hijack_root_logger=False,
    )
    app.conf.farmpost_config = config
    tasks.register(app)
    _beat_heart(config)
    _quit_mail_server()
    return app


def _quit_mail_server() -> None:
    """A worker process keeps its connection to the mail server between two
    mails (service/outbox/transport.py) and says QUIT on it when it ends."""

    @signals.worker_process_shutdown.connect(weak=False)
    def close(**_):
        from service.outbox.transport import close_connections

        close_connections()


def _every(seconds: float, task: str) -> dict:
    """A beat entry whose task expires when the next one is due: while no
    worker consumes (all killed, or cut off from the broker), beat's rounds
    do not pile up in the queue, to be run back to back (each sweep enqueuing
    all pending work again) when a worker comes back."""
    return {"task": task, "schedule": seconds, "options": {"expires": seconds}}


def _beat_heart(config: Config) -> None:
    """The worker's main process and beat write a heartbeat
    (service/ops/heartbeat.py) from the moment they are ready until they stop."""
    running = {}

    @signals.worker_ready.connect(weak=False)
    def start(sender, **_):
        """``sender`` is the worker's consumer: its row names the queues
        that consumer takes (its --queues), which /healthz checks one by one."""
        from service.core.services import Services
        from service.ops.heartbeat import Heartbeat, consumed

        queues = consumed(config, (queue.name for queue in sender.task_consumer.queues))
        running["heartbeat"] = Heartbeat(Services.from_config(config), queues=queues).start()

    @signals.worker_shutdown.connect(weak=False)
    def stop(**_):
        if "heartbeat" in running:
            running.pop("heartbeat").stop()

    @signals.beat_init.connect(weak=False)
    def beat_started(**_):
        """Beat writes one too (named beat@host:pid), removed when it exits."""
        import atexit

        from service.core.services import Services
        from service.ops.heartbeat import Heartbeat, beat_name

        heartbeat = Heartbeat(Services.from_config(config), name=beat_name(), queues=None).start()
        atexit.register(heartbeat.stop)
