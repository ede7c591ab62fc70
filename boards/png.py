"""The drawn board as a PNG, for mail: mail clients do not show SVG.

libvips (pyvips, whose wheel brings libvips and its SVG loader) rasterises
the very SVG the page and the PDFs show, and writes an 8-bit palette PNG:
a board is a few flat colours, so a palette keeps the picture small without
visible loss, and without dithering text edges stay clean. See
docs/libraries.md for the comparison with resvg and CairoSVG.
"""

from __future__ import annotations

import pyvips

#: the picture's width in pixels; the drawing is scaled to it (a mail is
#: at most 640 px wide, and a phone shows these pixels at twice its density)
PNG_WIDTH = 600


#: how many pixels a PDF gets per CSS px of the drawing: 720 px across
#: 186 mm print at about 120 dpi
PRINT_SCALE = 1.25


def svg_to_png(svg: str, width: int | None = PNG_WIDTH, scale: float | None = None) -> bytes:
    """``svg`` rasterised ``width`` pixels wide (or at ``scale`` times its
    size) on white, as PNG bytes."""
    data = svg.encode("utf-8")
    if scale is None:
        natural = pyvips.Image.svgload_buffer(data, access="sequential")  # reads the size only
        scale = width / natural.width
    image = pyvips.Image.svgload_buffer(data, scale=scale)
    if image.hasalpha():
        image = image.flatten(background=[255, 255, 255])
    return image.write_to_buffer(".png", palette=True, effort=1, dither=0, compression=6, strip=True)
