"""The site's icon: an SVG for browsers that take one (linked from every
page) and /favicon.ico, which browsers and feed readers ask for on their own.

The .ico holds one 32x32 PNG drawn here, pixel by pixel, from the same three
shapes as the SVG (a green field, a yellow sun, a brown furrowed hill), so no
image file or image library is needed for 300 bytes.
"""

from __future__ import annotations

import struct
import zlib
from functools import lru_cache

from flask import Blueprint, Response

blueprint = Blueprint("favicon", __name__)

GREEN, SUN, SOIL = (0x2F, 0x6B, 0x1F), (0xF2, 0xC2, 0x30), (0x8A, 0x5A, 0x2B)
SIZE = 32

SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">'
    '<rect width="32" height="32" rx="6" fill="#2f6b1f"/>'
    '<circle cx="21.5" cy="10.5" r="5.5" fill="#f2c230"/>'
    '<path d="M0 23 Q16 15 32 23 V32 H0z" fill="#8a5a2b"/>'
    "</svg>"
)
MAX_AGE = 7 * 24 * 3600


def pixel(x: int, y: int) -> tuple[int, int, int, int]:
    """The colour at pixel (x, y) of the 32x32 icon, as in the SVG."""
    cx, cy = x + 0.5, y + 0.5
    corner = 6
    near_x, near_y = min(max(cx, corner), SIZE - corner), min(max(cy, corner), SIZE - corner)
    if (cx - near_x) ** 2 + (cy - near_y) ** 2 > corner**2:
        return (0, 0, 0, 0)  # outside the rounded corners
    t = cx / SIZE  # the hill: a quadratic curve from (0, 23) over (16, 15) to (32, 23)
    if cy >= (1 - t) ** 2 * 23 + 2 * (1 - t) * t * 15 + t**2 * 23:
        return (*SOIL, 255)
    if (cx - 21.5) ** 2 + (cy - 10.5) ** 2 <= 5.5**2:
        return (*SUN, 255)
    return (*GREEN, 255)


def png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\0" + bytes(v for x in range(SIZE) for v in pixel(x, y)) for y in range(SIZE))
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


@lru_cache(maxsize=1)
def ico() -> bytes:
    """An .ico file holding one PNG image (allowed since Windows Vista; every browser reads it)."""
    image = png()
    return struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", SIZE, SIZE, 0, 0, 1, 32, len(image), 22) + image


@blueprint.get("/favicon.svg")
def favicon_svg():
    return Response(SVG, mimetype="image/svg+xml", headers={"Cache-Control": f"public, max-age={MAX_AGE}"})


@blueprint.get("/favicon.ico")
def favicon_ico():
    return Response(ico(), mimetype="image/vnd.microsoft.icon", headers={"Cache-Control": f"public, max-age={MAX_AGE}"})
