"""Schema upgrades with Alembic (run at start and by `farmpost db upgrade`).

Several processes may start at once on a new database (gunicorn's workers
each upgrade at start): on PostgreSQL the upgrade holds an advisory lock, so
one process migrates and the others wait, then find the schema current.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config as AlembicConfig
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text

from service.core.config import ROOT
from service.core.db import Database
from service.storage.models import Base


def schema_metadata():
    """Every table the migrations manage (service/storage/models.py)."""
    return Base.metadata


def alembic_config(database: Database) -> AlembicConfig:
    config = AlembicConfig()
    config.set_main_option("script_location", str(ROOT / "migrations"))
    config.set_main_option("sqlalchemy.url", database.url.replace("%", "%%"))
    return config


#: the advisory lock key of schema upgrades (any constant; "farm" in ASCII)
UPGRADE_LOCK = 0x6661726D


def upgrade(database: Database, revision: str = "head") -> None:
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
    head = ScriptDirectory.from_config(alembic_config(database)).get_current_head()
    with database.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision() == head
