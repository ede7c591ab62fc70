"""The service on the real stack: PostgreSQL, Redis, gunicorn, Celery
workers on their queues (a moves worker, a mail worker, and a reports
worker of one process at nice 10, as deploy/ runs them) and an SMTP sink.

Many two-farmer Sunfield games are played at once, as farmers play them:
each farmer waits for their turn mail at the sink and answers it. Half of
them click: they open one of its move links, confirm it, follow the page of
the move being applied to their seat page and play the rest of their turn
with its buttons. The other half reply by mail: the first option's command,
as a Gmail reply, posted to ``/inbound/mime`` as an MTA hands mail in, then
the same for each "your turn continues" answer. Each farmer is its own
client behind a trusted proxy (X-Forwarded-For), as the web's rate limits
see farmers in production. A setup ``GxW`` runs G gunicorn processes and W
processes on each queue; ``GxMxS`` runs M on the moves queue and S on mail
(docs/operations.md sizes 2 cores as 2x1x2). Printed per setup (gunicorn
processes, moves and mail processes, finished games already stored):

* moves_per_s: move log entries written per second (every step applied);
* mails_per_s: mails that reached the SMTP sink per second;
* turn_mail_ms p50/p99: from the POST that ends a turn (a confirm, a
  button or a reply handed in) to the next farmer's turn mail at the sink;
* submit_ms p50/p99: how long a submit (the POST) took to answer;
* refused: POSTs answered with neither a redirect nor 202 (none expected);
* games_over: games that ended by the window's end (a game that ends
  takes its load away; bot-only setups play four times ``--games`` so that
  none does).

The finished games (``--stored``, 10,000 by default) are inserted with bulk
SQL: 4 seats, 80 log entries and 10 sent mails each (the mails without
their bytes). Uses TEST_DATABASE_URL's server (default the local
PostgreSQL) with a database of its own, dropped afterwards, and Redis
database 14 with queue names of its own.

``+bots`` setups play games of one farmer and three greedy bots (half the
farmers by mail): most moves are the bots', and each farmer's turn ends with
a 4-farmer turn mail. ``+mix`` setups play a share of their games so
(``--against-bots``, half by default) and the others with two farmers, as a
service hosts both: the two-farmer games bring the mails, the games against
bots the moves; the share sets the load's mix (0.64 of 28-30 games is issue
15's 40 moves/s with 10 mails/s). ``botsN`` setups play bot-only games (no farmer, no
mail): the moves queue alone, with N worker processes on it. Also printed:
each process role's CPU share during the window (cores; the SMTP sink runs
in a process of its own, as an MTA would), the mails by
subject, and each stage's p50/p99 read from the rows' timestamps; and, for
the timed turn mails, where they spent their time (medians, ms), all of
them, those after a click, after a reply, and the slowest 5%: the submit to
the farmer's move request (``to_request``: for a reply also the moves queue
and reading the mail), the request in the moves queue until applied
(``moves_queue``), applied to the mail's row (``to_row``: the bots' moves),
the row until claimed (``mail_queue``: waiting and composing), claimed to
sent (``smtp``) and sent to the sink (``to_sink``, below 0: the row is
marked sent after the sink has the mail).

Games end at a steady load: at issue 15's, 30 games ending and new ones
beginning would bring about 0.3 game ends a second
(``game_ends_per_s_at_this_pace``: the window's moves over the mean length
of their games), each with its final mails and report. The window's own
games are young and none ends; ``--game-ends R`` ends R games a second
besides them: two-farmer games played in this process to one move before
their end before the stack starts (their mails marked sent), whose last
move the bench submits in the window as the web does.

Farmers answer at once by default: the stack then runs as fast as it can
and the turn-mail latency is mostly time in the queues. ``--think S`` makes
each farmer read each mail for 0.5-1.5 S seconds first, which holds the load
below the stack's most, where the latency is the work's own.

Run: ``python -m bench.stack [--games 24] [--seconds 40] [--think 0]
[--setups bots1,bots2,1x1,2x2,2x2+stored,1x1+bots,2x1x2+bots]``. Prints JSON lines, one
per setup, with the machine's load average.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from email import message_from_bytes, policy
from email.parser import BytesHeaderParser
from urllib.parse import urljoin

import requests
import sqlalchemy as sa
from aiosmtpd.controller import Controller
from itsdangerous import URLSafeTimedSerializer

from bench.stack.scratch import scratch_database
from service.config import ROOT
from service.inbound.auth import sign
from service.inbound.web import reply_to  # imported before the window: it loads half the service (3 s of CPU)

REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")

OPTION = re.compile(r"^\* (.+?) → .+\n  (http\S+/m/\S+)$", re.M)
BUTTON = re.compile(r'name="action" value="move"><input type="hidden" name="code" value="([^"]+)">'
                    r'<input type="hidden" name="version" value="(\d+)">')
ACT = re.compile(r'action="(/g/\d+/\d+/[^"]+/act)"')
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


HEADERS = BytesHeaderParser(policy=policy.default)
#: bot-only setups play this many times ``--games``: at 24 games a game ran
#: its ~200 moves within the window and the figure fell as games ended
BOT_GAMES_PER_GAME = 4


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


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


def options_of(mail) -> list[tuple[str, str]]:
    """A turn mail's options as (command, link), from its plain text."""
    return OPTION.findall(mail.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n"))


class Farmer(threading.Thread):
    """Plays one seat by links, or by mail replies (``by_mail``), from its own client address."""

    def __init__(self, address: str, game_id: int, sink: Sink, stop: threading.Event, submits: list,
                 base: str, client: str, by_mail: bool, inbound_secret: str, think: float = 0.0):
        super().__init__(daemon=True)
        self.address, self.game_id, self.sink, self.stop, self.submits = address, game_id, sink, stop, submits
        self.base, self.by_mail, self.inbound_secret = base, by_mail, inbound_secret
        self.think, self.pace = think, random.Random(client)
        self.http = requests.Session()
        self.http.headers["X-Forwarded-For"] = client
        self.errors: list[str] = []
        self.refused = 0

    def run(self):
        try:
            while not self.stop.is_set():
                mail = self.sink.next_turn_mail(self.address, self.stop)
                if mail is None:
                    return
                if self.think and self.stop.wait(self.think * self.pace.uniform(0.5, 1.5)):
                    return  # reads the mail for a while first (--think)
                if self.by_mail:
                    self.reply(mail)
                elif "continues" not in str(mail["Subject"]):  # a clicking farmer's turn goes on on the page
                    self.play_turn(mail)
        except Exception as error:  # a bench reports what went wrong and goes on with the others
            self.errors.append(repr(error))

    def submit(self, url: str, **kwargs):
        started = time.perf_counter()
        self.sink.submitted(self.game_id, time.monotonic(), "mail" if self.by_mail else "link")
        answer = self.http.post(url, allow_redirects=False, timeout=60, **kwargs)
        self.submits.append(time.perf_counter() - started)
        if answer.status_code not in (202, 303):
            self.refused += 1
            self.errors.append(f"{answer.status_code} from {url.split('?')[0][-40:]}")
            return None
        return answer

    def reply(self, mail):
        """The first option's command, replied to the mail and handed in as an MTA does."""
        options = options_of(mail)
        if not options:
            return
        raw = reply_to(mail, self.address, options[0][0], "bench.example")
        self.submit(self.base + "/inbound/mime", data=raw,
                    headers={"X-Farmpost-Signature": "sha256=" + sign(self.inbound_secret, raw),
                             "Content-Type": "message/rfc822"})

    def follow(self, answer):
        """From the 303 of a submit: the page of the move being applied, followed as a browser does, until it
        leads to the seat page."""
        page = self.http.get(urljoin(answer.url, answer.headers["Location"]), timeout=60)
        while page.status_code == 202:  # as the page's script does: its status every 150 ms, then the page again
            status = urljoin(page.url, re.search(r'data-status-url="([^"]+)"', page.text).group(1))
            while self.http.get(status, headers={"Accept": "application/json"}, timeout=60).json()["status"] \
                    == "pending":
                time.sleep(0.15)
            page = self.http.get(page.url, timeout=60)
        return page

    def play_turn(self, mail):
        """The turn mail's first option by its link, then the rest of the turn
        with the seat page's buttons. Once the turn has ended (the page's
        version is not the next after the last submit: the others played, the
        bots within the same move), the farmer waits for the next turn mail,
        even where the page already offers the next turn's moves."""
        options = options_of(mail)
        if not options:
            return
        _, link = options[0]
        page = self.http.get(link, timeout=60)
        if page.status_code != 200 or ">Confirm</button>" not in page.text:
            return
        version = link_version(link)
        answer = self.submit(link, data={"csrf_token": CSRF.search(page.text).group(1)})
        while answer is not None:
            page = self.follow(answer)
            buttons = BUTTON.findall(page.text)
            if not buttons or int(buttons[-1][1]) != version + 1:  # the turn ended with the last submit
                return
            code, version = buttons[-1][0], int(buttons[-1][1])
            action = urljoin(page.url, ACT.search(page.text).group(1))
            answer = self.submit(action, data={"csrf_token": CSRF.search(page.text).group(1), "action": "move",
                                               "code": code, "version": version})


def link_version(link: str) -> int:
    """The state version a move link was made at, read from its token's
    payload as any client can (the signature is the server's to check)."""
    token = link.rstrip("/").rsplit("/", 1)[-1]
    _, payload = URLSafeTimedSerializer("unchecked").loads_unsafe(token)
    return int(payload["v"])


def cpu_seconds(group: int | None = None, command: str | None = None, pid: int | None = None) -> float:
    """CPU time (user + system) so far of the processes in process group
    ``group``, of those whose command is ``command``, or of process ``pid``, from /proc."""
    tick, total = os.sysconf("SC_CLK_TCK"), 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name, fields = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:].split()
        if (group is not None and int(fields[2]) == group) or (command is not None and name == command) \
                or (pid is not None and int(entry) == pid):
            total += int(fields[11]) + int(fields[12])
    return total / tick


