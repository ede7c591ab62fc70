"""The drawing's operations painted straight onto PDF pages with cairo.

The mail picture and the web page use the SVG; a PDF gets the very same
operations (:class:`~boards.svg.canvas.Canvas` keeps them) painted by cairo,
as vectors with DejaVu text. Measured on the sample boards, this takes a few
milliseconds where WeasyPrint drawing the SVG took over a second and
CairoSVG (parsing the SVG again) 250-400 ms (docs/libraries.md).

Pages are A4 with the margins of every Farmpost PDF (templates/pdf/page.css):
everything lies 14-274 mm from the top and 12 mm from the sides, so A4 and
Letter print it whole. Parts (panels) go down the page and on to the next
page whole; a page takes one more part at a slightly smaller scale when
that fills it (text no smaller than 7.5 pt, :func:`pack`); a part wider
than the page is shrunk to fit (to the same floor), and one taller than a
page is cut between two of its own parts and goes on at the head of the
next page, the next parts after it.

A character outside WinAnsi (the arrows of a grid's corner, the ▶ of
"to act") is painted as its glyph's outline (:func:`show_text`): cairo
would embed a second subset of the font for it, a CID font of its own
(some 3.5 KB of a turn mail's PDF, 4.7 KB as sent), where the outline of
the few such signs a board has is a few hundred bytes.
"""

from __future__ import annotations

import io
import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import cairocffi as cairo

from boards.svg.canvas import Canvas, Panel, Style

MM = 72 / 25.4
PAGE_W, PAGE_H = 210 * MM, 297 * MM
#: 12 mm, 14 mm and 274 mm, to a hundredth of a point (inwards): with page scales in steps of
#: :data:`SCALE_STEP`, most of what a page paints lies at two decimals, which cairo writes shorter
LEFT, TOP, BOTTOM = 34.02, 39.69, 776.69
WIDTH = PAGE_W - 2 * LEFT
#: drawing units (CSS px) to points: 600 px fill the page's width, so a
#: 460 px panel takes most of it and the smallest text prints at 9.2 pt
SCALE = WIDTH / 600
#: the smallest scale: the drawing's smallest text (10.5 px) at 7.5 pt
SMALLEST_SCALE = 7.5 / 10.5
#: page scales are multiples of this: a drawing's coordinates are mostly whole or half units
#: (60% whole in a 4-farmer board), so a page paints them at two decimals, not three (cairo
#: writes a PDF's coordinates to three): 1.9 KB of a 4-farmer turn mail's PDF
SCALE_STEP = 0.02
#: the smallest page scale in those steps (the text floor at 7.56 pt)
FLOOR_SCALE = math.ceil(SMALLEST_SCALE / SCALE_STEP) * SCALE_STEP
FONT = "DejaVu Sans"
GAP = 8.0
#: a sign that recurs this often in a PDF is painted once, as a PDF form, and
#: referred to wherever it recurs; a rarer one is painted where it is. Each form
#: is ~500 bytes of objects of its own (its stream's dictionary, resources,
#: length and cross-reference entries), more than painting its few paths and
#: letters three times (the 4-farmer Sunfield Farm turn mail's PDF: forms for
#: every sign 78 KB, for none 83 KB, from four uses on 67 KB)
FORM_USES = 4


def drawing_pdf(panels: Sequence[Panel], title: str, note: str = "") -> bytes:
    """The panels on as few A4 pages as they fill, under a heading."""
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, PAGE_W, PAGE_H)
    ctx = cairo.Context(surface)
    draw_panels(ctx, panels, heading(ctx, title, note))
    surface.finish()
    return unrepeated_xobjects(out.getvalue())


#: a page's (or form's) dictionary of forms as cairo writes it, on one line:
#: ``/XObject << /x8 8 0 R /x9 9 0 R /x8 8 0 R >>``
_XOBJECTS = re.compile(rb"/XObject <<((?: /x\d+ \d+ 0 R)+) >>")
_XOBJECT = re.compile(rb" /x\d+ \d+ 0 R")


