"""Storing one mail for ``farmpost ingest``, the MTA's pipe command, which
starts once per inbound mail: the row :func:`service.inbound.receive.receive`
writes, written by the database's own driver (sqlite3, psycopg) in one
``INSERT … ON CONFLICT DO NOTHING RETURNING``, then the inbound job handed to
the broker without Celery (service/jobs/task_message.py).

SQLAlchemy with the models and Celery cost ingest about 0.6 s of CPU to
import, several times the work (docs/mail.md, "The MTA pipe"). The rule is
the same as every way in: the row is committed before the exit code says
stored, and a mail whose job could not be queued stays pending for the
sweeper. A database or a broker this module does not speak, or a schema not
at the newest revision (which ``receive``'s path migrates first), go the
general way: ``None``. tests/service/test_pipe_store.py holds the rows of
both ways equal.
"""

from __future__ import annotations

import json
import logging

from mail.inbound.message import dedupe_key_of
from service.core import wall_time
from service.core.config import Config
from service.jobs import task_message
from service.jobs.broker import TASKS, queue_name
from service.storage.migrate import head_revision

log = logging.getLogger(__name__)

SQLITE_PREFIXES = ("sqlite:///", "sqlite+pysqlite:///")
POSTGRES_PREFIXES = ("postgresql://", "postgresql+psycopg://", "postgres://")

#: what the row holds beside its bytes: the values receive() leaves to the model's defaults
COLUMNS = ("dedupe_key", "raw", "size", "source", "envelope_to", "outcome", "answered", "attempts",
           "received_at", "processed_at")


class DatabaseAway(Exception):
    """The database could not store the mail (the MTA is to try again later)."""


def store(config: Config, raw: bytes, envelope_to: tuple[str, ...]) -> tuple[int, bool] | None:
    """Store ``raw`` and queue it: (the row's id, whether it was there
    already), or None when this database or broker go the general way."""
    database = _driver_of(config.database_url)
    if database is None or not task_message.speaks(config):
        return None
    too_large = len(raw) > config.max_mail_bytes
    moment = wall_time.now()
    values = {
        "dedupe_key": dedupe_key_of(raw), "raw": b"" if too_large else raw, "size": len(raw), "source": "ingest",
        "envelope_to": json.dumps([a for a in envelope_to if a][:20]),
        "outcome": "too-large" if too_large else "pending", "answered": False, "attempts": 0,
        "received_at": moment, "processed_at": moment if too_large else None,
    }
    stored = database(config.database_url, values)
    if stored is None:
        return None
    inbound_id, duplicate = stored
    if not (duplicate or too_large):
        try:
            task_message.send(config, TASKS["inbound"], queue_name(config, "inbound"), [inbound_id])
        except OSError:
            log.exception("inbound mail %s is stored but could not be processed yet", inbound_id)
    return inbound_id, duplicate


def _driver_of(url: str):
    if url.startswith(SQLITE_PREFIXES) and "?" not in url and not url.endswith(":memory:"):
        return _into_sqlite
    if url.startswith(POSTGRES_PREFIXES):
        return _into_postgres
    return None


def _into_sqlite(url: str, values: dict) -> tuple[int, bool] | None:
    """As service/core/db.py uses SQLite: a busy timeout, BEGIN IMMEDIATE (the
    database is in WAL mode since its engine first opened it). Times as
    SQLAlchemy keeps them there: text, in UTC, without the zone."""
    import sqlite3

    path = url.split(":///", 1)[1]
    row = {**values, **{name: values[name].strftime("%Y-%m-%d %H:%M:%S.%f")
                        for name in ("received_at", "processed_at") if values[name] is not None}}
    try:
        connection = sqlite3.connect(path, timeout=30, isolation_level=None)
    except sqlite3.Error as error:
        raise DatabaseAway(str(error)) from error
    try:
        connection.execute("PRAGMA busy_timeout=30000")
        try:
            revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()
        except sqlite3.OperationalError:  # a new database: the general way migrates it
            return None
        if not _current(revision):
            return None
        connection.execute("BEGIN IMMEDIATE")
        inserted = connection.execute(
            f"INSERT INTO inbound_mail ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))}) "
            "ON CONFLICT (dedupe_key) DO NOTHING RETURNING id", [row[name] for name in COLUMNS]).fetchone()
        if inserted is None:
            found = connection.execute("SELECT id FROM inbound_mail WHERE dedupe_key = ?", [row["dedupe_key"]])
            inserted, duplicate = found.fetchone(), True
        else:
            duplicate = False
        connection.execute("COMMIT")
        return inserted[0], duplicate
    except sqlite3.OperationalError as error:  # locked past the timeout, the disk, no such table
        raise DatabaseAway(str(error)) from error
    finally:
        connection.close()


def _into_postgres(url: str, values: dict) -> tuple[int, bool] | None:
    import psycopg

    try:
        with psycopg.connect("postgresql://" + url.split("://", 1)[1], connect_timeout=30) as connection:
            try:
                revision = connection.execute("SELECT version_num FROM alembic_version").fetchone()
            except psycopg.errors.UndefinedTable:
                return None
            if not _current(revision):
                return None
            inserted = connection.execute(
                f"INSERT INTO inbound_mail ({', '.join(COLUMNS)}) VALUES "
                f"({', '.join('%s::json' if name == 'envelope_to' else '%s' for name in COLUMNS)}) "
                "ON CONFLICT (dedupe_key) DO NOTHING RETURNING id", [values[name] for name in COLUMNS]).fetchone()
            if inserted is not None:
                return inserted[0], False
            found = connection.execute("SELECT id FROM inbound_mail WHERE dedupe_key = %s", [values["dedupe_key"]])
            return found.fetchone()[0], True
    except (psycopg.OperationalError, psycopg.InterfaceError) as error:
        raise DatabaseAway(str(error)) from error


def _current(row) -> bool:
    """Whether the database is at the newest revision (else receive()'s way migrates it first)."""
    return row is not None and row[0] == head_revision()
