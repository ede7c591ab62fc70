"""Monospace grids of coloured text: the plain-text board and the PDF board.

A board in a PDF is mostly grids (the market, each farmer's farm). WeasyPrint
spends most of its time on boxes (table cells, styled elements), far less on
plain text, so the PDF draws grids as monospace lines in which each cell is
one coloured span per line: a fraction of the cost of a table, and the very
same lines, without colour, are the plain-text board of text-only mail.

A line is a list of :class:`Seg`; ``colour`` names a palette swatch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

from markupsafe import Markup, escape

from service.boards import palette
from service.boards.printsize import BASE_PT, SMALL_EM


@dataclass(frozen=True)
class Seg:
    text: str
    colour: str | None = None
    first: bool = False  # the top line of a cell: its coloured box starts here


Line = list[Seg]


def cell_lines(texts: Sequence[str], width: int, height: int, colour: str | None = None) -> list[Seg]:
    """A cell as ``height`` segments of exactly ``width`` characters."""
    texts = list(texts)[:height] + [""] * (height - len(texts))
    return [Seg(fit(t, width), colour, first=i == 0) for i, t in enumerate(texts)]


def fit(text: str, width: int) -> str:
    """``text`` cut or padded to ``width`` characters (a cut ends with "~")."""
    return text.ljust(width) if len(text) <= width else text[: width - 1] + "~"


def grid(
    header: Sequence[str],
    rows: Sequence[tuple[str, Sequence[list[Seg]]]],
    width: int,
    label_width: int,
    spaced: bool = True,
) -> list[Line]:
    """Lines of a grid: a header line of column names, then for each row its
    label (on the first line) and its cells side by side, one space apart.
    ``spaced``: a blank line between rows, which keeps tiles apart in plain
    text; a PDF grid leaves it out, its coloured boxes are framed anyway.

    ``rows``: ``(label, [cell, ...])`` where a cell is a list of segments of
    ``width`` characters, one per line; all cells of a row have as many lines.
    """
    lines: list[Line] = [[Seg(" " * label_width)] + [Seg(" " + name.center(width)) for name in header]]
    for label, cells in rows:
        height = max(len(c) for c in cells)
        for i in range(height):
            line: Line = [Seg(fit(label if i == 0 else "", label_width))]
            for cell in cells:
                seg = cell[i] if i < len(cell) else Seg(" " * width)
                line += [Seg(" "), seg]
            lines.append(line)
        if spaced:
            lines.append([])
    return lines


def plain(lines: Sequence[Line]) -> str:
    return "\n".join("".join(s.text for s in line).rstrip() for line in lines)


def width_of(lines: Sequence[Line]) -> int:
    return max((len("".join(s.text for s in line).rstrip()) for line in lines), default=0)


#: advance of every glyph of DejaVu Sans Mono, and the grid's line height, in em
MONO_ADVANCE = 0.602
LINE_HEIGHT = 1.1
#: the white between two cells of a column, in em (grids in PDFs have no blank line between rows)
CELL_GAP = 0.14


def runs(lines: Sequence[Line]) -> list[tuple[int, int, int, int, str]]:
    """Coloured rectangles under the text, in characters and lines:
    ``(column, line, width, height, colour)``; a cell's segments on
    consecutive lines merge into one rectangle, up to the top line of the
    next cell."""
    open_runs: dict[tuple[int, int, str], list[int]] = {}  # (column, width, colour) -> [first line, height]
    done = []
    for number, line in enumerate(lines):
        seen = set()
        column = 0
        for seg in line:
            if seg.colour:
                key = (column, len(seg.text), seg.colour)
                seen.add(key)
                if key in open_runs and sum(open_runs[key]) == number and not seg.first:
                    open_runs[key][1] += 1
                else:
                    if key in open_runs:
                        done.append((key, open_runs[key]))
                    open_runs[key] = [number, 1]
            column += len(seg.text)
        for key in [k for k in open_runs if k not in seen]:
            done.append((key, open_runs.pop(key)))
    done += list(open_runs.items())
    return sorted((col, first, width, height, colour) for (col, width, colour), (first, height) in done)


def print_block(lines: Sequence[Line], width_pt: float, size_pt: float, beside: bool = False) -> Markup:
    """A grid for a PDF: the plain lines in a ``<pre>`` whose background is
    an SVG drawing each coloured cell as a framed rectangle (one path per
    colour). It prints at ``size_pt``, or smaller if its widest line would
    not fit ``width_pt``. ``beside``: the grid floats left and the text
    after it runs down its right side (see :func:`fit_grid`).

    WeasyPrint spends far more on an inline box (a coloured span) than on
    drawing, and an SVG background image costs a third of an inline ``<svg>``
    element. Text and cells line up because DejaVu Sans Mono advances every
    glyph by the same 0.602 em and the ``<pre>`` sets its line height.
    """
    size = min(size_pt, pt_to_fit(lines, width_pt))
    chars = max(width_of(lines), 1)
    height = len(lines) * LINE_HEIGHT
    shapes: dict[str, list[str]] = {}  # one path per colour: each path costs what one rectangle does
    for column, first, width, count, colour in runs(lines):
        x, y = column * MONO_ADVANCE, first * LINE_HEIGHT + CELL_GAP / 2
        w, h = width * MONO_ADVANCE, count * LINE_HEIGHT - CELL_GAP
        shapes.setdefault(colour, []).append(f"M{x:.3f} {y:.3f}h{w:.3f}v{h:.3f}h{-w:.3f}z")
    paths = []
    for colour, parts in shapes.items():
        s = palette.swatch(colour)
        paths.append(f'<path d="{"".join(parts)}" fill="{s.fill}" stroke="{s.strong}" stroke-width="0.06"/>')
    width_em = chars * MONO_ADVANCE
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width_em:.3f}" height="{height:.3f}" '
        f'viewBox="0 0 {width_em:.3f} {height:.3f}">{"".join(paths)}</svg>'
    )
    style = (
        f"font-size: {size:.2f}pt; line-height: {LINE_HEIGHT}; background: url('data:image/svg+xml;utf8,{quote(svg)}') no-repeat 0 0; "
        f"background-size: {width_em:.3f}em {height:.3f}em"
    )
    kind = "pb-grid pb-beside" if beside else "pb-grid"
    return Markup(f'<pre class="{kind}" style="{style}">{escape(plain(lines))}</pre>')


#: width of a full-width and of a half column of a snapshot page, in points
FULL_PT, HALF_PT = 520, 250
#: the small text of a board at the base root size
BASE_SMALL_PT = BASE_PT * SMALL_EM
#: room the farmer's facts need to run beside their grid, in ems of small text
FACTS_BESIDE_EM = 20


@dataclass(frozen=True)
class GridFit:
    """How a farmer's grid prints in a column: its size in points and
    whether the farmer's facts run beside it or above it."""

    size_pt: float
    beside: bool


