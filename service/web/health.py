"""/healthz: is the database answering, is the broker reachable, is a worker
alive, is beat alive (their heartbeats, service/heartbeat.py)? Also how long the oldest due
work has waited and how much failed for good (farmpost admin failed); those
two are for the operator and do not fail the check."""

from __future__ import annotations

from flask import Blueprint, jsonify
from sqlalchemy import text

from service.web import services

blueprint = Blueprint("health", __name__)


@blueprint.get("/healthz")
def healthz():
    svc = services()
    checks = {"database": _check(_database_check(svc)), "broker": _check(_broker_check(svc))}
    if getattr(svc.queue, "needs_worker", True):
        for role, probe in (("worker", _worker), ("beat", _beat)):
            checks[role] = probe(svc) if checks["database"] == "ok" else "unknown: the database is failing"
    healthy = all(value == "ok" for value in checks.values())
    facts = _facts(svc) if checks["database"] == "ok" else {}
    return jsonify(status="ok" if healthy else "failing", **checks, **facts), 200 if healthy else 503


def _worker(svc) -> str:
    from service.heartbeat import live_workers

    return _heartbeat(svc, live_workers, "worker")


def _beat(svc) -> str:
    """Beat schedules the sweeps, the clocks, the digests and the IMAP polls:
    without it moves still apply, but nothing late is taken up again."""
    from service.heartbeat import live_beats

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
    from service.failed_work import count_failed
    from service.heartbeat import live_workers, oldest_waiting

    try:
        facts = {"oldest_waiting_seconds": oldest_waiting(svc), "failed": count_failed(svc)}
        if getattr(svc.queue, "needs_worker", True):
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

        from service.broker import broker_options

        with Connection(svc.config.broker_url, transport_options=broker_options(svc.config)) as connection:
            connection.ensure_connection(max_retries=1, timeout=2)

    return check


def _check(probe) -> str:
    try:
        probe()
    except Exception as error:  # any failure is the answer here
        return f"failing: {type(error).__name__}: {error}"[:300]
    return "ok"
