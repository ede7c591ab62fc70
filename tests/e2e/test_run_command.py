"""`farmpost run` on the embedded defaults, as `make run` starts it: it prints
its URL, answers /healthz, its worker plays the bots of a demo game, and
stopping it stops its worker and beat."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from contextlib import closing
from pathlib import Path

import pytest
import requests

from service.config import ROOT
from tests.e2e.stack import ONE_STACK_AT_A_TIME, Patience, free_port

pytestmark = [pytest.mark.integration, ONE_STACK_AT_A_TIME]


def wait_for_line(process, needle: str, timeout: float) -> str:
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        if needle in line:
            return line
    raise AssertionError(f"never printed {needle!r}:\n{''.join(seen)[-3000:]}")


def work_done(database: Path) -> tuple:
    """Move requests applied and mails delivered so far, read from the database."""
    with closing(sqlite3.connect(database, timeout=10)) as connection:
        return connection.execute("SELECT (SELECT count(*) FROM move_requests WHERE status <> 'pending'),"
                                  " (SELECT count(*) FROM mailbox)").fetchone()


def children_of(pid: int) -> list[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def test_farmpost_run_serves_prints_its_url_plays_bots_and_stops_cleanly(tmp_path):
    port = free_port()
    env = {**os.environ, "PORT": str(port), "FARMPOST_INSTANCE": str(tmp_path / "instance")}
    for name in ("DATABASE_URL", "CELERY_BROKER_URL", "SMTP_URL", "BASE_URL"):
        env.pop(name, None)
    run = subprocess.Popen([sys.executable, "-m", "service.cli", "run"], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = wait_for_line(run, "Farmpost is running at", timeout=60)
        url = f"http://127.0.0.1:{port}/"
        assert url in line
        assert requests.get(url + "healthz", timeout=10).json()["status"] == "ok"
        helpers = children_of(run.pid)
        assert len(helpers) == 2  # the worker and beat

        demo = subprocess.run([sys.executable, "-m", "service.cli", "demo", "--bots", "3", "--bot", "random"],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
        assert demo.returncode == 0, demo.stderr
        assert f"Your seat page: http://127.0.0.1:{port}/g/1/0/" in demo.stdout
        # the worker plays the three bots, then mails the farmer: wait as long as it gets work done
        patience = Patience(60, "the worker never sent the turn mail")
        while "your turn" not in requests.get(url + "mailbox?to=you@farmpost.localhost", timeout=10).text:
            patience.check(work_done(tmp_path / "instance" / "farmpost.sqlite3"))
            time.sleep(0.5)
    finally:
        run.send_signal(signal.SIGTERM)
        run.wait(timeout=60)
    time.sleep(1)
    for pid in helpers:
        assert not os.path.exists(f"/proc/{pid}") or "zombie" in open(f"/proc/{pid}/status").read().lower()
