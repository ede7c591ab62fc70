"""The drawn board (SVG): it parses, names every farmer, puts every Plot
tile and farm cell where its axis labels say (the move notation: x or
a-f across, y or 1-4 growing downward), outlines what changed since an
earlier view, and turns into a PNG for mail."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from functools import cache

import pytest

import boards
from boards import sample_game
from boards.png import PNG_WIDTH
from boards.svg.drawing import WIDTH, drawing
from engine import get_game

SVG = "{http://www.w3.org/2000/svg}"

#: every farmer count each game allows, at the middle and end of a game
CASES = [("sunfield", n) for n in (2, 3, 4)] + [("harvest", n) for n in (1, 2, 3, 4)]


@cache
def sample(name: str, seats: int):
    return sample_game(name, seats, {"advanced": True} if name == "sunfield" and seats == 4 else {}, seed=7)


def texts(root) -> list[tuple[float, float, str]]:
    """Every text of an SVG with its position, groups' moves added."""
    out = []

    def walk(node, dx, dy, scale):
        transform = node.get("transform", "")
        if transform.startswith("translate("):
            tx, ty = transform[len("translate("):].split(")")[0].split()
            dx, dy = dx + float(tx) * scale, dy + float(ty) * scale
            if "scale(" in transform:
                scale *= float(transform.split("scale(")[1].rstrip(")"))
        if node.tag == SVG + "text":
            out.append((dx + float(node.get("x")) * scale, dy + float(node.get("y")) * scale, node.text or ""))
        for child in node:
            walk(child, dx, dy, scale)

    walk(root, 0.0, 0.0, 1.0)
    return out


def rects_named(root, *classes: str) -> list:
    return [r for r in root.iter(SVG + "rect") if set(classes) <= set((r.get("class") or "").split())]


def centre(rect) -> tuple[float, float]:
    return float(rect.get("x")) + float(rect.get("width")) / 2, float(rect.get("y")) + float(rect.get("height")) / 2


def label_near(labels, text: str, *, x=None, y=None, within=8.0) -> bool:
    return any(t == text and (x is None or abs(lx - x) < 40) and (y is None or abs(ly - y) < within + 20)
               for lx, ly, t in labels)


@pytest.mark.parametrize("stage", ["middle", "end"])
@pytest.mark.parametrize(("name", "seats"), CASES)
def test_the_drawing_parses_as_svg_and_names_every_farmer(name, seats, stage):
    game = sample(name, seats)
    svg = boards.picture_svg(name, game.view(stage, 0), 0, names=game.names)
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg" and root.get("role") == "img" and root.find(SVG + "title").text
    words = " ".join(t for _, _, t in texts(root))
    for farmer in game.names:
        assert farmer in words


@pytest.mark.parametrize(("name", "seats"), [c for c in CASES if c[0] == "sunfield"])
def test_every_plot_tile_lies_under_its_x_label_and_beside_its_y_label_y_growing_downward(name, seats):
    game = sample(name, seats)
    view = game.view("end", 0)
    panels = {p.title: p for p in drawing(name, view, 0, game.names).panels}
    for seat, farmer in enumerate(view["farmers"]):
        root = ET.fromstring(_panel_svg(panels[f"{game.names[seat]}'s Plot"]))
        labels = texts(root)
        tops = {}
        for at in farmer["plot"]:
            x, y = map(int, at.split(","))
            [rect] = rects_named(root, "tile", f"x{x}", f"y{y}")
            cx, cy = centre(rect)
            assert any(t in (str(x), f"x {x}") and abs(lx - cx) < 1 and ly < cy for lx, ly, t in labels), (at, "x label")
            assert any(t == str(y) and abs(ly - 4 - cy) < 1 and lx < cx for lx, ly, t in labels), (at, "y label")
            tops[(x, y)] = float(rect.get("y"))
        for (x, y), top in tops.items():
            below = tops.get((x, y + 1))
            assert below is None or below > top, "y grows downward"


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_every_farm_cell_lies_under_its_column_letter_and_beside_its_row_number(seats):
    game = sample("harvest", seats)
    view = game.view("end", 0)
    panels = {p.title: p for p in drawing("harvest", view, 0, game.names).panels}
    for seat, farmer in enumerate(view["farmers"]):
        root = ET.fromstring(_panel_svg(panels[f"{game.names[seat]}'s farm"]))
        labels = texts(root)
        for crop in farmer["farm"]["crops"]:
            for cell in crop["cells"]:
                [rect] = rects_named(root, "cell", cell, crop["crop"])
                x0, y0 = float(rect.get("x")), float(rect.get("y"))
                column = [lx for lx, ly, t in labels if t == cell[0] and ly < y0]
                row = [ly for lx, ly, t in labels if t == cell[1:] and lx < x0]
                assert column and row, cell
                # the label of the cell's column lies over the block, its row beside it
                assert x0 <= column[0] <= x0 + float(rect.get("width"))
                assert y0 <= row[0] - 5 <= y0 + float(rect.get("height"))
        for forest in farmer["farm"]["forests"]:
            assert rects_named(root, "cell", forest, "forest"), forest


