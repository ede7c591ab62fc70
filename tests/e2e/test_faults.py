"""Faults injected into a running production stack: PostgreSQL, a Redis of
the test's own, a real Celery worker and beat, and an SMTP sink that can
misbehave (tests/e2e/faulty.py).

Each test plays a few moves in small games of Sunfield Farm for two while
something breaks (the worker is killed with SIGKILL, Redis stops, the SMTP
server refuses or defers, PostgreSQL drops the service's connections) and
then checks what must hold whatever happened:

* no move lost and none applied twice: each game's log is exactly the moves
  submitted, in order, each from its own request;
* every mail the games owe is in the outbox and reached the sink; a mail
  arrives twice only if it was being handed to the server when the worker
  died (same Message-ID both times).

Recovery goes through beat's sweep, run every second here
(``FARMPOST_SWEEP_EVERY``); the waits the service imposes (a mail's lease, a
row's 20 s before the sweeper takes it up, the backoffs) are skipped by
moving the service's clock (``FARMPOST_CLOCK_FILE``), never by sleeping.
The tests wait for progress (``Patience``), not against a budget.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections import Counter
from datetime import timedelta

import pytest
import requests
import sqlalchemy as sa

from engine import get_game
from engine.core import Rng
from service.core import wall_time
from service.core.config import ROOT
from service.core.wall_time import ENVIRONMENT_VARIABLE, offset, set_offset
from service.outbox.sending import LEASE
from service.storage.models import as_utc
from service.usecases.creation import FarmerSpec, create_game, join
from service.usecases.playing import submit_move
from tests.conftest import new_postgres_database
from tests.e2e.faulty import FaultySink, OwnRedis
from tests.e2e.stack import Patience, Stack

#: The fault tests run one after another on one pytest-xdist worker, beside
#: the light tests and apart from the whole-game stacks (docs/testing.md).
FAULTS = pytest.mark.xdist_group("faults")

pytestmark = [pytest.mark.integration, pytest.mark.slow, FAULTS]

#: how the service's own connections name themselves to PostgreSQL (the
#: test's observer connections do not, so they survive the terminations)
APPLICATION = "farmpost-faults"
SEED = 20261130
GAMES = 2
#: refused probes of the breaker in the SMTP outage: its wait doubles to 160 s,
#: longer than the tests' patience
PROBES = 4


# --------------------------------------------------------------------------- the stack, one per module


class Faults:
    """The running stack and the switches of its faults."""

    def __init__(self, stack: Stack, sink: FaultySink, redis: OwnRedis, clock, database_url: str, folder):
        self.stack, self.sink, self.redis, self.clock = stack, sink, redis, clock
        self.svc = stack.services
        self.database_url, self.folder = database_url, folder
        self.observer = sa.create_engine(database_url)  # not the service's: never terminated
        #: Message-IDs that were being handed to the server when the worker was killed
        self.in_flight_at_kill: set[str] = set()
        self.games_made = 0
        #: whether the worker is started again when it exits (supervise)
        self.supervised = False

    def advance(self, delta: timedelta) -> None:
        """Move the service's clock forward (this process, the worker, beat)."""
        set_offset(self.clock, offset() + delta.total_seconds())

    def kill_worker(self) -> None:
        """kill -9 the worker; what it was handing to the SMTP server may
        have arrived without being marked sent."""
        self.stack.kill_worker()
        with self.observer.connect() as connection:
            self.in_flight_at_kill.update(connection.execute(sa.text(
                "SELECT message_id FROM outgoing_mail WHERE status = 'sending'")).scalars())

    def restart_worker_after_its_leases(self) -> None:
        """Start a new worker once the dead one's claims have run out (the
        mail lease; the sweeper's 20 s) — by the clock, not by waiting."""
        self.advance(LEASE + timedelta(minutes=1))
        self.stack.start_worker()

    def supervise(self) -> None:
        """Start the worker again if it exited, as its supervisor does
        (``farmpost run``, systemd's ``Restart=always``, Docker's
        ``unless-stopped``): Celery 5.7's worker sometimes exits, with status
        0, when it loses Redis (kombu fails while closing the lost connection)."""
        if self.stack.worker.poll() is not None:
            self.stack.start_worker()

    def progress(self) -> tuple:
        return (self.stack.activity(), len(self.sink.messages), self.sink.refused, self.sink.deferred,
                len(self.sink.stalled))

    def logs(self) -> str:
        beat = (self.folder / "beat.log").read_text(errors="replace").splitlines()
        return (f"worker:\n{self.stack.worker_log()}\nbeat:\n"
                + "\n".join(line for line in beat if "INFO/" not in line)[-3000:])

    def wait_until(self, condition, what: str, patience: float = 60) -> None:
        waiting = Patience(patience, what)
        while not condition():
            waiting.check(self.progress(), self.logs)
            if self.supervised:
                self.supervise()
            time.sleep(0.1)

    def query(self, sql: str, **params):
        with self.observer.connect() as connection:
            return connection.execute(sa.text(sql), params).all()


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    folder = tmp_path_factory.mktemp("faults")
    clock = folder / "clock-offset"
    clock.write_text("0")
    with pytest.MonkeyPatch.context() as patch, new_postgres_database() as database_url:
        patch.setenv(ENVIRONMENT_VARIABLE, str(clock))
        redis = OwnRedis(folder).start()
        sink = FaultySink()
        env = {"DATABASE_URL": f"{database_url}?application_name={APPLICATION}", "CELERY_BROKER_URL": redis.url,
               "SMTP_URL": f"smtp://127.0.0.1:{sink.port}", ENVIRONMENT_VARIABLE: str(clock),
               "FARMPOST_SWEEP_EVERY": "1"}
        stack = Stack(folder, env, sink).start()
        beat = subprocess.Popen([sys.executable, "-m", "service.cli.main", "beat", "--loglevel=INFO"], cwd=ROOT,
                                env={**os.environ, **stack.env}, stdout=(folder / "beat.log").open("wb"),
                                stderr=subprocess.STDOUT, start_new_session=True)
        running = Faults(stack, sink, redis, clock, database_url, folder)
        try:
            yield running
        finally:
            os.killpg(beat.pid, signal.SIGTERM)
            beat.wait(timeout=30)
            # nothing left to finish (the checks are done), and a warm shutdown
            # after the PostgreSQL test was seen to hang until stop()'s 20 s
            stack.kill_worker()
            stack.stop()
            redis.stop()
            running.observer.dispose()


