"""The queues (service/jobs/broker.py): moves, mail and reports apart, so that a
move never waits behind a turn mail's rendering, nor a turn mail behind an
end-game report."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest
import redis

from service.core.config import ROOT, load_config
from service.core.services import Services
from service.jobs.broker import QUEUES, ROUTES, CeleryQueue, celery_settings, queue_name
from service.storage.models import MoveRequest
from tests.conftest import empty_postgres
from tests.e2e.stack import ONE_STACK_AT_A_TIME
from worker.app import create_celery


def test_every_task_is_routed_to_the_queue_designed_for_it(tmp_path):
    config = load_config({"FARMPOST_INSTANCE": str(tmp_path), "FARMPOST_QUEUE": "farm"})
    app = create_celery(config)
    ours = {name for name in app.tasks if name.startswith("farmpost.")}
    assert ours == set(ROUTES)
    routes = celery_settings(config)["task_routes"]
    assert routes["farmpost.apply_move_request"] == {"queue": "farm.moves"}
    # reading a mail costs CPU in proportion to its size, whoever sent it: never before a move
    assert routes["farmpost.process_inbound"] == {"queue": "farm.inbound"}
    assert routes["farmpost.imap_poll"] == {"queue": "farm.inbound"}
    assert routes["farmpost.send_mail"] == {"queue": "farm.mail"}
    assert routes["farmpost.send_webhook"] == {"queue": "farm.mail"}  # calls out, like mail: never before a move
    assert routes["farmpost.send_report"] == {"queue": "farm.reports"}  # half a second: no turn mail behind it
    assert routes["farmpost.digest"] == {"queue": "farm.reports"}
    assert celery_settings(config)["task_default_queue"] == "farm.moves"
    assert [queue_name(config, q) for q in QUEUES] == ["farm.moves", "farm.inbound", "farm.mail", "farm.reports"]


@pytest.mark.integration
@ONE_STACK_AT_A_TIME  # a worker process with its pool
def test_given_a_full_mail_queue_when_a_farmer_moves_then_the_moves_worker_applies_it_at_once(
        tmp_path, postgres_schema, redis_url):
    from engine import get_game
    from service.usecases.creation import FarmerSpec, create_game, join
    from service.usecases.playing import submit_move

    env = {"FARMPOST_INSTANCE": str(tmp_path / "instance"), "DATABASE_URL": postgres_schema,
           "CELERY_BROKER_URL": redis_url, "FARMPOST_QUEUE": f"farmpost-test-{uuid.uuid4().hex[:8]}",
           "SECRET_KEY": "queues-secret", "BASE_URL": "http://farmpost.test", "MAIL_DOMAIN": "farmpost.test"}
    config = load_config(env)
    app = create_celery(config)
    svc = Services.from_config(config, CeleryQueue(app))
    broker = redis.Redis.from_url(redis_url)
    mail_queue = queue_name(config, "mail")
    worker = None
    try:
        # given a mail queue with a thousand renders waiting
        with app.producer_or_acquire() as producer:
            for n in range(1000):
                app.send_task("farmpost.send_mail", args=[10**9 + n], producer=producer)
        created = create_game(svc, "sunfield", [FarmerSpec("Ann", "ann@example.org"),
                                                FarmerSpec("Bob", "bob@example.org")], host=0, seed=3)
        join(svc, created.game_id, 1)
        waiting = broker.llen(mail_queue)
        assert waiting >= 1000
        # when the farmer to act moves, with one worker on the moves queue
        rules = get_game("sunfield")
        with svc.db.transaction() as session:
            from service.storage.models import Game

            game = session.get(Game, created.game_id)
            seat, code, version = rules.to_act(game.state), rules.code(rules.legal_moves(game.state)[0]), game.version
        request_id = submit_move(svc, created.game_id, seat, [code], source="web", base_version=version)
        worker = subprocess.Popen([sys.executable, "-m", "worker", "worker", "--queues=moves", "--concurrency=1",
                                   "--quiet", "--loglevel=WARNING"], cwd=ROOT, env={**os.environ, **env},
                                  start_new_session=True)
        # then it is applied while every mail still waits (the worker must start first: wait for it)
        status = "pending"
        while status == "pending":
            assert worker.poll() is None, "the moves worker died"
            time.sleep(0.2)
            with svc.db.transaction() as session:
                status = session.get(MoveRequest, request_id).status
        assert status == "applied"
        assert broker.llen(mail_queue) >= waiting  # no mail left the queue before the move
    finally:
        if worker is not None:
            os.killpg(worker.pid, signal.SIGTERM)
            worker.wait(timeout=30)
        broker.delete(*(queue_name(config, q) for q in QUEUES))
        broker.close()
        svc.db.dispose()
        empty_postgres(postgres_schema)  # the session's database: the next test starts from game #1


@contextmanager
def sending_queue(tmp_path, redis_url):
    """A queue that sends task names to Redis, as the web does, on queues of
    its own, and what Redis holds in each of them (the jobs' headers);
    emptied afterwards."""
    from service.jobs.broker import sender

    config = load_config({"FARMPOST_INSTANCE": str(tmp_path), "CELERY_BROKER_URL": redis_url,
                          "FARMPOST_QUEUE": f"farmpost-test-{uuid.uuid4().hex[:8]}"})
    broker = redis.Redis.from_url(redis_url)

    def held() -> dict[str, list[dict]]:
        return {q: [json.loads(raw)["headers"] for raw in broker.lrange(queue_name(config, q), 0, -1)]
                for q in QUEUES}

    try:
        yield CeleryQueue(sender(config)), held
    finally:
        broker.delete(*(queue_name(config, q) for q in QUEUES))
        broker.close()


@pytest.mark.integration
def test_a_job_the_sweep_queues_again_reaches_the_broker_with_its_expiry(tmp_path, redis_url):
    """What the worker reads from Redis: a first job has no expiry; a job
    queued again with ``expires`` carries the moment it lapses."""
    from datetime import UTC, datetime, timedelta

    with sending_queue(tmp_path, redis_url) as (queue, held):
        queue.enqueue("mail", 7)
        queue.enqueue("mail", 8, expires=15)
        headers = {h["argsrepr"]: h for h in held()["mail"]}
    assert headers["[7]"]["expires"] is None
    lapses = datetime.fromisoformat(headers["[8]"]["expires"])
    assert timedelta(seconds=10) < lapses - datetime.now(UTC) <= timedelta(seconds=15)


@pytest.mark.integration
def test_a_report_mail_reaches_the_reports_queue_and_a_turn_mail_the_mail_queue(tmp_path, redis_url):
    """What Redis holds after the web or a moves worker hands on one mail
    of each: the task that sends it, in the list its queue is."""
    with sending_queue(tmp_path, redis_url) as (queue, held):
        queue.enqueue("mail", 7)
        queue.enqueue("report", 8)
        jobs = {q: [(h["task"], h["argsrepr"]) for h in headers] for q, headers in held().items()}
    assert jobs == {"moves": [], "inbound": [], "mail": [("farmpost.send_mail", "[7]")],
                    "reports": [("farmpost.send_report", "[8]")]}

def pool_of(pid: int) -> list[int]:
    """The processes a worker forked (its pool), from /proc."""
    try:
        return [int(child) for child in (Path(f"/proc/{pid}/task/{pid}/children").read_text().split())]
    except FileNotFoundError:
        return []


@pytest.mark.integration
def test_a_worker_started_nicer_runs_itself_and_its_pool_at_that_lower_cpu_priority(tmp_path):
    """The reports worker is started with --nice 10 (deploy/), so that a
    report's rendering takes the CPU the turn mails leave."""
    env = {"FARMPOST_INSTANCE": str(tmp_path / "instance"), "FARMPOST_QUEUE": f"farmpost-test-{uuid.uuid4().hex[:8]}",
           "SECRET_KEY": "nice-secret"}
    worker = subprocess.Popen([sys.executable, "-m", "worker", "worker", "--queues=reports", "--concurrency=1",
                               "--nice=5", "--quiet", "--loglevel=WARNING"], cwd=ROOT, env={**os.environ, **env},
                              start_new_session=True)
    try:
        while not pool_of(worker.pid):  # the pool is forked once the worker has started
            assert worker.poll() is None, "the worker died"
            time.sleep(0.2)
        lower = min(os.getpriority(os.PRIO_PROCESS, 0) + 5, 19)
        assert [os.getpriority(os.PRIO_PROCESS, pid) for pid in [worker.pid, *pool_of(worker.pid)]] \
            == [lower] * (1 + len(pool_of(worker.pid)))
    finally:
        os.killpg(worker.pid, signal.SIGTERM)
        worker.wait(timeout=30)
