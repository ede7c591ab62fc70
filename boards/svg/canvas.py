"""A small SVG toolkit: elements with escaped attributes, text that wraps,
and panels that are laid out side by side or stacked.

A drawing is made of *panels* (the market, the Clients, one farmer...): each
has its own size, so the web page can let them flow on a narrow screen,
while a mail picture or a PDF puts them together into one SVG of a given
width (:func:`compose`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from markupsafe import escape

#: the drawings' typeface: DejaVu is what the PDFs use and what the PNG
#: rasteriser loads; the others are what a browser without it falls back to
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
INK = "#1a1a1a"
MUTED = "#555555"
LINE = "#8a8470"
PAPER = "#ffffff"
#: the outline of what changed since the farmer's previous turn
CHANGED = "#d55e00"
#: the smallest text of a drawing: a PDF prints it at 0.88 pt a unit (9.2 pt),
#: a wide Plot shrunk to the page no smaller than 7.5 pt
SMALLEST = 10.5
#: DejaVu Sans advances about 0.6 em a letter; used to wrap and fit text
EM_WIDTH = 0.6
#: how much wider than :data:`EM_WIDTH` bold text may run (wide letters: "Gebäude")
BOLD = 1.2


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def element(tag: str, body: str | None = None, **attrs) -> str:
    """``<tag a="v">body</tag>``; attribute names use ``_`` for ``-``
    (``stroke_width``), ``None`` values are left out, text is escaped."""
    head = tag + _attributes(attrs)
    return f"<{head}/>" if body is None else f"<{head}>{body}</{tag}>"


def _attributes(attrs: dict) -> str:
    """`` a="v" b="w"``: a drawing writes thousands of these per page, so
    names are converted once and numbers (nothing to escape) are not escaped."""
    return "".join(f' {_attribute_name(name)}="{_num(value) if isinstance(value, (int, float)) else escape(value)}"'
                   for name, value in attrs.items() if value is not None and value is not False)


@cache
def _attribute_name(name: str) -> str:
    return name.rstrip("_").replace("_", "-")


def text_width(text: str, size: float) -> float:
    return len(text) * size * EM_WIDTH


def wrap(text: str, size: float, width: float) -> list[str]:
    """``text`` broken at spaces into lines at most ``width`` wide."""
    most = max(4, int(width / (size * EM_WIDTH)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


@dataclass(frozen=True)
class Style:
    fill: str = PAPER
    stroke: str = "none"
    width: float = 1.0
    dash: str | None = None
    name: str | None = None  # a class for the SVG (tests find changed parts by it)

    def attrs(self) -> dict:
        stroked = self.stroke != "none"
        return {"fill": self.fill, "stroke": self.stroke, "stroke_width": self.width if stroked else None,
                "stroke_dasharray": self.dash if stroked else None, "class_": self.name}

    def markup(self) -> str:
        """:meth:`attrs` as SVG attributes, written once per style (a few
        dozen styles recur through a drawing's thousands of shapes)."""
        return _style_markup(self)


@lru_cache(maxsize=1024)
def _style_markup(style: Style) -> str:
    return _attributes(style.attrs())


@lru_cache(maxsize=4096)
def _style(fill: str, stroke: str, width: float, dash: str | None, name: str | None = None) -> Style:
    """One :class:`Style` for all the shapes drawn alike: a drawing has
    thousands of shapes in a few dozen styles, and a panel whose styles are
    shared pickles them once (the web's panel cache digests each panel's
    pickle, :mod:`service.web.page_cache`)."""
    return Style(fill, stroke, width, dash, name)


class Canvas:
    """Drawing operations in order, in the drawing's units (CSS px).

    The operations are kept, not only their SVG, so the same drawing can go
    to SVG (:meth:`markup`) and straight to a PDF (:mod:`boards.svg.pdfdraw`).
    """

    #: a sign drawn once and placed wherever it recurs (:func:`boards.svg.symbols.reused`)
    sign = False

    def __init__(self):
        self.ops: list[tuple] = []

    def rect(self, x, y, w, h, fill=PAPER, stroke=LINE, width=1.0, rx=0, dash=None, name=None) -> None:
        self.ops.append(("rect", x, y, w, h, rx, _style(fill, stroke, width, dash, name)))

    def circle(self, cx, cy, r, fill=PAPER, stroke=INK, width=1.0, dash=None) -> None:
        self.ops.append(("circle", cx, cy, r, _style(fill, stroke, width, dash)))

    def ellipse(self, cx, cy, rx, ry, fill=PAPER, stroke=INK, width=1.0, dash=None, rotate=0) -> None:
        self.ops.append(("ellipse", cx, cy, rx, ry, rotate, _style(fill, stroke, width, dash)))

    def path(self, d: str, fill="none", stroke=INK, width=1.0, dash=None) -> None:
        """``d``: SVG path data using M, L, Q, Z (and l, q)."""
        self.ops.append(("path", d, _style(fill, stroke, width, dash)))

    def line(self, x1, y1, x2, y2, stroke=LINE, width=1.0, dash=None) -> None:
        self.path(f"M{x1:.1f} {y1:.1f} L{x2:.1f} {y2:.1f}", stroke=stroke, width=width, dash=dash)

    def text(self, x, y, words, size=12.0, anchor="start", bold=False, fill=INK, italic=False) -> None:
        """One line of text; ``y`` is its baseline."""
        self.ops.append(("text", x, y, str(words), size, anchor, bold, italic, fill))

    def titled(self, x, y, title, note, size=15.0, note_size=11.0) -> None:
        """A bold title and, after it, a muted note in smaller type, placed
        after the title's width in the widest face we draw with (the PDF's
        monospace; bold letters run wider, "Gebäude"), so the two never run into each other."""
        self.text(x, y, title, size=size, bold=True)
        self.text(x + text_width(title, size) * BOLD + note_size * 0.5, y, note, size=note_size, fill=MUTED)

    def fitted(self, x, y, words, size, width, anchor="start", **kw) -> None:
        """Text shrunk (down to 70%, never under :data:`SMALLEST`) to fit
        ``width``, then cut with "…"."""
        size_fit = size
        while text_width(words, size_fit) > width and size_fit - 0.5 >= max(size * 0.7, SMALLEST):
            size_fit -= 0.5
        if text_width(words, size_fit) > width:
            keep = max(1, int(width / (size_fit * EM_WIDTH)) - 1)
            words = words[:keep] + "…"
        self.text(x, y, words, size_fit, anchor, **kw)

    def paragraph(self, x, y, words, size, width, leading=1.2, most=None, **kw) -> float:
        """Wrapped text from baseline ``y`` (at most ``most`` lines, the
        last one fitted); returns the height used."""
        lines = wrap(words, size, width)
        if most and len(lines) > most:
            lines = lines[: most - 1] + [" ".join(lines[most - 1 :])]
        for i, line in enumerate(lines):
            if most and i == len(lines) - 1:
                self.fitted(x, y + i * size * leading, line, size, width, **kw)
            else:
                self.text(x, y + i * size * leading, line, size, **kw)
        return len(lines) * size * leading

    def group(self, canvas: Canvas, dx=0.0, dy=0.0, scale=1.0) -> None:
        """Another canvas drawn here, moved (and scaled)."""
        self.ops.append(("group", canvas, dx, dy, scale))

    def changed(self, x, y, w, h, rx=4) -> None:
        """The outline around a part that differs from the farmer's previous turn."""
        self.rect(x - 3, y - 3, w + 6, h + 6, fill="none", stroke=CHANGED, width=3, rx=rx, dash="7 3", name="changed")

    def markup(self) -> str:
        return _sign_markup(self) if self.sign else "".join(_svg(op) for op in self.ops)


@cache
def _sign_markup(sign: Canvas) -> str:
    """A sign's SVG, written once: a sign's canvas is made once per process
    and never changed (:func:`boards.svg.symbols.reused`)."""
    return "".join(_svg(op) for op in sign.ops)


def _svg(op: tuple) -> str:
    """One operation's SVG: as :func:`element` writes it, with the style's
    attributes last, written straight (the drawings' innermost loop)."""
    kind = op[0]
    if kind == "rect":
        _, x, y, w, h, rx, style = op
        return f"<rect{_attributes({'x': x, 'y': y, 'width': w, 'height': h, 'rx': rx or None})}{style.markup()}/>"
    if kind == "circle":
        _, cx, cy, r, style = op
        return f"<circle{_attributes({'cx': cx, 'cy': cy, 'r': r})}{style.markup()}/>"
    if kind == "ellipse":
        _, cx, cy, rx, ry, rotate, style = op
        turn = f"rotate({_num(float(rotate))} {_num(float(cx))} {_num(float(cy))})" if rotate else None
        return f"<ellipse{_attributes({'cx': cx, 'cy': cy, 'rx': rx, 'ry': ry, 'transform': turn})}{style.markup()}/>"
    if kind == "path":
        _, d, style = op
        return f'<path d="{escape(d)}" stroke-linejoin="round"{style.markup()}/>'
    if kind == "text":
        _, x, y, words, size, anchor, bold, italic, fill = op
        attrs = {"x": x, "y": y, "font_size": size, "text_anchor": None if anchor == "start" else anchor,
                 "font_weight": "bold" if bold else None, "font_style": "italic" if italic else None, "fill": fill}
        return f"<text{_attributes(attrs)}>{escape(words)}</text>"
    _, canvas, dx, dy, scale = op
    transform = f"translate({_num(float(dx))} {_num(float(dy))})" + (f" scale({scale:g})" if scale != 1 else "")
    return element("g", canvas.markup(), transform=transform)


@dataclass
class Panel:
    """One part of a drawing, drawn at the origin, ``width`` by ``height``."""

    title: str
    width: float
    height: float
    canvas: Canvas
    #: a sentence for readers of the page who cannot see the picture
    summary: str = ""
    #: the panel takes a full row when composed (a farmer's board)
    wide: bool = False
    #: the drawing's key (printed right under the status line)
    key: bool = False
    tags: list[str] = field(default_factory=list)


def svg_document(width: float, height: float, body: str, title: str, desc: str = "", *, element_id=None) -> str:
    """A standalone SVG: the title and description are what a screen
    reader says; the text boards on the same page remain the full account."""
    head = element("title", str(escape(title))) + (element("desc", str(escape(desc))) if desc else "")
    return element(
        "svg",
        head + f'<rect width="{_num(float(width))}" height="{_num(float(height))}" fill="{PAPER}"/>' + body,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {_num(float(width))} {_num(float(height))}",
        width=_num(float(width)),
        height=_num(float(height)),
        role="img",
        font_family=FONT,
        id=element_id,
        class_="drawn-board",
    )


def panel_svg(panel: Panel) -> str:
    return svg_document(panel.width, panel.height, panel.canvas.markup(), panel.title, panel.summary)


def compose(panels: Sequence[Panel], width: float, title: str, gap: float = 12.0, desc: str = "") -> str:
    """The panels as one SVG ``width`` wide (see :func:`arrange`)."""
    canvas, height = arrange(panels, width, gap)
    return svg_document(width, height, canvas.markup(), title, desc)


def arrange(panels: Sequence[Panel], width: float, gap: float = 12.0) -> tuple[Canvas, float]:
    """The panels on one canvas ``width`` wide, and its height (see :func:`placements`)."""
    canvas = Canvas()
    placed, height = placements(panels, width, gap)
    for panel, x, y, scale in placed:
        canvas.group(panel.canvas, x, y, scale)
    return canvas, height


def placements(panels: Sequence[Panel], width: float, gap: float = 12.0) -> tuple[list[tuple], float]:
    """Where each panel goes on a drawing ``width`` wide, as
    ``(panel, x, y, scale)``, and the drawing's height: left to right in
    rows, a panel too wide for what is left of a row starting the next one
    (shrunk to the width if it is wider than the whole drawing)."""
    placed = []
    x = y = row_height = 0.0
    for panel in panels:
        scale = min(1.0, width / panel.width)
        w, h = panel.width * scale, panel.height * scale
        if x > 0 and (x + w > width + 0.5 or panel.wide):
            x, y, row_height = 0.0, y + row_height + gap, 0.0
        placed.append((panel, x, y, scale))
        x += w + gap
        row_height = max(row_height, h)
        if panel.wide:
            x = width + 1
    return placed, y + row_height
