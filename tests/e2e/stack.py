"""A whole Farmpost on loopback for end-to-end tests: the web app on a real
HTTP server (werkzeug, in a thread), a real Celery worker process, and where
mail goes (a real SMTP sink, or the local mailbox in the database)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from email import message_from_bytes, policy
from pathlib import Path
from urllib.parse import urljoin

import pytest
import requests
import sqlalchemy as sa
from aiosmtpd.controller import Controller
from werkzeug.serving import make_server

from engine.core import Rng
from service.core.config import ROOT, load_config

#: Tests that start a whole stack (a web server, a Celery worker process with
#: its pool, a broker and mail servers) run one after another on one pytest-xdist
#: worker (``--dist loadgroup``), while the other workers run the lighter tests:
#: two stacks at once on two cores would mostly wait for each other.
ONE_STACK_AT_A_TIME = pytest.mark.xdist_group("stacks")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Patience:
    """Waiting for progress, not against a wall-clock budget.

    A whole game takes as long as the machine allows (other test processes may
    share its cores); what an end-to-end test must catch is a stack that
    stopped moving. ``check(marker)`` fails once ``marker`` (anything that
    changes when work gets done: mails received, rows processed) has stayed
    the same for ``seconds``.
    """

    def __init__(self, seconds: float, what: str):
        self.seconds, self.what = seconds, what
        self._marker: object = object()
        self._since = time.monotonic()

    def check(self, marker, explain=lambda: "") -> None:
        now = time.monotonic()
        if marker != self._marker:
            self._marker, self._since = marker, now
            return
        assert now - self._since < self.seconds, \
            f"{self.what}: nothing moved for {self.seconds:.0f} s (still {marker!r})\n{explain()}"


#: the ceiling of a one-shot command (`farmpost ingest`, `imap-poll`, `demo`): it
#: fails only one that hangs, not one the loaded machine makes slow to start
COMMAND_CEILING = 600


def stopped(process, stall: float = 60) -> int:
    """Wait for a process told to stop, as long as it (and its children) keep
    using CPU to do so; its return code."""
    wait_with_progress(lambda: process.poll() is not None, "stopped", lambda: cpu_ticks(process.pid), stall=stall)
    return process.returncode


def cpu_ticks(pid: int) -> int:
    """The CPU time (clock ticks, user + system) of a process and all its
    descendants so far, from /proc: it moves while they are starting up,
    importing, migrating; it stands still when they hang or wait forever."""
    parents: dict[int, int] = {}
    ticks: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        ticks[int(entry)] = int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])
    family, grew = {pid}, True
    while grew:
        more = {child for child, parent in parents.items() if parent in family} - family
        family |= more
        grew = bool(more)
    return sum(ticks.get(member, 0) for member in family)


def wait_with_progress(condition, what: str, progress, *, stall: float = 60, ceiling: float = 900,
                       still_going=lambda: True, explain=lambda: "", pause: float = 0.2):
    """Poll ``condition`` until it holds, for as long as ``progress()`` (a
    marker: a process tree's CPU time, lines printed, rows done) keeps
    changing: fail once it stood still for ``stall`` seconds, at once when
    ``still_going`` says the thing watched has stopped, and only after
    ``ceiling`` seconds for something that moves without ever getting there."""
    patience, ceiling_at = Patience(stall, f"never {what}"), time.monotonic() + ceiling
    while not (result := condition()):
        assert still_going(), f"stopped before {what}\n{explain()}"
        patience.check(progress(), explain)
        assert time.monotonic() < ceiling_at, f"never {what} within {ceiling:g} s though it kept busy\n{explain()}"
        time.sleep(pause)
    return result


# --------------------------------------------------------------------------- where mail arrives


class SmtpSink:
    """A real SMTP server on loopback that keeps every message it receives."""

    def __init__(self):
        self.port = free_port()
        self.messages: list[tuple[list[str], bytes]] = []
        self._lock = threading.Lock()
        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):
        with self._lock:
            self.messages.append((list(envelope.rcpt_tos), envelope.content))
        return "250 OK"

    def start(self):
        self._controller.start()

    def stop(self):
        self._controller.stop()

    def received(self) -> list[tuple[str, object]]:
        """(recipient, parsed message) for every delivery, in order."""
        with self._lock:
            items = list(self.messages)
        return [(rcpt, message_from_bytes(raw, policy=policy.default)) for rcpts, raw in items for rcpt in rcpts]


class DatabaseMailbox:
    """The local mailbox of the embedded defaults, read from the database."""

    def __init__(self, database_url: str):
        self.engine = sa.create_engine(database_url)

    def start(self):
        pass

    def stop(self):
        self.engine.dispose()

    def received(self) -> list[tuple[str, object]]:
        with self.engine.connect() as connection:
            rows = connection.execute(sa.text("SELECT to_addr, raw FROM mailbox ORDER BY id")).all()
        return [(to, message_from_bytes(raw, policy=policy.default)) for to, raw in rows]


# --------------------------------------------------------------------------- the service


class Stack:
    def __init__(self, tmp_path: Path, env: dict, inbox):
        # the listening socket is bound here, before the configuration needs
        # its port: no other process can take the port in between
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.env = {**env, "PORT": str(self.port), "BASE_URL": f"http://127.0.0.1:{self.port}",
                    "FARMPOST_INSTANCE": str(tmp_path / "instance"), "SECRET_KEY": "e2e-secret",
                    "MAIL_DOMAIN": "farmpost.test",
                    # every farmer here is one client, 127.0.0.1: no per-client limit on their confirms
                    "RATE_LIMIT_WEB_POSTS": "1000000/10minutes",
                    # a queue of its own: no other worker on this broker can take its tasks
                    "FARMPOST_QUEUE": f"farmpost-e2e-{uuid.uuid4().hex[:8]}"}
        self.inbox = inbox
        self.log_path = tmp_path / "worker.log"
        self.base_url = self.env["BASE_URL"]

    def start(self):
        self.inbox.start()
        self.config = load_config(self.env)
        self.app = create_app_from(self.config)
        self.services = self.app.extensions["farmpost"]
        self.server = make_server("127.0.0.1", self.port, self.app, threaded=True, fd=self.listener.fileno())
        self.listener.close()  # the server holds its own copy of the socket
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.start_worker()
        return self

    def start_worker(self):
        """The Celery worker process with its pool (its log appended to ``worker.log``)."""
        self.worker = subprocess.Popen(
            [sys.executable, "-m", "service.cli.main", "worker", "--concurrency=2", "--loglevel=INFO"],
            cwd=ROOT, env={**os.environ, **self.env}, stdout=self.log_path.open("ab"), stderr=subprocess.STDOUT,
            start_new_session=True)

    def kill_worker(self):
        """kill -9 the worker and its pool processes (one process group): no
        task is finished, acknowledged or handed back."""
        os.killpg(self.worker.pid, signal.SIGKILL)
        self.worker.wait()

    def stop(self):
        self.server.shutdown()
        if self.worker.poll() is None:
            # the worker and its pool processes form one process group: stop them all
            os.killpg(self.worker.pid, signal.SIGTERM)
            try:
                self.worker.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill_worker()
        self.inbox.stop()
        self.services.db.dispose()

    def activity(self) -> tuple:
        """Changes whenever the stack gets work done: requests applied, mails
        sent, inbound mails processed. (Not the worker's log: a task retrying
        forever writes to it without getting anything done.)"""
        with self.services.db.engine.connect() as connection:
            done = connection.execute(sa.text(
                "SELECT (SELECT count(*) FROM move_requests WHERE status <> 'pending'),"
                " (SELECT count(*) FROM outgoing_mail WHERE status = 'sent'),"
                " (SELECT count(*) FROM inbound_mail WHERE outcome <> 'pending')")).one()
        return tuple(done)

    def worker_log(self) -> str:
        """The worker's warnings and errors (its INFO lines are only noise here)."""
        lines = self.log_path.read_text(errors="replace").splitlines()
        return "\n".join(line for line in lines if "INFO/" not in line)[-6000:]


def create_app_from(config):
    from service.app import create_app
    from service.core.services import Services
    from service.jobs.broker import CeleryQueue
    from service.storage.migrate import upgrade
    from worker.app import create_celery

    services = Services.from_config(config, CeleryQueue(create_celery(config)))
    upgrade(services.db)
    return create_app(services=services)


# --------------------------------------------------------------------------- a farmer who plays by following links


def _token_payload(url: str) -> dict:
    """What a move link carries (its signed payload is readable): the state
    version ``v`` and the move codes ``m`` (a whole turn's link has several)."""
    import base64
    import json

    payload = url.rsplit("/", 1)[1].split(".")[0]
    return json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))


