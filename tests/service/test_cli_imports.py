"""What a command imports before it does its work: building the parser
(``farmpost --help``, every command) imports argparse definitions only, and
``farmpost ingest`` (the MTA's pipe command, once per inbound mail) stores
and enqueues without the reading of mail, the engine, the boards' drawing,
Alembic, the web app, SQLAlchemy or Celery. The set is pinned, not the time (python -m bench stack.startup
measures the CPU seconds): these are the modules that cost most, by
``python -X importtime``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: what building the parser must not import (each costs tenths of a second or more)
HEAVY_FOR_THE_PARSER = ("weasyprint", "cairocffi", "pypdf", "boards", "sqlalchemy", "alembic", "celery", "kombu",
                        "flask", "jinja2", "engine.bots", "engine.sunfield", "engine.harvest", "mail.inbound",
                        "service.storage.models", "service.wiring")

#: what storing and enqueueing one small mail must not import: it writes by
#: the database's own driver and sends Celery's message itself
#: (service/inbound/pipe_store.py)
HEAVY_FOR_INGEST = ("weasyprint", "cairocffi", "pypdf", "boards", "alembic", "flask", "jinja2", "engine.bots",
                    "engine.sunfield", "engine.harvest", "mail.inbound.pipeline", "mail.inbound.commands",
                    "service.inbound.decide", "service.notify.changes", "service.usecases", "sqlalchemy",
                    "service.storage.models", "celery", "kombu", "redis", "charset_normalizer")


def imported(code: str, env: dict | None = None, stdin: bytes | None = None) -> list[str]:
    done = subprocess.run([sys.executable, "-c", code], input=stdin, capture_output=True, cwd=ROOT, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})})
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    return json.loads(done.stdout.decode().strip().splitlines()[-1])


def heavy_among(modules: list[str], heavy: tuple[str, ...]) -> list[str]:
    return sorted({name for name in modules for top in heavy if name == top or name.startswith(top + ".")})


def test_building_the_parser_imports_nothing_heavy():
    modules = imported("import json, sys, service.cli.main as m; m.build_parser(); print(json.dumps(sorted(sys.modules)))")
    assert heavy_among(modules, HEAVY_FOR_THE_PARSER) == []


def test_every_command_is_still_there_and_bot_names_are_the_bots():
    from engine import BOT_NAMES
    from engine.bots import BOTS
    from service.cli import admin
    from service.cli.main import build_parser
    from service.ops.failed_work import KINDS

    assert BOT_NAMES == tuple(BOTS)
    assert admin.KINDS == KINDS
    commands = build_parser()._subparsers._group_actions[0].choices
    assert {"run", "demo", "new", "worker", "beat", "db", "ingest", "inbound-secret", "smtpd", "imap-poll",
            "admin", "export", "replay", "selfplay"} <= set(commands)


@pytest.mark.parametrize("broker", ["embedded", "redis"])
def test_ingesting_a_small_mail_stores_it_without_the_heavy_modules(tmp_path, broker):
    from service.core.db import Database
    from service.storage.migrate import upgrade
    from tests.conftest import REDIS_URL

    url = f"sqlite:///{tmp_path / 'farmpost.sqlite3'}"
    database = Database(url)
    upgrade(database)
    database.dispose()
    env = {"FARMPOST_INSTANCE": str(tmp_path), "DATABASE_URL": url, "SECRET_KEY": "test-secret",
           "FARMPOST_QUEUE": f"test-{tmp_path.name}"}
    if broker == "redis":
        import redis

        try:
            redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2).ping()
        except Exception as error:
            from tests.conftest import unavailable

            unavailable("Redis", error)
        env["CELERY_BROKER_URL"] = REDIS_URL
    mail = (b"From: Sam <sam@example.org>\r\nTo: farmpost@farmpost.localhost\r\nSubject: hello\r\n"
            b"Message-ID: <startup-1@example.org>\r\n\r\nhelp\r\n")
    modules = imported("import json, sys, service.cli.main as m\n"
                       "assert m.main(['ingest']) == 0\n"
                       "print(json.dumps(sorted(sys.modules)))", env, mail)
    assert heavy_among(modules, HEAVY_FOR_INGEST) == []
    database = Database(url)
    try:
        with database.engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT outcome FROM inbound_mail").scalars().all() == ["pending"]
    finally:
        database.dispose()


def test_demo_help_names_the_values_of_its_options_and_their_defaults(capsys):
    """Given `farmpost demo --help`, then each option says what it takes and what it is unless given."""
    from service.cli.main import main

    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "sunfield, harvest (default: sunfield)" in text
    assert "random, greedy, search (default: greedy)" in text
    assert "(default: Sam)" in text and "(default: 3)" in text
