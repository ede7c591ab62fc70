"""The turn mail's PDF written directly: the drawing's operations as PDF
content, without cairo.

Cairo's PDF surface spent most of the snapshot's CPU replaying what it had
recorded (``show_page``) and subsetting the font (``finish``), on top of
our calls painting the operations. Here the operations become PDF content
text straight away, in the drawing's own units under one ``cm`` per panel
(cairo wrote each point in page units), the recurring signs' forms are
written once per process and kept compressed, and the font subset is cut
once per set of characters a worker meets (:func:`font_subset`). On the sample
games a snapshot took 11-25 ms CPU through cairo and takes 3-5 ms here,
in PDFs 20-30% smaller (docs/boards.md, "The turn mail's PDF written
directly").

The pages are those :mod:`boards.svg.pdfdraw` paints: the same packing
(:func:`~boards.svg.pdfdraw.pack`), heading, clip of a piece to its slice,
"…, continued" line, colours to 3 decimals, round joins, dashes, and one
simple TrueType font (DejaVu Sans Mono without hinting,
:mod:`boards.pdffont`) in WinAnsiEncoding, a character outside WinAnsi
painted as its glyph's outline.

The objects are written by hand rather than with pydyf: a snapshot has
seven kinds of object (catalog, page tree, resources, font, its descriptor
and file, forms, pages and their contents), each a line of bytes, and the
kept forms and font subset are bytes ready to be copied in; pydyf would
add an object model and its serialising per PDF for no saving in code.
The output depends only on the panels and heading (no date, no random
subset tag), so the same board gives the same bytes.
"""

from __future__ import annotations

import hashlib
import io
import math
import string
import zlib
from collections.abc import Sequence
from functools import cache, lru_cache

from boards import pdffont
from boards.svg.canvas import Canvas, Panel, Style
from boards.svg.pdfdraw import (
    BOTTOM,
    CONTINUED,
    FORM_USES,
    GAP,
    LEFT,
    PAGE_H,
    PAGE_W,
    SIGN_BOX,
    TOP,
    WIDTH,
    Piece,
    pack,
    path_segments,
    recurring_signs,
    rgb3,
    winansi_runs,
)

#: the four control points of a quarter circle's cubic curve, as cairo draws an arc of 90 degrees
KAPPA = 4 / 3 * math.tan(math.pi / 8)
#: content streams' zlib level (zlib's default): on the largest sample board, 9 saved 31 bytes of 38 KB
#: and level 1 cost 4.4 KB for 1.7 ms less CPU
LEVEL = 6


def snapshot(panels: Sequence[Panel], title: str, note: str) -> bytes:
    """The ``panels`` packed on A4 pages under the heading ``title`` and its
    ``note`` (in the mono face, not bold), as PDF bytes."""
    forms = sorted(recurring_signs(panels, FORM_USES), key=_form_order)
    names = {sign: f"X{n}" for n, sign in enumerate(forms)}
    chars: set[str] = set()
    pages = []
    for number, page in enumerate(pack(panels, BOTTOM - (TOP + 40), BOTTOM - TOP)):
        out = _Content(names, chars)
        out.add(f"1 0 0 -1 0 {_n(PAGE_H)} cm 1 j")
        if number == 0:
            y = _heading(out, title, note)
        else:
            y = TOP
        for piece in page:
            y = _place(out, piece, y)
        pages.append(zlib.compress(out.bytes(), LEVEL))
    streams = [_form(sign) for sign in forms]
    for _, used in streams:
        chars |= used
    return _document(pages, [data for data, _ in streams], frozenset(chars))


def _form_order(sign: Canvas) -> bytes:
    """Forms in an order of their content, so the same board writes the same bytes."""
    return hashlib.sha1(_form(sign)[0]).digest()


def _heading(out: _Content, title: str, note: str) -> float:
    """:func:`boards.svg.pdfdraw.heading` in the mono face."""
    out.text(LEFT, TOP + 14, title, 15, "start", "0.1")
    out.text(LEFT, TOP + 27, note, 8.5, "start", "0.1")
    out.add(f".1 .1 .1 RG 1.5 w {_n(LEFT)} {_n(TOP + 32)} m {_n(LEFT + WIDTH)} {_n(TOP + 32)} l S")
    return TOP + 40


