"""Not a bench: the Celery app of ``bench.stack.celery_task``, a module of
its own because the bench's worker process loads it (``celery -A``): the
service's Celery settings on Redis database 13 (BENCH_REDIS_URL), a queue
prefix of its own, and a task that does nothing, routed to the moves queue."""

from __future__ import annotations

import os
import uuid

from celery import Celery

from service.core.config import load_config
from service.jobs.broker import celery_settings

REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")
PREFIX = os.environ.get("BENCH_QUEUE_PREFIX") or f"farmpost-bench-{uuid.uuid4().hex[:8]}"

config = load_config({"CELERY_BROKER_URL": REDIS_URL, "FARMPOST_QUEUE": PREFIX, "SECRET_KEY": "bench-secret",
                      "DATABASE_URL": "sqlite://", "FARMPOST_INSTANCE": os.environ.get("TMPDIR", "/tmp")})
app = Celery("bench", broker=config.broker_url)
app.conf.update(celery_settings(config), worker_hijack_root_logger=False)


@app.task(name="farmpost.apply_move_request", acks_late=True)
def nothing(request_id: int) -> None:
    """A task that does nothing, routed to the moves queue."""
