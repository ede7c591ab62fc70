"""Monospace grids of coloured text: the plain-text board and the PDF board.

A board in a PDF is mostly grids (the market, each farmer's farm). WeasyPrint
spends most of its time on boxes (table cells, styled elements), far less on
plain text, so the PDF draws grids as monospace lines in which each cell is
one coloured span per line: a fraction of the cost of a table, and the very
same lines, without colour, are the plain-text board of text-only mail.

A line is a list of :class:`Seg`; ``colour`` names a palette swatch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from markupsafe import Markup, escape

from service.boards import palette


@dataclass(frozen=True)
class Seg:
    text: str
    colour: str | None = None


Line = list[Seg]


def cell_lines(texts: Sequence[str], width: int, height: int, colour: str | None = None) -> list[Seg]:
    """A cell as ``height`` segments of exactly ``width`` characters."""
    texts = list(texts)[:height] + [""] * (height - len(texts))
    return [Seg(fit(t, width), colour) for t in texts]


def fit(text: str, width: int) -> str:
    """``text`` cut or padded to ``width`` characters (a cut ends with "~")."""
    return text.ljust(width) if len(text) <= width else text[: width - 1] + "~"


def grid(
    header: Sequence[str],
    rows: Sequence[tuple[str, Sequence[list[Seg]]]],
    width: int,
    label_width: int,
) -> list[Line]:
    """Lines of a grid: a header line of column names, then for each row its
    label (on the first line) and its cells side by side, one space apart.

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
        lines.append([])  # a blank line between rows keeps tiles apart
    return lines


def plain(lines: Sequence[Line]) -> str:
    return "\n".join("".join(s.text for s in line).rstrip() for line in lines)


def width_of(lines: Sequence[Line]) -> int:
    return max((len("".join(s.text for s in line).rstrip()) for line in lines), default=0)


def html(lines: Sequence[Line]) -> Markup:
    """The lines for a ``<pre>``: coloured segments become spans with the
    swatch's class (``c-blue`` ...), defined by :func:`swatch_css`."""
    out = []
    for line in lines:
        parts = []
        for seg in line:
            text = escape(seg.text)
            parts.append(Markup(f'<span class="c-{palette.swatch(seg.colour).name}">{text}</span>') if seg.colour else text)
        out.append(Markup("").join(parts))
    return Markup("\n").join(out)


#: advance of every glyph of DejaVu Sans Mono, in em
MONO_ADVANCE = 0.602


def font_size_to_fit(lines: Sequence[Line], width_pt: float, largest_pt: float = 8.0) -> str:
    """A CSS font size at which the widest line fits ``width_pt`` points."""
    chars = max(width_of(lines), 1)
    return f"{min(largest_pt, width_pt / (MONO_ADVANCE * chars)):.2f}pt"


def swatch_css() -> str:
    """One class per swatch: its fill behind the text, its ink for the text."""
    return "\n".join(
        f".c-{s.name} {{ background: {s.fill}; color: {s.ink}; }}" for s in palette.all_swatches()
    )

