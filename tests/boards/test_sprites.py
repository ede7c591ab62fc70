"""A picture's signs: each painted once per size as a sprite and copied
where it recurs, on whole pixels, looking as painted in place."""

from __future__ import annotations

import cairocffi as cairo

from boards import sprites
from boards.png import HINTING, SIGNS
from boards.svg import pdfdraw
from boards.svg.canvas import Canvas
from boards.svg.symbols import animal, vegetable


def picture(canvas: Canvas, signs=None, scale: float = 2.0) -> bytes:
    """``canvas`` painted on a white 200 x 120 image at ``scale`` pixels a unit."""
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, 200, 120)
    ctx = cairo.Context(surface)
    ctx.set_source_rgb(1, 1, 1)
    ctx.paint()
    ctx.set_font_options(HINTING)
    ctx.scale(scale, scale)
    pdfdraw.paint(ctx, canvas, signs=signs)
    surface.flush()
    return bytes(surface.get_data())


def largest_difference(a: bytes, b: bytes) -> int:
    return max(abs(x - y) for x, y in zip(a, b))


def test_a_sign_copied_from_its_sprite_looks_as_the_sign_painted_in_place():
    # given a Carrot and a Cow whose origins fall on whole pixels
    canvas = Canvas()
    vegetable(canvas, "carrot", 20, 20, 14)
    animal(canvas, "cow", 60, 30, 16)
    # when painted from sprites, then every pixel is the one painted shape by shape (within rounding)
    assert largest_difference(picture(canvas), picture(canvas, SIGNS)) <= 2


def test_a_sign_between_pixels_is_copied_onto_the_nearest_whole_pixel():
    between, on_pixel = Canvas(), Canvas()
    vegetable(between, "corn", 20.2, 30.3, 14)  # at 2 px a unit: pixel (40.4, 60.6)
    vegetable(on_pixel, "corn", 20, 30.5, 14)  # pixel (40, 61)
    assert largest_difference(picture(between, SIGNS), picture(on_pixel)) <= 2
    assert picture(between, SIGNS) != picture(between)  # not the same pixels as painted at 40.4


def test_a_sign_recurring_in_a_picture_is_painted_once_per_size():
    sprites.sprite_of.cache_clear()
    canvas = Canvas()
    for x in range(10, 90, 10):
        vegetable(canvas, "eggplant", x, 20, 8)
    picture(canvas, SIGNS)
    assert sprites.sprite_of.cache_info().misses == 1 and sprites.sprite_of.cache_info().hits == 7
    # at another size it is painted once more
    picture(canvas, SIGNS, scale=1.5)
    assert sprites.sprite_of.cache_info().misses == 2
