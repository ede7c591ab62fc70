"""What Celery itself costs per task, beside the task's work: a worker as the
moves worker runs (prefork, one process, the service's Celery settings,
acks late, Redis) takes tasks that do nothing, and the CPU time of its
process group per task is printed, with the sender's CPU time per
``send_task``. This is what each move request costs when it is its own task
(worker/tasks.py applies the bots' moves that follow a move in its task).

Uses Redis database 13 (BENCH_REDIS_URL) and queue names of its own
(bench/stack/celery_app.py). Prints one JSON object.

    python -m bench stack.celery_task [--tasks 2000]
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from bench.common import cpu_seconds, emit, load_average, parser

SHORT = ["--tasks", "200"]
NEEDS = ("redis",)


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--tasks", type=int, default=2000, help="tasks sent and taken (default %(default)s)")
    args = arguments.parse_args(argv)

    import redis

    from bench.stack.celery_app import PREFIX, REDIS_URL, app, nothing
    from service.core.config import ROOT

    queue = f"{PREFIX}.moves"
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "bench.stack.celery_app", "worker", "-Q", queue, "--concurrency=1",
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
    emit({"tasks": args.tasks, "worker_cpu_ms_per_task": round(worker_ms, 2),
          "send_task_cpu_ms": round(send_ms, 2), "load_average": load_average()})


if __name__ == "__main__":
    main()
