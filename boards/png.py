"""The drawn board as a PNG, for mail: mail clients do not show SVG.

The drawing's operations (the very ones its SVG is written from) are
painted by cairo, panel by panel, and the panels put together on a white
image as wide as the drawing. Two things make this fast (bench/drawing.py,
docs/boards.md):

- **a panel is painted once per process**: its raster is kept, keyed by a
  digest of its drawing operations, so the next turn's picture paints only
  the panels that changed (usually the farmer who moved and the market or
  town board) and copies the others;
- **a palette made from the drawing's own colours**: a board is a few
  dozen flat colours (:mod:`boards.palette` and the signs' inks), so the
  palette is those colours and their blends with white (the anti-aliased
  edges), built without looking at the pixels; Pillow
  maps every pixel to its nearest entry (no dithering, so text edges stay
  clean) and writes an 8-bit palette PNG. libvips' libimagequant, which
  builds a palette from the pixels, took 2-4 times as long for a picture of
  the same size and look.
"""

from __future__ import annotations

import hashlib
import io
import pickle
from collections import OrderedDict
from collections.abc import Sequence
from functools import lru_cache

import cairocffi as cairo
import pyvips
from PIL import Image

from boards import sprites
from boards.svg import pdfdraw
from boards.svg.canvas import PAPER, Canvas, Panel, placements

#: the picture's width in pixels: the drawing's own width, so a mail on a
#: desktop shows it at its size and a phone at three quarters
PNG_WIDTH = 480
#: libimagequant's quality for :func:`svg_to_png` (the bench's comparison)
QUALITY = 50
#: pixels kept around a panel's raster: a changed part's outline is drawn
#: 3 px outside the part, so on a panel's edge it lies outside the panel
MARGIN = 6
#: how many bytes of panel rasters a process keeps (about 40 panels of a
#: 460 x 400 board part), the least recently used dropped first
RASTER_BUDGET = 32 * 1024 * 1024
#: blends of each colour with white: the anti-aliased edges of text and shapes.
#: One, halfway: two (a third and two thirds) made the picture 4% larger for
#: no difference a reader sees at 1:1 once the text is hinted (:data:`HINTING`);
#: more, or blends with the ink, ~8% larger again
BLENDS = ((PAPER, 1 / 2),)


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

_rasters: OrderedDict[tuple, tuple[cairo.ImageSurface, frozenset]] = OrderedDict()
_raster_bytes = 0


def panels_to_png(panels: Sequence[Panel], width: float, gap: float = 12.0, pixels: int = PNG_WIDTH) -> bytes:
    """The panels laid out ``width`` drawing units wide (as
    :func:`boards.svg.canvas.placements` places them in the SVG), painted
    ``pixels`` wide on white, as PNG bytes. Panels start on whole pixels."""
    placed, height = placements(panels, width, gap)
    scale = pixels / width
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, pixels, max(1, round(height * scale)))
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    colours: set[str] = set()
    for panel, x, y, panel_scale in placed:
        raster, used = panel_raster(panel, panel_scale * scale)
        ctx.set_source_surface(raster, round(x * scale) - MARGIN, round(y * scale) - MARGIN)
        ctx.paint()
        colours |= used
    surface.flush()
    # read in place (no copy of the pixels: 2 ms for a 4-farmer picture); the surface outlives the image
    image = Image.frombuffer("RGB", (surface.get_width(), surface.get_height()), surface.get_data(), "raw",
                             "BGRX", surface.get_stride(), 1)
    out = io.BytesIO()
    image.quantize(palette=palette_image(frozenset(colours)), dither=Image.Dither.NONE).save(out, "PNG")
    return out.getvalue()


def panel_raster(panel: Panel, scale: float) -> tuple[cairo.ImageSurface, frozenset]:
    """The panel painted at ``scale`` pixels a unit on a transparent image
    with :data:`MARGIN` pixels around it, and the colours it uses; kept for
    the next picture that shows the same panel."""
    global _raster_bytes
    key = (hashlib.blake2b(pickle.dumps(panel.canvas.ops, protocol=5), digest_size=16).digest(), panel.width,
           panel.height, scale)
    if key in _rasters:
        _rasters.move_to_end(key)
        return _rasters[key]
    raster = cairo.ImageSurface(cairo.FORMAT_ARGB32, round(panel.width * scale) + 2 * MARGIN + 1,
                                round(panel.height * scale) + 2 * MARGIN + 1)
    ctx = cairo.Context(raster)
    ctx.set_font_options(HINTING)
    ctx.translate(MARGIN, MARGIN)
    ctx.scale(scale, scale)
    pdfdraw.paint(ctx, panel.canvas, signs=SIGNS)
    raster.flush()
    _rasters[key] = raster, frozenset(canvas_colours(panel.canvas))
    _raster_bytes += raster.get_stride() * raster.get_height()
    while _raster_bytes > RASTER_BUDGET and len(_rasters) > 1:
        _, (dropped, _) = _rasters.popitem(last=False)
        _raster_bytes -= dropped.get_stride() * dropped.get_height()
    return _rasters[key]


def forget_panels() -> None:
    """Drop every kept panel raster (the bench measures a first picture so)."""
    global _raster_bytes
    _rasters.clear()
    _raster_bytes = 0


def canvas_colours(canvas: Canvas, out: set[str] | None = None) -> set[str]:
    """Every colour a canvas paints with (fills, strokes, text)."""
    out = set() if out is None else out
    for op in canvas.ops:
        if op[0] == "group":
            canvas_colours(op[1], out)
        elif op[0] == "text":
            out.add(op[-1])
        else:
            out.update((op[-1].fill, op[-1].stroke))
    out.discard("none")
    return out


@lru_cache(maxsize=64)
def palette_image(colours: frozenset) -> Image.Image:
    """A palette of white, ``colours`` and their :data:`BLENDS`, at most
    one entry in each cube of 8 levels a channel (white first, then the
    colours, then their blends), and no more entries than that (a PNG's
    palette is as long as the image's: 256 entries were 0.5 KB more).

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
    image = Image.new("P", (1, 1))
    image.putpalette([v for rgb in kept for v in rgb])
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