def _place(out: _Content, piece: Piece, y: float) -> float:
    """A piece placed as :func:`boards.svg.pdfdraw.draw_panels` places it: clipped to its slice of
    the panel, under the line naming a cut panel's rest."""
    if piece.start:
        out.text(LEFT, y + 8.5, f"{piece.panel.title}, continued", 8.5, "start", "0.33")
        y += CONTINUED
    top = y if piece.start else y - 2
    height = y + piece.height + (2 if piece.end is None else 0) - top
    s = _n(piece.scale)
    out.push(f"{_n(LEFT - 2)} {_n(top)} {_n(WIDTH + 4)} {_n(height)} re W n "
             f"{s} 0 0 {s} {_n(LEFT)} {_n(y - piece.start * piece.scale)} cm")
    out.canvas(piece.panel.canvas)
    out.pop()
    return y + piece.height + GAP


class _Content:
    """One content stream being written, with the graphics state it has set
    (colours, line width, dash, font size), saved and restored with ``q``
    and ``Q`` so each is written only when it changes."""

    def __init__(self, forms: dict, chars: set[str]):
        self.parts: list[str] = []
        self.forms = forms
        self.chars = chars
        self.state = [None, None, None, None, None]  # fill, stroke, width, dash, font size
        self.saved: list[list] = []

    def add(self, part: str) -> None:
        self.parts.append(part)

    def push(self, part: str) -> None:
        self.parts.append("q " + part)
        self.saved.append(self.state[:])

    def pop(self) -> None:
        self.parts.append("Q")
        self.state = self.saved.pop()

    def bytes(self) -> bytes:
        return "\n".join(self.parts).encode("latin-1")

    def canvas(self, canvas: Canvas) -> None:
        parts = self.parts
        for op in canvas.ops:
            kind = op[0]
            if kind == "rect":
                _, x, y, w, h, rx, style = op
                self.paint(_rounded(x, y, w, h, rx), style)
            elif kind == "circle":
                _, cx, cy, r, style = op
                self.paint(_ellipse(cx, cy, r, r, 0), style)
            elif kind == "ellipse":
                _, cx, cy, rx, ry, rotate, style = op
                self.paint(_ellipse(cx, cy, rx, ry, rotate), style)
            elif kind == "path":
                self.paint(_path(op[1]), op[2])
            elif kind == "text":
                _, x, y, words, size, anchor, _bold, _italic, fill = op
                self.text(x, y, words, size, anchor, fill)
            else:
                _, inner, dx, dy, scale = op
                s = _n(scale)
                self.push(f"{s} 0 0 {s} {_n(dx)} {_n(dy)} cm")
                if inner in self.forms:
                    parts.append(f"/{self.forms[inner]} Do")
                else:
                    self.canvas(inner)
                self.pop()

    def paint(self, path: str, style: Style) -> None:
        state, parts = self.state, self.parts
        fill, stroke = style.fill != "none", style.stroke != "none"
        if not (fill or stroke):
            return
        if fill and state[0] != style.fill:
            state[0] = style.fill
            parts.append(_colour(style.fill) + " rg")
        if stroke:
            if state[1] != style.stroke:
                state[1] = style.stroke
                parts.append(_colour(style.stroke) + " RG")
            if state[2] != style.width:
                state[2] = style.width
                parts.append(_n(style.width) + " w")
            if state[3] != (style.dash or ""):
                state[3] = style.dash or ""
                parts.append(_dash(style.dash))
        parts.append(path + (" B" if fill and stroke else " f" if fill else " S"))

    def text(self, x: float, y: float, words: str, size: float, anchor: str, fill: str) -> None:
        """One line of text, its baseline at ``y``; a run of characters
        outside WinAnsi painted as the glyphs' outlines."""
        advance = _advance() * size
        if anchor != "start":
            x -= len(words) * advance / (1 if anchor == "end" else 2)
        state, parts = self.state, self.parts
        if state[0] != fill:
            state[0] = fill
            parts.append(_colour(fill) + " rg")
        for run, latin in winansi_runs(words):
            if latin:
                self.chars.update(run)
                head = "" if state[4] == size else f"/F {_n(size)} Tf "
                state[4] = size
                parts.append(f"BT {head}1 0 0 -1 {_n(x)} {_n(y)} Tm {_string(run)} Tj ET")
            else:
                scale = f"{size / _units():.6g}"  # font units to the drawing's: a small number, kept to 6 figures
                for k, char in enumerate(run):
                    outline = _outline(char)
                    if outline:
                        parts.append(f"q {scale} 0 0 -{scale} {_n(x + k * advance)} {_n(y)} cm {outline} f Q")
            x += len(run) * advance


