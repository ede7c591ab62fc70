"""The project's own signs, drawn from simple shapes (no outside artwork).

Each sign has its own shape *and* a letter or word next to or on it, so it
reads without colour (grey print, colour-blind farmers); colours come from
:mod:`boards.palette`. Every function draws centred on ``(cx, cy)`` into a
:class:`~boards.svg.canvas.Canvas`, ``s`` being the sign's size.
"""

from __future__ import annotations

import functools
import inspect
import math

from boards import palette
from boards.i18n import Translator
from boards.svg.canvas import BOLD, INK, MUTED, SMALLEST, Canvas


def reused(draw):
    """A sign drawn once, centred on the origin, for each set of its other
    arguments, and placed as a group at ``(cx, cy)``: a PDF paints each
    distinct sign once and refers to it wherever it recurs
    (:func:`boards.svg.pdfdraw.paint`), which keeps a drawn page of dozens of
    Vegetables and Animals small, and an SVG writes it once per process
    (:meth:`boards.svg.canvas.Canvas.markup`)."""
    signature = inspect.signature(draw)
    names = tuple(signature.parameters)[1:]  # after the canvas
    defaults = {n: p.default for n, p in signature.parameters.items() if p.default is not p.empty}
    kept = tuple(n for n in names if n not in ("cx", "cy"))
    allowed = frozenset(names)

    @functools.wraps(draw)
    def place(c: Canvas, *args, **kwargs) -> None:
        # the arguments by name in the signature's order, defaults filled in, as
        # inspect's bind gives them in half the time (a 4-farmer board places some
        # 250 signs each time it is drawn); bind itself says what is wrong with a bad call
        positional = dict(zip(names, args))
        if len(args) > len(names) or positional.keys() & kwargs.keys() or not kwargs.keys() <= allowed:
            signature.bind(c, *args, **kwargs)
        given = {**defaults, **positional, **kwargs}
        try:
            sign = tuple([(n, given[n]) for n in kept])
            cx, cy = given["cx"], given["cy"]
        except KeyError:
            signature.bind(c, *args, **kwargs)
            raise
        c.group(_sign(draw, sign), cx, cy)

    return place


@functools.cache
def _sign(draw, args: tuple) -> Canvas:
    canvas = Canvas()
    draw(canvas, cx=0.0, cy=0.0, **dict(args))
    canvas.sign = True
    return canvas

#: Vegetable -> (swatch, letter colour on the strong fill)
VEGETABLES = {
    "carrot": ("orange", INK),
    "broccoli": ("green", "#ffffff"),
    "eggplant": ("purple", INK),
    "corn": ("yellow", INK),
}
SIGNS = {"carrot": "Ca", "broccoli": "Br", "eggplant": "Eg", "corn": "Co"}