def stage_times(connection) -> dict:
    """Where a turn's time goes, from the rows' own timestamps (p50 and p99
    in ms over the last minute): a move request from stored to applied, a
    turn mail from queued to claimed (composed) and to sent."""
    def percentiles(sql: str) -> list:
        row = connection.execute(sa.text(
            f"SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY t), percentile_cont(0.99) WITHIN GROUP (ORDER BY t)"
            f" FROM ({sql}) s")).one()
        return [round(v * 1000, 1) if v is not None else None for v in row]

    recent = "created_at > (SELECT max(created_at) FROM {table}) - interval '60 seconds'"
    return {
        "move_request_applied_ms": percentiles(
            "SELECT EXTRACT(EPOCH FROM processed_at - created_at) t FROM move_requests WHERE processed_at IS NOT NULL"
            " AND " + recent.format(table="move_requests")),
        "turn_mail_composed_ms": percentiles(
            "SELECT EXTRACT(EPOCH FROM claimed_at - created_at) t FROM outgoing_mail WHERE kind = 'turn'"
            " AND claimed_at IS NOT NULL AND " + recent.format(table="outgoing_mail")),
        "turn_mail_sent_ms": percentiles(
            "SELECT EXTRACT(EPOCH FROM sent_at - created_at) t FROM outgoing_mail WHERE kind = 'turn'"
            " AND sent_at IS NOT NULL AND " + recent.format(table="outgoing_mail")),
    }


