"""/healthz: is the database answering, is the broker reachable, is a worker
alive, does a live worker consume each queue (moves, inbound, mail, reports),
is none of them behind (its oldest due job waiting longer than
``Config.max_wait_seconds``), is beat alive (their heartbeats,
service/ops/heartbeat.py)? Also how long the oldest due work has waited, how
much failed for good (farmpost admin failed), the spam complaint rate
against the 0.3 % line (service/ops/delivery.py) and the last ``farmpost
mail-check`` grade (service/ops/mail_check.py); those are for the operator
and do not fail the check."""

from __future__ import annotations

from datetime import timedelta

from flask import Blueprint, jsonify
from sqlalchemy import text

from service.core import wall_time
from service.jobs.broker import QUEUES
from service.web import services

blueprint = Blueprint("health", __name__)


@blueprint.get("/healthz")
def healthz():
    svc = services()
    checks = {"database": _check(_database_check(svc)), "broker": _check(_broker_check(svc))}
    queues = {}
    if svc.queue.needs_worker:
        for role, probe in (("worker", _worker), ("beat", _beat)):
            checks[role] = probe(svc) if checks["database"] == "ok" else "unknown: the database is failing"
        queues = _queues(svc) if checks["database"] == "ok" else dict.fromkeys(QUEUES, "unknown: the database is failing")
    healthy = all(value == "ok" for value in [*checks.values(), *queues.values()])
    if queues:
        checks["queues"] = queues
    facts = _facts(svc) if checks["database"] == "ok" else {}
    return jsonify(status="ok" if healthy else "failing", **checks, **facts), 200 if healthy else 503


def _worker(svc) -> str:
    from service.ops.heartbeat import live_workers

    return _heartbeat(svc, live_workers, "worker")


def _queues(svc) -> dict[str, str]:
    """Each queue's verdict: a worker alive for the moves but none for the
    mail means moves apply and no mail leaves; a worker alive but a job
    waiting for longer than ``max_wait_seconds`` means a farmer waits (a
    worker held by one long job): the check says which queue."""
    from service.ops.heartbeat import last_seen_per_queue, oldest_waiting_per_queue

    try:
        seen = last_seen_per_queue(svc)
        waits = oldest_waiting_per_queue(svc)
    except Exception as error:
        return dict.fromkeys(QUEUES, f"failing: {type(error).__name__}: {error}"[:300])
    now, max_age, max_wait = wall_time.now(), svc.config.heartbeat_max_age, svc.config.max_wait_seconds
    verdicts = {}
    for queue, moment in seen.items():
        wait = waits.get(queue)
        if moment is not None and (now - moment).total_seconds() <= max_age:
            verdicts[queue] = "ok"
            if wait is not None and wait > max_wait:
                verdicts[queue] = (f"failing: its oldest due job has waited {_ago(timedelta(seconds=wait))} "
                                   f"(more than {max_wait} s)")
        elif moment is None:
            verdicts[queue] = "failing: no worker consumes it (no heartbeat on record)"
        else:
            verdicts[queue] = f"failing: no worker consumes it (last seen {_ago(now - moment)} ago)"
    return verdicts


def _ago(age: timedelta) -> str:
    seconds = age.total_seconds()
    for unit, size in (("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= 2 * size:
            return f"{seconds // size:.0f} {unit}"
    return f"{seconds:.0f} s"


def _beat(svc) -> str:
    """Beat schedules the sweeps, the clocks, the digests and the IMAP polls:
    without it moves still apply, but nothing late is taken up again."""
    from service.ops.heartbeat import live_beats

    return _heartbeat(svc, live_beats, "beat")


def _heartbeat(svc, live, what: str) -> str:
    try:
        alive = live(svc)
    except Exception as error:
        return f"failing: {type(error).__name__}: {error}"[:300]
    if not alive:
        return f"failing: no {what} heartbeat in the last {svc.config.heartbeat_max_age:g} s"
    return "ok"


def _facts(svc) -> dict:
    from service.ops.delivery import complaint_rate
    from service.ops.failed_work import count_failed
    from service.ops.heartbeat import live_workers, oldest_waiting
    from service.ops.mail_check import last_grade

    try:
        facts = {"oldest_waiting_seconds": oldest_waiting(svc), "failed": count_failed(svc),
                 "complaints": complaint_rate(svc), "mail_check": last_grade(svc)}
        if svc.queue.needs_worker:
            facts["workers"] = len(live_workers(svc))
        return facts
    except Exception:  # the checks above already say what fails
        return {}


def _database_check(svc):
    def check():
        with svc.db.engine.connect() as connection:
            connection.execute(text("SELECT 1"))

    return check


def _broker_check(svc):
    def check():
        from kombu import Connection

        from service.jobs.broker import broker_options

        with Connection(svc.config.broker_url, transport_options=broker_options(svc.config)) as connection:
            connection.ensure_connection(max_retries=1, timeout=2)

    return check


def _check(probe) -> str:
    try:
        probe()
    except Exception as error:  # any failure is the answer here
        return f"failing: {type(error).__name__}: {error}"[:300]
    return "ok"
