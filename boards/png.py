"""The drawn board as a PNG, for mail: mail clients do not show SVG.

The drawing's operations (the very ones its SVG is written from) are
painted by cairo, panel by panel, and the panels put together on a white
image as wide as the drawing. What makes this fast (bench/drawing.py,
docs/boards.md):

- **a panel is painted and mapped to the palette once per process**: its
  pixels are kept, keyed by a digest of its drawing operations, flattened
  on white and cropped to its ink, together with their palette indexes;
  the next turn's picture paints only the panels that changed (usually
  the farmer who moved and the market or town board) and copies the
  others' indexes into the picture (palette mode: one byte a pixel, no
  compositing, no second mapping of the whole picture);
- **a palette made from the drawing's own colours**: a board is a few
  dozen flat colours (:mod:`boards.palette` and the signs' inks), so the
  palette is those colours and their blends with white (the anti-aliased
  edges), built without looking at the pixels; Pillow maps every pixel to
  its nearest entry (no dithering, so text edges stay clean). libvips'
  libimagequant, which builds a palette from the pixels, took 2-4 times as
  long for a picture of the same size and look. A pixel's entry depends on
  the whole palette, so a panel's indexes are kept per palette (the
  colours of every panel of the picture): the pixels are those of mapping
  the whole composed picture, byte for byte (a test checks it);
- **the PNG is written here, its pixels compressed by libdeflate**
  (:data:`DEFLATE_LEVEL`): the rows, each led by its filter byte 0 (no
  filter: every filter made these flat-coloured palette rows larger), are
  one zlib stream, and the container around it (signature, IHDR, PLTE,
  IDAT, IEND, each chunk with its CRC-32) is a few lines of ``struct``.
  No library writes a PNG around a stream compressed elsewhere or lets us
  choose the compressor: Pillow's encoder (and libvips', pypng's) is zlib,
  at level 6 13-14 ms for the largest picture, where libdeflate's level 7
  takes 7-8 ms and writes 2-3% less; oxipng compresses better but takes
  ~300 ms.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import struct
import zlib
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache

import cairocffi as cairo
import deflate
import pyvips
from PIL import Image

from boards import sprites
from boards.svg import pdfdraw
from boards.svg.canvas import PAPER, Canvas, Panel, Style, placements

#: the picture's width in pixels: the drawing's own width, so a mail on a
#: desktop shows it at its size and a phone at three quarters
PNG_WIDTH = 480
#: libimagequant's quality for :func:`svg_to_png` (the bench's comparison)
QUALITY = 50
#: pixels kept around a panel's raster: a changed part's outline is drawn
#: 3 px outside the part, so on a panel's edge it lies outside the panel
MARGIN = 6
#: how many bytes of panel pixels a process keeps (about 40 panels of a
#: 460 x 400 board part), the least recently used dropped first
RASTER_BUDGET = 32 * 1024 * 1024
#: blends of each colour with white: the anti-aliased edges of text and shapes.
#: One, halfway: two (a third and two thirds) made the picture 4% larger for
#: no difference a reader sees at 1:1 once the text is hinted (:data:`HINTING`);
#: more, or blends with the ink, ~8% larger again
BLENDS = ((PAPER, 1 / 2),)
#: libdeflate's level for the picture's rows. On the sample pictures
#: (bench/drawing.py's boards) level 6 is as small as zlib's 6 (what Pillow
#: wrote) in 40% of its time, 7 is 2-3% smaller in 55-60% of it, 8 is 5-6%
#: smaller in as much time as zlib's 6 or more, 9 7% smaller in 1.5 times it.
#: 6: 4-6 ms a picture less than 8 (5.4 against 13.2 ms for a 4-farmer
#: Sunfield picture, 4.0 against 9.7 for 2 farmers) for 3 KB more. Level 8
#: was chosen while the largest turn mails were within 3 KB of 250 KB; the
#: PDF written directly (boards.pdfwrite) took 14 KB off them (docs/boards.md)
DEFLATE_LEVEL = 6
#: palettes a kept panel keeps its indexes for (a worker mailing two games
#: in turn maps a panel the games share, such as the key, once for each)
PALETTES_KEPT = 2
#: a PNG file's first bytes
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _hinting() -> cairo.FontOptions:
    """The picture's text hinted in full (its outlines fitted to whole
    pixels; the glyphs' advances, and so the layout, unchanged): crisper
    at the 480 px a mail shows, with fewer grey edge pixels, 3% less PNG."""
    options = cairo.FontOptions()
    options.set_hint_style(cairo.HINT_STYLE_FULL)
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    return options


#: how a panel raster's text is rendered (the PDF's text is vectors, unhinted)
HINTING = _hinting()
#: the signs of a panel raster, each painted once and copied where it recurs
SIGNS = sprites.painter(HINTING)


class PanelRaster:
    """A panel painted: its pixels flattened on white and cropped to its
    ink (``rgb``, None for a panel without ink, at ``left``, ``top`` of
    the panel's raster, which starts :data:`MARGIN` pixels above and left
    of the panel), the colours it was drawn with, and its pixels' palette
    indexes for the last :data:`PALETTES_KEPT` palettes asked for."""

    __slots__ = ("rgb", "left", "top", "colours", "nbytes", "_indexed")

    def __init__(self, rgb: Image.Image | None, left: int, top: int, colours: frozenset):
        self.rgb, self.left, self.top, self.colours = rgb, left, top, colours
        self.nbytes = 0 if rgb is None else rgb.width * rgb.height * (4 + PALETTES_KEPT)
        self._indexed: OrderedDict[frozenset, Image.Image] = OrderedDict()

    def indexed(self, colours: frozenset) -> Image.Image:
        """The pixels as indexes into :func:`palette_image` of ``colours``
        (mapped once per palette)."""
        found = self._indexed.get(colours)
        if found is None:
            found = self.rgb.quantize(palette=palette_image(colours), dither=Image.Dither.NONE)
            self._indexed[colours] = found
            if len(self._indexed) > PALETTES_KEPT:
                self._indexed.popitem(last=False)
        return found


_rasters: OrderedDict[tuple, PanelRaster] = OrderedDict()
_raster_bytes = 0


def panels_to_png(panels: Sequence[Panel], width: float, gap: float = 12.0, pixels: int = PNG_WIDTH) -> bytes:
    """The panels laid out ``width`` drawing units wide (as
    :func:`boards.svg.canvas.placements` places them in the SVG), painted
    ``pixels`` wide on white, as PNG bytes. Panels start on whole pixels.

    The picture is put together in palette mode one column wider than the
    PNG: that first column is each row's filter byte (0, no filter), and
    white is entry 0, so the picture's bytes are the PNG's rows as they
    are compressed (no copy to insert the filter bytes)."""
    placed, height = placements(panels, width, gap)
    scale = pixels / width
    rows = max(1, round(height * scale))
    drawn = [(panel_raster(panel, panel_scale * scale), round(x * scale) - MARGIN, round(y * scale) - MARGIN)
             for panel, x, y, panel_scale in placed]
    colours = frozenset().union(*(raster.colours for raster, _, _ in drawn))
    picture = Image.new("P", (pixels + 1, rows), 0)
    for raster, x, y in drawn:
        if raster.rgb is not None:
            picture.paste(raster.indexed(colours), (1 + x + raster.left, y + raster.top))
    picture.paste(0, (0, 0, 1, rows))  # a panel's ink left of the picture would have landed on the filter bytes
    return png_bytes(pixels, rows, palette_entries(colours), deflate.zlib_compress(picture.tobytes(), DEFLATE_LEVEL))


def png_bytes(width: int, height: int, palette: bytes, rows: bytes) -> bytes:
    """An 8-bit palette PNG: ``palette`` its entries (3 bytes each),
    ``rows`` the zlib stream of its rows, each led by its filter byte."""
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8 bits, palette, deflate, filters, no interlace
    return b"".join((SIGNATURE, _chunk(b"IHDR", header), _chunk(b"PLTE", palette), _chunk(b"IDAT", rows),
                     _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def panel_raster(panel: Panel, scale: float) -> PanelRaster:
    """The panel painted at ``scale`` pixels a unit, with :data:`MARGIN`
    pixels around it, flattened on white and cropped to its ink, and the
    colours it uses; kept for the next picture that shows the same panel."""
    global _raster_bytes
    key = (ops_digest(panel.canvas), panel.width, panel.height, scale)
    if key in _rasters:
        _rasters.move_to_end(key)
        return _rasters[key]
    size = (round(panel.width * scale) + 2 * MARGIN + 1, round(panel.height * scale) + 2 * MARGIN + 1)
    ink = cairo.ImageSurface(cairo.FORMAT_ARGB32, *size)
    ctx = cairo.Context(ink)
    ctx.set_font_options(HINTING)
    ctx.translate(MARGIN, MARGIN)
    ctx.scale(scale, scale)
    pdfdraw.paint(ctx, panel.canvas, signs=SIGNS, snap=True)
    ink.flush()
    # the alpha byte is the fourth of each pixel whatever the byte order, so the bounds are read in place
    box = Image.frombuffer("RGBA", size, ink.get_data(), "raw", "RGBA", ink.get_stride(), 1).getbbox()
    colours = frozenset(canvas_colours(panel.canvas))
    if box is None:
        raster = PanelRaster(None, 0, 0, colours)
    else:
        left, top, right, bottom = box
        # painted over white as the picture's white would show through it (cairo's OVER, the same pixels)
        flat = cairo.ImageSurface(cairo.FORMAT_RGB24, right - left, bottom - top)
        over = cairo.Context(flat)
        over.set_source_rgb(1, 1, 1)
        over.paint()
        over.set_source_surface(ink, -left, -top)
        over.paint()
        flat.flush()
        rgb = Image.frombuffer("RGB", (right - left, bottom - top), flat.get_data(), "raw", "BGRX",
                               flat.get_stride(), 1)
        raster = PanelRaster(rgb, left, top, colours)
    _rasters[key] = raster
    _raster_bytes += raster.nbytes
    while _raster_bytes > RASTER_BUDGET and len(_rasters) > 1:
        _, dropped = _rasters.popitem(last=False)
        _raster_bytes -= dropped.nbytes
    return raster


def ops_digest(canvas: Canvas) -> bytes:
    """A digest of a canvas's operations: equal for equal drawings.

    Their pickle, written with a style as its fields and a sign (drawn once
    per process, never changed, :func:`boards.svg.symbols.reused`) as its
    id, kept alive here so no other sign gets it: a tuple of each, where
    pickle's default way (each object's class and dict, each sign's
    operations again in every panel) took twice as long (1.0-1.3 ms of a
    4-farmer picture). Two copies of one sign digest apart, which costs a
    painting, never a wrong picture."""
    out = io.BytesIO()
    _OpsPickler(out, protocol=5).dump(canvas.ops)
    return hashlib.blake2b(out.getbuffer(), digest_size=16).digest()


def _style(*fields):
    """What :func:`ops_digest`'s pickle names a style by (never loaded)."""


