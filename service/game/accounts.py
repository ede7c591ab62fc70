"""What was played, told to one reader: the lines of a turn mail's account,
the log page and the seat page's log."""

from __future__ import annotations

from engine.core import second_person
from service.storage.models import Game, MoveLogEntry


def account_lines(game: Game, entries: list[MoveLogEntry], reader: int | None = None) -> list[dict]:
    """What was played, for the farmer at ``reader``: their own moves are told
    to them ("You … your Plot"), the others' by name ("Ann … their Plot")."""
    names = {s.position: s.name for s in game.seats}
    return [{"farmer": "You", "text": e.text, "description": second_person(e.description)} if e.seat == reader
            else {"farmer": names[e.seat], "text": e.text, "description": e.description} for e in entries]