@reused
def vegetable(c: Canvas, name: str, cx: float, cy: float, s: float, filled: bool = True) -> None:
    """A Vegetable: carrot a cone, broccoli a cloud on a stem, eggplant an
    oval with a cap, corn a cob; ``filled=False`` is its empty space on a
    tile (a dashed outline with the sign in grey)."""
    name = name.lower()
    swatch_name, letter_ink = VEGETABLES[name]
    sw = palette.swatch(swatch_name)
    fill = sw.strong if filled else "#ffffff"
    stroke = INK if filled else MUTED
    dash = None if filled else "2.5 2"
    h = s / 2
    if name == "carrot":
        c.path(f"M{cx - h * 0.8:.1f} {cy - h * 0.55:.1f} L{cx + h * 0.8:.1f} {cy - h * 0.55:.1f} "
               f"L{cx:.1f} {cy + h:.1f} Z", fill=fill, stroke=stroke, dash=dash)
        c.path(f"M{cx:.1f} {cy - h * 0.55:.1f} l-{h * 0.3:.1f} -{h * 0.45:.1f} M{cx:.1f} {cy - h * 0.55:.1f} "
               f"l{h * 0.3:.1f} -{h * 0.45:.1f}", stroke="#009e73" if filled else MUTED, width=1.5)
        ty = cy + h * 0.05
    elif name == "broccoli":
        c.rect(cx - h * 0.18, cy + h * 0.1, h * 0.36, h * 0.85, fill=fill, stroke=stroke, dash=dash)
        for dx, dy, r in ((-0.42, -0.12, 0.42), (0.42, -0.12, 0.42), (0, -0.45, 0.48), (0, 0.0, 0.45)):
            c.circle(cx + dx * h, cy + dy * h, r * h, fill=fill, stroke=stroke if dy != 0.0 else "none", dash=dash)
        ty = cy + h * 0.05
    elif name == "eggplant":
        c.ellipse(cx, cy + h * 0.1, h * 0.62, h * 0.88, fill=fill, stroke=stroke, dash=dash)
        c.path(f"M{cx - h * 0.35:.1f} {cy - h * 0.62:.1f} Q{cx:.1f} {cy - h * 0.95:.1f} {cx + h * 0.35:.1f} "
               f"{cy - h * 0.62:.1f}", stroke="#009e73" if filled else MUTED, width=2)
        ty = cy + h * 0.25
    else:  # corn
        c.rect(cx - h * 0.5, cy - h * 0.95, h, h * 1.9, fill=fill, stroke=stroke, rx=h * 0.5, dash=dash)
        if filled:
            c.path(f"M{cx - h * 0.5:.1f} {cy + h * 0.5:.1f} Q{cx - h:.1f} {cy:.1f} {cx - h * 0.6:.1f} "
                   f"{cy - h * 0.7:.1f}", stroke="#009e73", width=1.5)
        ty = cy + h * 0.05
    c.text(cx, ty + s * 0.14, SIGNS[name], size=max(s * 0.42, SMALLEST), anchor="middle", bold=True,
           fill=letter_ink if filled else MUTED)


@reused
def animal(c: Canvas, name: str, cx: float, cy: float, s: float, faded: bool = False) -> None:
    """An Animal's head: a Sheep woolly, a Pig round with a snout, a Cow
    long with horns; its first letter is on it."""
    name = name.lower()
    h = s / 2
    ink = MUTED if faded else INK
    if name == "sheep":
        for i in range(8):
            a = i * math.pi / 4
            c.circle(cx + math.cos(a) * h * 0.62, cy + math.sin(a) * h * 0.62, h * 0.38, fill="#f4f4f4", stroke=ink)
        c.circle(cx, cy, h * 0.62, fill="#f4f4f4", stroke="none")
        letter = "S"
    elif name == "pig":
        c.path(f"M{cx - h * 0.75:.1f} {cy - h * 0.35:.1f} l{h * 0.1:.1f} -{h * 0.6:.1f} l{h * 0.45:.1f} {h * 0.3:.1f} Z "
               f"M{cx + h * 0.75:.1f} {cy - h * 0.35:.1f} l-{h * 0.1:.1f} -{h * 0.6:.1f} l-{h * 0.45:.1f} {h * 0.3:.1f} Z",
               fill="#f2b8c6", stroke=ink)
        c.circle(cx, cy, h * 0.8, fill="#f7cdd7", stroke=ink)
        c.ellipse(cx, cy + h * 0.3, h * 0.34, h * 0.22, fill="#eaa3b5", stroke=ink)
        letter = "P"
    else:  # cow
        c.path(f"M{cx - h * 0.5:.1f} {cy - h * 0.6:.1f} q-{h * 0.5:.1f} -{h * 0.1:.1f} -{h * 0.45:.1f} -{h * 0.4:.1f} "
               f"M{cx + h * 0.5:.1f} {cy - h * 0.6:.1f} q{h * 0.5:.1f} -{h * 0.1:.1f} {h * 0.45:.1f} -{h * 0.4:.1f}",
               stroke=ink, width=2)
        c.rect(cx - h * 0.6, cy - h * 0.75, h * 1.2, h * 1.6, fill="#ffffff", stroke=ink, rx=h * 0.45)
        c.circle(cx - h * 0.25, cy - h * 0.35, h * 0.18, fill="#3b2714", stroke="none")
        c.rect(cx - h * 0.5, cy + h * 0.3, h, h * 0.55, fill="#f2c4b0", stroke=ink, rx=h * 0.25)
        letter = "C"
    c.text(cx, cy + s * 0.12, letter, size=max(s * 0.38, SMALLEST), anchor="middle", bold=True, fill=ink)


