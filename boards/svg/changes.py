"""What changed since the farmer's previous turn, part by part.

A drawing module lists the parts of its board model under stable keys
(``"market:b2"``, ``"plot:1:2,0"``, ``"seeds:0"``); the parts of the board now
are compared with those of the board at the farmer's previous turn, and a
part whose data differs is outlined on the drawing. Without an earlier view
nothing is marked.
"""

from __future__ import annotations

from collections.abc import Callable


class Changes:
    def __init__(self, now: dict, before: dict | None):
        self.now = now
        self.before = before

    def __call__(self, key: str) -> bool:
        if self.before is None:
            return False
        return self.now.get(key) != self.before.get(key)

    @property
    def keys(self) -> list[str]:
        """Every changed part (for tests and summaries)."""
        if self.before is None:
            return []
        return sorted(k for k in set(self.now) | set(self.before) if self(k))


def changes(parts: Callable[[dict], dict], board_now: dict, board_before: dict | None) -> Changes:
    return Changes(parts(board_now), parts(board_before) if board_before is not None else None)