def _panel_svg(panel) -> str:
    from boards.svg.canvas import panel_svg

    return panel_svg(panel)


def test_what_changed_since_the_previous_view_is_outlined_and_nothing_without_one():
    game = sample("sunfield", 2)
    index = len(game.states) // 2
    rules = get_game("sunfield")
    now, before = rules.view(game.states[index], 0), rules.view(game.states[index - 4], 0)
    marked = drawing("sunfield", now, 0, game.names, previous=before)
    assert marked.changes.keys
    assert 'class="changed"' in marked.svg()
    assert 'class="changed"' not in drawing("sunfield", now, 0, game.names).svg()
    assert 'class="changed"' not in drawing("sunfield", now, 0, game.names, previous=now).svg()


def test_a_full_state_is_refused_as_the_previous_view_too():
    game = sample("harvest", 2)
    with pytest.raises(ValueError, match="full state"):
        boards.picture_svg("harvest", game.view("middle", 0), 0, previous=game.at("start"))


@pytest.mark.parametrize("name", ["sunfield", "harvest"])
def test_the_png_is_the_drawing_at_its_width_in_pixels(name):
    from PIL import Image

    game = sample(name, 2)
    data = boards.picture_png(name, game.view("middle", 0), 0, names=game.names)
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG" and image.width == PNG_WIDTH == WIDTH and image.height > 600
    assert len(image.convert("RGB").getcolors(1 << 16)) > 8  # coloured, not a blank canvas


def test_the_next_turns_picture_paints_only_the_panels_that_changed(monkeypatch):
    from types import SimpleNamespace

    from boards import png
    from boards.svg import pdfdraw

    game = sample("sunfield", 2)
    index = len(game.states) // 2
    view = get_game("sunfield").view
    painted = []
    png.forget_panels()
    monkeypatch.setattr(png, "pdfdraw", SimpleNamespace(
        paint=lambda ctx, canvas, **how: painted.append(canvas) or pdfdraw.paint(ctx, canvas, **how)))

    # given the picture of a turn
    first = boards.picture_png("sunfield", view(game.states[index], 0), 0, names=game.names)
    panels = len(drawing("sunfield", view(game.states[index], 0), 0, game.names).panels)
    assert len(painted) == panels
    # when the same board is drawn again, then nothing is painted anew
    painted.clear()
    assert boards.picture_png("sunfield", view(game.states[index], 0), 0, names=game.names) == first
    assert painted == []
    # when one move later, then only the panels that differ are painted
    boards.picture_png("sunfield", view(game.states[index + 1], 0), 0, names=game.names)
    assert 0 < len(painted) < panels


def test_the_pictures_palette_keeps_every_colour_of_the_drawing_exact():
    from PIL import Image

    from boards.png import canvas_colours

    game = sample("harvest", 2)
    view = game.view("middle", 0)
    picture = Image.open(io.BytesIO(boards.picture_png("harvest", view, 0, names=game.names)))
    assert picture.mode == "P"
    shown = {"#{:02x}{:02x}{:02x}".format(*rgb) for _, rgb in picture.convert("RGB").getcolors(256)}
    used = set()
    for panel in drawing("harvest", view, 0, game.names).panels:
        canvas_colours(panel.canvas, used)
    # every fill large enough to show a pixel of its own comes out as drawn
    assert {"#0072b2", "#e69f00", "#009e73"} <= used & shown and "#ffffff" in shown


def test_the_pictures_palette_is_white_the_drawings_colours_and_their_halfway_blends_and_no_more():
    from PIL import Image

    from boards.png import canvas_colours

    game = sample("sunfield", 2)
    view = game.view("middle", 0)
    picture = Image.open(io.BytesIO(boards.picture_png("sunfield", view, 0, names=game.names)))
    used = set()
    for panel in drawing("sunfield", view, 0, game.names).panels:
        canvas_colours(panel.canvas, used)
    entries = len(picture.getpalette()) // 3
    # a colour and its blend with white each, white once, fewer where two share a cube of 8 levels
    assert len(used) < entries <= 2 * len(used) + 1 < 256


def test_a_sign_placed_by_position_or_by_name_is_one_sign_and_a_bad_call_is_refused():
    from boards.svg.canvas import Canvas
    from boards.svg.symbols import vegetable

    canvas = Canvas()
    vegetable(canvas, "carrot", 10, 20, 12, filled=False)
    vegetable(canvas, name="carrot", s=12, cx=30, cy=40, filled=False)
    vegetable(canvas, "carrot", 50, 60, 12, False)
    (_, first, *at_first), (_, second, *at_second), (_, third, *_) = canvas.ops
    assert first is second is third and first.sign  # drawn once, placed three times
    assert at_first[:2] == [10, 20] and at_second[:2] == [30, 40]
    for bad in ((canvas, "carrot", 1, 2), (canvas, "carrot", 1, 2, 3, True, 4)):
        with pytest.raises(TypeError):
            vegetable(*bad)
    with pytest.raises(TypeError):
        vegetable(canvas, "carrot", 1, 2, 3, name="corn")
    with pytest.raises(TypeError):
        vegetable(canvas, "carrot", 1, 2, 3, colour="red")