@reused
def marker(c: Canvas, seat: int, cx: float, cy: float, s: float, letter: str = "") -> None:
    """A farmer's marker (Wheelbarrow, score): their colour and shape,
    with their initial on it."""
    style = palette.farmer_style(seat)
    h = s / 2
    if style.marker == "circle":
        c.circle(cx, cy, h, fill=style.colour, stroke=INK)
    elif style.marker == "square":
        c.rect(cx - h * 0.88, cy - h * 0.88, h * 1.76, h * 1.76, fill=style.colour, stroke=INK)
    elif style.marker == "triangle":
        c.path(f"M{cx:.1f} {cy - h * 1.05:.1f} L{cx + h * 1.05:.1f} {cy + h * 0.8:.1f} L{cx - h * 1.05:.1f} "
               f"{cy + h * 0.8:.1f} Z", fill=style.colour, stroke=INK)
    else:
        c.path(f"M{cx:.1f} {cy - h:.1f} L{cx + h:.1f} {cy:.1f} L{cx:.1f} {cy + h:.1f} L{cx - h:.1f} {cy:.1f} Z",
               fill=style.colour, stroke=INK)
    if letter:
        ty = cy + s * 0.17 + (s * 0.08 if style.marker == "triangle" else 0)
        c.text(cx, ty, letter, size=max(s * 0.48, SMALLEST), anchor="middle", bold=True, fill="#ffffff")


@reused
def medal(c: Canvas, cx: float, cy: float, s: float, value: int) -> None:
    """A Medal: a ribbon and a disc with its value."""
    h = s / 2
    c.path(f"M{cx - h * 0.5:.1f} {cy - h * 1.1:.1f} L{cx - h * 0.15:.1f} {cy - h * 0.4:.1f} "
           f"M{cx + h * 0.5:.1f} {cy - h * 1.1:.1f} L{cx + h * 0.15:.1f} {cy - h * 0.4:.1f}",
           stroke="#0072b2", width=max(2.0, h * 0.3))
    c.circle(cx, cy, h * 0.75, fill="#e69f00" if value >= 3 else "#c8c8c8", stroke=INK)
    c.text(cx, cy + s * 0.16, str(value), size=max(s * 0.45, SMALLEST), anchor="middle", bold=True)


@reused
def seed(c: Canvas, cx: float, cy: float, s: float) -> None:
    """A Seed: a small brown drop."""
    h = s / 2
    c.path(f"M{cx:.1f} {cy - h:.1f} Q{cx + h * 0.9:.1f} {cy + h * 0.2:.1f} {cx:.1f} {cy + h:.1f} "
           f"Q{cx - h * 0.9:.1f} {cy + h * 0.2:.1f} {cx:.1f} {cy - h:.1f} Z", fill="#8c6239", stroke=INK, width=0.8)


@reused
def coin(c: Canvas, cx: float, cy: float, s: float) -> None:
    c.circle(cx, cy, s / 2, fill="#e6c200", stroke=INK)
    c.text(cx, cy + s * 0.17, "$", size=max(s * 0.5, SMALLEST), anchor="middle", bold=True)


@reused
def drop(c: Canvas, cx: float, cy: float, s: float) -> None:
    """Water: a blue drop."""
    h = s / 2
    c.path(f"M{cx:.1f} {cy - h:.1f} Q{cx + h:.1f} {cy + h * 0.3:.1f} {cx:.1f} {cy + h:.1f} "
           f"Q{cx - h:.1f} {cy + h * 0.3:.1f} {cx:.1f} {cy - h:.1f} Z", fill="#56b4e9", stroke=INK, width=0.8)


