"""The Alembic migrations build exactly the schema the models describe."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from service.db import Database
from service.migrate import is_current, upgrade
from service.models import Base


def test_after_upgrade_the_database_matches_the_models(database_url):
    database = Database(database_url)
    try:
        assert is_current(database)
        with database.engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        assert differences == []
    finally:
        database.dispose()


def test_upgrading_twice_is_harmless_and_a_new_database_starts_empty(tmp_path):
    database = Database(f"sqlite:///{tmp_path / 'fresh.sqlite3'}")
    assert not is_current(database)
    upgrade(database)
    upgrade(database)
    assert is_current(database)
    with database.engine.connect() as connection:
        assert connection.execute(sa.text("SELECT count(*) FROM games")).scalar() == 0
    database.dispose()
