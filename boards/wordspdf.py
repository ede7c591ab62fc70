"""The board in words on A4 pages, painted by cairo: the second part of
the turn mail's PDF (:mod:`boards.snapshot`).

The lines are the text board's (:func:`boards.render.render_text`: every
word and count of the board, 72 columns), set in DejaVu Sans Mono as
vector text, after the drawn board. Painting them takes a few milliseconds, where laying out
the styled page in words with WeasyPrint took 90-240 ms of CPU (most of a
turn mail's cost; docs/boards.md): WeasyPrint stays for the end-game report.

Pages have the margins of every Farmpost PDF (:mod:`boards.svg.pdfdraw`),
so A4 and Letter print them whole. The board takes as few pages as it can
with its text between :data:`SMALLEST_PT` (the floor of all Farmpost
print) and :data:`LARGEST_PT`, and is as large as that page count allows;
a page ends before a farmer's block or at a blank line where one is near,
so a block is seldom cut.
"""

from __future__ import annotations

import re

from boards.pdffont import mono_face
from boards.svg.pdfdraw import BOTTOM, LEFT, TOP, WIDTH, show_text

FONT = "DejaVu Sans Mono"
LARGEST_PT = 10.0
SMALLEST_PT = 7.5
LEADING = 1.2
#: DejaVu Sans Mono advances 0.602 em a character
ADVANCE = 0.602
#: a line that starts with a word in capitals (SUNFIELD FARM, MARKET, a
#: farmer's name) heads a part of the board: it is set on a grey band
#: (a bold face would embed a second font, 7 KB more in every mail)
_HEAD = re.compile(r"^[A-ZÀ-Þ][A-ZÀ-Þ'’]+\b")
BAND = (0.88, 0.88, 0.88)


def draw_words(ctx, lines: list[str], top: float) -> None:
    """``lines`` (the text board) from ``top`` of the current page on, on
    as few pages as the size floor allows, the largest size that needs no
    more pages."""
    widest = max((len(line) for line in lines), default=1)
    largest = min(LARGEST_PT, WIDTH / (widest * ADVANCE))
    # the largest size, in half points down to the floor, that needs the fewest pages
    sizes = [largest - 0.5 * i for i in range(int((largest - SMALLEST_PT) / 0.5) + 1)]
    size = min(sizes, key=lambda pt: (len(_paged(lines, top, pt)), -pt))
    ctx.set_font_face(mono_face())
    ctx.set_font_size(size)
    step = size * LEADING
    for page, chunk in enumerate(_paged(lines, top, size)):
        if page:
            ctx.show_page()
        y = (top if page == 0 else TOP) + size
        for line in chunk:
            if _HEAD.match(line):
                ctx.set_source_rgb(*BAND)
                ctx.rectangle(LEFT - 2, y - size * 0.95, len(line.rstrip()) * size * ADVANCE + 4, step)
                ctx.fill()
            if line.strip():
                ctx.set_source_rgb(0.1, 0.1, 0.1)
                ctx.move_to(LEFT, y)
                show_text(ctx, line)
            y += step


def _paged(lines: list[str], top: float, size: float) -> list[list[str]]:
    step = size * LEADING
    return pages(lines, int((BOTTOM - top) / step), int((BOTTOM - TOP) / step))


def pages(lines: list[str], first: int, rest: int) -> list[list[str]]:
    """The lines cut into pages of ``first`` lines, then ``rest``; a page
    ends before a rule of ``=`` (a farmer's block starts there) if one lies
    in its last third, else at its last blank line in its last quarter."""
    out, start, room = [], 0, first
    while start < len(lines):
        end = min(len(lines), start + room)
        if end < len(lines):
            rule = next((i for i in range(end, start + room * 2 // 3, -1) if lines[i].startswith("====")), None)
            blank = next((i + 1 for i in range(end - 1, start + room * 3 // 4, -1) if not lines[i].strip()), None)
            end = rule or blank or end
        out.append(lines[start:end])
        start, room = end, rest
    return out or [[]]
