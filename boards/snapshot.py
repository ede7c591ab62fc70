"""The turn mail's PDF: the farmer's board drawn, written directly (:mod:`boards.pdfwrite`).

The drawn panels are packed as in the end-game report
(:func:`boards.svg.pdfdraw.draw_panels`: as few pages as the 7.5 pt text
floor allows). The board in words is not in it: the mail carries the
words twice already (its plain text and its HTML tables), and the words
pages were 7-8 KB of the largest turn mails, which kept them over 250 KB
(docs/boards.md, "The turn mail's PDF is the drawn board"). The end-game
report keeps its board in words.

Every text of the snapshot, the drawing's included, is set in the one face
of DejaVu Sans Mono (no bold, no italic: the drawing's titles stand out by
size and bars): each further face embedded costs 4-9 KB in every turn
mail. The face is embedded without its hinting (:mod:`boards.pdffont`), a
third of its size. The drawing's layout sizes text at 0.6 em a letter (:mod:`canvas
<boards.svg.canvas>`), which the mono face's 0.602 em matches.
"""

from __future__ import annotations

from collections.abc import Sequence

from boards import pdfwrite
from boards.svg.canvas import Panel


def snapshot_pdf(panels: Sequence[Panel], title: str, note: str) -> bytes:
    """The ``panels`` (the drawing) under the heading ``title`` and its
    ``note``, on A4 pages, written by :mod:`boards.pdfwrite`."""
    return pdfwrite.snapshot(panels, title, note)
