"""Not a bench: the stack's processes for ``bench.stack.throughput``:
gunicorn, a worker per queue and beat, started as deploy/ runs them, and the
CPU each role has spent (read from /proc)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import requests

from bench.common import cpu_seconds
from service.core.config import ROOT


class Stack:
    """gunicorn, the workers and beat as processes, on one database and queue prefix."""

    def __init__(self, env: dict, web: int, workers: tuple[int, int]):
        # the inbound and reports workers as deploy/ runs them: one process each, reports' nicer
        self.env, self.web = env, web
        self.workers = {**dict(zip(("moves", "mail"), workers)), "inbound": 1, "reports": 1}
        self.processes: list[subprocess.Popen] = []
        self.roles: dict[str, int] = {}  # role -> process group
        self.log = open(os.path.join(env["FARMPOST_INSTANCE"], "stack.log"), "ab")

    def start(self):
        run = dict(cwd=ROOT, env={**os.environ, **self.env}, stdout=self.log, stderr=subprocess.STDOUT,
                   start_new_session=True)
        venv = os.path.dirname(sys.executable)
        commands = {
            "web": [os.path.join(venv, "gunicorn"), "-w", str(self.web), "-b", f"127.0.0.1:{self.env['PORT']}",
                    "--logger-class", "service.ops.access_log.RedactingLogger", "service.wsgi:app"],
            **{f"{queue} worker": [sys.executable, "-m", "worker", "worker", f"--queues={queue}",
                                   f"--concurrency={processes}", "--quiet", "--loglevel=WARNING",
                                   *(["--nice=10"] if queue == "reports" else [])]
               for queue, processes in self.workers.items()},
            "beat": [sys.executable, "-m", "worker", "beat", "--quiet", "--loglevel=WARNING"],  # /healthz wants it
        }
        for role, command in commands.items():
            self.processes.append(subprocess.Popen(command, **run))
            self.roles[role] = self.processes[-1].pid
        deadline = time.monotonic() + 120
        while True:
            try:
                if requests.get(self.env["BASE_URL"] + "/healthz", timeout=30).status_code == 200:
                    return self
            except (requests.ConnectionError, requests.Timeout):
                pass
            assert time.monotonic() < deadline, "the stack did not become healthy"
            time.sleep(0.5)

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far per role: web, moves, mail, beat, PostgreSQL, this bench."""
        seconds = {role: cpu_seconds(group=group) for role, group in self.roles.items()}
        times = os.times()
        return {**seconds, "postgres": cpu_seconds(command="postgres"), "bench": times.user + times.system}

    def stop(self):
        for process in self.processes:
            os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.log.close()