def unrepeated_xobjects(data: bytes) -> bytes:
    """A PDF of cairo's with each form named once in a resource dictionary.

    Cairo (1.16) adds a form to the page's resources each time it paints
    it, and writes them all: ``/x12 12 0 R`` four times for a sign painted
    four times. A PDF dictionary's keys must differ; pypdf, joining the
    drawn pages into the report, logged "Multiple definitions in dictionary
    ... for key /x12" for every repeat (35-180 lines a report). The repeats
    name the same object, so blanking them (spaces of the same length, which
    keeps every byte offset of the cross-reference table true) changes nothing
    a reader shows."""

    def once(match: re.Match) -> bytes:
        seen = set()
        entries = []
        for entry in _XOBJECT.findall(match.group(1)):
            entries.append(b" " * len(entry) if entry in seen else entry)
            seen.add(entry)
        return b"/XObject <<" + b"".join(entries) + b" >>"

    return _XOBJECTS.sub(once, data)


def draw_panels(ctx, panels: Sequence[Panel], top: float, faces=None) -> float:
    """The panels packed (:func:`pack`) from ``top`` of the current page
    on, painted with ``faces`` (:func:`paint`), each sign that recurs at
    least :data:`FORM_USES` times in them as one PDF form; returns where the
    last one ends on the last page."""
    forms = recurring_signs(panels, FORM_USES)
    y = top
    for number, page in enumerate(pack(panels, BOTTOM - top, BOTTOM - TOP)):
        if number:
            ctx.show_page()
        y = top if number == 0 else TOP
        for piece in page:
            y = _place(ctx, piece, y, faces, forms, vector=True)
    return y - GAP


def recurring_signs(panels: Sequence[Panel], uses: int) -> frozenset[Canvas]:
    """The signs (:func:`boards.svg.symbols.reused`) placed at least
    ``uses`` times in the panels."""
    counts: Counter[Canvas] = Counter()

    def count(canvas: Canvas) -> None:
        for op in canvas.ops:
            if op[0] == "group":
                if op[1].sign:
                    counts[op[1]] += 1
                else:
                    count(op[1])

    for panel in panels:
        count(panel.canvas)
    return frozenset(sign for sign, n in counts.items() if n >= uses)


@dataclass(frozen=True)
class Piece:
    """A panel on a page at ``scale``: the whole of it, or (a panel taller
    than a page) the slice from ``start`` to ``end``, in its own units."""

    panel: Panel
    scale: float
    start: float = 0.0
    end: float | None = None

    @property
    def height(self) -> float:
        return ((self.panel.height if self.end is None else self.end) - self.start) * self.scale


def pack(panels: Sequence[Panel], first: float, rest: float) -> list[list[Piece]]:
    """The panels in order on pages ``first`` points tall (the first
    page, under its heading), then ``rest``: each page takes as many as
    fit at :data:`SCALE`, or at a smaller scale down to the text floor
    (:data:`SMALLEST_SCALE`) when that brings one more on the page, so a
    page is not left half empty for want of a few points. A panel taller
    than a page at the floor is cut between two of its parts
    (:func:`_cut`) and goes on at the head of the next page, where the
    next panels follow it if they fit (a 4-farmer Plot's Livestock track
    no longer has a page of its own). Returns each page's pieces."""
    out: list[list[Piece]] = []
    start, room = 0, first
    carry: Piece | None = None
    while start < len(panels) or carry:
        page: list[Piece] = []
        if carry is not None:
            if CONTINUED + carry.height > room:
                piece, carry = _cut(carry, room - CONTINUED)
                out.append([piece])
                room = rest
                continue
            page.append(carry)
            room -= CONTINUED + carry.height + GAP
            carry = None
        end, scale = start, SMALLEST_SCALE
        while end < len(panels):
            fits = _largest_scale(panels[start : end + 1], room)
            if fits is None:
                break
            end, scale = end + 1, fits
        page += [Piece(panel, _panel_scale(panel, scale)) for panel in panels[start:end]]
        if not page:
            # a panel alone taller than its page at the floor: what does not fit goes on over the next page
            panel = panels[start]
            piece, carry = _cut(Piece(panel, _panel_scale(panel, SMALLEST_SCALE)), room)
            page, end = [piece], start + 1
        out.append(page)
        start, room = end, rest
    return out


def _cut(piece: Piece, room: float) -> tuple[Piece, Piece]:
    """``piece`` cut in two, the first part no taller than ``room`` points:
    at the top of the lowest of the panel's parts that starts on the page
    (:func:`_part_tops`), so no sign or frame is split, or where the page
    ends if that would leave more than half of it blank."""
    limit = piece.start + room / piece.scale
    tops = [t for t in _part_tops(piece.panel.canvas) if piece.start + room / piece.scale / 2 <= t <= limit]
    cut = max(tops) if tops else limit
    return (Piece(piece.panel, piece.scale, piece.start, cut), Piece(piece.panel, piece.scale, cut, piece.end))


