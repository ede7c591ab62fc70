"""``python -m worker worker|beat``: the processes ``farmpost worker``,
``farmpost beat`` and ``farmpost run`` start."""

from __future__ import annotations

import argparse
import os
import sys

from service.jobs.broker import QUEUES, queue_name
from worker.app import create_celery


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m worker", description="Farmpost's Celery worker or beat.")
    parser.add_argument("role", choices=["worker", "beat"])
    parser.add_argument("--concurrency", type=int, default=None, help="worker processes (default: one per CPU)")
    parser.add_argument("--queues", default=",".join(QUEUES),
                        help=f"the queues this worker takes, comma separated (default: all: {','.join(QUEUES)})")
    parser.add_argument("--nice", type=int, default=0,
                        help="lower this worker's CPU priority by N (0-19): the reports worker's renders then "
                             "take the CPU the turn mails leave")
    parser.add_argument("--loglevel", default="INFO")
    parser.add_argument("--quiet", action="store_true", help="no Celery banner")
    args = parser.parse_args(argv)
    if args.nice:
        os.nice(args.nice)  # the pool's processes, forked later, inherit it
    app = create_celery()
    quiet = ["--quiet"] if args.quiet else []
    if args.role == "beat":
        app.start([*quiet, "beat", f"--loglevel={args.loglevel}"])
        return 0
    queues = [queue_name(app.conf.farmpost_config, queue.strip()) for queue in args.queues.split(",") if queue.strip()]
    argv = [*quiet, "worker", f"--loglevel={args.loglevel}", f"--queues={','.join(queues)}"]
    if args.concurrency:
        argv.append(f"--concurrency={args.concurrency}")
    app.worker_main(argv)
    return 0


if __name__ == "__main__":
    sys.exit(main())
