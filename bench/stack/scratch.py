"""Not a bench: a database of its own for a bench, on TEST_DATABASE_URL's
server (default the local PostgreSQL): created, migrated, and dropped
afterwards; the service in this process on it, with a queue that records
what the use cases enqueue for the bench to run in order."""

from __future__ import annotations

import os
import tempfile
import uuid
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager

import sqlalchemy as sa

ADMIN_URL = os.environ.get("TEST_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/postgres")


@contextmanager
def scratch_database() -> Iterator[str]:
    """The URL of a new database with the service's tables; dropped afterwards."""
    from service.core.db import Database
    from service.storage.migrate import upgrade

    name = f"farmpost_bench_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    url = admin.url.set(database=name).render_as_string(hide_password=False)
    try:
        database = Database(url)
        upgrade(database)
        database.dispose()
        yield url
    finally:
        with admin.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


@contextmanager
def scratch_services(queue):
    """The service, in this process, on a :func:`scratch_database` with ``queue``."""
    from service.core.config import load_config
    from service.core.services import Services

    with scratch_database() as url, tempfile.TemporaryDirectory() as instance:
        config = load_config({"DATABASE_URL": url, "FARMPOST_INSTANCE": instance, "SECRET_KEY": "bench-secret",
                              "BASE_URL": "http://127.0.0.1:5000", "MAIL_DOMAIN": "farmpost.test"})
        svc = Services.from_config(config, queue)
        try:
            yield svc
        finally:
            svc.db.dispose()


class RecordingQueue:
    """Keeps what the use cases enqueue, for the driver to run in order."""

    def __init__(self):
        self.jobs: deque[tuple[str, int]] = deque()

    needs_worker = True

    def enqueue(self, job: str, ident: int, expires: float | None = None) -> None:
        if job != "webhook":  # a report is sent as a mail is: the driver runs it in order
            self.jobs.append(("mail" if job == "report" else job, ident))
