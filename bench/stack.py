"""The service on the real stack: PostgreSQL, Redis, gunicorn, Celery
workers on their queues (a moves worker and a mail worker) and an SMTP sink.

Many two-farmer Sunfield games are played at once over HTTP, as farmers
play them: each farmer waits for their turn mail at the sink, opens one of
its move links, confirms it, follows the page of the move being applied to
their seat page and plays the rest of their turn with its buttons. Printed
per setup (gunicorn processes, worker processes per queue, finished games
already stored):

* moves_per_s: move log entries written per second (every step applied);
* mails_per_s: mails that reached the SMTP sink per second;
* turn_mail_ms p50/p99: from the POST that ends a turn to the next
  farmer's turn mail at the sink;
* submit_ms p50/p99: how long a submit (the POST) took to answer.

The finished games (``--stored``, 10,000 by default) are inserted with bulk
SQL: 4 seats, 80 log entries and 10 sent mails each (the mails without
their bytes). Uses TEST_DATABASE_URL's server (default the local
PostgreSQL) with a database of its own, dropped afterwards, and Redis
database 14 with queue names of its own.

``botsN`` setups play bot-only games instead (no farmer, no mail): the
moves queue alone, with N worker processes on it.

Run: ``python -m bench.stack [--games 24] [--seconds 40] [--setups bots1,1x1,2x2+stored]``. Prints JSON
lines, one per setup, with the machine's load average.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
import uuid
from email import message_from_bytes, policy
from urllib.parse import urljoin

import requests
import sqlalchemy as sa
from aiosmtpd.controller import Controller

from service.config import ROOT

ADMIN_URL = os.environ.get("TEST_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")

OPTION = re.compile(r"^\* (.+?) → .+\n  (http\S+/m/\S+)$", re.M)
BUTTON = re.compile(r'name="action" value="move"><input type="hidden" name="code" value="([^"]+)">'
                    r'<input type="hidden" name="version" value="(\d+)">')
ACT = re.compile(r'action="(/g/\d+/\d+/[^"]+/act)"')
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Sink:
    """The SMTP server mail goes to; wakes the farmer a turn mail is for and
    times it against the POST that ended the turn before."""

    def __init__(self):
        self.port = free_port()
        self.lock = threading.Condition()
        self.inbox: dict[str, list] = {}
        self.count = 0
        self.turn_ended: dict[int, float] = {}  # game id -> when the POST that ended the last turn was sent
        self.latencies: list[float] = []
        self.controller = Controller(self, hostname="127.0.0.1", port=self.port)

    async def handle_DATA(self, server, session, envelope):
        arrived = time.perf_counter()
        message = message_from_bytes(envelope.content, policy=policy.default)
        with self.lock:
            self.count += 1
            if "your turn" in str(message["Subject"]) and "continues" not in str(message["Subject"]):
                game = int(message["X-Farmpost-Game"])
                ended = self.turn_ended.pop(game, None)
                if ended is not None:
                    self.latencies.append(arrived - ended)
                for to in envelope.rcpt_tos:
                    self.inbox.setdefault(to, []).append(message)
                self.lock.notify_all()
        return "250 OK"

    def next_turn_mail(self, address: str, stop: threading.Event):
        with self.lock:
            while not self.inbox.get(address) and not stop.is_set():
                self.lock.wait(0.5)
            return self.inbox[address].pop(0) if self.inbox.get(address) else None


class Farmer(threading.Thread):
    def __init__(self, address: str, game_id: int, sink: Sink, stop: threading.Event, submits: list):
        super().__init__(daemon=True)
        self.address, self.game_id, self.sink, self.stop, self.submits = address, game_id, sink, stop, submits
        self.http = requests.Session()
        self.errors: list[str] = []

    def run(self):
        try:
            while not self.stop.is_set():
                mail = self.sink.next_turn_mail(self.address, self.stop)
                if mail is None:
                    return
                self.play_turn(mail)
        except Exception as error:  # a bench reports what went wrong and goes on with the others
            self.errors.append(repr(error))

    def submit(self, url: str, data: dict):
        started = time.perf_counter()
        answer = self.http.post(url, data=data, allow_redirects=False, timeout=60)
        self.submits.append(time.perf_counter() - started)
        return started, answer

    def follow(self, answer):
        """From the 303 of a submit: the page of the move being applied, until it leads to the seat page."""
        page = self.http.get(answer.headers["Location"], timeout=60)
        while page.status_code == 202:
            time.sleep(0.05)
            page = self.http.get(page.url, timeout=60)
        return page

    def play_turn(self, mail):
        text = mail.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
        options = OPTION.findall(text)
        if not options:
            return
        _, link = options[0]
        page = self.http.get(link, timeout=60)
        if page.status_code != 200 or ">Confirm</button>" not in page.text:
            return
        started, answer = self.submit(link, {"csrf_token": CSRF.search(page.text).group(1)})
        page = self.follow(answer)
        while True:
            buttons = BUTTON.findall(page.text)
            if not buttons:  # the turn ended with the last submit
                with self.sink.lock:
                    self.sink.turn_ended.setdefault(self.game_id, started)
                return
            code, version = buttons[-1]
            action = urljoin(page.url, ACT.search(page.text).group(1))
            started, answer = self.submit(action, {"csrf_token": CSRF.search(page.text).group(1), "action": "move",
                                                   "code": code, "version": version})
            page = self.follow(answer)


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


class Stack:
    """gunicorn and the workers as processes, on one database and queue prefix."""

    def __init__(self, env: dict, web: int, workers: int):
        self.env, self.web, self.workers = env, web, workers
        self.processes: list[subprocess.Popen] = []
        self.log = open(os.path.join(env["FARMPOST_INSTANCE"], "stack.log"), "ab")

    def start(self):
        run = dict(cwd=ROOT, env={**os.environ, **self.env}, stdout=self.log, stderr=subprocess.STDOUT,
                   start_new_session=True)
        venv = os.path.dirname(sys.executable)
        self.processes.append(subprocess.Popen(
            [os.path.join(venv, "gunicorn"), "-w", str(self.web), "-b", f"127.0.0.1:{self.env['PORT']}",
             "--logger-class", "service.access_log.RedactingLogger", "service.wsgi:app"], **run))
        for queues in ("moves", "mail,reports"):
            self.processes.append(subprocess.Popen(
                [sys.executable, "-m", "worker", "worker", f"--queues={queues}", f"--concurrency={self.workers}",
                 "--quiet", "--loglevel=WARNING"], **run))
        deadline = time.monotonic() + 120
        while True:
            try:
                if requests.get(self.env["BASE_URL"] + "/healthz", timeout=30).status_code == 200:
                    return self
            except (requests.ConnectionError, requests.Timeout):
                pass
            assert time.monotonic() < deadline, "the stack did not become healthy"
            time.sleep(0.5)

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


def run_setup(database_url: str, instance: str, web: int, workers: int, games: int, seconds: float,
              stored: int, bots: bool = False) -> dict:
    import redis

    from service.broker import CeleryQueue, sender
    from service.config import load_config
    from service.services import Services
    from service.usecases.creation import FarmerSpec, create_game, join

    sink = Sink()
    sink.controller.start()
    port = free_port()
    prefix = f"farmpost-bench-{uuid.uuid4().hex[:8]}"
    env = {"DATABASE_URL": database_url, "CELERY_BROKER_URL": REDIS_URL, "SMTP_URL": f"smtp://127.0.0.1:{sink.port}",
           "BASE_URL": f"http://127.0.0.1:{port}", "PORT": str(port), "FARMPOST_INSTANCE": instance,
           "SECRET_KEY": "bench-secret", "MAIL_DOMAIN": "farmpost.test", "FARMPOST_QUEUE": prefix}
    engine = sa.create_engine(database_url)
    if stored:
        insert_finished_games(engine, stored)
    stack = Stack(env, web, workers).start()
    config = load_config(env)
    svc = Services.from_config(config, CeleryQueue(sender(config)))  # sends task names to Redis, as the web does
    stop, submits, farmers = threading.Event(), [], []
    try:
        for n in range(games if bots else 0):  # the moves pipeline alone: no farmer, no mail
            create_game(svc, "sunfield", [FarmerSpec(f"Bot {p}", bot="greedy") for p in range(4)],
                        options={"advanced": True}, host=None, seed=2000 + n)
        for n in range(0 if bots else games):
            address = [f"g{n}-ann@example.org", f"g{n}-bob@example.org"]
            created = create_game(svc, "sunfield", [FarmerSpec("Ann", address[0]), FarmerSpec("Bob", address[1])],
                                  options={"advanced": True}, host=0, seed=1000 + n)
            join(svc, created.game_id, 1)
            farmers += [Farmer(a, created.game_id, sink, stop, submits) for a in address]
        for farmer in farmers:
            farmer.start()
        time.sleep(min(10.0, seconds / 4))  # warm up: every game under way
        with engine.connect() as c:
            moves0 = c.execute(sa.text("SELECT count(*) FROM move_log")).scalar()
        mails0, latencies0, submits0, t0 = sink.count, len(sink.latencies), len(submits), time.perf_counter()
        time.sleep(seconds)
        elapsed = time.perf_counter() - t0
        with engine.connect() as c:
            moves1 = c.execute(sa.text("SELECT count(*) FROM move_log")).scalar()
        mails1, latencies, times = sink.count, sorted(sink.latencies[latencies0:]), sorted(submits[submits0:])
    finally:
        stop.set()
        for farmer in farmers:
            farmer.join(timeout=30)
        stack.stop()
        sink.controller.stop()
        svc.db.dispose()
        broker = redis.Redis.from_url(REDIS_URL)
        broker.delete(*(f"{prefix}.{q}" for q in ("moves", "mail", "reports")))
        broker.close()
        engine.dispose()

    def pct(values, q):
        return round(values[min(len(values) - 1, int(len(values) * q))] * 1000, 1) if values else None

    errors = [e for f in farmers for e in f.errors]
    return {"setup": "bot-only games" if bots else "two farmers per game, over HTTP", "gunicorn": web,
            "workers_per_queue": workers, "stored_games": stored, "games": games,
            "seconds": round(elapsed, 1), "moves_per_s": round((moves1 - moves0) / elapsed, 1),
            "mails_per_s": round((mails1 - mails0) / elapsed, 1),
            "turn_mail_ms_p50": round(statistics.median(latencies) * 1000, 1) if latencies else None,
            "turn_mail_ms_p99": pct(latencies, 0.99), "turn_mails_timed": len(latencies),
            "submit_ms_p50": pct(times, 0.5), "submit_ms_p99": pct(times, 0.99), "submits": len(times),
            "errors": errors[:3], "load_average": os.getloadavg()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=40.0)
    parser.add_argument("--stored", type=int, default=10_000, help="finished games for the last setup")
    parser.add_argument("--setups", default="bots1,bots2,1x1,2x2,2x2+stored",
                        help="gunicorn x workers per queue, comma separated; +stored: with the finished games;"
                             " botsN: bot-only games, N processes on the moves queue")
    args = parser.parse_args()
    import tempfile

    from service.migrate import upgrade

    for setup in args.setups.split(","):
        stored = args.stored if setup.endswith("+stored") else 0
        bots = setup.startswith("bots")
        web, workers = (1, int(setup[4:])) if bots else (int(x) for x in setup.removesuffix("+stored").split("x"))
        name = f"farmpost_bench_{uuid.uuid4().hex[:8]}"
        admin = sa.create_engine(ADMIN_URL, isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.exec_driver_sql(f'CREATE DATABASE "{name}"')
        url = admin.url.set(database=name).render_as_string(hide_password=False)
        try:
            from service.db import Database

            database = Database(url)
            upgrade(database)
            database.dispose()
            with tempfile.TemporaryDirectory() as instance:
                print(json.dumps(run_setup(url, instance, web, workers, args.games, args.seconds, stored, bots)),
                      flush=True)
        finally:
            with admin.connect() as c:
                c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            admin.dispose()


if __name__ == "__main__":
    main()