def where_slow_mails_waited(connection, timed: list[tuple[float, str]], stamps: list[tuple[str, float]]) -> dict:
    """Where the slowest 5% of the timed turn mails spent their time, beside
    all of them (medians in ms): from the submit to the farmer's move request
    (the web; for a reply, also the moves queue and reading the mail), the
    request waiting in the moves queue until applied, from applied to the
    mail's row (the bots' moves after it), the row to its claim (the mail
    queue and composing), the claim to sent (the SMTP handoff) and sent to
    the sink."""
    rows = {m: r for m, *r in connection.execute(sa.text(
        "SELECT m.message_id, EXTRACT(EPOCH FROM r.created_at), EXTRACT(EPOCH FROM r.processed_at),"
        " EXTRACT(EPOCH FROM m.created_at), EXTRACT(EPOCH FROM m.claimed_at), EXTRACT(EPOCH FROM m.sent_at)"
        " FROM outgoing_mail m CROSS JOIN LATERAL (SELECT created_at, processed_at FROM move_requests q"
        "  WHERE q.game_id = m.game_id AND q.source <> 'bot' AND q.created_at <= m.created_at"
        "  ORDER BY q.created_at DESC LIMIT 1) r WHERE m.message_id = ANY(:ids)"),
        {"ids": [m for m, _ in stamps]}).all()}
    parts = []
    for (latency, how), (message_id, arrived) in zip(timed, stamps):
        if None in rows.get(message_id, [None]):  # at the sink, not yet marked sent when the window closed
            continue
        requested, applied, created, claimed, sent = (float(v) for v in rows[message_id])
        submitted = arrived - latency
        parts.append((latency, requested - submitted, applied - requested, created - applied, claimed - created,
                      sent - claimed, arrived - sent, how))
    parts.sort()

    def medians(chosen):
        return {name: round(statistics.median(p[i] for p in chosen) * 1000, 1) for i, name in
                enumerate(("latency", "to_request", "moves_queue", "to_row", "mail_queue", "smtp", "to_sink"))} \
            if chosen else {}
    return {"all": medians(parts), **{f"by_{how}": medians([p for p in parts if p[-1] == how]) for how in ("link", "mail")},
            "slowest_5pc": medians(parts[-max(1, len(parts) // 20):])}


def insert_finished_games(engine, count: int) -> None:
    """``count`` finished games in a few bulk statements."""
    with engine.begin() as c:
        first = c.execute(sa.text("SELECT COALESCE(MAX(id), 0) + 1 FROM games")).scalar()
        c.execute(sa.text(
            "INSERT INTO games (id, kind, options, seed, status, version, next_seq, state, created_at, updated_at)"
            " SELECT g, 'sunfield', '{\"advanced\": true}', g, 'over', 80, 80, '{}', now(), now()"
            " FROM generate_series(CAST(:a AS integer), CAST(:b AS integer)) g"), {"a": first, "b": first + count - 1})
        c.execute(sa.text("SELECT setval(pg_get_serial_sequence('games', 'id'), :b)"), {"b": first + count - 1})
        c.execute(sa.text(
            "INSERT INTO seats (game_id, position, name, email, secret, reply_key, preferences, resigned, turn_held)"
            " SELECT g, p, 'Farmer ' || p, 'f' || g || '-' || p || '@example.org', md5(g || ':' || p),"
            " md5('reply' || g || ':' || p), '{}', false, false"
            " FROM generate_series(CAST(:a AS integer), CAST(:b AS integer)) g, generate_series(0, 3) p"), {"a": first, "b": first + count - 1})
        c.execute(sa.text(
            "INSERT INTO move_log (game_id, seq, seat, code, text, description, source, revealed, undone, created_at)"
            " SELECT g, s, s % 4, 'take:a1', 'take a1', 'took Field tile a1', 'link', false, false, now()"
            " FROM generate_series(CAST(:a AS integer), CAST(:b AS integer)) g, generate_series(0, 79) s"), {"a": first, "b": first + count - 1})
        c.execute(sa.text(
            "INSERT INTO outgoing_mail (message_id, game_id, kind, to_addr, subject, context, status, attempts,"
            " created_at, sent_at)"
            " SELECT '<' || g || '.' || n || '@bench>', g, 'turn', 'f' || g || '@example.org', 'your turn',"
            " '{}', 'sent', 0, now(), now() FROM generate_series(CAST(:a AS integer), CAST(:b AS integer)) g, generate_series(1, 10) n"),
            {"a": first, "b": first + count - 1})
        c.execute(sa.text("ANALYZE"))


#: the mean length in moves of an advanced Sunfield game of 2 and of 4
#: seats played by greedy bots (6 seeds each: 87-95 and 151-177 moves)
GAME_LENGTH = {2: 91, 4: 163}


def games_at_their_last_move(config, count: int) -> list[tuple[int, int, str, int]]:
    """``count`` two-farmer Sunfield games played here, before the stack
    starts, to one move before their end, each farmer playing the first
    option; their mails are marked sent (nobody reads them). Returns each
    game's (id, seat to act, the move that ends it, version): submitted in
    the window, that move ends the game through the stack as a farmer's
    last move does (the final mails with the report, the last turn's mails)."""
    from bench.stack.move_cpu import RecordingQueue
    from service.models import Game, OutgoingMail
    from service.rules import rules_for
    from service.services import Services
    from service.usecases.creation import FarmerSpec, create_game, join
    from service.usecases.playing import apply_move_request, submit_move

    queue = RecordingQueue()
    svc = Services.from_config(config, queue)
    rules, last = rules_for("sunfield"), []
    try:
        for n in range(count):
            created = create_game(svc, "sunfield", [FarmerSpec("Eve", f"end{n}-eve@example.org"),
                                                    FarmerSpec("Fay", f"end{n}-fay@example.org")],
                                  options={"advanced": True}, host=0, seed=5000 + n)
            join(svc, created.game_id, 1)
            while True:
                with svc.db.transaction() as session:
                    game = session.get(Game, created.game_id)
                    state, version = game.state, game.version
                seat, move = rules.to_act(state), rules.legal_moves(state)[0]
                if rules.is_over(rules.apply(state, move)):
                    last.append((created.game_id, seat, rules.code(move), version))
                    break
                submit_move(svc, created.game_id, seat, [rules.code(move)], source="link", base_version=version)
                while queue.jobs:
                    kind, ident = queue.jobs.popleft()
                    if kind == "request":
                        apply_move_request(svc, ident)
        with svc.db.transaction() as session:
            session.execute(sa.update(OutgoingMail).where(OutgoingMail.status == "pending")
                            .values(status="sent", sent_at=sa.func.now()))
    finally:
        svc.db.dispose()
    return last


def end_games(svc, last: list[tuple[int, int, str, int]], every: float, stop: threading.Event) -> None:
    """Submit one game's last move every ``every`` seconds, as the web does."""
    from service.usecases.playing import submit_move

    for game_id, seat, code, version in last:
        if stop.wait(every):
            return
        submit_move(svc, game_id, seat, [code], source="web", base_version=version)


class Stack:
    """gunicorn, the workers and beat as processes, on one database and queue prefix."""

    def __init__(self, env: dict, web: int, workers: tuple[int, int]):
        # the reports worker as deploy/ runs it: one process, nicer
        self.env, self.web, self.workers = env, web, {**dict(zip(("moves", "mail"), workers)), "reports": 1}
        self.processes: list[subprocess.Popen] = []
        self.roles: dict[str, int] = {}  # role -> process group
        self.log = open(os.path.join(env["FARMPOST_INSTANCE"], "stack.log"), "ab")

    def start(self):
        run = dict(cwd=ROOT, env={**os.environ, **self.env}, stdout=self.log, stderr=subprocess.STDOUT,
                   start_new_session=True)
        venv = os.path.dirname(sys.executable)
        commands = {
            "web": [os.path.join(venv, "gunicorn"), "-w", str(self.web), "-b", f"127.0.0.1:{self.env['PORT']}",
                    "--logger-class", "service.access_log.RedactingLogger", "service.wsgi:app"],
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


def run_setup(database_url: str, instance: str, web: int, workers: tuple[int, int], games: int, seconds: float,
              stored: int, bots: bool = False, farmer_and_bots: bool = False, think: float = 0.0,
              mixed: bool = False, against_bots: float = 0.5, game_ends: float = 0.0) -> dict:
    import redis

    from service.broker import CeleryQueue, sender
    from service.config import load_config
    from service.services import Services
    from service.usecases.creation import FarmerSpec, create_game, join

    sink = Sink()
    port = free_port()
    prefix = f"farmpost-bench-{uuid.uuid4().hex[:8]}"
    env = {"DATABASE_URL": database_url, "CELERY_BROKER_URL": REDIS_URL, "SMTP_URL": f"smtp://127.0.0.1:{sink.port}",
           "BASE_URL": f"http://127.0.0.1:{port}", "PORT": str(port), "FARMPOST_INSTANCE": instance,
           "SECRET_KEY": "bench-secret", "MAIL_DOMAIN": "farmpost.test", "FARMPOST_QUEUE": prefix,
           "INBOUND_SECRET": "bench-inbound", "TRUSTED_PROXIES": "1"}
    engine = sa.create_engine(database_url)
    if stored:
        insert_finished_games(engine, stored)
    config = load_config(env)
    # enough for the warm-up and the window, and a few to spare
    last_moves = games_at_their_last_move(config, math.ceil(game_ends * (min(10.0, seconds / 4) + seconds)) + 2) \
        if game_ends else []
    stack = Stack(env, web, workers).start()
    svc = Services.from_config(config, CeleryQueue(sender(config)))  # sends task names to Redis, as the web does
    stop, submits, farmers = threading.Event(), [], []
    try:
        if bots:  # enough that none ends in the window: a bot-only game runs 5 moves/s when 24 share the stack
            games *= BOT_GAMES_PER_GAME
        for n in range(games if bots else 0):  # the moves pipeline alone: no farmer, no mail
            create_game(svc, "sunfield", [FarmerSpec(f"Bot {p}", bot="greedy") for p in range(4)],
                        options={"advanced": True}, host=None, seed=2000 + n)
        def farmer_against_bots(n: int) -> None:  # one farmer against three bots, half of them by mail
            address = f"g{n}-ann@example.org"
            created = create_game(svc, "sunfield", [FarmerSpec("Ann", address)]
                                  + [FarmerSpec(f"Bot {p}", bot="greedy") for p in range(1, 4)],
                                  options={"advanced": True}, host=0, seed=3000 + n)
            farmers.append(Farmer(address, created.game_id, sink, stop, submits, env["BASE_URL"], f"10.1.{n}.1",
                                  by_mail=n % 2 == 1, inbound_secret=env["INBOUND_SECRET"], think=think))

        def two_farmers(n: int) -> None:
            address = [f"g{n}-ann@example.org", f"g{n}-bob@example.org"]
            created = create_game(svc, "sunfield", [FarmerSpec("Ann", address[0]), FarmerSpec("Bob", address[1])],
                                  options={"advanced": True}, host=0, seed=1000 + n)
            join(svc, created.game_id, 1)
            farmers.extend(Farmer(a, created.game_id, sink, stop, submits, env["BASE_URL"], f"10.0.{n}.{p + 1}",
                                  by_mail=(n + p) % 2 == 1, inbound_secret=env["INBOUND_SECRET"], think=think)
                           for p, a in enumerate(address))

        for n in range(0 if bots else games):
            # mixed: a share of the games (spread evenly, by mail or by links alike) is one farmer against bots
            if farmer_and_bots or (mixed and math.floor((n + 1) * against_bots) > math.floor(n * against_bots)):
                farmer_against_bots(n)
            else:
                two_farmers(n)
        for farmer in farmers:
            farmer.start()
        if last_moves:
            threading.Thread(target=end_games, args=(svc, last_moves, 1 / game_ends, stop), daemon=True).start()
        time.sleep(min(10.0, seconds / 4))  # warm up: every game under way
        with engine.connect() as c:
            moves0, since = c.execute(sa.text("SELECT count(*), now() FROM move_log")).one()
        mails0, latencies0, submits0, t0 = sink.count, len(sink.latencies), len(submits), time.perf_counter()
        cpu0 = {**stack.cpu(), "smtp sink": sink.cpu_seconds()}
        time.sleep(seconds)
        elapsed = time.perf_counter() - t0
        cpu1 = {**stack.cpu(), "smtp sink": sink.cpu_seconds()}
        with engine.connect() as c:
            moves1 = c.execute(sa.text("SELECT count(*) FROM move_log")).scalar()
            over = c.execute(sa.text("SELECT count(*) FROM games WHERE status = 'over' AND id > :stored"),
                             {"stored": stored}).scalar()  # the stored games come first
            stages = stage_times(c)
            ended = c.execute(sa.text("SELECT count(*) FROM games WHERE status = 'over' AND updated_at >= :since"
                                      " AND id > :stored"), {"since": since, "stored": stored}).scalar()
            by_seats = dict(c.execute(sa.text(
                "SELECT (SELECT count(*) FROM seats s WHERE s.game_id = m.game_id), count(*) FROM move_log m"
                " WHERE m.created_at >= :since GROUP BY 1"), {"since": since}).all())
            mails1, timed, times = sink.count, sink.latencies[latencies0:], sorted(submits[submits0:])
            stages["turn_mails_timed"] = where_slow_mails_waited(c, timed, sink.timed[latencies0:len(sink.latencies)])
    finally:
        stop.set()
        for farmer in farmers:
            farmer.join(timeout=30)
        stack.stop()
        sink.stop()
        svc.db.dispose()
        broker = redis.Redis.from_url(REDIS_URL)
        broker.delete(*(f"{prefix}.{q}" for q in ("moves", "mail", "reports")))
        broker.close()
        engine.dispose()

    def pct(values, q):
        return round(values[min(len(values) - 1, int(len(values) * q))] * 1000, 1) if values else None

    errors = [e for f in farmers for e in f.errors]
    latencies = sorted(t for t, _ in timed)
    by_way = {how: sorted(t for t, way in timed if way == how) for how in ("link", "mail")}
    kind = ("bot-only games" if bots else "a farmer and three bots per game, by links and by mail"
            if farmer_and_bots else f"{against_bots:.0%} of the games a farmer and three bots, the others two farmers,"
            " by links and by mail" if mixed else "two farmers per game, by links and by mail")
    return {"setup": kind,
            "gunicorn": web,
            "processes_moves_mail": list(workers), "think_s": think, "stored_games": stored, "games": games,
            "games_over": over, "game_ends_per_s": round(ended / elapsed, 2),
            # the ends the window's moves would bring if its games ran to their end and new ones began
            "game_ends_per_s_at_this_pace": round(sum(count / GAME_LENGTH.get(seats, GAME_LENGTH[4])
                                                      for seats, count in by_seats.items()) / elapsed, 2),
            "seconds": round(elapsed, 1), "moves_per_s": round((moves1 - moves0) / elapsed, 1),
            "mails_per_s": round((mails1 - mails0) / elapsed, 1),
            "turn_mail_ms_p50": round(statistics.median(latencies) * 1000, 1) if latencies else None,
            "turn_mail_ms_p99": pct(latencies, 0.99), "turn_mails_timed": len(latencies),
            **{f"after_{how}_ms_p50_p99": [pct(values, 0.5), pct(values, 0.99)] for how, values in by_way.items()},
            "submit_ms_p50": pct(times, 0.5), "submit_ms_p99": pct(times, 0.99), "submits": len(times),
            "stages": stages, "mails_by_subject": sink.kinds,
            "cpu_share": {role: round((cpu1[role] - cpu0[role]) / elapsed, 2) for role in cpu1}, "refused": sum(f.refused for f in farmers), "errors": errors[:3], "load_average": os.getloadavg()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a farmer reads a mail before answering it (0.5-1.5 times this), to hold the"
                             " load below what the stack can take; 0: answer at once, the stack's most")
    parser.add_argument("--against-bots", type=float, default=0.5,
                        help="+mix: the share of the games that are a farmer against three bots (they bring the moves,"
                             " the two-farmer games the mails)")
    parser.add_argument("--game-ends", type=float, default=0.0,
                        help="games ended per second in the window besides the farmers' (two-farmer games played"
                             " to their last move before the stack starts): the final mails with the report that a"
                             " steady load brings (the figure game_ends_per_s_at_this_pace says how many)")
    parser.add_argument("--stored", type=int, default=10_000, help="finished games for the last setup")
    parser.add_argument("--setups", default="bots1,bots2,1x1,2x2,2x2+stored,1x1+bots,2x1x2+bots",
                        help="gunicorn x worker processes per queue (GxW), or x moves x mail processes (GxMxS), comma"
                             " separated; +stored: with the finished games;"
                             " +bots: a farmer and three bots per game; +mix: half the games so, half two farmers;"
                             " botsN: bot-only games, N processes on the"
                             " moves queue")
    args = parser.parse_args()
    for setup in args.setups.split(","):
        shape, *extras = setup.split("+")
        stored = args.stored if "stored" in extras else 0
        bots = shape.startswith("bots")
        if bots:
            web, workers = 1, (int(shape[4:]), 1)
        else:
            web, *counts = (int(x) for x in shape.split("x"))
            workers = (counts[0], counts[-1])
        with scratch_database() as url, tempfile.TemporaryDirectory() as instance:
            print(json.dumps(run_setup(url, instance, web, workers, args.games, args.seconds, stored, bots,
                                       farmer_and_bots="bots" in extras, think=args.think,
                                       mixed="mix" in extras, against_bots=args.against_bots,
                                       game_ends=args.game_ends)), flush=True)

if __name__ == "__main__":
    main()
