"""The Alembic migrations build exactly the schema the models describe."""

from __future__ import annotations

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from service.core.db import Database
from service.storage.migrate import is_current, schema_metadata, upgrade
from tests.conftest import new_postgres_database


@pytest.fixture(params=["sqlite", "postgresql"])
def new_database(request, tmp_path):
    """A database of its own, upgraded here (other tests may change the shared one)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'own.sqlite3'}"
        return
    with new_postgres_database() as url:
        yield url


def test_after_upgrade_the_database_matches_the_models(new_database):
    database = Database(new_database)
    try:
        assert not is_current(database)
        upgrade(database)
        assert is_current(database)
        with database.engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"target_metadata": schema_metadata()})
            differences = compare_metadata(context, schema_metadata())
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


def test_several_processes_upgrading_a_new_postgresql_database_at_once_all_start():
    """gunicorn --workers 4 on a fresh database: each worker upgrades the
    schema at start; one does it, the others wait and find it done."""
    import multiprocessing

    with new_postgres_database() as url:
        context = multiprocessing.get_context("spawn")
        with context.Pool(4) as pool:
            results = pool.map(_upgrade_in_a_process, [url] * 4)
        assert results == ["ok"] * 4
        database = Database(url)
        assert is_current(database)
        database.dispose()


def _upgrade_in_a_process(url: str) -> str:
    database = Database(url)
    try:
        upgrade(database)
        return "ok"
    except Exception as error:
        return f"{type(error).__name__}: {error}"[:200]
    finally:
        database.dispose()


def test_the_head_read_from_the_migration_files_is_alembics_head(tmp_path):
    """upgrade() skips Alembic when the database is at head_revision(); that
    reading of migrations/versions must name the head Alembic finds."""
    from alembic.script import ScriptDirectory

    from service.storage.migrate import alembic_config, current_revision, head_revision

    database = Database(f"sqlite:///{tmp_path / 'own.sqlite3'}")
    try:
        assert head_revision() == ScriptDirectory.from_config(alembic_config(database)).get_current_head()
        assert current_revision(database) is None
        upgrade(database)
        assert current_revision(database) == head_revision()
        upgrade(database)  # the quick path: already current
        assert is_current(database)
    finally:
        database.dispose()