def fit_grid(lines: Sequence[Line], width_pt: float, grid_pt: float, scale: float = 1.0) -> GridFit:
    """A farmer's grid prints at ``grid_pt`` beside the farmer's facts if,
    at the base size, it leaves them :data:`FACTS_BESIDE_EM` of the column,
    otherwise across the column (facts above); smaller if it must.
    ``scale``: the grid's size over the small text (``GRID_SCALES``).

    The choice is made at the base size, so a board that grows or shrinks
    keeps the arrangement its page fill was estimated for. Beside its
    facts, a farmer takes the height of the taller of the two instead of
    the sum: what makes four farmers fit a page."""
    room = width_pt - FACTS_BESIDE_EM * BASE_SMALL_PT
    if pt_to_fit(lines, room) >= BASE_SMALL_PT * scale:
        return GridFit(min(grid_pt, pt_to_fit(lines, room)), True)
    return GridFit(min(grid_pt, pt_to_fit(lines, width_pt)), False)


def share_of_row(lines: Sequence[Line], size_pt: float, most: int = 56) -> int:
    """The percentage of a full-width row that the grid takes at
    ``size_pt`` (rounded up), at most ``most``: the top of a snapshot gives
    its first grid just that and the rest of the row to what stands beside
    it (a grid given less prints smaller)."""
    return min(most, int(MONO_ADVANCE * max(width_of(lines), 1) * size_pt * 100 / FULL_PT) + 2)


