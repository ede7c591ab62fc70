"""/healthz per queue: each of moves, inbound, mail and reports needs a live worker
consuming it. A worker for the moves alone keeps moves applying while no
mail leaves; the check must fail then, and say which queue nobody takes."""

from __future__ import annotations

import time
from dataclasses import replace
from datetime import timedelta

from service.core.services import Services
from service.core.wall_time import now
from service.ops.heartbeat import Heartbeat, beat, consumed, forget, last_seen_per_queue
from service.storage.models import WorkerHeartbeat
from tests.service.test_web import worker_app

NONE_ON_RECORD = "failing: no worker consumes it (no heartbeat on record)"


def test_healthz_names_the_queues_no_live_worker_consumes(config, toy_game):
    svc, client = worker_app(config)
    beat(svc, "beat@host:9", now())
    beat(svc, "host:1", now(), ("moves", "inbound"))
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json["status"] == "failing" and response.json["worker"] == "ok"
    assert response.json["queues"] == {"moves": "ok", "inbound": "ok", "mail": NONE_ON_RECORD,
                                       "reports": NONE_ON_RECORD}

    beat(svc, "host:2", now(), ("mail", "reports"))  # the mail worker comes
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json["queues"] == {"moves": "ok", "inbound": "ok", "mail": "ok", "reports": "ok"}
    assert response.json["workers"] == 2
    svc.db.dispose()


def test_a_mail_worker_seen_dead_fails_the_mail_queues_at_once(config, toy_game):
    """farmpost run forgets the row of a worker it saw die."""
    svc, client = worker_app(config)
    beat(svc, "beat@host:9", now())
    beat(svc, "host:1", now(), ("moves", "inbound"))
    beat(svc, "host:2", now(), ("mail", "reports"))
    assert client.get("/healthz").status_code == 200
    forget(svc, "host:2")
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json["queues"] == {"moves": "ok", "inbound": "ok", "mail": NONE_ON_RECORD,
                                       "reports": NONE_ON_RECORD}
    svc.db.dispose()


def test_a_queue_whose_worker_went_silent_says_when_it_was_last_taken(config, toy_game):
    svc, client = worker_app(config)
    beat(svc, "beat@host:9", now())
    beat(svc, "host:1", now(), ("moves", "inbound"))
    beat(svc, "host:2", now(), ("mail", "reports"))
    with svc.db.transaction() as session:  # killed five minutes ago, nobody saw it
        session.get(WorkerHeartbeat, "host:2").beat_at = now() - timedelta(minutes=5, seconds=1)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json["queues"]["moves"] == "ok"
    assert response.json["queues"]["mail"] == "failing: no worker consumes it (last seen 5 min ago)"
    assert response.json["queues"]["reports"] == "failing: no worker consumes it (last seen 5 min ago)"

    beat(svc, "host:3", now(), ("mail",))  # a new mail worker: the digests still wait
    queues = client.get("/healthz").json["queues"]
    assert (queues["mail"], queues["reports"]) == ("ok", "failing: no worker consumes it (last seen 5 min ago)")
    svc.db.dispose()


def test_a_worker_without_queues_given_takes_all_four_and_beat_takes_none(config, toy_game):
    svc, client = worker_app(config)
    beat(svc, "beat@host:9", now())
    assert client.get("/healthz").json["queues"] == dict.fromkeys(("moves", "inbound", "mail", "reports"),
                                                                 NONE_ON_RECORD)
    beat(svc, "host:1", now())  # python -m worker worker: all the queues
    response = client.get("/healthz")
    assert (response.status_code, response.json["queues"]) == (200, {"moves": "ok", "inbound": "ok", "mail": "ok", "reports": "ok"})
    svc.db.dispose()


def test_a_row_without_queues_counts_for_none(config, toy_game):
    """A worker of a version before the queues were recorded may take any
    of them: the check does not guess."""
    svc, client = worker_app(config)
    beat(svc, "beat@host:9", now())
    beat(svc, "host:1", now(), None)
    response = client.get("/healthz")
    assert response.status_code == 503 and response.json["worker"] == "ok"
    assert set(response.json["queues"].values()) == {NONE_ON_RECORD}
    svc.db.dispose()


def test_the_inline_queue_has_no_queues_to_check(client):
    assert "queues" not in client.get("/healthz").json


def test_a_worker_names_its_queues_without_the_installation_prefix(config):
    prefix = config.queue_name
    assert consumed(config, [f"{prefix}.reports", f"{prefix}.mail"]) == ("mail", "reports")
    assert consumed(config, [f"{prefix}.moves", "celery", f"other.{prefix}.mail"]) == ("moves",)
    assert consumed(config, []) == ()


def test_a_running_heartbeat_records_its_queues_and_removes_them_when_stopped(config):
    svc = Services.from_config(replace(config, heartbeat_max_age=3.0))
    heartbeat = Heartbeat(svc, name="worker-host:42", queues=("mail", "reports")).start()
    try:
        seen = last_seen_per_queue(svc)
        for _ in range(200):  # the first beat comes at once
            if seen["mail"] is not None:
                break
            time.sleep(0.05)
            seen = last_seen_per_queue(svc)
        assert seen["moves"] is None
        assert seen["mail"] == seen["reports"] and now() - seen["mail"] < timedelta(seconds=3)
    finally:
        heartbeat.stop()
    assert last_seen_per_queue(svc) == {"moves": None, "inbound": None, "mail": None, "reports": None}
    svc.db.dispose()


def test_a_queue_whose_oldest_due_job_waits_too_long_fails_healthz_and_says_why(config, toy_game):
    """Workers alive on every queue, but one of them held (a 71-minute-old
    move request still waits): the farmer waits, so the check fails."""
    from service.storage.models import MoveRequest
    from service.usecases import creation, playing

    svc, client = worker_app(config)
    beat(svc, "beat@host:9", now())
    beat(svc, "host:1", now())
    created = creation.create_game(svc, "toy", [creation.FarmerSpec("Anna", "anna@example.org"),
                                                creation.FarmerSpec("Bob", "bob@example.org")], host=0, seed=7)
    creation.join(svc, created.game_id, 1)
    request_id = playing.submit_move(svc, created.game_id, 0, ["take:1"], source="web", base_version=None)
    assert client.get("/healthz").status_code == 200  # a move just asked for waits a moment: fine
    with svc.db.transaction() as session:
        session.get(MoveRequest, request_id).created_at = now() - timedelta(minutes=71)
    response = client.get("/healthz")
    assert response.status_code == 503 and response.json["worker"] == "ok"
    assert response.json["queues"]["moves"] == (
        f"failing: its oldest due job has waited 71 min (more than {config.max_wait_seconds} s)")
    assert response.json["queues"]["mail"] == "ok"
    svc.db.dispose()