@pytest.fixture
def faults(running):
    """The module's stack, healed after each test whatever happened in it."""
    yield running
    running.supervised = False
    running.sink.recover()
    if running.redis.process.poll() is not None:
        running.redis.start()
    if running.stack.worker.poll() is not None:
        running.stack.start_worker()


# --------------------------------------------------------------------------- games and the moves played in them


class Table:
    """A few games of Sunfield Farm for two, everyone joined, and every move
    the test submitted to them (by ``submit_move``, as a followed link does)."""

    def __init__(self, faults: Faults, games: int = GAMES):
        self.faults, self.svc = faults, faults.svc
        self.rules = get_game("sunfield")
        self.rng = Rng.from_seed(SEED + faults.games_made)
        self.game_ids = []
        for _ in range(games):
            number = faults.games_made = faults.games_made + 1
            farmers = [FarmerSpec("Ann", f"ann{number}@example.org"), FarmerSpec("Bob", f"bob{number}@example.org")]
            created = create_game(self.svc, "sunfield", farmers, host=0, seed=SEED + number)
            join(self.svc, created.game_id, 1)
            self.game_ids.append(created.game_id)
        #: game id -> [(request id, code)] in the order submitted
        self.submitted: dict[int, list[tuple[int, str]]] = {game_id: [] for game_id in self.game_ids}

    def play_round(self, game_ids: list[int] | None = None) -> list[int]:
        """One move in every game (or in those given), on the version the
        farmer sees; returns the request ids. Waits for the previous round first."""
        self.applied()
        ids = []
        for game_id in game_ids or self.game_ids:
            state, version = self.state(game_id)
            moves = self.rules.legal_moves(state)
            code = self.rules.code(moves[self.rng.below(len(moves))])
            request_id = submit_move(self.svc, game_id, self.rules.to_act(state), [code], source="link",
                                     base_version=version, dedupe_key=f"faults-{game_id}-{version}")
            self.submitted[game_id].append((request_id, code))
            ids.append(request_id)
        return ids

    def state(self, game_id: int) -> tuple:
        [(state, version)] = self.faults.query("SELECT state, version FROM games WHERE id = :id", id=game_id)
        return state, version

    def pass_turns(self) -> None:
        """Rounds of moves until the turn has passed in every game: each owes
        a turn mail, which is on its way when this returns."""
        self.applied()
        starting = {game_id: self.rules.to_act(self.state(game_id)[0]) for game_id in self.game_ids}
        playing = list(self.game_ids)
        while playing:
            self.play_round(playing)
            self.applied()
            playing = [game_id for game_id in playing if self.rules.to_act(self.state(game_id)[0]) == starting[game_id]]

    def pending(self) -> int:
        ids = [request_id for moves in self.submitted.values() for request_id, _ in moves]
        [(count,)] = self.faults.query("SELECT count(*) FROM move_requests WHERE status = 'pending' "
                                       "AND id = ANY(:ids)", ids=ids)
        return count

    def applied(self) -> None:
        """Wait until every move submitted is processed."""
        self.faults.wait_until(lambda: self.pending() == 0, "moves submitted were never applied")

    def mails(self, where: str = "TRUE") -> list:
        return self.faults.query(f"SELECT id, message_id, kind, status, attempts FROM outgoing_mail "
                                 f"WHERE game_id = ANY(:ids) AND {where} ORDER BY id", ids=self.game_ids)

    def delivered(self) -> None:
        """Wait until the games' every mail is sent."""
        self.faults.wait_until(lambda: not self.mails("status <> 'sent'"), "mails of the games were never sent")

    # -- what must hold

    def check(self) -> None:
        self.applied()
        self.delivered()
        self.check_no_move_lost_or_applied_twice()
        self.check_every_mail_arrived()

    def check_no_move_lost_or_applied_twice(self) -> None:
        for game_id, moves in self.submitted.items():
            log = self.faults.query("SELECT request_id, code FROM move_log WHERE game_id = :id AND NOT undone "
                                    "ORDER BY seq", id=game_id)
            requests = self.faults.query("SELECT id, status, result, attempts, last_error FROM move_requests "
                                         "WHERE game_id = :id ORDER BY id", id=game_id)
            assert [tuple(row) for row in log] == moves, f"game {game_id}: {requests}\n{self.faults.logs()}"
            statuses = self.faults.query("SELECT status FROM move_requests WHERE game_id = :id", id=game_id)
            assert [status for (status,) in statuses] == ["applied"] * len(moves)

    def check_every_mail_arrived(self) -> None:
        mails = self.mails()
        outbox = {message_id for _, message_id, _, _, _ in mails}
        arrived = Counter(message_id for message_id in self.faults.sink.message_ids() if message_id in outbox)
        assert set(arrived) == outbox, f"never arrived: {outbox - set(arrived)}\n{self.faults.logs()}"
        twice = {message_id for message_id, count in arrived.items() if count > 1}
        assert twice <= self.faults.in_flight_at_kill, (twice, self.faults.in_flight_at_kill)
        assert max(arrived.values()) <= 2
        # the mails the games owe: an invitation, and a turn mail at every start of a turn
        kinds = Counter(kind for _, _, kind, _, _ in mails)
        assert kinds == Counter(invite=len(self.game_ids), turn=sum(self.turn_starts(g) for g in self.game_ids))

    def turn_starts(self, game_id: int) -> int:
        [(seed, options)] = self.faults.query("SELECT seed, options FROM games WHERE id = :id", id=game_id)
        state = self.rules.setup(2, options, seed)
        starts, previous = 1, self.rules.to_act(state)
        for _, code in self.submitted[game_id]:
            state = self.rules.apply(state, self.rules.from_code(code))
            current = self.rules.to_act(state)
            starts += current is not None and current != previous
            previous = current
        return starts