def _string(text: str) -> str:
    """A PDF string of ``text`` in WinAnsi, as latin-1 characters (the content is written as latin-1)."""
    data = text.encode("cp1252").decode("latin-1")
    return "(" + data.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)") + ")"


#: numbers as written, kept (up to a bound): a drawing repeats the same few hundred coordinates
_NUMBERS: dict[float, str] = {}


def _n(value: float) -> str:
    """A number to 2 decimals (a hundredth of a drawing unit is under a
    hundredth of a point on the page), without trailing zeros or a leading
    zero."""
    text = _NUMBERS.get(value)
    if text is None:
        if len(_NUMBERS) > 100_000:
            _NUMBERS.clear()
        text = _NUMBERS[value] = _short(f"{value:.2f}")
    return text


def _short(text: str) -> str:
    """A fixed-point number without its trailing zeros and its leading zero ("-0.50" -> "-.5")."""
    text = text.rstrip("0").rstrip(".")
    if text.startswith("0."):
        return text[1:]
    if text.startswith("-0."):
        return "-" + text[2:]
    return "0" if text in ("", "-0", "-") else text


@cache
def _colour(colour: str) -> str:
    """A colour ("#rrggbb") to 3 decimals (:func:`~boards.svg.pdfdraw.rgb3`); a
    grey level as cairo's route set it ("0.33") for every channel."""
    if not colour.startswith("#"):
        return " ".join([_short(colour)] * 3)
    return " ".join(_short(f"{v:.3f}") for v in rgb3(colour))


@cache
def _dash(dash: str | None) -> str:
    return f"[{' '.join(_n(float(v)) for v in dash.split())}] 0 d" if dash else "[] 0 d"


def _rounded(x: float, y: float, w: float, h: float, r: float) -> str:
    """A rectangle, its corners rounded with radius ``r`` as cairo's arcs draw them."""
    if not r:
        return f"{_n(x)} {_n(y)} {_n(w)} {_n(h)} re"
    r = min(r, w / 2, h / 2)
    k, n = r * KAPPA, _n
    right, bottom = x + w, y + h
    return (f"{n(right - r)} {n(y)} m {n(right - r + k)} {n(y)} {n(right)} {n(y + r - k)} {n(right)} {n(y + r)} c "
            f"{n(right)} {n(bottom - r)} l {n(right)} {n(bottom - r + k)} {n(right - r + k)} {n(bottom)} "
            f"{n(right - r)} {n(bottom)} c {n(x + r)} {n(bottom)} l {n(x + r - k)} {n(bottom)} {n(x)} "
            f"{n(bottom - r + k)} {n(x)} {n(bottom - r)} c {n(x)} {n(y + r)} l {n(x)} {n(y + r - k)} "
            f"{n(x + r - k)} {n(y)} {n(x + r)} {n(y)} c h")


#: a unit circle from angle 0 on, in four cubic curves
_CIRCLE = ((1, 0), [((1, KAPPA), (KAPPA, 1), (0, 1)), ((-KAPPA, 1), (-1, KAPPA), (-1, 0)),
                    ((-1, -KAPPA), (-KAPPA, -1), (0, -1)), ((KAPPA, -1), (1, -KAPPA), (1, 0))])


@lru_cache(maxsize=4096)
def _ellipse(cx: float, cy: float, rx: float, ry: float, rotate: float) -> str:
    """An ellipse turned by ``rotate`` degrees (a circle: ``rx == ry``) as
    four cubic curves, points worked out here since a path's points cannot
    be given under a transformation of their own."""
    cos, sin = math.cos(math.radians(rotate)), math.sin(math.radians(rotate))

    def point(u: float, v: float) -> str:
        return f"{_n(cx + u * rx * cos - v * ry * sin)} {_n(cy + u * rx * sin + v * ry * cos)}"

    start, curves = _CIRCLE
    return (point(*start) + " m " + " ".join(" ".join(point(*p) for p in curve) + " c" for curve in curves) + " h")