@reused
def sack(c: Canvas, cx: float, cy: float, s: float) -> None:
    """Fertilizer: a sack."""
    h = s / 2
    c.path(f"M{cx - h * 0.6:.1f} {cy - h * 0.6:.1f} L{cx + h * 0.6:.1f} {cy - h * 0.6:.1f} "
           f"L{cx + h * 0.8:.1f} {cy + h:.1f} L{cx - h * 0.8:.1f} {cy + h:.1f} Z", fill="#cfc1a5", stroke=INK, width=0.8)
    c.text(cx, cy + h * 0.6, "F", size=max(s * 0.55, SMALLEST), anchor="middle", bold=True)


@reused
def crop(c: Canvas, name: str, cx: float, cy: float, s: float, berry: bool = False) -> None:
    """A Harvest crop: Wheat ears, a Strawberry, a Bush (with a Blueberry or
    not), a Pumpkin with ribs."""
    h = s / 2
    if name == "wheat":
        c.line(cx, cy + h, cx, cy - h * 0.9, stroke="#8c6239", width=1.5)
        for i in range(3):
            y = cy - h * 0.7 + i * h * 0.45
            for side in (-1, 1):
                c.ellipse(cx + side * h * 0.22, y, h * 0.2, h * 0.32, fill="#e6c200", stroke=INK, width=0.8,
                          rotate=side * 25)
    elif name == "strawberry":
        c.path(f"M{cx:.1f} {cy + h:.1f} Q{cx - h:.1f} {cy:.1f} {cx - h * 0.7:.1f} {cy - h * 0.45:.1f} "
               f"Q{cx:.1f} {cy - h * 0.8:.1f} {cx + h * 0.7:.1f} {cy - h * 0.45:.1f} Q{cx + h:.1f} {cy:.1f} {cx:.1f} "
               f"{cy + h:.1f} Z", fill="#d55e00", stroke=INK)
        c.path(f"M{cx - h * 0.45:.1f} {cy - h * 0.55:.1f} L{cx:.1f} {cy - h * 0.95:.1f} L{cx + h * 0.45:.1f} "
               f"{cy - h * 0.55:.1f}", stroke="#009e73", width=2)
        for dx, dy in ((-0.3, -0.1), (0.3, -0.1), (0, 0.25), (-0.15, 0.55), (0.15, 0.55)):
            c.circle(cx + dx * h, cy + dy * h, h * 0.06, fill="#fbe3b3", stroke="none")
    elif name == "bush":
        for dx, dy in ((-0.45, 0.1), (0.45, 0.1), (0, -0.35), (0, 0.3)):
            c.circle(cx + dx * h, cy + dy * h, h * 0.5, fill="#6fbf8f", stroke=INK if dy != 0.3 else "none")
        if berry:
            for dx, dy in ((-0.25, 0.0), (0.25, 0.05), (0.0, 0.35)):
                c.circle(cx + dx * h, cy + dy * h, h * 0.22, fill="#0072b2", stroke=INK, width=0.8)
    elif name == "pumpkin":
        c.ellipse(cx, cy + h * 0.1, h, h * 0.75, fill="#e69f00", stroke=INK)
        for rx in (0.35, 0.7):
            c.ellipse(cx, cy + h * 0.1, h * rx, h * 0.75, fill="none", stroke=INK, width=0.8)
        c.rect(cx - h * 0.1, cy - h * 0.9, h * 0.2, h * 0.35, fill="#009e73", stroke=INK, width=0.8)


