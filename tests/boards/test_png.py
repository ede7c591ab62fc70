"""The turn mail's picture as bytes (boards/png.py): the panels kept as
palette indexes and put together in palette mode give, pixel for pixel,
what painting the whole picture and mapping it to the palette gives; the
PNG written around libdeflate's stream is a valid PNG, smaller than
Pillow's encoder writes the same picture."""

from __future__ import annotations

import io
import struct
import zlib
from functools import cache

import cairocffi as cairo
import pytest
from PIL import Image

import boards
from boards import png, sample_game
from boards.svg import pdfdraw
from boards.svg.canvas import Canvas, Panel, placements
from boards.svg.drawing import WIDTH, drawing


@cache
def sample(name: str, seats: int):
    return sample_game(name, seats, {"advanced": True} if name == "sunfield" and seats == 4 else {}, seed=7)


def composed_whole(panels, width: float, pixels: int = png.PNG_WIDTH) -> Image.Image:
    """The picture the way it was made before panels were kept as indexes:
    every panel painted on a transparent raster, the rasters painted over a
    white picture by cairo, the whole picture mapped to the palette."""
    placed, height = placements(panels, width)
    scale = pixels / width
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, pixels, max(1, round(height * scale)))
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    colours: set[str] = set()
    for panel, x, y, panel_scale in placed:
        raster = cairo.ImageSurface(cairo.FORMAT_ARGB32, round(panel.width * panel_scale * scale) + 2 * png.MARGIN + 1,
                                    round(panel.height * panel_scale * scale) + 2 * png.MARGIN + 1)
        paint = cairo.Context(raster)
        paint.set_font_options(png.HINTING)
        paint.translate(png.MARGIN, png.MARGIN)
        paint.scale(panel_scale * scale, panel_scale * scale)
        pdfdraw.paint(paint, panel.canvas, signs=png.SIGNS, snap=True)
        raster.flush()
        ctx.set_source_surface(raster, round(x * scale) - png.MARGIN, round(y * scale) - png.MARGIN)
        ctx.paint()
        png.canvas_colours(panel.canvas, colours)
    surface.flush()
    image = Image.frombuffer("RGB", (surface.get_width(), surface.get_height()), bytes(surface.get_data()), "raw",
                             "BGRX", surface.get_stride(), 1)
    return image.quantize(palette=png.palette_image(frozenset(colours)), dither=Image.Dither.NONE)


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def same_picture(data: bytes, expected: Image.Image) -> bool:
    image = decoded(data)
    return (image.mode == "P" and image.size == expected.size and image.getpalette() == expected.getpalette()
            and image.tobytes() == expected.tobytes())


@pytest.mark.parametrize("name, seats, stage", [("sunfield", 4, "end"), ("sunfield", 2, "middle"),
                                                ("harvest", 4, "middle"), ("harvest", 1, "end")])
def test_the_picture_is_the_whole_drawing_mapped_to_its_palette_pixel_for_pixel(name, seats, stage):
    game = sample(name, seats)
    view, previous = game.view(stage, 0), game.view("start", 0)  # what changed since the start outlined
    expected = composed_whole(drawing(name, view, 0, game.names, previous).panels, WIDTH)
    # every panel painted anew
    png.forget_panels()
    assert same_picture(boards.picture_png(name, view, 0, names=game.names, previous=previous), expected)
    # and every panel from what the process kept
    assert same_picture(boards.picture_png(name, view, 0, names=game.names, previous=previous), expected)


def square(colour: str, size: float = 40.0) -> Panel:
    canvas = Canvas()
    canvas.rect(4, 4, size - 8, size - 8, fill=colour, stroke="#1a1a1a", rx=6)
    canvas.text(8, size / 2, "Ab", size=12)
    return Panel("square", size, size, canvas)


def test_a_kept_panel_is_mapped_again_for_a_picture_with_other_colours():
    png.forget_panels()
    blue, orange, green = square("#0072b2"), square("#e69f00"), square("#009e73")
    for panels in ([blue], [blue, orange], [blue], [green, blue, orange]):
        # the blue panel is painted once, its pixels mapped to each picture's palette
        assert same_picture(png.panels_to_png(panels, 200.0, pixels=200), composed_whole(panels, 200.0, 200))


def test_a_picture_without_ink_is_white():
    png.forget_panels()
    empty = Panel("nothing", 40.0, 40.0, Canvas())
    image = decoded(png.panels_to_png([empty], 100.0, pixels=100)).convert("RGB")
    assert image.size == (100, 40) and image.getcolors() == [(4000, (255, 255, 255))]


def chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """A PNG's chunks as (type, data), every CRC checked."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, at = [], 8
    while at < len(data):
        (length,), kind = struct.unpack(">I", data[at:at + 4]), data[at + 4:at + 8]
        body = data[at + 8:at + 8 + length]
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        out.append((kind, body))
        at += 12 + length
    assert at == len(data)
    return out


def test_the_png_is_a_valid_8_bit_palette_png_whose_rows_are_unfiltered():
    game = sample("harvest", 2)
    data = boards.picture_png("harvest", game.view("middle", 0), 0, names=game.names)
    found = chunks(data)
    assert [kind for kind, _ in found] == [b"IHDR", b"PLTE", b"IDAT", b"IEND"] and found[-1][1] == b""
    width, height, depth, colour_type, method, filtering, interlace = struct.unpack(">IIBBBBB", found[0][1])
    assert (width, depth, colour_type, method, filtering, interlace) == (png.PNG_WIDTH, 8, 3, 0, 0, 0)
    palette = found[1][1]
    assert len(palette) % 3 == 0 and 0 < len(palette) // 3 <= 256
    rows = zlib.decompress(found[2][1])
    assert len(rows) == height * (width + 1)
    assert {rows[r * (width + 1)] for r in range(height)} == {0}  # each row's filter byte: none
    assert max(rows) < len(palette) // 3  # no pixel names an entry the palette lacks
    Image.open(io.BytesIO(data)).verify()  # Pillow's own check of the chunks and their CRCs
    image = decoded(data)
    assert image.size == (width, height) and image.getpalette() == list(palette)


@pytest.mark.parametrize("name, seats", [("sunfield", 4), ("harvest", 4)])
def test_the_png_is_as_small_as_pillows_encoder_writes_the_same_picture(name, seats):
    """libdeflate's level 6 (boards/png.DEFLATE_LEVEL) compresses as well as
    zlib's 6, Pillow's, in 40% of its time; level 8, used while the turn
    mails were near 250 KB, was 5-6% smaller for twice the time."""
    game = sample(name, seats)
    data = boards.picture_png(name, game.view("end", 0), 0, names=game.names)
    pillow = io.BytesIO()
    decoded(data).save(pillow, "PNG")  # zlib at level 6, as the picture was written before
    assert len(data) <= 1.01 * len(pillow.getvalue())


def test_a_panels_digest_is_its_drawing_whoever_drew_it():
    from boards import memo

    game = sample("sunfield", 4)
    view, previous = game.view("end", 0), game.view("middle", 0)
    first = drawing("sunfield", view, 0, game.names, previous).panels
    memo.forget()
    again = drawing("sunfield", view, 0, game.names, previous).panels
    assert all(a.canvas is not b.canvas for a, b in zip(first, again))  # drawn anew
    digests = [png.ops_digest(p.canvas) for p in first]
    assert [png.ops_digest(p.canvas) for p in again] == digests and len(set(digests)) == len(digests)
    # a drawing that differs in one colour, one size or one sign digests apart
    from boards.svg.symbols import vegetable

    def sign(name: str) -> Canvas:
        canvas = Canvas()
        vegetable(canvas, name, 10, 10, 12)
        return canvas

    variants = [square("#0072b2").canvas, square("#e69f00").canvas, square("#0072b2", 41.0).canvas, sign("carrot"),
                sign("corn")]
    seen = [png.ops_digest(v) for v in variants]
    assert seen[0] == png.ops_digest(square("#0072b2").canvas) and seen[3] == png.ops_digest(sign("carrot"))
    assert len(set(seen)) == len(seen)


def test_a_rectangles_straight_edges_fall_on_whole_pixels_in_the_picture():
    # given a tile whose frame is 1.5 units wide and lies between pixels
    tile = Canvas()
    tile.rect(10.3, 10.6, 40.2, 30.1, fill="#c7def0", stroke="#0072b2", width=1.5)

    def across(snap: bool) -> set[tuple[int, int, int]]:
        """The colours along a line through the tile's middle, left to right."""
        surface = cairo.ImageSurface(cairo.FORMAT_RGB24, 80, 60)
        ctx = cairo.Context(surface)
        ctx.set_source_rgb(1, 1, 1)
        ctx.paint()
        ctx.scale(1.2, 1.2)
        pdfdraw.paint(ctx, tile, snap=snap)
        surface.flush()
        row = bytes(surface.get_data())[30 * surface.get_stride():][: 80 * 4]
        return {(row[i + 2], row[i + 1], row[i]) for i in range(0, len(row), 4)}

    ink, fill, paper = (0x00, 0x72, 0xB2), (0xC7, 0xDE, 0xF0), (0xFF, 0xFF, 0xFF)
    # when painted for the picture, then the frame is whole pixels of ink: no blended columns beside it
    assert across(snap=True) == {paper, ink, fill}
    # (painted where it lies, as in a PDF, its edges are blends)
    assert len(across(snap=False) - {paper, ink, fill}) >= 2
