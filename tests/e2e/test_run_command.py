"""`farmpost run` on the embedded defaults, as `make run` starts it: it prints
its URL, answers /healthz, its worker plays the bots of a demo game, and
stopping it stops its worker and beat. A worker that dies shows in /healthz,
naming the queues nobody takes then, and is started again."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from contextlib import closing
from pathlib import Path

import pytest
import requests

from service.core.config import ROOT
from tests.e2e.stack import (
    COMMAND_CEILING,
    ONE_STACK_AT_A_TIME,
    Patience,
    cpu_ticks,
    free_port,
    stopped,
    wait_with_progress,
)

pytestmark = [pytest.mark.integration, ONE_STACK_AT_A_TIME]


def wait_for_line(process, needle: str, stall: float = 60) -> str:
    """The first line ``process`` printed with ``needle`` in it, waited for as
    long as it makes progress (it and its children use CPU, or it prints):
    `farmpost run` starts four processes, which on a loaded machine takes
    what it takes. Fails when the process ended, or stood still ``stall`` s."""
    def found():
        return next((line for line in process.said if needle in line), None)

    return wait_with_progress(found, f"printed {needle!r}", lambda: (len(process.said), cpu_ticks(process.pid)),
                              stall=stall, still_going=lambda: process.poll() is None or process.drain.is_alive()
                              or found() is not None, explain=lambda: "".join(process.said)[-3000:], pause=0.1)


def drained(process):
    """Keep reading what the process prints (into ``process.said``), so a full
    pipe never blocks it."""
    process.said = []
    process.drain = threading.Thread(target=lambda: process.said.extend(iter(process.stdout.readline, "")),
                                     daemon=True)
    process.drain.start()
    return process


def health(url: str) -> int:
    try:
        return requests.get(url + "healthz", timeout=10).status_code
    except requests.RequestException:
        return 0


def wait_until(condition, what: str, stall: float, still_going=lambda: True, run=None):
    """Poll ``condition`` until it holds, for as long as ``run``'s processes
    make progress (their CPU time moves); fail once they stood still
    ``stall`` seconds, or at once when ``still_going`` says the thing watched
    has stopped."""
    watched = run.pid if run is not None else os.getpid()
    wait_with_progress(condition, what, lambda: cpu_ticks(watched), stall=stall, still_going=still_going)


def worker_pids(run, role: str = "worker", queues: str = "") -> set[int]:
    """The pids of ``farmpost run``'s children in ``role`` (those taking
    ``queues``, as in --queues=..., when given)."""
    needles = [f"worker\x00{role}".encode()] + ([f"--queues={queues}\x00".encode()] if queues else [])
    return {p for p in children_of(run.pid)
            if all(needle in open(f"/proc/{p}/cmdline", "rb").read() for needle in needles)}


def start_run(tmp_path, port):
    env = {**os.environ, "PORT": str(port), "FARMPOST_INSTANCE": str(tmp_path / "instance")}
    for name in ("DATABASE_URL", "CELERY_BROKER_URL", "SMTP_URL", "BASE_URL", "FARMPOST_ENV"):
        env.pop(name, None)
    run = subprocess.Popen([sys.executable, "-m", "service.cli.main", "run"], cwd=ROOT, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    return drained(run), env


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
    run, env = start_run(tmp_path, port)
    try:
        line = wait_for_line(run, "Farmpost is running at")
        url = f"http://127.0.0.1:{port}/"
        assert url in line
        assert "mailbox" in line and "this machine only" in line
        wait_until(lambda: health(url) == 200, "healthy (the worker's first heartbeat)", 120, lambda: run.poll() is None,
                   run=run)
        helpers = children_of(run.pid)
        assert len(helpers) == 3  # the moves worker, the mail worker and beat
        assert len(worker_pids(run)) == 2

        del env["PORT"]  # another shell: the demo finds the running server's address in the instance folder
        demo = subprocess.run([sys.executable, "-m", "service.cli.main", "demo", "--bots", "3", "--bot", "random"],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=COMMAND_CEILING)
        assert demo.returncode == 0, demo.stderr
        assert f"Your seat page: http://127.0.0.1:{port}/g/1/0/" in demo.stdout
        # the worker plays the three bots, then mails the farmer: wait as long as it gets work done
        patience = Patience(60, "the worker never sent the turn mail")
        while "your turn" not in requests.get(url + "mailbox?to=you@farmpost.localhost", timeout=10).text:
            patience.check(work_done(tmp_path / "instance" / "farmpost.sqlite3"))
            time.sleep(0.5)
    finally:
        run.send_signal(signal.SIGTERM)
        stopped(run)
    run.drain.join(timeout=30)
    said = "".join(run.said)
    assert "celery@" not in said and "beat: Starting" not in said  # no Celery banners
    assert "No hostname was supplied" not in said
    time.sleep(1)
    assert not (tmp_path / "instance" / "base_url").exists()
    for pid in helpers:
        assert not os.path.exists(f"/proc/{pid}") or "zombie" in open(f"/proc/{pid}/status").read().lower()


@pytest.mark.parametrize("role", ["worker", "beat"])
def test_healthz_fails_when_the_workers_or_beat_are_killed_and_recover_once_farmpost_run_restarts_them(tmp_path, role):
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    run, _ = start_run(tmp_path, port)
    still_running = lambda: run.poll() is None  # noqa: E731
    try:
        wait_for_line(run, "Farmpost is running at")
        wait_until(lambda: health(url) == 200, "healthy", 120, still_running, run=run)
        killed = worker_pids(run, role)
        for pid in killed:  # the moves worker and the mail worker, or beat
            os.kill(pid, signal.SIGKILL)
        wait_until(lambda: health(url) != 200, f"unhealthy after the {role} processes were killed", 60, still_running,
                   run=run)
        wait_until(lambda: health(url) == 200, "healthy again", 120, still_running, run=run)
        assert not worker_pids(run, role) & killed  # new ones, started by farmpost run
    finally:
        run.send_signal(signal.SIGTERM)
        stopped(run)


def test_healthz_names_the_mail_queues_when_only_the_mail_worker_is_killed_and_recovers_once_it_is_restarted(
        tmp_path):
    """The moves worker lives on (moves still apply), so a worker is alive:
    the check fails for the queues that nobody takes, inbound, mail and reports."""
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    run, _ = start_run(tmp_path, port)
    still_running = lambda: run.poll() is None  # noqa: E731
    failing = []

    def failing_seen() -> bool:
        response = requests.get(url + "healthz", timeout=10)
        if response.status_code != 200:
            failing.append(response)
        return bool(failing)

    try:
        wait_for_line(run, "Farmpost is running at")
        wait_until(lambda: health(url) == 200, "healthy", 120, still_running, run=run)
        (mail_worker,) = worker_pids(run, queues="inbound,mail,reports")
        (moves_worker,) = worker_pids(run, queues="moves")
        os.kill(mail_worker, signal.SIGKILL)
        wait_until(failing_seen, "unhealthy after the mail worker was killed", 60, still_running, run=run)
        body = failing[0].json()
        assert (failing[0].status_code, body["status"], body["worker"]) == (503, "failing", "ok")
        assert body["queues"]["moves"] == "ok"
        assert body["queues"]["mail"].startswith("failing: no worker consumes it")
        assert body["queues"]["reports"].startswith("failing: no worker consumes it")
        assert body["queues"]["inbound"].startswith("failing: no worker consumes it")
        wait_until(lambda: health(url) == 200, "healthy again", 120, still_running, run=run)
        assert requests.get(url + "healthz", timeout=10).json()["queues"] == {"moves": "ok", "inbound": "ok",
                                                                              "mail": "ok", "reports": "ok"}
        restarted = worker_pids(run, queues="inbound,mail,reports")
        assert len(restarted) == 1 and mail_worker not in restarted  # a new one, started by farmpost run
        assert worker_pids(run, queues="moves") == {moves_worker}  # untouched
    finally:
        run.send_signal(signal.SIGTERM)
        stopped(run)