#: the line over the rest of a cut panel, naming it ("Yoann's Plot, continued")
CONTINUED = 14.0
#: what a stroke or a letter's descent may reach beyond a part's box, in drawing units
_REACH = 3.0


@lru_cache(maxsize=64)
def _part_tops(canvas: Canvas) -> tuple[float, ...]:
    """Where a panel may be cut: the tops of its parts, a part being what
    its operations cover that no other overlaps vertically, less a little
    room (:data:`_REACH`) so strokes stay whole."""
    spans = sorted(_spans(canvas, 0.0, 1.0))
    tops, bottom = [], None
    for top, low in spans:
        if bottom is not None and top - _REACH > bottom + _REACH:
            tops.append((top - _REACH + bottom + _REACH) / 2)
        bottom = low if bottom is None else max(bottom, low)
    return tuple(tops)


def _spans(canvas: Canvas, dy: float, scale: float) -> list[tuple[float, float]]:
    """The vertical extent of each operation of ``canvas`` drawn at ``dy``, ``scale``."""
    out = []
    for op in canvas.ops:
        kind = op[0]
        if kind == "rect":
            top, low = op[2], op[2] + op[4]
        elif kind == "circle":
            top, low = op[2] - op[3], op[2] + op[3]
        elif kind == "ellipse":
            top, low = op[2] - max(op[3], op[4]), op[2] + max(op[3], op[4])
        elif kind == "text":
            top, low = op[2] - op[4], op[2] + op[4] * 0.3
        elif kind == "path":
            ys = [v for segment in path_segments(op[1]) for v in segment[2::2]]
            if not ys:
                continue
            top, low = min(ys), max(ys)
        else:
            _, inner, _, gy, gscale = op
            out += _spans(inner, dy + gy * scale, scale * gscale)
            continue
        out.append((dy + top * scale, dy + low * scale))
    return out


def _largest_scale(panels: Sequence[Panel], room: float) -> float | None:
    """The largest page scale, in :data:`SCALE_STEP` steps from
    :data:`SCALE` down to the floor, at which the panels stacked fit
    ``room`` points; None if none."""
    step = math.floor(SCALE / SCALE_STEP + 1e-9)
    while step * SCALE_STEP >= FLOOR_SCALE - 1e-9:
        scale = round(step * SCALE_STEP, 6)
        if sum(p.height * _panel_scale(p, scale) for p in panels) + GAP * (len(panels) - 1) <= room:
            return scale
        step -= 1
    return None


def _panel_scale(panel: Panel, scale: float) -> float:
    """A panel's scale on a page drawn at ``scale``: smaller if it is wider
    than the page (in :data:`SCALE_STEP` steps), never under the text
    floor (:data:`FLOOR_SCALE`, or the exact floor for a panel too wide
    for the page at that)."""
    fits = round(math.floor(min(scale, WIDTH / panel.width) / SCALE_STEP + 1e-9) * SCALE_STEP, 6)
    if fits >= FLOOR_SCALE - 1e-9:
        return fits
    return FLOOR_SCALE if FLOOR_SCALE * panel.width <= WIDTH else max(SMALLEST_SCALE, WIDTH / panel.width)


def _place(ctx, piece: Piece, y: float, faces=None, forms: frozenset = frozenset(), vector: bool = False) -> float:
    """The piece painted at ``y`` (clipped to its slice of the panel; the
    rest of a cut panel under a line naming it); returns where the next one
    goes."""
    if piece.start:
        ctx.set_font_face((faces or sans)(False, True))
        ctx.set_font_size(8.5)
        ctx.set_source_rgb(0.33, 0.33, 0.33)
        ctx.move_to(LEFT, y + 8.5)
        show_text(ctx, f"{piece.panel.title}, continued")
        y += CONTINUED
    ctx.save()
    top = y if piece.start else y - 2
    ctx.rectangle(LEFT - 2, top, WIDTH + 4, y + piece.height + (2 if piece.end is None else 0) - top)
    ctx.clip()
    ctx.translate(LEFT, y - piece.start * piece.scale)
    ctx.scale(piece.scale, piece.scale)
    paint(ctx, piece.panel.canvas, faces, forms, vector)
    ctx.restore()
    return y + piece.height + GAP


