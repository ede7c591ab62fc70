"""The boards a caller (mail composer, web pages) asks for, by game kind.

Every function returns None for a game that has no board rendering yet, so
pages and mails then show the plain facts (where the game stands) instead.
"""

from __future__ import annotations

from markupsafe import Markup

import boards
from boards import games as board_games


def supports(kind: str) -> bool:
    return kind in board_games.game_names()


def text(kind: str, view: dict, seat: int | None, names: list[str]) -> str | None:
    return boards.render_text(kind, view, seat, names=names) if supports(kind) else None


def mail_html(kind: str, view: dict, seat: int | None, names: list[str]) -> Markup | None:
    return Markup(boards.render_html(kind, view, seat, mail=True, names=names)) if supports(kind) else None


def web_html(kind: str, view: dict, seat: int | None, names: list[str], highlight=()) -> Markup | None:
    if not supports(kind):
        return None
    return Markup(boards.render_html(kind, view, seat, mail=False, highlight=tuple(highlight), names=names))


def drawing_html(kind: str, view: dict, seat: int | None, names: list[str], previous: dict | None = None,
                 write_panel=None) -> Markup | None:
    """The drawn board for a web page (SVG panels); ``previous``: the
    farmer's view at their previous turn, whose differences are outlined."""
    if not supports(kind):
        return None
    return boards.render_drawing_html(kind, view, seat, names=names, previous=previous, write_panel=write_panel)


def picture_png(kind: str, view: dict, seat: int | None, names: list[str], previous: dict | None = None) -> bytes | None:
    """The drawn board as a PNG, for mail."""
    return boards.render_png(kind, view, seat, names=names, previous=previous) if supports(kind) else None


def snapshot_pdf(kind: str, view: dict, seat: int | None, meta: dict) -> bytes | None:
    return boards.render_snapshot_pdf(kind, view, seat, meta) if supports(kind) else None


def report_pdf(kind: str, report: dict) -> bytes | None:
    return boards.render_report_pdf(kind, report) if supports(kind) else None
