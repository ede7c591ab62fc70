"""What Celery itself costs per task, beside the task's work: a worker as the
moves worker runs (prefork, one process, the service's Celery settings,
acks late, Redis) takes tasks that do nothing, and the CPU time of its
process group per task is printed, with the sender's CPU time per
``send_task``. This is what each move request costs when it is its own task
(worker/tasks.py applies the bots' moves that follow a move in its task).

Uses Redis database 13 (BENCH_REDIS_URL) and queue names of its own.

    python -m bench.celery_task [--tasks 2000]
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import time
import uuid

from celery import Celery

from service.broker import celery_settings
from service.config import ROOT, load_config

REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")
PREFIX = os.environ.get("BENCH_QUEUE_PREFIX") or f"farmpost-bench-{uuid.uuid4().hex[:8]}"

config = load_config({"CELERY_BROKER_URL": REDIS_URL, "FARMPOST_QUEUE": PREFIX, "SECRET_KEY": "bench-secret",
                      "DATABASE_URL": "sqlite://", "FARMPOST_INSTANCE": os.environ.get("TMPDIR", "/tmp")})
app = Celery("bench", broker=config.broker_url)
app.conf.update(celery_settings(config), worker_hijack_root_logger=False)


@app.task(name="farmpost.apply_move_request", acks_late=True)
def nothing(request_id: int) -> None:
    """A task that does nothing, routed to the moves queue."""


def main(argv: list[str] | None = None) -> None:
    import redis

    from bench.stack.throughput import cpu_seconds

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=2000)
    args = parser.parse_args(argv)
    queue = f"{PREFIX}.moves"
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "bench.stack.celery_task", "worker", "-Q", queue, "--concurrency=1",
         "--loglevel=WARNING", "--without-gossip", "--without-mingle"],
        cwd=ROOT, env={**os.environ, "BENCH_QUEUE_PREFIX": PREFIX}, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    broker = redis.Redis.from_url(REDIS_URL)
    try:
        nothing.delay(-1)  # the worker is up once its first task is gone
        while broker.llen(queue) or cpu_seconds(group=worker.pid) == 0:
            time.sleep(0.5)
        time.sleep(2)
        worker_before, started = cpu_seconds(group=worker.pid), time.process_time()
        for n in range(args.tasks):
            app.send_task("farmpost.apply_move_request", args=[n])
        send_ms = (time.process_time() - started) / args.tasks * 1000
        while broker.llen(queue):
            time.sleep(0.2)
        time.sleep(1)
        worker_ms = (cpu_seconds(group=worker.pid) - worker_before) / args.tasks * 1000
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait()
        broker.delete(queue)
        broker.close()
    print(json.dumps({"tasks": args.tasks, "worker_cpu_ms_per_task": round(worker_ms, 2),
                      "send_task_cpu_ms": round(send_ms, 2), "load_average": [round(x, 2) for x in os.getloadavg()]}))


if __name__ == "__main__":
    main()