def heading(ctx, title: str, note: str, font: str = FONT, bold: bool = True, faces=None) -> float:
    """The heading of a Farmpost PDF drawn by cairo, in ``font`` (the
    title in bold or not), or in the faces ``faces(bold, italic)`` gives;
    returns where the page's content starts."""
    faces = faces or (lambda bold, italic: face(font, bold, italic))
    ctx.set_font_face(faces(bold, False))
    ctx.set_font_size(15)
    ctx.set_source_rgb(0.1, 0.1, 0.1)
    ctx.move_to(LEFT, TOP + 14)
    show_text(ctx, title)
    ctx.set_font_face(faces(False, False))
    ctx.set_font_size(8.5)
    ctx.move_to(LEFT, TOP + 27)
    show_text(ctx, note)
    ctx.set_line_width(1.5)
    ctx.move_to(LEFT, TOP + 32)
    ctx.line_to(LEFT + WIDTH, TOP + 32)
    ctx.stroke()
    return TOP + 40


def paint(ctx, canvas: Canvas, faces=None, forms: frozenset = frozenset(), vector: bool = False,
          signs=None, snap: bool = False) -> None:
    """The canvas's operations painted on ``ctx``; ``faces(bold, italic)``
    gives the font face of a text (default: DejaVu Sans in its four faces,
    :func:`sans`). The signs in ``forms`` are painted as recordings, which a
    PDF surface writes as one form each however often they recur.
    ``vector``: painting a PDF, not the picture: characters outside
    WinAnsi painted as their glyphs' outlines (:func:`show_text`; the
    picture's text is hinted) and colours given to 3 decimals
    (:func:`rgb3`). ``signs(ctx, sign, faces)``, if given, paints every
    sign in place of its operations, at the origin of ``ctx``'s current
    transformation (a picture's kept rasters of them: :mod:`boards.sprites`).
    ``snap``: painting pixels, rectangles are moved by less than a pixel so
    that their edges and strokes fall on whole pixels (:func:`_on_pixels`).

    The operations go straight to cairo's C functions (``cairocffi.cairo``)
    rather than through cairocffi's methods, which check cairo's status
    after every call: a 4-farmer board is some 15,000 calls, painted twice
    per turn mail (picture and PDF), and the wrappers were a third of it.
    Cairo keeps the first error in the context, so one check at the end
    (:func:`_check`) reports what the wrappers would have."""
    _paint(ctx, ctx._pointer, canvas, faces or sans, forms, vector, signs, snap)
    _check(ctx)


def _paint(ctx, p, canvas: Canvas, faces, forms: frozenset, vector: bool = False, signs=None,
           snap: bool = False) -> None:
    to_rgb = rgb3 if vector else rgb
    for op in canvas.ops:
        kind = op[0]
        if kind == "rect":
            _, x, y, w, h, rx, style = op
            if snap:
                x, y, w, h, width = _on_pixels(p, x, y, w, h, style.width if style.stroke != "none" else 0.0)
                _rounded(p, x, y, w, h, rx)
                _finish(p, style, to_rgb, width)
            else:
                _rounded(p, x, y, w, h, rx)
                _finish(p, style, to_rgb)
        elif kind == "circle":
            _, cx, cy, r, style = op
            _lib.cairo_new_sub_path(p)
            _lib.cairo_arc(p, cx, cy, r, 0, TAU)
            _finish(p, style, to_rgb)
        elif kind == "ellipse":
            _, cx, cy, rx, ry, rotate, style = op
            _lib.cairo_save(p)
            _lib.cairo_translate(p, cx, cy)
            _lib.cairo_rotate(p, math.radians(rotate))
            _lib.cairo_scale(p, rx, ry)
            _lib.cairo_new_sub_path(p)
            _lib.cairo_arc(p, 0, 0, 1, 0, TAU)
            _lib.cairo_restore(p)
            _finish(p, style, to_rgb)
        elif kind == "path":
            _, d, style = op
            _path(p, d)
            _finish(p, style, to_rgb)
        elif kind == "text":
            _text(p, faces, vector, *op[1:])
        else:
            _, inner, dx, dy, scale = op
            _lib.cairo_save(p)
            _lib.cairo_translate(p, dx, dy)
            _lib.cairo_scale(p, scale, scale)
            if inner in forms:
                # one form in the PDF however often the sign recurs (cairo writes a recording once a document)
                ctx.set_source_surface(_recorded(inner, faces, vector))
                ctx.paint()
            elif signs is not None and inner.sign:
                signs(ctx, inner, faces)
            else:
                _paint(ctx, p, inner, faces, forms, vector, signs, snap)
            _lib.cairo_restore(p)