# --------------------------------------------------------------------------- the faults


def test_a_worker_killed_while_applying_moves_loses_none_and_applies_none_twice(faults):
    table = Table(faults)
    table.delivered()  # invitations and first turn mails: a worker at work
    # killed at once: the requests are in the broker or being applied
    table.play_round()
    faults.kill_worker()
    faults.restart_worker_after_its_leases()
    table.applied()
    # killed as soon as the first move of the round is applied: the others
    # are being applied, their mails written, enqueued or being sent
    ids = table.play_round()
    faults.wait_until(lambda: faults.query("SELECT count(*) FROM move_requests WHERE status <> 'pending' "
                                           "AND id = ANY(:ids)", ids=ids)[0][0] > 0, "the round never started")
    faults.kill_worker()
    faults.restart_worker_after_its_leases()
    table.pass_turns()  # and the new worker plays on
    table.check()


def test_a_worker_killed_while_the_smtp_server_holds_a_mail_sends_it_again_with_the_same_message_id(faults):
    table = Table(faults)
    table.delivered()
    faults.sink.stall()
    table.pass_turns()
    faults.wait_until(lambda: faults.sink.stalled, "no mail reached the DATA phase")
    faults.kill_worker()
    stalled = set(faults.sink.stalled)
    assert stalled <= faults.in_flight_at_kill  # claimed (sending), not yet marked sent
    faults.sink.recover()  # the server keeps what it had read: those mails arrived once
    faults.restart_worker_after_its_leases()
    table.play_round()
    table.check()
    # after their lease, the mails the dead worker held are sent again, with the same Message-ID
    arrived = Counter(faults.sink.message_ids())
    assert {message_id: arrived[message_id] for message_id in stalled} == {message_id: 2 for message_id in stalled}


