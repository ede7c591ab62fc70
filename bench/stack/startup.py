"""What a command costs before it does anything: the CPU seconds (user +
system, of the child process, resource.getrusage(RUSAGE_CHILDREN)) of
``farmpost --help``, ``farmpost demo --help`` and a ``farmpost ingest`` of a
small mail (the MTA's pipe command, once per inbound mail), the median of N
runs each. The ingest runs against a SQLite database of its own, migrated
once beforehand, with the embedded (filesystem) broker and, when Redis
answers at BENCH_REDIS_URL, with Redis as the broker: either way ingest
stores the mail and enqueues it (``farmpost ingest`` never processes a mail
in its own process). CPU time, not wall time, so that other work on the
machine does not inflate the figures.

    python -m bench stack.startup [--runs 5]

tests/service/test_cli_imports.py pins what these commands import (not
their time).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import uuid
from pathlib import Path

#: the short run (python -m bench --short) and the servers it needs (Redis is used when it answers)
SHORT = ["--runs", "1"]
NEEDS = ()

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/13")

SMALL_MAIL = """\
From: Sam <sam@example.org>
To: farmpost@farmpost.localhost
Subject: hello
Message-ID: <{id}@example.org>
Date: Tue, 01 Dec 2026 10:00:00 +0000
Content-Type: text/plain; charset=utf-8

help
"""


def cpu_seconds(argv: list[str], env: dict, stdin: bytes | None = None) -> float:
    """The CPU seconds one run of ``farmpost ARGV`` costs (the child's user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "service.cli.main", *argv], input=stdin, env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 2):  # --help of the bare command exits 0; no command exits 2
        raise RuntimeError(f"farmpost {' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()[-400:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def median_of(runs: int, argv: list[str], env: dict, stdin=None) -> float:
    return round(statistics.median(cpu_seconds(argv, env, stdin() if stdin else None) for _ in range(runs)), 3)


def redis_answers(url: str) -> bool:
    try:
        import redis

        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
        return True
    except Exception:
        return False


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench stack.startup", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of each command; the median is printed (5)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="farmpost-startup-") as folder:
        env = {**os.environ, "FARMPOST_INSTANCE": folder, "DATABASE_URL": f"sqlite:///{folder}/farmpost.sqlite3",
               "SECRET_KEY": "bench-secret", "PYTHONPATH": str(ROOT)}
        for name in ("CELERY_BROKER_URL", "FARMPOST_QUEUE"):
            env.pop(name, None)
        subprocess.run([sys.executable, "-m", "service.cli.main", "db", "upgrade"], env=env, check=True,
                       stdout=subprocess.DEVNULL, cwd=ROOT)

        def small_mail() -> bytes:
            return SMALL_MAIL.format(id=uuid.uuid4().hex).encode()

        figures = {
            "runs": args.runs,
            "help": median_of(args.runs, ["--help"], env),
            "demo_help": median_of(args.runs, ["demo", "--help"], env),
            "ingest_embedded_broker": median_of(args.runs, ["ingest"], env, small_mail),
        }
        if redis_answers(REDIS_URL):
            redis_env = {**env, "CELERY_BROKER_URL": REDIS_URL, "FARMPOST_QUEUE": f"bench-{uuid.uuid4().hex[:8]}"}
            figures["ingest_redis_broker"] = median_of(args.runs, ["ingest"], redis_env, small_mail)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