def pt_to_fit(lines: Sequence[Line], width_pt: float) -> float:
    """The font size at which the widest line is ``width_pt`` long."""
    return width_pt / (MONO_ADVANCE * max(width_of(lines), 1))


def farmer_print_height(lines: Sequence[Line], width_pt: float, fact_lines: int, grid_scale: float = 1.0) -> float:
    """About how tall a farmer prints at the base size in a column
    ``width_pt`` wide, in points: a title, ``fact_lines`` lines of facts
    (as they wrap across a full-width column) and the grid at
    ``grid_scale`` times the small text; beside the grid, the facts wrap
    into almost twice as many lines."""
    small = BASE_SMALL_PT
    fit = fit_grid(lines, width_pt, small * grid_scale, grid_scale)
    grid = fit.size_pt * len(lines) * LINE_HEIGHT
    facts = fact_lines * small * 1.25
    if fit.beside:
        return small * 2.4 + max(grid, 1.8 * facts)
    return small * 2.9 + facts + grid


def line_pt(grid_scale: float = 1.0) -> float:
    """The height of a grid line at the base size, ``grid_scale`` times the small text."""
    return BASE_SMALL_PT * grid_scale * LINE_HEIGHT


def top_grid_scale(grid_scale: float) -> float:
    """The scale of the top part's grids when it is stacked: as the farmers'
    grids, short of dwarfing the text around them."""
    return min(grid_scale, TOP_GRID_SCALE)


def fits_half(lines: Sequence[Line]) -> bool:
    """Whether a farmer's grid prints in half a row at the base size."""
    return pt_to_fit(lines, HALF_PT) >= BASE_SMALL_PT


#: how much larger than the small text a sparse board may print its farmers' grids,
#: and the grids of its top part when it is stacked
GRID_SCALES = (1.0, 1.15, 1.3, 1.45, 1.6)
TOP_GRID_SCALE = 1.3


def print_fill(fill_at, aim: float) -> dict:
    """How a board prints: ``fill_at(scale, stacked)`` estimates how much of
    the page it fills at the base size with the farmers' grids ``scale``
    times the small text, and its top part side by side or, ``stacked``,
    each block across the page with its grid as large as the farmers' (up
    to :data:`TOP_GRID_SCALE`).
    A sparse board whose farmers' grids are already at the largest scale
    stacks its top part if that still fits ``aim`` with all grids at
    :data:`TOP_GRID_SCALE` or more, so the page is used.
    Returns the board's ``print_grid_scale``, ``print_top_stacked`` and
    estimated fill ``print_height``."""
    scale, fill = grid_scale_to_fill(lambda k: fill_at(k, False), aim)
    stacked = False
    if scale == GRID_SCALES[-1]:
        stacked_scale, stacked_fill = grid_scale_to_fill(lambda k: fill_at(k, True), aim)
        if fill < stacked_fill <= aim and stacked_scale >= TOP_GRID_SCALE:
            scale, fill, stacked = stacked_scale, stacked_fill, True
    return {"print_grid_scale": scale, "print_top_stacked": stacked, "print_height": fill}


def grid_scale_to_fill(fill_at, aim: float) -> tuple[float, float]:
    """The largest of :data:`GRID_SCALES` at which the board is estimated
    to fill at most ``aim`` of the page (``fill_at(scale)``), and that
    estimate; the smallest scale if none does."""
    best = (GRID_SCALES[0], fill_at(GRID_SCALES[0]))
    for scale in GRID_SCALES[1:]:
        fill = fill_at(scale)
        if fill > aim:
            break
        best = (scale, fill)
    return best
