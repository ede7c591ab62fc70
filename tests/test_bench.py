"""The benches' one entry point (bench/__main__.py): every module under
bench/ is a bench with ``main(argv)`` and a short run, or a helper that says
it is not one; every bench's ``--help`` answers without importing the heavy
libraries (WeasyPrint), which a bench imports only once it runs."""

from __future__ import annotations

import argparse
import ast
import importlib
import subprocess
import sys

import pytest

from service.core.config import ROOT

runner = importlib.import_module("bench.__main__")
BENCHES = runner.benches()
HEAVY = ("weasyprint",)


def test_every_module_under_bench_is_a_bench_or_says_it_is_a_helper():
    names = {b.name for b in BENCHES}
    helpers = []
    for path in sorted((ROOT / "bench").rglob("*.py")):
        if path.name.startswith("_"):
            continue
        name = ".".join(path.relative_to(ROOT / "bench").with_suffix("").parts)
        if name not in names:
            helpers.append(name)
            assert (ast.get_docstring(ast.parse(path.read_text())) or "").startswith("Not a bench"), name
    assert len(names) >= 20 and "stack.throughput" in names and "common" in helpers


@pytest.mark.parametrize("bench", BENCHES, ids=lambda b: b.name)
def test_a_bench_takes_its_arguments_and_declares_a_short_run(bench):
    tree = ast.parse((ROOT / "bench" / (bench.name.replace(".", "/") + ".py")).read_text())
    [main] = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "main"]
    assert [a.arg for a in main.args.args] == ["argv"]
    assert isinstance(bench.short, list) and all(isinstance(a, str) for a in bench.short)
    assert set(bench.needs) <= set(runner.SERVERS)


@pytest.mark.parametrize("bench", BENCHES, ids=lambda b: b.name)
def test_help_says_what_it_measures_and_imports_nothing_heavy(bench):
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "bench", bench.name, "--help"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.startswith(f"usage: python -m bench {bench.name}")
    assert bench.summary.split()[0] in done.stdout
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert not {m for m in imported if m.split(".")[0] in HEAVY}, "--help imports WeasyPrint"


@pytest.mark.parametrize("bench", BENCHES, ids=lambda b: b.name)
def test_every_option_says_what_it_means(bench, monkeypatch, capsys):
    parsers = []
    parse_args = argparse.ArgumentParser.parse_args

    def recording(self, *args, **kwargs):
        parsers.append(self)
        return parse_args(self, *args, **kwargs)

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", recording)
    with pytest.raises(SystemExit) as done:
        importlib.import_module(f"bench.{bench.name}").main(["--help"])
    assert done.value.code == 0
    [parser] = parsers
    assert [action.option_strings for action in parser._actions if not action.help] == []


def test_the_list_names_every_bench_and_imports_none():
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "bench"], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert all(f"  {b.name} " in done.stdout for b in BENCHES)
    imported = {line.rsplit("|", 1)[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert not {m for m in imported if m.startswith("bench.")}


def test_an_unknown_bench_is_refused():
    done = subprocess.run([sys.executable, "-m", "bench", "no.such"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 2 and "no such bench" in done.stderr


def test_a_bench_whose_server_does_not_answer_is_not_run_and_says_why(monkeypatch):
    monkeypatch.setenv("TEST_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:1/postgres")
    assert "needs PostgreSQL at 127.0.0.1:1" in runner.missing(("postgresql",))
    assert runner.missing(()) is None