def _sign(number):
    """What :func:`ops_digest`'s pickle names a sign by (never loaded)."""


def _group(ops):
    """What :func:`ops_digest`'s pickle names a group's canvas by (never loaded)."""


def _reduce_canvas(canvas: Canvas) -> tuple:
    if canvas.sign:
        _sign_colours(canvas)  # keeps the sign, so its id stays its own
        return _sign, (id(canvas),)
    return _group, (canvas.ops,)


class _OpsPickler(pickle.Pickler):
    #: a style by its fields' values, whatever fields it has
    dispatch_table = {Style: lambda style: (_style, tuple(vars(style).values())), Canvas: _reduce_canvas}


def forget_panels() -> None:
    """Drop every kept panel raster (the bench measures a first picture so)."""
    global _raster_bytes
    _rasters.clear()
    _raster_bytes = 0


def canvas_colours(canvas: Canvas, out: set[str] | None = None) -> set[str]:
    """Every colour a canvas paints with (fills, strokes, text)."""
    out = set() if out is None else out
    for op in canvas.ops:
        kind = op[0]
        if kind == "group":
            if op[1].sign:
                out |= _sign_colours(op[1])
            else:
                canvas_colours(op[1], out)
        elif kind == "text":
            out.add(op[-1])
        else:
            out.add(op[-1].fill)
            out.add(op[-1].stroke)
    out.discard("none")
    return out


