"""`make run` installs what the service needs and nothing for the tests;
`make test` adds the test tools. Read from make's dry run in a copy of the
Makefile with no virtualenv, as on a fresh machine."""

from __future__ import annotations

import shutil
import subprocess

from service.core.config import ROOT


def dry_run(target: str, tmp_path) -> list[str]:
    """The commands ``make -n target`` would run, as a fresh machine's make
    prints them (no "Entering directory" lines, which a make run from inside
    ``make test`` adds)."""
    shutil.copy(ROOT / "Makefile", tmp_path / "Makefile")
    (tmp_path / "pyproject.toml").touch()
    out = subprocess.run(["make", "--no-print-directory", "-n", target], cwd=tmp_path, capture_output=True,
                         text=True, check=True).stdout
    return out.splitlines()


def installs(target: str, tmp_path) -> list[str]:
    return [line for line in dry_run(target, tmp_path) if "pip install" in line and "--upgrade pip" not in line]


def test_make_run_installs_the_service_only(tmp_path):
    assert [line.split("install", 1)[1].strip() for line in installs("run", tmp_path)] == ["--quiet -e ."]


def test_make_test_adds_the_test_extras(tmp_path):
    assert any("'.[test]'" in line for line in installs("test", tmp_path))


def test_make_bench_runs_the_short_version_of_every_bench(tmp_path):
    assert dry_run("bench", tmp_path)[-1].endswith("/python -m bench --short")


def test_make_run_and_make_test_compile_the_catalogs_after_installing(tmp_path):
    for target in ("run", "test"):
        commands = dry_run(target, tmp_path)
        compiled = commands.index(".venv/bin/python -m boards.catalogs compile")
        assert compiled > max(i for i, line in enumerate(commands) if "pip install --quiet -e ." in line)


def test_make_catalogs_extracts_updates_and_compiles(tmp_path):
    assert ".venv/bin/python -m boards.catalogs update" in dry_run("catalogs", tmp_path)
