"""/healthz: is the database answering, and is the broker reachable?"""

from __future__ import annotations

from flask import Blueprint, jsonify
from sqlalchemy import text

from service.web import services

blueprint = Blueprint("health", __name__)


@blueprint.get("/healthz")
def healthz():
    svc = services()
    checks = {"database": _check(_database_check(svc)), "broker": _check(_broker_check(svc))}
    healthy = all(value == "ok" for value in checks.values())
    return jsonify(status="ok" if healthy else "failing", **checks), 200 if healthy else 503


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