@lru_cache(maxsize=4096)
def _path(d: str) -> str:
    """SVG path data (:func:`~boards.svg.pdfdraw.path_segments`) as PDF path operators."""
    out = []
    for segment in path_segments(d):
        kind = segment[0]
        if kind == "Z":
            out.append("h")
        else:
            out.append(" ".join(_n(v) for v in segment[1:]) + {"M": " m", "L": " l", "C": " c"}[kind])
    return " ".join(out)


@cache
def _form(sign: Canvas) -> tuple[bytes, frozenset[str]]:
    """A recurring sign's form content, compressed, and the WinAnsi
    characters it sets: the same for every PDF of the process (a sign's
    canvas is made once and never changed, :func:`boards.svg.symbols.reused`)."""
    chars: set[str] = set()
    out = _Content({}, chars)
    out.canvas(sign)
    return zlib.compress(out.bytes(), LEVEL), frozenset(chars)


# -- the font -----------------------------------------------------------------------------------------


@cache
def _font_file() -> str:
    """The snapshot's face (:mod:`boards.pdffont`): DejaVu Sans Mono without hinting."""
    source = pdffont.system_file(pdffont.FAMILY)
    try:
        source = pdffont.unhinted(source)
    except OSError:
        pass  # no folder to keep the copy in: the hinted face, a larger subset of the same outlines
    return str(source)


@cache
def _font():
    """The face, read once per process (metrics, outlines, glyph order)."""
    from fontTools.ttLib import TTFont

    return TTFont(_font_file())


@cache
def _units() -> int:
    return _font()["head"].unitsPerEm


@cache
def _advance() -> float:
    """The mono face's advance, in em (0.602)."""
    font = _font()
    return font["hmtx"][font.getBestCmap()[ord("a")]][0] / _units()


@lru_cache(maxsize=256)
def _outline(char: str) -> str:
    """A glyph's outline as PDF path operators, in font units (y up); empty
    if the face has no such glyph."""
    from fontTools.pens.basePen import BasePen

    font = _font()
    name = font.getBestCmap().get(ord(char))
    if name is None:
        return ""
    out: list[str] = []

    class Pen(BasePen):
        def _moveTo(self, p):
            out.append(f"{_n(p[0])} {_n(p[1])} m")

        def _lineTo(self, p):
            out.append(f"{_n(p[0])} {_n(p[1])} l")

        def _curveToOne(self, p1, p2, p3):
            out.append(" ".join(f"{_n(x)} {_n(y)}" for x, y in (p1, p2, p3)) + " c")

        def _closePath(self):
            out.append("h")

    glyphs = font.getGlyphSet()
    glyphs[name].draw(Pen(glyphs))
    return " ".join(out)


#: the characters every subset holds beside those a snapshot uses: a board's
#: letters, digits and signs, so that a worker cuts the face once for most
#: of its snapshots (a subset of the characters used alone was a new set
#: one snapshot in three to ten: a new number, a name in a note)
ALPHABET = frozenset(string.ascii_letters + string.digits + " !\"#$%&'()*+,-./:;<=>?[]_·×–—‘’“”…")

#: the face's tables a subset never needs: shaping (the snapshot sets one
#: character after another), kerning (a mono face has none) and FontForge's stamp
UNUSED_TABLES = ("GSUB", "GPOS", "GDEF", "kern", "FFTM", "MATH")