def _check(ctx) -> None:
    """Raise cairo's error, if the context is in one."""
    ctx._check_status()


TAU = 2 * math.pi
_lib = cairo.cairo
_ffi = cairo.ffi


#: the box a sign's recording keeps, around its centre: the largest sign is 40 units
SIGN_BOX = (-60, -60, 120, 120)


@cache
def _recorded(sign: Canvas, faces, vector: bool = False) -> cairo.RecordingSurface:
    """A sign's operations recorded once, to be painted as one PDF form."""
    surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, SIGN_BOX)
    paint(cairo.Context(surface), sign, faces, vector=vector)
    return surface


@cache
def rgb(colour: str) -> tuple[float, float, float]:
    """A colour ("#rrggbb") as cairo takes it: three levels from 0 to 1."""
    colour = colour.lstrip("#")
    return tuple(int(colour[i : i + 2], 16) / 255 for i in (0, 2, 4))


@cache
def rgb3(colour: str) -> tuple[float, float, float]:
    """A colour to 3 decimals, as a PDF gets it: within an eighth of a level
    of 255 of the exact one (so the same 8-bit colour), "0.102" where cairo
    wrote "0.101961"."""
    return tuple(round(v, 3) for v in rgb(colour))


def _finish(p, style: Style, to_rgb=rgb, width: float | None = None) -> None:
    if style.fill != "none":
        _lib.cairo_set_source_rgb(p, *to_rgb(style.fill))
        _lib.cairo_fill_preserve(p) if style.stroke != "none" else _lib.cairo_fill(p)
    if style.stroke != "none":
        _lib.cairo_set_source_rgb(p, *to_rgb(style.stroke))
        _lib.cairo_set_line_width(p, style.width if width is None else width)
        _lib.cairo_set_line_join(p, cairo.LINE_JOIN_ROUND)
        dashes = _dashes(style.dash)
        _lib.cairo_set_dash(p, dashes, len(dashes), 0)
        _lib.cairo_stroke(p)
    _lib.cairo_new_path(p)


def _on_pixels(p, x: float, y: float, w: float, h: float, width: float) -> tuple[float, float, float, float, float]:
    """A rectangle and its stroke's width moved and sized by less than a
    pixel so that, on the raster under ``p``'s transformation (a scale and
    a translation: panels are neither turned nor skewed), its stroke is a
    whole number of pixels wide and lies on whole pixels, and a fill
    without stroke ends on pixel edges. Cairo then paints the straight
    edges of tiles and boxes crisp, where a line 1.5 px wide between two
    pixels was two rows of blended colour: the picture is 5% smaller, and
    sharper. The rounded corners stay anti-aliased."""
    _lib.cairo_get_matrix(p, _MATRIX)
    sx, sy, ox, oy = _MATRIX.xx, _MATRIX.yy, _MATRIX.x0, _MATRIX.y0
    pixels = max(1, round(width * sx)) if width else 0
    half = 0.5 if pixels % 2 else 0.0  # an odd stroke is centred on a pixel's middle
    left, top = round(x * sx + ox - half) + half, round(y * sy + oy - half) + half
    right, bottom = round((x + w) * sx + ox - half) + half, round((y + h) * sy + oy - half) + half
    return ((left - ox) / sx, (top - oy) / sy, (right - left) / sx, (bottom - top) / sy,
            pixels / sx if width else width)


#: the transformation :func:`_on_pixels` reads
_MATRIX = _ffi.new("cairo_matrix_t *")


@cache
def _dashes(dash: str):
    """A dash pattern as cairo takes it (kept: a board has a handful)."""
    return _ffi.new("double[]", [float(v) for v in dash.split()]) if dash else _ffi.new("double[]", 0)


def _rounded(p, x, y, w, h, r) -> None:
    if not r:
        _lib.cairo_rectangle(p, x, y, w, h)
        return
    r = min(r, w / 2, h / 2)
    _lib.cairo_new_sub_path(p)
    _lib.cairo_arc(p, x + w - r, y + r, r, -math.pi / 2, 0)
    _lib.cairo_arc(p, x + w - r, y + h - r, r, 0, math.pi / 2)
    _lib.cairo_arc(p, x + r, y + h - r, r, math.pi / 2, math.pi)
    _lib.cairo_arc(p, x + r, y + r, r, math.pi, 3 * math.pi / 2)
    _lib.cairo_close_path(p)


