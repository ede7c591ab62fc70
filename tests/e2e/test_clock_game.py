"""End to end on the production stack: a whole game of Sunfield Farm on a
clock with one silent farmer, on PostgreSQL, Redis, a real Celery worker and
a real beat. Bob never answers; every time his deadline passes, beat's clocks
task lets the search bot play his turn, once, and the game finishes.

Time is moved with the service's clock seam (FARMPOST_CLOCK_FILE, read by
this process, the worker and beat alike); the test only waits for progress.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from datetime import timedelta

import pytest
import sqlalchemy as sa

from service.core.config import ROOT
from service.core.wall_time import ENVIRONMENT_VARIABLE, travel_to
from service.game.clocks import ClockSettings
from service.storage.models import as_utc
from service.usecases.creation import FarmerSpec, create_game, join
from tests.conftest import empty_postgres
from tests.e2e.stack import Patience, SmtpSink, Stack

pytestmark = [pytest.mark.integration, pytest.mark.slow]


@pytest.fixture
def clock_file(tmp_path, monkeypatch):
    path = tmp_path / "clock-offset"
    path.write_text("0")
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(path))
    return path


@pytest.fixture
def stack(tmp_path, postgres_schema, redis_url, clock_file):
    sink = SmtpSink()
    env = {"DATABASE_URL": postgres_schema, "CELERY_BROKER_URL": redis_url, "SMTP_URL": f"smtp://127.0.0.1:{sink.port}",
           ENVIRONMENT_VARIABLE: str(clock_file), "FARMPOST_CLOCKS_EVERY": "1"}
    running = Stack(tmp_path, env, sink).start()
    beat = subprocess.Popen([sys.executable, "-m", "service.cli.main", "beat", "--loglevel=INFO"], cwd=ROOT,
                            env={**os.environ, **running.env}, stdout=(tmp_path / "beat.log").open("wb"),
                            stderr=subprocess.STDOUT, start_new_session=True)
    yield running
    os.killpg(beat.pid, signal.SIGTERM)
    beat.wait(timeout=20)
    running.stop()
    empty_postgres(postgres_schema)


def clock_state(engine, game_id):
    with engine.connect() as connection:
        return connection.execute(sa.text(
            "SELECT g.status, g.version, c.turn_seat, c.deadline, c.turn FROM games g "
            "JOIN game_clocks c ON c.game_id = g.id WHERE g.id = :id"), {"id": game_id}).one()


def test_a_whole_game_on_a_clock_finishes_with_one_silent_farmer_timing_out(stack, clock_file):
    svc = stack.services
    created = create_game(svc, "sunfield", [FarmerSpec("Greedy bot", bot="greedy"),
                                            FarmerSpec("Bob", "bob@example.org")],
                          host=None, seed=20261130, clock=ClockSettings(per_turn=2 * 24 * 3600))
    join(svc, created.game_id, 1)
    engine = sa.create_engine(stack.config.database_url)
    # the game takes what the machine allows: fail only when the stack stops getting work done
    bob_turns, patience = 0, Patience(120, "the game did not finish")
    while True:
        status, version, turn_seat, deadline, turn = clock_state(engine, created.game_id)
        if status == "over":
            break
        patience.check((version, turn, stack.activity()), stack.worker_log)
        if turn_seat != 1:
            time.sleep(0.1)  # the bot's move is on its way through the worker
            continue
        travel_to(clock_file, as_utc(deadline) + timedelta(seconds=1))
        bob_turns += 1
        # wait for beat to time the turn out: Bob's next turn starts, or the game ends
        waiting = Patience(120, f"the timeout of Bob's turn {bob_turns} never came")
        while (now := clock_state(engine, created.game_id))[4] == turn and now[0] != "over":
            waiting.check((now, stack.activity()), stack.worker_log)
            time.sleep(0.1)
    with engine.connect() as connection:
        timeouts = connection.execute(sa.text(
            "SELECT count(*) FROM clock_events WHERE game_id = :id AND kind = 'timeout'"),
            {"id": created.game_id}).scalar()
        clock_moves = connection.execute(sa.text(
            "SELECT count(DISTINCT request_id) FROM move_log WHERE game_id = :id AND source = 'clock'"),
            {"id": created.game_id}).scalar()
        bob_timeouts = connection.execute(sa.text(
            "SELECT timeouts FROM seat_clocks s JOIN seats t ON t.id = s.seat_id "
            "WHERE t.game_id = :id AND t.position = 1"), {"id": created.game_id}).scalar()
    engine.dispose()
    assert bob_turns > 3
    assert timeouts == clock_moves == bob_timeouts == bob_turns
    finals = [to for to, message in stack.inbox.received() if "final result" in message["Subject"]]
    mailed = Patience(60, "the final result was never mailed")
    while not finals:
        mailed.check(stack.activity(), stack.worker_log)
        time.sleep(0.2)
        finals = [to for to, message in stack.inbox.received() if "final result" in message["Subject"]]
    assert finals == ["bob@example.org"]
