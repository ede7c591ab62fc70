"""The database: one SQLAlchemy engine and short transactions.

SQLite (the embedded default) runs in WAL mode and every transaction starts
with ``BEGIN IMMEDIATE``: writers are serialised by SQLite itself, which is
what makes the per-game version check safe there. PostgreSQL takes a row lock
on the game instead (``SELECT … FOR UPDATE``, see :mod:`service.usecases`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker


class Database:
    def __init__(self, url: str, **engine_options):
        self.url = url
        self.engine = make_engine(url, **engine_options)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session whose work is committed on success, rolled back on error."""
        with self.sessions() as session, session.begin():
            yield session

    def dispose(self) -> None:
        self.engine.dispose()


def make_engine(url: str, **options) -> Engine:
    if url.startswith("sqlite"):
        options.setdefault("connect_args", {}).update(timeout=30, check_same_thread=False)
        engine = create_engine(url, **options)
        _serialise_sqlite(engine)
        return engine
    options.setdefault("pool_pre_ping", True)
    return create_engine(url, **options)


def _serialise_sqlite(engine: Engine) -> None:
    """WAL, foreign keys, a busy timeout, and BEGIN IMMEDIATE for every transaction
    (SQLAlchemy's documented recipe for taking over pysqlite's transaction handling)."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection):
        connection.exec_driver_sql("BEGIN IMMEDIATE")