#: each sign's colours by its id, with the sign (kept, so its id is never another's)
_signs_colours: dict[int, tuple[Canvas, frozenset]] = {}


def _sign_colours(sign: Canvas) -> frozenset:
    """A sign's colours, found once: a sign's canvas is drawn once per
    process and never changed (:func:`boards.svg.symbols.reused`), and a
    4-farmer board places some 250 of them (walking them all was 2-3 ms of
    a picture whose panels are all painted)."""
    found = _signs_colours.get(id(sign))
    if found is None:
        found = _signs_colours[id(sign)] = sign, frozenset(canvas_colours(sign))
    return found[1]


@lru_cache(maxsize=64)
def palette_entries(colours: frozenset) -> bytes:
    """A palette of white, ``colours`` and their :data:`BLENDS`, at most
    one entry in each cube of 8 levels a channel (white first, then the
    colours, then their blends), and no more entries than that (a PNG's
    palette is as long as the image's: 256 entries were 0.5 KB more); 3
    bytes an entry, as the PNG's PLTE holds them.

    Pillow maps a pixel to the palette entry nearest the centre of the
    pixel's 8-level cube (it caches the answer per cube), so two entries
    in one cube would send pure white to a near-white blend; with one
    entry a cube, every colour of the drawing comes out exact (a test
    checks it) and a colour sharing white's cube (#fafafa) prints white.
    """
    base = [_rgb(PAPER)] + [_rgb(c) for c in sorted(colours)]
    entries = list(base)
    for other, share in BLENDS:
        mix = _rgb(other)
        entries += [tuple(round(a * (1 - share) + b * share) for a, b in zip(c, mix)) for c in base[1:]]
    kept, cubes = [], set()
    for entry in entries:
        cube = tuple(v >> 3 for v in entry)
        if cube not in cubes and len(kept) < 256:
            cubes.add(cube)
            kept.append(entry)
    return bytes(v for rgb in kept for v in rgb)


@lru_cache(maxsize=64)
def palette_image(colours: frozenset) -> Image.Image:
    """:func:`palette_entries` as the palette image Pillow maps pixels with."""
    image = Image.new("P", (1, 1))
    image.putpalette(palette_entries(colours))
    return image


def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


def svg_to_png(svg: str, width: int = PNG_WIDTH) -> bytes:
    """An SVG rasterised by libvips (librsvg): what bench/drawing.py
    compares the painted picture with."""
    data = svg.encode("utf-8")
    natural = pyvips.Image.svgload_buffer(data, access="sequential")  # reads the size only
    image = pyvips.Image.svgload_buffer(data, scale=width / natural.width)
    if image.hasalpha():
        image = image.flatten(background=[255, 255, 255])
    return image.write_to_buffer(".png", palette=True, effort=1, dither=0, Q=QUALITY, compression=6, strip=True)
