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

from boards import palette


@dataclass(frozen=True)
class Seg:
    text: str
    colour: str | None = None
    first: bool = False  # the top line of a cell: its coloured box starts here


Line = list[Seg]


def corner(down: str, across: str) -> str:
    """The axis convention of both games, printed where a grid's row and
    column labels meet: ``down`` grows downward, ``across`` to the right
    ("y↓ x→" on a Sunfield Plot, "1↓ a→" on a Harvest farm or the market)."""
    return f"{down}↓ {across}→"


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
    *,
    corner: str,
) -> list[Line]:
    """Lines of a grid: the axis convention (``corner``, see :func:`corner`)
    as a header line of column names led by the across arrow ("x→") and a
    line with the down arrow ("y↓") over the row labels, so the label
    column stays as narrow as the labels; a print grid (not ``spaced``),
    whose height is what a crowded page runs out of, puts both arrows
    before the column names instead ("y↓x→"). Then for each row its label
    (on the first line) and its cells side by side, one space apart.
    ``spaced``: a blank line between rows, which keeps tiles apart in plain
    text; a PDF grid leaves it out, its coloured boxes are framed anyway.

    ``rows``: ``(label, [cell, ...])`` where a cell is a list of segments of
    ``width`` characters, one per line; all cells of a row have as many lines.
    """
    down, across = corner.split(" ")
    axes = [across] if spaced else [down + across]
    label_width = max(label_width, *map(len, axes), len(down))
    lines: list[Line] = [[Seg(axes[0].rjust(label_width))] + [Seg(" " + name.center(width)) for name in header]]
    if spaced:
        lines.append([Seg(down.rjust(label_width))])
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


def pt_to_fit(lines: Sequence[Line], width_pt: float) -> float:
    """The font size at which the widest line is ``width_pt`` long."""
    return width_pt / (MONO_ADVANCE * max(width_of(lines), 1))


def columns(rows: Sequence[Sequence[object]]) -> list[str]:
    """A plain-text table: the first column left-aligned, the others
    right-aligned, each as wide as its widest cell, two spaces apart."""
    cells = [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells if i < len(row)) for i in range(max(map(len, cells), default=0))]
    out = []
    for row in cells:
        parts = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        out.append("  ".join(parts).rstrip())
    return out


def score_table(sheet: dict, names: Sequence[str], t=None) -> str:
    """The score sheet as plain text, a column per farmer headed by their
    name; its labels in the language of ``t`` (a :class:`boards.i18n.Translator`,
    English without one)."""
    from boards.i18n import DEFAULT_LANGUAGE, translator

    t = t or translator(DEFAULT_LANGUAGE)
    rows: list[list[object]] = [["", *names]]
    rows += [[t.gettext(line["label"]), *line["points"]] for line in sheet["lines"]]
    rows.append([t.gettext("Total"), *sheet["total"]])
    tiebreak = sheet.get("tiebreak")
    if tiebreak:
        rows.append([t.gettext("%(label)s (tie-break)", label=t.gettext(tiebreak["label"])), *tiebreak["values"]])
    return "\n".join(columns(rows))
