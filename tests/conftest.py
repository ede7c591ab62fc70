"""Shared fixtures: configuration, database (SQLite and PostgreSQL), services,
the Flask app and client, Redis.

Every test that takes ``svc``, ``app`` or ``client`` runs twice: on SQLite
and on PostgreSQL (``TEST_DATABASE_URL``, default the local server). Under
CI=true a server that cannot be reached fails the test; elsewhere it skips.
"""

from __future__ import annotations

import os
import shutil
import uuid
from contextlib import contextmanager

import pytest
import sqlalchemy as sa

IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
POSTGRES_ADMIN_URL = os.environ.get("TEST_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/15")


def unavailable(what: str, error: Exception):
    """A missing server: a failure in CI, a skip on a developer's machine."""
    message = f"{what} is not reachable: {error}"
    if IN_CI:
        pytest.fail(message)
    pytest.skip(message)


@contextmanager
def new_postgres_database():
    """The URL of a new, empty PostgreSQL database, dropped afterwards."""
    name = f"farmpost_test_{uuid.uuid4().hex[:10]}"
    admin = sa.create_engine(POSTGRES_ADMIN_URL, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
    except sa.exc.OperationalError as error:
        admin.dispose()
        unavailable("PostgreSQL", error)
    try:
        yield admin.url.set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@pytest.fixture(scope="session")
def postgres_url():
    """A fresh PostgreSQL database for this test session, dropped at the end."""
    with new_postgres_database() as url:
        yield url


@pytest.fixture(scope="session")
def postgres_schema(postgres_url):
    from service.core.db import Database
    from service.storage.migrate import upgrade

    database = Database(postgres_url)
    upgrade(database)
    database.dispose()
    return postgres_url


@pytest.fixture(scope="session")
def sqlite_schema(tmp_path_factory):
    """A SQLite file migrated to the newest schema once per session: each
    test gets a copy of it (a copy costs a millisecond, the 21 migrations a
    third of a second). The migrations themselves are tested on a database
    of their own (tests/service/test_migrations.py)."""
    from service.core.db import Database
    from service.storage.migrate import upgrade

    path = tmp_path_factory.mktemp("schema") / "farmpost.sqlite3"
    database = Database(f"sqlite:///{path}")
    upgrade(database)
    database.dispose()
    return path


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path):
    """The database of one test, already at the newest schema."""
    if request.param == "sqlite":
        path = tmp_path / "farmpost.sqlite3"
        shutil.copyfile(request.getfixturevalue("sqlite_schema"), path)
        yield f"sqlite:///{path}"
        return
    url = request.getfixturevalue("postgres_schema")
    yield url
    empty_postgres(url)


def empty_postgres(url: str) -> None:
    """Remove every row (the schema stays) so the next test starts clean, as
    TRUNCATE ... RESTART IDENTITY would: rows deleted children first, every
    sequence back to 1. TRUNCATE makes new files for each of the ~30
    tables, 0.6 s a test on a busy machine; deleting a test's few rows takes
    a twentieth of that."""
    from service.storage.migrate import schema_metadata

    order = [table.name for table in reversed(schema_metadata().sorted_tables)]
    engine = sa.create_engine(url)
    with engine.begin() as connection:
        tables = connection.exec_driver_sql(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
        ).scalars().all()
        for table in sorted(tables, key=lambda name: order.index(name) if name in order else -1):
            connection.exec_driver_sql(f'DELETE FROM "{table}"')
        for sequence in connection.exec_driver_sql(
                "SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'").scalars():
            connection.exec_driver_sql(f"SELECT setval('\"{sequence}\"', 1, false)")
    engine.dispose()


@pytest.fixture
def config(tmp_path, database_url):
    from service.core.config import load_config

    return load_config(
        {"FARMPOST_INSTANCE": str(tmp_path / "instance"), "DATABASE_URL": database_url,
         "BASE_URL": "http://farmpost.test", "MAIL_DOMAIN": "farmpost.test", "SECRET_KEY": "test-secret"},
    )


@pytest.fixture
def toy_game(monkeypatch):
    """Registers Pebbles (tests/service/toygame.py) as game kind "toy"."""
    import engine

    monkeypatch.setitem(engine._MODULES, "toy", "tests.service.toygame")
    return engine.get_game("toy")


@pytest.fixture
def svc(config, toy_game):
    """Services whose queue does the work at once, in this process."""
    from service.core.services import Services
    from service.wiring import inline_queue

    services = Services.from_config(config)
    services.queue = inline_queue(services)
    yield services
    finished_games_replay(services)
    services.db.dispose()


def finished_games_replay(services) -> None:
    """Every game a test played to the end exports to a record that replays
    to the same final score (`farmpost replay`, docs/spectators.md). One
    query per test; a replay only for the few tests that finish a game."""
    import json

    from service.game.game_record import check, game_record
    from service.storage.models import Game

    with services.db.transaction() as session:
        finished = session.scalars(sa.select(Game.id).where(Game.status == "over")).all()
    for game_id in finished:
        check(json.loads(json.dumps(game_record(services, game_id))))


@pytest.fixture
def app(svc):
    from service.app import create_app

    app = create_app(services=svc, testing=True)
    yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def redis_url():
    """A reachable Redis. Tests keep to their own keys or queue names (never
    flush: other test runs may share the server)."""
    import redis

    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.exceptions.ConnectionError as error:
        unavailable("Redis", error)
    finally:
        client.close()
    return REDIS_URL


@pytest.fixture(autouse=True)
def no_mail_connection_kept():
    """Each test's mail goes out on connections of its own: a worker keeps
    its connection to the mail server between mails (service/outbox/transport.py),
    and a later test's server may listen on the same port."""
    yield
    from service.outbox.transport import close_connections

    close_connections()
