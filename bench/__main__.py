"""The benches' one entry point.

    python -m bench                       list the benches, with what each measures
    python -m bench NAME [ARGS]           run one (NAME as listed, e.g. engine.speed);
                                          NAME --help says what it measures and what its options mean
    python -m bench --short [NAME ...]    run the short version of every bench (or of those named),
                                          each in a process of its own, and say which ran (make bench)

A bench is a module under bench/ with a ``main(argv)``; it declares its short
run as ``SHORT`` (its arguments) and the servers it needs as ``NEEDS``
("postgresql", "redis"). The list is read from the sources, so listing
imports no bench. A bench whose server does not answer is not run, and the
summary says so and why.
"""

from __future__ import annotations

import ast
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from urllib.parse import urlsplit

HERE = Path(__file__).resolve().parent
#: a short run that takes longer than this is stopped and counted as failed
SHORT_TIMEOUT = 600


@dataclass
class Bench:
    name: str  # dotted, below bench: "engine.speed"
    summary: str  # the docstring's first paragraph, cut to a line
    short: list[str] | None  # SHORT, or None when the bench declares none
    needs: tuple[str, ...]


def benches() -> list[Bench]:
    """Every module under bench/ that defines ``main``, read with ast (nothing imported)."""
    found = []
    for path in sorted(HERE.rglob("*.py")):
        if path.name.startswith("_"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        if not any(isinstance(node, ast.FunctionDef) and node.name == "main" for node in tree.body):
            continue
        values = {}
        for node in tree.body:
            target = node.targets[0] if isinstance(node, ast.Assign) and len(node.targets) == 1 else \
                node.target if isinstance(node, ast.AnnAssign) and node.value is not None else None
            if isinstance(target, ast.Name) and target.id in ("SHORT", "NEEDS"):
                values[target.id] = ast.literal_eval(node.value)
        doc = " ".join((ast.get_docstring(tree) or "").split("\n\n")[0].split())
        summary = doc if len(doc) <= 100 else doc[:99].rsplit(" ", 1)[0] + " …"
        found.append(Bench(".".join(path.relative_to(HERE).with_suffix("").parts), summary,
                           values.get("SHORT"), tuple(values.get("NEEDS", ()))))
    return found


def show_list() -> None:
    listed = benches()
    width = max(len(b.name) for b in listed)
    print(__doc__.split("\n\n")[1])
    print()
    for bench in listed:
        print(f"  {bench.name:<{width}}  {bench.summary}")


#: a server a bench needs -> where it is looked for (the benches' own defaults)
SERVERS = {
    "postgresql": ("PostgreSQL", lambda: os.environ.get("TEST_DATABASE_URL",
                                                        "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"), 5432),
    "redis": ("Redis", lambda: os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14"), 6379),
}


def missing(needs: tuple[str, ...]) -> str | None:
    """Why a bench cannot run here (a server it needs does not answer), or None."""
    for need in needs:
        label, url, port = SERVERS[need]
        parts = urlsplit(url())
        host, port = parts.hostname or "127.0.0.1", parts.port or port
        try:
            socket.create_connection((host, port), timeout=3).close()
        except OSError as error:
            return f"needs {label} at {host}:{port}, which does not answer ({error.strerror or error})"
    return None


def run_short(names: list[str]) -> int:
    listed = {b.name: b for b in benches()}
    unknown = [n for n in names if n.removeprefix("bench.") not in listed]
    if unknown:
        print(f"no such bench: {', '.join(unknown)} (python -m bench lists them)", file=sys.stderr)
        return 2
    chosen = [listed[n.removeprefix("bench.")] for n in names] if names else list(listed.values())
    results: list[tuple[str, str, float]] = []
    started = time.perf_counter()
    for bench in chosen:
        if bench.short is None:
            results.append((bench.name, "not run: it declares no SHORT arguments", 0.0))
            continue
        why = missing(bench.needs)
        if why:
            results.append((bench.name, f"not run: {why}", 0.0))
            print(f"\n== {bench.name}: not run, {why}", flush=True)
            continue
        print(f"\n== {bench.name} {' '.join(bench.short)}", flush=True)
        began = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "bench", bench.name, *bench.short],
                                   cwd=HERE.parent, start_new_session=True)
        try:
            code = process.wait(timeout=SHORT_TIMEOUT)
            status = "ran" if code == 0 else f"FAILED (exit {code})"
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            status = f"FAILED (stopped after {SHORT_TIMEOUT} s)"
        results.append((bench.name, status, time.perf_counter() - began))
    total = time.perf_counter() - started
    width = max(len(name) for name, *_ in results)
    print(f"\n== short runs: {sum(s == 'ran' for _, s, _ in results)} of {len(results)} ran, "
          f"{total:.0f} s in all (load average {' '.join(f'{x:.2f}' for x in os.getloadavg())})")
    for name, status, seconds in results:
        print(f"  {name:<{width}}  {seconds:6.1f} s  {status}")
    return 0 if all(s == "ran" or s.startswith("not run") for _, s, _ in results) else 1


def main(argv: list[str]) -> int:
    if not argv:
        show_list()
        return 0
    if argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if argv[0] == "--short":
        return run_short(argv[1:])
    name = argv[0].removeprefix("bench.")
    if name not in {b.name for b in benches()}:
        print(f"no such bench: {argv[0]} (python -m bench lists them)", file=sys.stderr)
        return 2
    import_module(f"bench.{name}").main(argv[1:])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
