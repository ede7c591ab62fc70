"""Not a bench: the SMTP sink of ``bench.stack.throughput``. It takes the
stack's mail as an MTA would, in a process of its own, hands each farmer
their turn mails and times each turn mail against the submit that ended the
turn before it."""

from __future__ import annotations

import multiprocessing
import re
import threading
import time
from email import message_from_bytes, policy
from email.parser import BytesHeaderParser

from aiosmtpd.controller import Controller

from bench.common import cpu_seconds, free_port

HEADERS = BytesHeaderParser(policy=policy.default)


class Sink:
    """The SMTP server mail goes to; hands each farmer their turn mails
    (and the "your turn continues" answers to mailed steps) and times a
    turn mail against the last submit in its game: the one that ended the
    turn before.

    The SMTP server runs in a process of its own (:func:`serve_smtp`), as an
    MTA does: in this process its event loop shared the GIL with the
    farmers' threads, and a worker's SMTP handoff waited for them (25-50 ms
    a mail, most of the mail worker's wait beside composing). It answers
    250 as soon as it has the mail and hands it here, with the moment it
    arrived (``time.monotonic``: one clock for every process of the
    machine)."""

    def __init__(self):
        self.port = free_port()
        self.lock = threading.Condition()
        self.inbox: dict[str, list] = {}
        self.count = 0
        self.kinds: dict[str, int] = {}  # mails by subject, without the game's name and number
        self.last_submit: dict[int, tuple[float, str]] = {}  # game id -> when its last submit was sent, how
        self.latencies: list[tuple[float, str]] = []  # (seconds, "mail" or "link")
        self.timed: list[tuple[str, float]] = []  # beside each latency: the mail's Message-ID, when it arrived (epoch)
        forked = multiprocessing.get_context("fork")  # before any farmer's thread starts
        self.arrivals, ready = forked.SimpleQueue(), forked.Event()
        self.server = forked.Process(target=serve_smtp, args=(self.port, self.arrivals, ready), daemon=True)
        self.server.start()
        if not ready.wait(30):
            raise RuntimeError("the SMTP sink did not start")
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def stop(self) -> None:
        self.server.terminate()
        self.server.join(10)

    def cpu_seconds(self) -> float:
        return cpu_seconds(pid=self.server.pid)

    def _read(self) -> None:
        while True:
            self.arrived(*self.arrivals.get())

    def arrived(self, moment: float, epoch: float, content: bytes, rcpt_tos: list[str]) -> None:
        """A mail the SMTP server took: counted by subject, a turn mail
        timed and put in its farmer's inbox. Reads the headers only: the
        farmer it is for reads its text part."""
        message = HEADERS.parsebytes(content)
        subject = str(message["Subject"])
        with self.lock:
            self.count += 1
            what = re.sub(r"\(.*?\)|#\d+|^.*?: ", "", subject).strip()
            self.kinds[what] = self.kinds.get(what, 0) + 1
            if "your turn" in subject:
                game = int(message["X-Farmpost-Game"])
                if "continues" not in subject:
                    submitted = self.last_submit.pop(game, None)
                    if submitted is not None:
                        self.latencies.append((moment - submitted[0], submitted[1]))
                        self.timed.append((str(message["Message-ID"]).strip(), epoch))
                for to in rcpt_tos:
                    self.inbox.setdefault(to, []).append(content)
                self.lock.notify_all()

    def submitted(self, game_id: int, moment: float, how: str) -> None:
        with self.lock:
            self.last_submit[game_id] = (moment, how)

    def next_turn_mail(self, address: str, stop: threading.Event):
        with self.lock:
            while not self.inbox.get(address) and not stop.is_set():
                self.lock.wait(0.5)
            raw = self.inbox[address].pop(0) if self.inbox.get(address) else None
        return as_read(raw) if raw is not None else None


def serve_smtp(port: int, arrivals, ready) -> None:
    """The sink's SMTP server (its own process): every mail handed on to
    ``arrivals`` with when it arrived, answered 250 at once."""

    class Handler:
        async def handle_DATA(self, server, session, envelope):
            arrivals.put((time.monotonic(), time.time(), envelope.content, list(envelope.rcpt_tos)))
            return "250 OK"

    Controller(Handler(), hostname="127.0.0.1", port=port).start()
    ready.set()
    threading.Event().wait()


def as_read(raw: bytes):
    """The mail as a text-only client reads it: its headers and its plain
    text part, parsed; what follows the text part (the HTML, the picture,
    the PDF: 90% of a turn mail's bytes) is cut off unparsed. Parsing their
    base64 lines took the farmers 8 ms of the measured machine's CPU a mail
    against 2 ms for this (a 280 KB mail)."""
    start = raw.find(b"\r\nContent-Type: text/plain")
    opening = raw.rfind(b"\r\n--", 0, start)  # the delimiter line that opens the text part
    if start < 0 or opening < 0:
        return message_from_bytes(raw, policy=policy.default)
    delimiter = raw[opening:raw.index(b"\r\n", opening + 2)]
    end = raw.find(delimiter, start)
    return message_from_bytes(raw if end < 0 else raw[:end] + b"\r\n", policy=policy.default)