@reused
def forest(c: Canvas, cx: float, cy: float, s: float) -> None:
    """A Forest: two fir trees."""
    h = s / 2
    for dx, k in ((-0.4, 0.85), (0.35, 1.0)):
        x = cx + dx * h
        c.path(f"M{x:.1f} {cy - h * k:.1f} L{x + h * 0.5 * k:.1f} {cy + h * 0.55:.1f} L{x - h * 0.5 * k:.1f} "
               f"{cy + h * 0.55:.1f} Z", fill="#2e7d4f", stroke=INK, width=0.8)
        c.rect(x - h * 0.08, cy + h * 0.55, h * 0.16, h * 0.4, fill="#8c6239", stroke="none")


@reused
def house(c: Canvas, cx: float, cy: float, s: float) -> None:
    """A building: a barn front."""
    h = s / 2
    c.path(f"M{cx - h * 0.8:.1f} {cy + h * 0.8:.1f} L{cx - h * 0.8:.1f} {cy - h * 0.1:.1f} L{cx:.1f} {cy - h * 0.8:.1f} "
           f"L{cx + h * 0.8:.1f} {cy - h * 0.1:.1f} L{cx + h * 0.8:.1f} {cy + h * 0.8:.1f} Z", fill="#b5651d", stroke=INK)
    c.rect(cx - h * 0.25, cy + h * 0.2, h * 0.5, h * 0.6, fill="#fbe3b3", stroke=INK, width=0.8)


@reused
def wheelbarrow(c: Canvas, cx: float, cy: float, s: float) -> None:
    """The Wheelbarrow of Sunfield: a tray on a wheel."""
    h = s / 2
    c.path(f"M{cx - h:.1f} {cy - h * 0.5:.1f} L{cx + h * 0.6:.1f} {cy - h * 0.5:.1f} L{cx + h * 0.3:.1f} {cy + h * 0.2:.1f} "
           f"L{cx - h * 0.7:.1f} {cy + h * 0.2:.1f} Z", fill="#c7a27c", stroke=INK)
    c.path(f"M{cx + h * 0.6:.1f} {cy - h * 0.5:.1f} L{cx + h:.1f} {cy - h * 0.8:.1f}", stroke=INK, width=1.5)
    c.circle(cx - h * 0.2, cy + h * 0.55, h * 0.3, fill="#555555", stroke=INK)


def farmer_header(c: Canvas, seat: int, name: str, points: str, width: float, to_act: bool, t: Translator) -> None:
    """A farmer's title bar: their colour and marker, name, points, and
    "to act" when it is their turn."""
    from boards.svg.canvas import text_width

    style = palette.farmer_style(seat)
    c.rect(0, 0, width, 30, fill="#f4f1e8", stroke="none", rx=4)
    c.rect(0, 0, 6, 30, fill=style.colour, stroke="none")
    marker(c, seat, 24, 15, 20, name[:1])
    right = width - 8 - text_width(points, 14) - 8
    if to_act:
        right -= 96
        c.rect(right + 6, 4, 88, 22, fill="#0072b2", stroke="none", rx=11)
        c.text(right + 50, 20, "▶ " + t.gettext("to act"), size=13, anchor="middle", bold=True, fill="#ffffff")
    c.fitted(42, 21, name, 16, right - 46, bold=True)
    c.text(width - 8, 21, points, size=14, anchor="end", bold=True)


def key(c: Canvas, items: list, width: float, t: Translator, top: float = 0.0) -> float:
    """A key of ``(draw(c, cx, cy), words)`` items flowing in rows within
    ``width``; returns its height."""
    from boards.svg.canvas import text_width

    title = t.gettext("Key")
    c.text(0, top + 15, title, size=13, bold=True)
    first = max(44.0, text_width(title, 13) * BOLD + 26)  # "Legende", "Légende"
    x, y = first, top + 10
    for draw, words in items:
        step = 30 + text_width(words, 11) + 14
        if x + step > width and x > first:
            x, y = first, y + 28
        draw(c, x, y)
        c.text(x + 14, y + 5, words, size=11)
        x += step
    y += 22
    c.rect(0, y, 20, 14, fill="none", stroke="#d55e00", width=3, dash="7 3")
    c.text(28, y + 11, t.gettext("changed since your last turn"), size=11)
    return y + 18 - top
