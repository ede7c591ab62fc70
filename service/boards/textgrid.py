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
LINE_HEIGHT = 1.2
#: the white between two cells of a column, in em (grids in PDFs have no blank line between rows)
CELL_GAP = 0.2


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


def print_block(lines: Sequence[Line], width_pt: float, largest_em: float = 0.8, beside: bool = False) -> Markup:
    """A grid for a PDF: the plain lines in a ``<pre>`` whose background is
    an SVG drawing each coloured cell as a framed rectangle (one path per
    colour). ``beside``: the grid floats left and the text after it runs
    down its right side (see :func:`fit_grid`).

    WeasyPrint spends far more on an inline box (a coloured span) than on
    drawing, and an SVG background image costs a third of an inline ``<svg>``
    element. Text and cells line up because DejaVu Sans Mono advances every
    glyph by the same 0.602 em and the ``<pre>`` sets its line height.
    """
    em = min(largest_em, em_to_fit(lines, width_pt))
    size = f"{em:.3f}em"
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
        f"font-size: {size}; background: url('data:image/svg+xml;utf8,{quote(svg)}') no-repeat 0 0; "
        f"background-size: {width_em:.3f}em {height:.3f}em"
    )
    kind = "pb-grid" + (" pb-beside" if beside else "") + (" pb-floor" if em >= FLOOR_SAFE_EM else "")
    return Markup(f'<pre class="{kind}" style="{style}">{escape(plain(lines))}</pre>')


#: the root font size the PDF layouts are drawn for (pdf.BASE_PT)
BASE_PT = 10.0
#: a farmer's grid in a PDF prints between these sizes (em of the root; the
#: smallest matches the board's small text, so nothing prints below it)
GRID_LARGEST_EM, GRID_SMALLEST_EM = 0.85, 0.85
#: a grid at least this large (em of a 10 pt root) still fits its column at
#: the 7.5 pt floor of small text (pdf.TEXT_FLOOR_PT), so it keeps to the floor
FLOOR_SAFE_EM = 0.75
#: width of a full-width and of a half column of a snapshot page, in points
FULL_PT, HALF_PT = 520, 250
#: room the farmer's facts need to run beside their grid, in points
FACTS_BESIDE_PT = 170


@dataclass(frozen=True)
class GridFit:
    """How a farmer's grid prints in a column ``width_pt`` wide: its size
    and whether the farmer's facts run beside it (a narrow grid in a
    full-width row) or above it."""

    largest_em: float
    beside: bool


def fit_grid(lines: Sequence[Line], width_pt: float) -> GridFit:
    """The largest size up to :data:`GRID_LARGEST_EM` at which the grid
    leaves :data:`FACTS_BESIDE_PT` of the column to the facts, if that is
    not below :data:`GRID_SMALLEST_EM`; otherwise the grid takes the whole
    column (facts above it). Side by side, a farmer takes the height of the
    taller of the two instead of the sum: what makes four farmers fit."""
    beside_em = em_to_fit(lines, width_pt - FACTS_BESIDE_PT)
    if beside_em >= GRID_SMALLEST_EM:
        return GridFit(min(GRID_LARGEST_EM, beside_em), True)
    return GridFit(GRID_LARGEST_EM, False)


def share_of_row(lines: Sequence[Line], em: float = GRID_SMALLEST_EM) -> int:
    """The percentage of a full-width row that the grid takes at ``em``
    (rounded up): the top of a snapshot gives its first grid just that
    and the rest of the row to what stands beside it."""
    return min(100, -(-int(MONO_ADVANCE * max(width_of(lines), 1) * BASE_PT * em * 100) // FULL_PT) + 1)


def em_to_fit(lines: Sequence[Line], width_pt: float) -> float:
    """The font size, in em of a :data:`BASE_PT` root, at which the widest line is ``width_pt`` long."""
    return width_pt / (MONO_ADVANCE * max(width_of(lines), 1) * BASE_PT)


def farmer_print_height(lines: Sequence[Line], width_pt: float, fact_lines: int) -> float:
    """About how tall a farmer prints in a column ``width_pt`` wide, in em of
    the root: a title, ``fact_lines`` lines of facts (as they wrap in a
    full-width column) and the grid, the facts beside the grid when they
    fit there (then wrapping into about twice as many lines)."""
    fit = fit_grid(lines, width_pt)
    grid_em = min(fit.largest_em, em_to_fit(lines, width_pt)) * len(lines) * LINE_HEIGHT
    facts_em = fact_lines * 0.85 * 1.25
    if fit.beside:
        return 1.8 + max(grid_em, 2 * facts_em) + 0.3
    return 1.8 + facts_em + grid_em + 0.5
