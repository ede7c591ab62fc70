"""Two workers applying at once on PostgreSQL: the second waits for the
game's lock while the first applies, and decides on what the first
committed (service/storage/lookup.py, ``lock_request``).

The same request reaches two workers when a worker dies with its message
unacknowledged: the broker hands it out again and the sweeper queues it
too (tests/e2e/test_faults.py kills workers so).

Pebbles (tests/service/toygame.py): take 1 or 2 pebbles, then end the turn.
"""

from __future__ import annotations

import threading
import time

import pytest
import sqlalchemy as sa

from service.core.queue import NullQueue
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game, join
from tests.service.helpers import game_row, log_of, requests_of

pytestmark = pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)


def test_a_request_applied_by_one_worker_while_another_waits_for_its_game_stays_applied(svc, monkeypatch):
    create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")],
                host=0, seed=1)
    join(svc, 1, 1)
    svc.queue = NullQueue()  # the request is applied below, by two workers at once
    request_id = playing.submit_move(svc, 1, 0, ["take:1"], source="link", base_version=game_row(svc).version)

    # the first worker holds the game's lock, the move applied, until the second waits for it
    applied, go_on = threading.Event(), threading.Event()
    answer = playing.bots_answer

    def first_holds_the_lock(*args):
        if not applied.is_set():
            applied.set()
            assert go_on.wait(60)
        return answer(*args)

    monkeypatch.setattr(playing, "bots_answer", first_holds_the_lock)
    results = {}

    def worker(name):
        results[name] = playing.apply_move_request(svc, request_id).status

    first = threading.Thread(target=worker, args=("first",))
    first.start()
    assert applied.wait(60)
    second = threading.Thread(target=worker, args=("second",))
    second.start()
    waiting_for_the_lock(svc)
    go_on.set()
    first.join()
    second.join()

    assert results == {"first": "applied", "second": "applied"}
    assert [(r.status, r.result) for r in requests_of(svc)] == [("applied", "Done: take 1.")]
    assert [e.code for e in log_of(svc)] == ["take:1"]


def waiting_for_the_lock(svc) -> None:
    """Until a session of the database waits for a row lock (the second worker's)."""
    observer = sa.create_engine(svc.config.database_url)
    try:
        for _ in range(600):
            with observer.connect() as connection:
                if connection.execute(sa.text(
                        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                        "AND wait_event_type = 'Lock'")).scalar():
                    return
            time.sleep(0.1)
        raise AssertionError("the second worker never waited for the game's lock")
    finally:
        observer.dispose()