def test_redis_stopped_and_started_empty_loses_no_move_and_no_mail(faults):
    table = Table(faults)
    table.delivered()
    # stopped while the round is in the broker or being applied; started
    # again empty (no persistence): whatever it held is gone
    faults.supervised = True
    table.play_round()
    faults.redis.stop()
    time.sleep(3)  # a few seconds of outage (the fault, not a deadline)
    faults.redis.start()
    faults.supervise()
    faults.advance(timedelta(seconds=30))  # what was not enqueued has waited the sweeper's 20 s
    table.applied()
    # moves submitted while Redis is down wait in the database
    faults.redis.stop()
    table.play_round()
    faults.redis.start()
    faults.supervise()
    faults.advance(timedelta(seconds=30))
    table.applied()
    table.play_round()  # the worker consumes again from the new Redis
    table.check()


def test_an_smtp_server_refusing_connections_opens_the_breaker_and_no_mail_counts_a_try(faults):
    table = Table(faults)
    table.delivered()
    faults.sink.refuse()
    table.pass_turns()

    def every_mail_waits():
        """Every unsent mail met the refusal or the open breaker and waits for a later time."""
        waiting = faults.query("SELECT status, next_try_at FROM outgoing_mail WHERE status <> 'sent'")
        return waiting and all(status == "pending" and next_try_at is not None and as_utc(next_try_at) > wall_time.now()
                               for status, next_try_at in waiting)

    faults.wait_until(every_mail_waits, "the mails never met the refusal")
    # each time the breaker's wait is over, one mail probes, is refused, and the others wait again
    for _ in range(PROBES):
        refused = faults.sink.refused
        [(until,)] = faults.query("SELECT open_until FROM circuit_breakers WHERE name = 'smtp'")
        faults.advance(until - wall_time.now() + timedelta(seconds=1))
        faults.wait_until(lambda before=refused: faults.sink.refused > before, "no probe after the breaker's wait")
        faults.wait_until(every_mail_waits, "the mails did not wait for the breaker again")
    [(failures,)] = faults.query("SELECT failures FROM circuit_breakers WHERE name = 'smtp'")
    waiting = table.mails("status <> 'sent'")
    # every refusal opened the breaker; at most one per pool process before it was open, then one per wait
    assert faults.sink.refused == failures <= 2 + PROBES, faults.logs()
    assert len(waiting) >= GAMES and all(attempts == 0 for *_, attempts in waiting)

    faults.sink.recover()
    [(until,)] = faults.query("SELECT open_until FROM circuit_breakers WHERE name = 'smtp'")
    faults.advance(until - wall_time.now() + timedelta(seconds=1))  # the next probe gets through
    faults.wait_until(lambda: not faults.query("SELECT * FROM circuit_breakers"), "the breaker never closed")
    # and the mails that waited go out with the next sweeps, not after another wait of the breaker
    table.play_round()
    table.check()
    assert faults.query("SELECT * FROM circuit_breakers") == []
    assert all(attempts == 0 for *_, attempts in table.mails())


def test_an_smtp_server_deferring_every_mail_backs_each_off_and_delivers_all_once_it_recovers(faults):
    table = Table(faults)
    table.delivered()
    faults.sink.defer()
    table.pass_turns()

    def every_mail_tried(times):
        waiting = table.mails("status <> 'sent'")
        return waiting and all(status == "pending" and attempts >= times for _, _, _, status, attempts in waiting)

    faults.wait_until(lambda: every_mail_tried(1), "the mails were never deferred")
    faults.advance(timedelta(seconds=31))  # the first backoff (30 s) is over
    faults.wait_until(lambda: every_mail_tried(2), "the deferred mails were not tried again")
    deferred = table.mails("status <> 'sent'")
    assert faults.query("SELECT * FROM circuit_breakers") == []  # the server answers: no breaker
    faults.sink.recover()
    faults.advance(timedelta(seconds=61))  # the second backoff (60 s) is over
    table.check()
    tries = {message_id: attempts for _, message_id, _, _, attempts in table.mails()}
    assert all(2 <= tries[message_id] < faults.svc.config.max_tries for _, message_id, *_ in deferred)
    assert faults.sink.deferred == sum(tries.values())  # each 451 counted one try on its mail


def test_postgresql_dropping_the_service_connections_loses_no_move_and_no_mail(faults):
    table = Table(faults)
    table.delivered()
    database = faults.database_url.rsplit("/", 1)[1]
    for _ in range(3):
        table.play_round()
        terminated = 0
        for _ in range(20):  # the service's every session dropped, ten times a second for two seconds
            terminated += len(faults.query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :db "
                "AND application_name = :app AND pid <> pg_backend_pid()", db=database, app=APPLICATION))
            time.sleep(0.1)
        assert terminated > 0
        table.applied()
    table.check()
    # the worker's heartbeat came back too: /healthz is green again
    faults.wait_until(lambda: requests.get(faults.stack.base_url + "/healthz", timeout=30).status_code == 200,
                      "/healthz never recovered")
