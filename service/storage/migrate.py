"""Schema upgrades with Alembic (run at start and by `farmpost db upgrade`).

Several processes may start at once on a new database (gunicorn's workers
each upgrade at start): on PostgreSQL the upgrade holds an advisory lock, so
one process migrates and the others wait, then find the schema current.

Every command starts with :func:`upgrade`; a database already at the newest
revision (the usual case) is told by one SELECT against the revision the
migration files name (:func:`head_revision`), without importing Alembic:
``farmpost ingest`` runs once per inbound mail.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from service.core.config import ROOT

if TYPE_CHECKING:
    from alembic.config import Config as AlembicConfig

    from service.core.db import Database

# SQLAlchemy is imported where a database is asked: :func:`head_revision`
# reads files only, and ``farmpost ingest`` asks its database by its driver
# (service/inbound/pipe_store.py).

MIGRATIONS = ROOT / "migrations"


def schema_metadata():
    """Every table the migrations manage (service/storage/models.py)."""
    from service.storage.models import Base

    return Base.metadata


def head_revision() -> str | None:
    """The newest revision of migrations/versions, read from the files'
    ``revision``/``down_revision`` lines (what Alembic's ScriptDirectory
    finds, tests/service/test_migrations.py): the one no file revises."""
    revisions, revised = set(), set()
    for path in (MIGRATIONS / "versions").glob("*.py"):
        source = path.read_text(encoding="utf-8")
        found = re.search(r"^revision\s*=\s*['\"]([^'\"]+)['\"]", source, re.MULTILINE)
        if found:
            revisions.add(found[1])
            revised.update(re.findall(r"['\"]([^'\"]+)['\"]", (re.search(
                r"^down_revision\s*=\s*(.*)$", source, re.MULTILINE) or [None, ""])[1]))
    heads = revisions - revised
    return heads.pop() if len(heads) == 1 else None


def current_revision(database: Database) -> str | None:
    """The revision the database is at (None: not migrated yet), by plain SQL."""
    from sqlalchemy import text

    try:
        with database.engine.connect() as connection:
            return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except Exception:  # no table yet: Alembic decides
        return None


def alembic_config(database: Database) -> AlembicConfig:
    from alembic.config import Config as AlembicConfig

    config = AlembicConfig()
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", database.url.replace("%", "%%"))
    return config


#: the advisory lock key of schema upgrades (any constant; "farm" in ASCII)
UPGRADE_LOCK = 0x6661726D


def upgrade(database: Database, revision: str = "head") -> None:
    if revision == "head" and (head := head_revision()) is not None and current_revision(database) == head:
        return
    from alembic import command
    from sqlalchemy import text

    config = alembic_config(database)
    with database.engine.connect() as connection:
        postgres = connection.dialect.name == "postgresql"
        if postgres:
            connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": UPGRADE_LOCK})
            connection.commit()
        try:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
            connection.commit()
        finally:
            if postgres:
                connection.rollback()
                connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": UPGRADE_LOCK})
                connection.commit()


def is_current(database: Database) -> bool:
    """Whether the database is at the newest revision."""
    from alembic.runtime.migration import MigrationContext
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config(database)).get_current_head()
    with database.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision() == head
