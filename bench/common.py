"""Not a bench: what the benches share. Their command line (the module's
docstring as ``--help``), their figures (one JSON object a line), and their
clocks: CPU time of this process, of other processes read from /proc, and
medians and percentiles in milliseconds.

Only the standard library is imported here, so that ``--help`` stays light.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import time
from collections.abc import Callable


def parser(doc: str | None, spec=None) -> argparse.ArgumentParser:
    """The bench's argument parser: its module docstring as the help text,
    as written (it says what the bench measures), and ``python -m bench NAME``
    as the program's name (``spec``: the module's ``__spec__``)."""
    name = spec.name.removeprefix("bench.") if spec is not None else os.path.basename(sys.argv[0])
    return argparse.ArgumentParser(prog=f"python -m bench {name}", description=doc,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)


def emit(figures: dict, **dumps) -> None:
    """One JSON object, on a line of its own unless ``indent`` is given."""
    print(json.dumps(figures, **dumps), flush=True)


def load_average() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def ms(values: list[float], q: float | None = None) -> float | None:
    """Seconds as milliseconds: the median, or the ``q`` quantile (0.9: the
    value 90% of them are at or below), rounded to 0.01 ms."""
    if not values:
        return None
    if q is None:
        return round(statistics.median(values) * 1000, 2)
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000, 2)


def cpu_ms(call: Callable[[], object]) -> float:
    """This process's CPU milliseconds (user and system) for one call."""
    started = time.process_time()
    call()
    return (time.process_time() - started) * 1000


def timed(fn: Callable[[], object], repeat: int) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of ``repeat`` calls, after one warm-up call
    (templates compiled, fonts and stylesheets loaded)."""
    fn()
    wall, cpu = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - w) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    return wall, cpu


def cpu_seconds(group: int | None = None, command: str | None = None, pid: int | None = None) -> float:
    """CPU time (user + system) so far of the processes in process group
    ``group``, of those whose command is ``command``, or of process ``pid``,
    from /proc (a process that has exited is no longer counted)."""
    tick, total = os.sysconf("SC_CLK_TCK"), 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
        except OSError:
            continue
        name, fields = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:].split()
        if (group is not None and int(fields[2]) == group) or (command is not None and name == command) \
                or (pid is not None and int(entry) == pid):
            total += int(fields[11]) + int(fields[12])
    return total / tick


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