_TOKEN = re.compile(r"[MLQZmlqz]|-?(?:\d+\.?\d*|\.\d+)")


def _path(p, d: str) -> None:
    for segment in path_segments(d):
        if segment[0] == "M":
            _lib.cairo_move_to(p, *segment[1:])
        elif segment[0] == "L":
            _lib.cairo_line_to(p, *segment[1:])
        elif segment[0] == "C":
            _lib.cairo_curve_to(p, *segment[1:])
        else:
            _lib.cairo_close_path(p)


@lru_cache(maxsize=4096)
def path_segments(d: str) -> tuple[tuple, ...]:
    """SVG path data with M, L, Q, Z and their relative forms l, q, as
    absolute ``("M", x, y)``, ``("L", x, y)``, ``("C", 6 values)`` (a
    quadratic curve as the cubic cairo draws) and ``("Z",)``; worked out
    once per path (signs repeat theirs on every board)."""
    tokens = _TOKEN.findall(d)
    out: list[tuple] = []
    i, command = 0, "M"
    x = y = 0.0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command in "Zz":
                out.append(("Z",))
                continue
        values = [float(v) for v in tokens[i : i + (4 if command in "Qq" else 2)]]
        i += len(values)
        if command in "lq":
            values = [v + (x if k % 2 == 0 else y) for k, v in enumerate(values)]
        if command in "Mm":
            out.append(("M", *values))
        elif command in "Ll":
            out.append(("L", *values))
        else:
            qx, qy, ex, ey = values
            out.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), ex + 2 / 3 * (qx - ex),
                        ey + 2 / 3 * (qy - ey), ex, ey))
        x, y = values[-2], values[-1]
    return tuple(out)


@cache
def face(family: str, bold: bool = False, italic: bool = False):
    return cairo.ToyFontFace(family, cairo.FONT_SLANT_ITALIC if italic else cairo.FONT_SLANT_NORMAL,
                             cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)


def sans(bold: bool, italic: bool):
    """The drawing's own faces: DejaVu Sans, bold and italic as drawn."""
    return face(FONT, bold, italic)


def _text(p, faces, vector, x, y, words, size, anchor, bold, italic, fill) -> None:
    _lib.cairo_set_font_face(p, faces(bold, italic)._pointer)
    _lib.cairo_set_font_size(p, size)
    data = words.encode("utf-8")
    if anchor != "start":
        extents = _ffi.new("cairo_text_extents_t *")
        _lib.cairo_text_extents(p, data, extents)
        x -= extents.x_advance if anchor == "end" else extents.x_advance / 2
    _lib.cairo_set_source_rgb(p, *(rgb3 if vector else rgb)(fill))
    _lib.cairo_move_to(p, x, y)
    if vector and not words.isascii():
        _show_outlined(p, words)
    else:
        _lib.cairo_show_text(p, data)
    _lib.cairo_new_path(p)


def show_text(ctx, text: str) -> None:
    """``text`` at the current point in the current font, as
    ``ctx.show_text`` does, but each character outside WinAnsi painted as
    its glyph's outline, so a PDF embeds one (WinAnsi) subset of the font."""
    if text.isascii():
        ctx.show_text(text)
    else:
        _show_outlined(ctx._pointer, text)
        _check(ctx)


def _show_outlined(p, text: str) -> None:
    point = _ffi.new("double[2]")
    for run, latin in winansi_runs(text):
        data = run.encode("utf-8")
        if latin:
            _lib.cairo_show_text(p, data)
            continue
        # the glyphs' outlines, filled; the current point goes on after them as after shown text
        _lib.cairo_text_path(p, data)
        _lib.cairo_get_current_point(p, point, point + 1)
        _lib.cairo_fill(p)
        _lib.cairo_move_to(p, point[0], point[1])


@lru_cache(maxsize=1024)
def winansi_runs(text: str) -> tuple[tuple[str, bool], ...]:
    """``text`` cut into runs of characters in WinAnsi (cp1252) or not."""
    out: list[tuple[str, bool]] = []
    for char in text:
        latin = _winansi(char)
        if out and out[-1][1] == latin:
            out[-1] = (out[-1][0] + char, latin)
        else:
            out.append((char, latin))
    return tuple(out)


def _winansi(char: str) -> bool:
    try:
        char.encode("cp1252")
    except UnicodeEncodeError:
        return False
    return char >= " "