def _token_version(url: str) -> int:
    return _token_payload(url)["v"]


OPTION = re.compile(r"^\* (.+?) → .+\n  (http\S+/m/\S+)$", re.M)  # "* take b3 → outcome"
BUTTON = re.compile(r'name="action" value="move"><input type="hidden" name="code" value="([^"]+)">'
                    r'<input type="hidden" name="version" value="(\d+)">')
ACT = re.compile(r'action="(/g/\d+/\d+/[^"]+/act)"')
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


class LinkFarmer:
    """Plays from the turn mails it receives: opens one of the mail's move
    links, confirms it, and finishes the turn with the buttons of the page
    the confirmation leads to. Chooses at random, from its own seeded generator."""

    def __init__(self, address: str, seed: int, activity):
        self.address = address
        self.activity = activity  # what tells that the stack is still at work (Stack.activity)
        self.http = requests.Session()
        self.rng = Rng.from_seed(seed)
        self.seen: set[str] = set()
        self.moves = 0

    def new_mail(self, received) -> list:
        fresh = [m for to, m in received if to == self.address and m["Message-ID"] not in self.seen]
        self.seen.update(m["Message-ID"] for m in fresh)
        return fresh

    def play_turn(self, message) -> None:
        text = message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
        options = OPTION.findall(text)
        assert options, f"a turn mail without options:\n{text[:2000]}"
        _, url = options[self.rng.below(len(options))]
        page = self.http.get(url, timeout=30)
        assert page.status_code == 200 and ">Confirm</button>" in page.text, page.text[:3000]
        version = _token_version(url)
        page = self.http.post(url, data={"csrf_token": CSRF.search(page.text).group(1)}, timeout=60)
        self.moves += len(_token_payload(url)["m"])  # a whole turn's link plays each of its steps
        while True:
            page = self.settled(page, version)
            buttons = BUTTON.findall(page.text)
            if not buttons:
                return
            code, version = buttons[self.rng.below(len(buttons))]
            action = ACT.search(page.text).group(1)
            page = self.http.post(urljoin(page.url, action), timeout=60, data={
                "csrf_token": CSRF.search(page.text).group(1), "action": "move", "code": code, "version": version})
            version = int(version)
            self.moves += 1

    def settled(self, page, posted_version: int):
        """The seat page once the move made on ``posted_version`` is applied;
        any answer but "Done" is a failure. A submit answers at once with the
        page of the move being applied (202), which follows it by itself;
        once the move is applied it leads to the seat page and its answer."""
        patience = Patience(60, f"the move of {self.address} on version {posted_version} was never applied")
        while page.status_code == 202 and "is being applied" in page.text:
            patience.check(self.activity())
            time.sleep(0.1)
            page = self.http.get(page.url, timeout=30)
        assert page.status_code == 200, (page.status_code, page.text[:3000])
        assert 'class="flash ok"' in page.text and "Done:" in page.text, page.text[:3000]
        return page
