"""The drawn board as a PNG, for mail: mail clients do not show SVG.

The drawing's operations (the very ones its SVG is written from) are
painted by cairo onto an image as wide as the drawing, which libvips writes as an 8-bit
palette PNG: a board is a few flat colours, so a palette keeps the picture
small without visible loss, and without dithering text edges stay clean.
Painting the operations is 2-3 times faster than rasterising the SVG text
with libvips (librsvg), resvg or CairoSVG, which draw the same picture
(measured by bench/drawing.py; docs/libraries.md).
"""

from __future__ import annotations

import cairocffi as cairo
import pyvips

from boards.svg import pdfdraw
from boards.svg.canvas import Canvas

#: the picture's width in pixels: the drawing's own width, so a mail on a
#: desktop shows it at its size and a phone at three quarters
PNG_WIDTH = 480
#: libimagequant's quality: 50 keeps every colour of the palette apart and
#: makes the picture ~20% smaller than 100
QUALITY = 50


def canvas_to_png(canvas: Canvas, width: float, height: float, pixels: int = PNG_WIDTH) -> bytes:
    """A canvas of ``width`` x ``height`` drawing units painted ``pixels``
    wide on white, as PNG bytes."""
    scale = pixels / width
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, pixels, max(1, round(height * scale)))
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    ctx.scale(scale, scale)
    pdfdraw.paint(ctx, canvas)
    surface.flush()
    # cairo's RGB24 is B, G, R, unused in memory on little-endian machines
    image = pyvips.Image.new_from_memory(bytes(surface.get_data()), surface.get_width(), surface.get_height(), 4,
                                         "uchar")
    rgb = image[2].bandjoin([image[1], image[0]])
    return rgb.write_to_buffer(".png", palette=True, effort=1, dither=0, Q=QUALITY, compression=6, strip=True)


def svg_to_png(svg: str, width: int = PNG_WIDTH) -> bytes:
    """An SVG rasterised by libvips (librsvg): what bench/drawing.py
    compares the painted picture with."""
    data = svg.encode("utf-8")
    natural = pyvips.Image.svgload_buffer(data, access="sequential")  # reads the size only
    image = pyvips.Image.svgload_buffer(data, scale=width / natural.width)
    if image.hasalpha():
        image = image.flatten(background=[255, 255, 255])
    return image.write_to_buffer(".png", palette=True, effort=1, dither=0, Q=QUALITY, compression=6, strip=True)
