"""Servers whose faults a test switches on and off: an SMTP sink that
refuses connections, answers 4xx or stalls in the middle of a mail, and a
Redis of the test's own that it can stop and start (the machine's shared
Redis is never touched)."""

from __future__ import annotations

import asyncio
import shutil
import socket
import subprocess
import threading
import time
from email import message_from_bytes, policy

import redis

from tests.conftest import unavailable
from tests.e2e.stack import SmtpSink, free_port


class FaultySink(SmtpSink):
    """The SMTP sink with faults:

    * ``refuse()``: the port accepts connections and closes them before the
      greeting, as a server that is going down does (smtplib: "Connection
      unexpectedly closed"); each such connection is counted in ``refused``;
    * ``defer()``: the server answers ``451`` to every recipient (a passing
      refusal of each mail); counted in ``deferred``;
    * ``stall()``: the server reads and keeps each mail, but its answer to
      the DATA phase (``250``) waits until ``recover()``; the Message-IDs
      waiting are in ``stalled``. A client that dies meanwhile never learns
      that its mail arrived.
    """

    def __init__(self):
        super().__init__()
        self.mode = "ok"
        self.refused = self.deferred = 0
        self.stalled: list[str] = []
        self._released = threading.Event()
        self._turn_away: threading.Thread | None = None
        self._turn_away_socket: socket.socket | None = None

    # -- aiosmtpd handler hooks

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if self.mode == "defer":
            with self._lock:
                self.deferred += 1
            return "451 4.3.0 Try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        answer = await super().handle_DATA(server, session, envelope)  # the mail is kept
        if self.mode == "stall":
            message_id = str(message_from_bytes(envelope.content, policy=policy.default)["Message-ID"])
            with self._lock:
                self.stalled.append(message_id)
            while not self._released.is_set():  # the answer waits (the client may die meanwhile)
                await asyncio.sleep(0.05)
        return answer

    # -- switching faults

    def refuse(self):
        self.stop()
        self.mode = "refuse"
        listener = socket.create_server(("127.0.0.1", self.port))  # SO_REUSEADDR: the port is ours again
        listener.settimeout(0.1)
        self._turn_away_socket = listener

        def turn_away():
            while self.mode == "refuse":
                try:
                    connection, _ = listener.accept()
                except TimeoutError:
                    continue
                except OSError:
                    return
                connection.close()
                with self._lock:
                    self.refused += 1

        self._turn_away = threading.Thread(target=turn_away, daemon=True)
        self._turn_away.start()

    def defer(self):
        self.mode = "defer"

    def stall(self):
        self._released.clear()
        self.mode = "stall"

    def recover(self):
        was = self.mode
        self.mode = "ok"
        self._released.set()
        if was == "refuse":
            self._turn_away.join()
            self._turn_away_socket.close()
            self._restart()

    def _restart(self):
        from aiosmtpd.controller import Controller

        self._controller = Controller(self, hostname="127.0.0.1", port=self.port)
        self._controller.start()

    def message_ids(self) -> list[str]:
        """The Message-ID of every delivery, in order (one per recipient)."""
        return [str(message["Message-ID"]) for _, message in self.received()]


class OwnRedis:
    """A redis-server of the test's own on a free port, without persistence:
    stopping it loses every queued task, as a Redis that crashes does."""

    def __init__(self, folder):
        self.binary = shutil.which("redis-server")
        if not self.binary:
            unavailable("redis-server", FileNotFoundError("redis-server (apt-get install redis-server)"))
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self):
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.folder), "--logfile", str(self.folder / "redis.log")], cwd=self.folder)
        client = redis.Redis.from_url(self.url)
        try:
            for _ in range(300):
                assert self.process.poll() is None, f"redis-server exited: {(self.folder / 'redis.log').read_text()}"
                try:
                    client.ping()
                    return self
                except redis.exceptions.ConnectionError:
                    time.sleep(0.05)
            raise AssertionError("redis-server did not answer within 15 s")
        finally:
            client.close()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)
