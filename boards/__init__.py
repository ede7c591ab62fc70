"""Boards a farmer reads at a glance: plain text, mail HTML, web HTML, a
drawing (SVG, PNG), PDF.

This package's own namespace is the one public face of boards/: every
caller outside boards/ (mail, service, worker, bench, the tests of other
packages) imports what it uses from ``boards`` and nothing from its
modules. The names are those of ``__all__`` below:

- :func:`has_board`: whether a game kind has boards at all;
- the renderings, each by game kind and each None for a game that has no
  boards yet (pages and mails then show the plain facts instead):
  :func:`text`, :func:`mail_html`, :func:`web_html`, :func:`drawing_html`,
  :func:`picture_svg`, :func:`picture_png` (:mod:`boards.render`) and the
  two PDFs, :func:`snapshot_pdf` and :func:`report_pdf` (:mod:`boards.pdf`);
- what callers pass or keep along with them: :class:`Panel` and
  :func:`panel_svg` (a web page's cache of panels' SVG), the snapshot cache
  (:class:`SnapshotCache`, :class:`SnapshotKey`, :class:`FileStore`,
  :class:`MemoryStore`), :func:`score_table` and :func:`score_note` (a mail template's filters) and
  :func:`sample_game` (real game states, for tests and the benchmarks).

Every renderer takes a VIEW (``Game.view(state, seat)``), never the full
state, so hidden information (deck order, another farmer's face-down
client) cannot leak into a mail, page or PDF. Which game kinds have boards,
and which modules render them, is :mod:`boards.games`'s one registry.
"""

from boards.cache import FileStore, MemoryStore, SnapshotCache, SnapshotKey
from boards.game_terms import note as score_note
from boards.games import has_board
from boards.pdf import report_pdf, snapshot_pdf
from boards.render import drawing_html, mail_html, picture_png, picture_svg, text, web_html
from boards.samples import sample_game
from boards.svg.canvas import Panel, panel_svg
from boards.textgrid import score_table

__all__ = [
    "FileStore", "MemoryStore", "Panel", "SnapshotCache", "SnapshotKey", "drawing_html", "has_board", "mail_html",
    "panel_svg", "picture_png", "picture_svg", "report_pdf", "sample_game", "score_note", "score_table", "snapshot_pdf", "text",
    "web_html",
]
