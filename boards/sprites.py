"""The signs of a picture, each painted once and then copied.

A 4-farmer board places some 230 signs (Vegetables, Animals, Medals, the
Wheelbarrow...) drawn from about 40 distinct ones, and their shapes are
nearly all of what cairo fills and strokes for a picture: painting them
shape by shape was two thirds of a picture's painting. A sign is painted
once per size on an image of its own (a *sprite*), kept for the process,
and each place it recurs copies the sprite: its origin on the nearest
whole pixel, so the copy is the sprite's own pixels, not a resampled
blur. A sign moves by at most half a pixel; its edges, letters included,
are those cairo paints for it anywhere.

Only rasters use sprites (:mod:`boards.png`); a PDF keeps a recurring
sign as a vector form (:func:`boards.svg.pdfdraw.paint`).
"""

from __future__ import annotations

import math
from functools import lru_cache

import cairocffi as cairo

from boards.svg import pdfdraw
from boards.svg.canvas import Canvas

#: pixels kept around a sign's inked box (anti-aliased edges, strokes' width)
MARGIN = 2
#: sprites kept: about 40 signs a game, at the two or three sizes a picture
#: draws them (the farmer's own Plot, the others', the market), for both games
KEPT = 1024


def painter(options: cairo.FontOptions):
    """The ``signs`` argument of :func:`boards.svg.pdfdraw.paint` for a
    raster whose text is rendered with ``options``: it paints a sign at
    the context's current origin and scale from its sprite (made the first
    time). Straight to cairo's C functions, as pdfdraw does: through
    cairocffi's methods a sprite's copy cost as much as the shapes it
    stands for."""
    text = (options.get_hint_style(), options.get_hint_metrics(), options.get_antialias())

    def paint_sign(ctx: cairo.Context, sign: Canvas, faces) -> None:
        p = ctx._pointer
        _lib.cairo_get_matrix(p, _MATRIX)
        sprite, left, top = sprite_of(sign, round(_MATRIX.xx, 4), faces, text)
        _lib.cairo_save(p)
        _lib.cairo_identity_matrix(p)
        _lib.cairo_set_source_surface(p, sprite._pointer, round(_MATRIX.x0) - left, round(_MATRIX.y0) - top)
        _lib.cairo_paint(p)
        _lib.cairo_restore(p)

    return paint_sign


_lib = cairo.cairo
#: the transformation :func:`painter` reads (translation and scale: signs are neither turned nor skewed)
_MATRIX = cairo.ffi.new("cairo_matrix_t *")


@lru_cache(maxsize=KEPT)
def sprite_of(sign: Canvas, scale: float, faces, text: tuple) -> tuple[cairo.ImageSurface, int, int]:
    """The sign painted at ``scale`` pixels a unit on a transparent image
    just large enough for its ink, and the pixel of that image where the
    sign's origin lies (``left``, ``top``)."""
    x0, y0, width, height = _ink(sign, faces)
    left = math.ceil(-x0 * scale) + MARGIN
    top = math.ceil(-y0 * scale) + MARGIN
    sprite = cairo.ImageSurface(cairo.FORMAT_ARGB32, left + math.ceil((x0 + width) * scale) + MARGIN + 1,
                                top + math.ceil((y0 + height) * scale) + MARGIN + 1)
    ctx = cairo.Context(sprite)
    options = cairo.FontOptions()
    hint_style, hint_metrics, antialias = text
    options.set_hint_style(hint_style)
    options.set_hint_metrics(hint_metrics)
    options.set_antialias(antialias)
    ctx.set_font_options(options)
    ctx.translate(left, top)
    ctx.scale(scale, scale)
    pdfdraw.paint(ctx, sign, faces)
    sprite.flush()
    return sprite, left, top


@lru_cache(maxsize=KEPT)
def _ink(sign: Canvas, faces) -> tuple[float, float, float, float]:
    """The box the sign's paint covers, in its own units around its origin."""
    surface = cairo.RecordingSurface(cairo.CONTENT_COLOR_ALPHA, None)
    pdfdraw.paint(cairo.Context(surface), sign, faces)
    return surface.ink_extents()
