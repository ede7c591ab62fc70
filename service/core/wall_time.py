"""What time it is, for the whole service: the one clock seam.

Every deadline, reminder, vacation and timestamp asks :func:`now`. In
production it is the system clock. ``FARMPOST_CLOCK_FILE`` names a file that
holds an offset in seconds (a float) added to the system clock; tests write it
to move time forward in this process and in every worker and beat they start,
so no test ever sleeps through a deadline. Time still runs between two writes,
which keeps the sweeper's "waited for 20 s" checks meaningful.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

ENVIRONMENT_VARIABLE = "FARMPOST_CLOCK_FILE"


def now() -> datetime:
    return datetime.now(UTC) + timedelta(seconds=offset())


def offset() -> float:
    path = os.environ.get(ENVIRONMENT_VARIABLE)
    if not path:
        return 0.0
    try:
        text = Path(path).read_text().strip()
    except FileNotFoundError:
        return 0.0
    return float(text) if text else 0.0


def set_offset(path: Path, seconds: float) -> None:
    """Write the offset atomically (a reader never sees half a number)."""
    tmp = path.with_name(path.name + f".{os.getpid()}.tmp")
    tmp.write_text(repr(float(seconds)))
    os.replace(tmp, path)


def travel_to(path: Path, moment: datetime) -> None:
    """Make :func:`now` read ``moment`` (and run on from there)."""
    set_offset(path, (moment - datetime.now(UTC)).total_seconds())