@lru_cache(maxsize=64)
def font_subset(chars: frozenset[str]) -> tuple[bytes, int, str]:
    """The face cut down to ``chars`` by fontTools' subsetter: its bytes
    compressed, their length before, and the subset's tag (six letters from
    the characters, so the same characters give the same name). 12-15 ms,
    once per character set a worker meets (:data:`ALPHABET`)."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features, options.name_IDs, options.glyph_names = [], [], False
    options.notdef_outline, options.hinting = True, False
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=[ord(c) for c in chars])
    font = TTFont(io.BytesIO(_lean_face()))
    cutter.subset(font)
    out = io.BytesIO()
    font.save(out)
    data = out.getvalue()
    digest = hashlib.sha1("".join(sorted(chars)).encode()).digest()
    tag = "".join(chr(65 + b % 26) for b in digest[:6])
    return zlib.compress(data, 9), len(data), tag


@cache
def _lean_face() -> bytes:
    """The face without :data:`UNUSED_TABLES`, read once per process: what
    the subsetter reads each time (it took 30-50 ms a set with them)."""
    from fontTools.ttLib import TTFont

    font = TTFont(_font_file())
    for tag in UNUSED_TABLES:
        if tag in font:
            del font[tag]
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _font_objects(chars: frozenset[str]) -> tuple[str, str, bytes]:
    """The font's dictionary, its descriptor's and its file's stream, for ``chars``."""
    data, length, tag = font_subset(chars | ALPHABET)
    font, units = _font(), _units()
    codes = sorted(c.encode("cp1252")[0] for c in chars) or [32]
    width = round(_advance() * 1000)
    widths = " ".join(str(width) for _ in range(codes[0], codes[-1] + 1))
    head, hhea = font["head"], font["hhea"]
    box = " ".join(str(round(v * 1000 / units)) for v in (head.xMin, head.yMin, head.xMax, head.yMax))
    dictionary = (f"<< /Type /Font /Subtype /TrueType /BaseFont /{tag}+DejaVuSansMono /FirstChar {codes[0]} "
                  f"/LastChar {codes[-1]} /Widths [{widths}] /Encoding /WinAnsiEncoding /FontDescriptor 5 0 R >>")
    descriptor = (f"<< /Type /FontDescriptor /FontName /{tag}+DejaVuSansMono /Flags 33 /FontBBox [{box}] "
                  f"/ItalicAngle 0 /Ascent {round(hhea.ascent * 1000 / units)} "
                  f"/Descent {round(hhea.descent * 1000 / units)} /CapHeight 729 /StemV 80 /FontFile2 6 0 R >>")
    return dictionary, descriptor, b"<< /Length %d /Length1 %d /Filter /FlateDecode >>" % (len(data), length) + (
        b"\nstream\n" + data + b"\nendstream")


def _document(pages: list[bytes], forms: list[bytes], chars: frozenset[str]) -> bytes:
    """The PDF around the pages' and forms' compressed content: catalog (1),
    page tree (2), the resources every page shares (3), the font (4-6),
    the forms' resources (7), the forms, then each page and its content."""
    font, descriptor, file = _font_objects(chars)
    first_form, first_page = 8, 8 + len(forms)
    xobjects = " ".join(f"/X{n} {first_form + n} 0 R" for n in range(len(forms)))
    kids = " ".join(f"{first_page + 2 * n} 0 R" for n in range(len(pages)))
    objects: list[bytes] = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{kids}] /Count {len(pages)} >>".encode(),
        f"<< /Font << /F 4 0 R >>{f' /XObject << {xobjects} >>' if forms else ''} >>".encode(),
        font.encode(), descriptor.encode(), file,
        b"<< /Font << /F 4 0 R >> >>",
    ]
    box = " ".join(_n(v) for v in (SIGN_BOX[0], SIGN_BOX[1], SIGN_BOX[0] + SIGN_BOX[2], SIGN_BOX[1] + SIGN_BOX[3]))
    for data in forms:
        objects.append(b"<< /Type /XObject /Subtype /Form /BBox [%s] /Resources 7 0 R /Length %d "
                       b"/Filter /FlateDecode >>\nstream\n" % (box.encode(), len(data)) + data + b"\nendstream")
    media = f"[0 0 {_n(PAGE_W)} {_n(PAGE_H)}]".encode()
    for n, data in enumerate(pages):
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox %s /Resources 3 0 R /Contents %d 0 R >>"
                       % (media, first_page + 2 * n + 1))
        objects.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream")
    out = bytearray(b"%PDF-1.4\n%\xb5\xed\xae\xfb\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    start = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, start)
    return bytes(out)
