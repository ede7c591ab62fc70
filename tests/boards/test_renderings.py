"""Every rendering of both games, for start, middle and end states:
2 and 4 farmers, advanced Sunfield Farm, solo Harvest."""

from __future__ import annotations

import io
import re

import pytest

import boards
from engine import get_game
from tests.boards.conftest import STAGES, inked_share, pdf_text, rasterise

MM = 72 / 25.4  # PDF points per millimetre


def points_phrase(total: int) -> str:
    return f"{total} point" + ("" if total == 1 else "s")


@pytest.mark.parametrize("stage", STAGES)
def test_text_board_fits_72_columns_and_names_every_farmer_with_their_points(sample, stage):
    game = get_game(sample.game_name)
    text = boards.text(sample.game_name, sample.view(stage, 0), 0, names=sample.names)
    assert max(len(line) for line in text.splitlines()) <= 72
    assert game.progress(sample.at(stage)) in text
    totals = game.score_sheet(sample.at(stage))["total"]
    headers = [line for line in text.splitlines() if line.startswith(tuple(n.upper() for n in sample.names))]
    assert len(headers) == sample.seats
    for seat, name in enumerate(sample.names):
        [header] = [h for h in headers if h.startswith(name.upper())]
        assert points_phrase(totals[seat]) in header
    assert f"{sample.names[0].upper()} (you)" in text


@pytest.mark.parametrize("stage", STAGES)
def test_mail_board_is_tables_with_inline_styles_only(sample, stage):
    html = str(boards.mail_html(sample.game_name, sample.view(stage, 0), 0, names=sample.names))
    for forbidden in ("<svg", "<script", "<style", "<link", "javascript:"):
        assert forbidden not in html.lower()
    assert "<table" in html and 'style="' in html
    # every coloured cell sets its text colour too, so dark-mode clients keep the contrast
    for style in re.findall(r'style="([^"]*background[^"]*)"', html):
        assert "color:" in style.replace("background-color", ""), style
    for name in sample.names:
        assert name in html


def test_web_board_outlines_and_stars_the_market_tiles_a_farmer_may_take():
    game = get_game("sunfield")
    from tests.boards.conftest import game as sample_of

    sample = sample_of("sunfield", 2)
    state = sample.at("start")
    legal = [m.code() for m in game.legal_moves(state)]
    takes = [m for m in game.legal_moves(state) if m.kind == "take"]
    assert takes, "a farmer may always take a tile at the start"
    html = str(boards.web_html("sunfield", sample.view("start", 0), 0, highlight=legal, names=sample.names))
    options = re.findall(r'<td class="fp-option"[^>]*>(.*?)</td>', html, flags=re.DOTALL)
    highlighted = {re.search(r"<strong>([abc][123])</strong>", cell).group(1) for cell in options if "<strong>" in cell}
    assert highlighted == {f"{m.args[0]}{m.args[1]}" for m in takes}
    assert all("★" in cell for cell in options)
    plain = str(boards.web_html("sunfield", sample.view("start", 0), 0, names=sample.names))
    assert 'class="fp-option"' not in plain and "★" not in plain


def test_web_board_highlights_the_town_spaces_a_harvest_farmer_may_visit():
    game = get_game("harvest")
    from tests.boards.conftest import game as sample_of

    sample = sample_of("harvest", 2)
    index = next(i for i, s in enumerate(sample.states) if s["phase"] == "place" and game.to_act(s) == 0)
    state = sample.states[index]
    legal = [m.code() for m in game.legal_moves(state)]
    html = str(boards.web_html("harvest", game.view(state, 0), 0, highlight=legal, names=sample.names))
    rows = re.findall(r'<tr class="fp-option">(.*?)</tr>', html, flags=re.DOTALL)
    spaces = {m.group(1) for row in rows if (m := re.search(r"<strong>([a-z]+ [0-9a-c])</strong>", row))}
    expected = {f"{m.args[0]} {m.args[1]}" for m in game.legal_moves(state) if m.kind == "place"}
    assert expected and spaces == expected


@pytest.mark.parametrize("stage", STAGES)
def test_snapshot_pdf_is_the_drawn_board_on_letter_safe_a4_pages(sample, stage):
    game = get_game(sample.game_name)
    meta = {"title": "Sunday game", "game_id": "g42", "version": 17, "names": sample.names}
    data = boards.snapshot_pdf(sample.game_name, sample.view(stage, 0), 0, meta)
    pages, text = pdf_text(data)
    assert 1 <= pages <= 7
    # the heading says which game, board and farmer; the drawing its key and every farmer's points
    assert "Sunday game" in text and "g42" in text and "board version 17" in text and f"for {sample.names[0]}" in text
    assert "Key" in text
    totals = game.score_sheet(sample.at(stage))["total"]
    for seat, name in enumerate(sample.names):
        you = " (you)" if seat == 0 else ""
        assert f"{name}{you}" in text and points_phrase(totals[seat]).lower() in text.lower(), name
    # the board in words is the mail's (its text and HTML), not the PDF's
    assert "The board in words" not in text
    for image in rasterise(data):
        assert inked_share(image) > 0.02
        assert_ink_inside_letter_and_a4(image)


def drawn_text(name: str, view: dict, seat: int, names: list[str]) -> str:
    """Every text the drawing paints, groups' included."""
    from boards.svg.drawing import drawing

    out = []

    def walk(canvas):
        for op in canvas.ops:
            if op[0] == "text":
                out.append(op[3])
            elif op[0] == "group":
                walk(op[1])

    for panel in drawing(name, view, seat, names).print_panels():
        walk(panel.canvas)
    return " ".join(out)


def assert_ink_inside_letter_and_a4(image, resolution: int = 30):
    """All ink lies where both A4 (210 x 297 mm) and US Letter (216 x 279 mm)
    print it, whether the printer centres the sheet or aligns it to the top."""
    width, height = image.size
    px_per_mm = resolution / 25.4
    top, bottom = int(9 * px_per_mm), int(276 * px_per_mm)  # Letter centred crops 8.8 mm; top-aligned ends at 279
    pixels = image.load()
    inked_rows = [y for y in range(height) if any(pixels[x, y] < 200 for x in range(0, width, 2))]
    assert inked_rows, "blank page"
    assert inked_rows[0] >= top and inked_rows[-1] <= bottom, (inked_rows[0] / px_per_mm, inked_rows[-1] / px_per_mm)


def test_snapshot_pdf_of_the_largest_board_draws_every_farmer_on_few_pages():
    from tests.boards.conftest import game as sample_of

    sample = sample_of("sunfield", 4, True)
    game = get_game("sunfield")
    largest = max(sample.states, key=lambda s: sum(len(f["plot"]) for f in s["farmers"]))
    meta = {"title": "Big", "game_id": "g1", "version": 1, "names": sample.names}
    pages, text = pdf_text(boards.snapshot_pdf("sunfield", game.view(largest, 1), 1, meta))
    assert pages <= 7 and all(name in text for name in sample.names)
    # every Plot is drawn whole: each of its tiles' colour letters is on the page (Bl, Bn, Gr, Ye)
    for farmer in largest["farmers"]:
        assert len(farmer["plot"]) > 0
    assert text.count("Gr") + text.count("Bl") + text.count("Bn") + text.count("Ye") >= sum(
        len(f["plot"]) for f in largest["farmers"])


def test_the_snapshot_embeds_one_font_face():
    """Every text of the snapshot, the drawing's too, is set in DejaVu Sans
    Mono: each further face would add kilobytes to every turn mail."""
    from pypdf import PdfReader

    from tests.boards.conftest import game as sample_of

    sample = sample_of("harvest", 4)
    meta = {"title": "t", "game_id": "g", "version": 1, "names": sample.names}
    reader = PdfReader(io.BytesIO(boards.snapshot_pdf("harvest", sample.view("end", 0), 0, meta)))
    faces = {str(font["/BaseFont"]).split("+")[-1] for page in reader.pages
             for font in page["/Resources"]["/Font"].values()}
    assert faces == {"DejaVuSansMono"}


def test_the_snapshot_embeds_one_font_subset_and_paints_signs_outside_winansi_as_outlines():
    """A character outside WinAnsi (a Plot corner's arrows, the ▶ of "to
    act") would make cairo embed a second subset of the face, a CID font of
    some 3.5 KB: it is painted as its glyph's outline, which inks the page
    as the glyph would."""
    from pypdf import PdfReader

    from boards.pdffont import FAMILY as FONT
    from boards.svg.pdfdraw import show_text
    from tests.boards.conftest import game as sample_of

    sample = sample_of("sunfield", 4, True)
    meta = {"title": "t", "game_id": "g", "version": 1, "names": sample.names}
    data = boards.snapshot_pdf("sunfield", sample.view("middle", 0), 0, meta)
    assert "▶" in drawn_text("sunfield", sample.view("middle", 0), 0, sample.names)  # "▶ to act", outside WinAnsi
    reader = PdfReader(io.BytesIO(data))
    fonts = {font.get_object()["/BaseFont"]: font.get_object()["/Subtype"] for page in reader.pages
             for font in page["/Resources"]["/Font"].values()}
    assert len(fonts) == 1 and set(fonts.values()) == {"/TrueType"}, fonts

    # an arrow painted as its outline inks what the glyph would, where the glyph would
    import cairocffi as cairo

    def inked(draw) -> list[int]:
        surface = cairo.ImageSurface(cairo.FORMAT_A8, 80, 30)
        ctx = cairo.Context(surface)
        ctx.select_font_face(FONT)
        ctx.set_font_size(20)
        ctx.move_to(4, 22)
        draw(ctx)
        ctx.show_text("x")  # after the arrow, where the next letter goes
        surface.flush()
        return [v for v in bytes(surface.get_data())]

    outlined, shown = inked(lambda ctx: show_text(ctx, "y↓")), inked(lambda ctx: ctx.show_text("y↓"))
    assert sum(outlined) > 0
    assert sum(abs(a - b) for a, b in zip(outlined, shown)) < 0.15 * sum(shown)



def test_the_snapshot_draws_a_recurring_sign_once_as_a_form_and_a_rare_one_in_place():
    """A PDF form costs about 500 bytes of objects of its own: a sign that
    recurs is one form referred to wherever it is, one seen only a few
    times is painted where it is."""
    from pypdf import PdfReader

    from boards.svg.drawing import drawing
    from boards.svg.pdfdraw import FORM_USES, recurring_signs
    from tests.boards.conftest import game as sample_of

    sample = sample_of("sunfield", 4, True)
    view = sample.view("middle", 0)
    panels = drawing("sunfield", view, 0, sample.names).print_panels()
    recurring, every = recurring_signs(panels, FORM_USES), recurring_signs(panels, 1)
    assert 0 < len(recurring) < len(every)
    meta = {"title": "t", "game_id": "g", "version": 1, "names": sample.names}
    reader = PdfReader(io.BytesIO(boards.snapshot_pdf("sunfield", view, 0, meta)))
    # the pages' forms (the signs: the drawing places no other), each counted once
    forms = {ref.idnum for page in reader.pages for ref in page["/Resources"].get("/XObject", {}).values()}
    assert len(forms) == len(recurring)

def test_a_two_farmer_harvest_snapshot_fills_five_pages_at_most():
    from tests.boards.conftest import game as sample_of

    sample = sample_of("harvest", 2)
    meta = {"title": "t", "game_id": "g", "version": 1, "names": sample.names}
    for stage in STAGES:
        pages, _ = pdf_text(boards.snapshot_pdf("harvest", sample.view(stage, 0), 0, meta))
        assert pages <= 5, stage


def test_boards_without_names_call_farmers_by_seat():
    from tests.boards.conftest import game as sample_of

    sample = sample_of("sunfield", 2)
    text = boards.text("sunfield", sample.view("start", None), None)
    assert "FARMER 1" in text and "FARMER 2" in text and "(you)" not in text


def test_every_game_of_the_engine_has_a_board():
    import engine
    from boards.games import game_names

    assert sorted(game_names()) == sorted(engine.game_names())
    with pytest.raises(KeyError, match="no board"):
        boards.text("chess", {}, 0)


def test_harvest_boards_say_what_each_sunrise_tile_gives_and_does():
    from engine.harvest import content
    from tests.boards.conftest import game as sample_of

    sample = sample_of("harvest", 2)
    view = sample.view("start", 0)
    outputs = [boards.text("harvest", view, 0, names=sample.names),
               str(boards.mail_html("harvest", view, 0, names=sample.names))]
    for output in outputs:
        flat = " ".join(output.split())
        for number in view["sunrise"]["display"]:
            assert " ".join(content.SUNRISE_TILES[number]["text"].split()) in flat


def test_harvest_board_says_when_first_light_waits_for_a_seed_upgrade():
    game = get_game("harvest")
    from tests.boards.conftest import game as sample_of

    sample = sample_of("harvest", 2)
    state = dict(sample.at("start"), phase="sunrise")
    state["sunrise"] = dict(state["sunrise"], choice="seedup")
    html = str(boards.mail_html("harvest", game.view(state, 0), 0, names=sample.names))
    assert "First Light: upgrading a seed" in html


def test_the_plain_text_clients_stay_in_line_whatever_their_needs():
    # given Clients asking for 3 to 6 Vegetables (CL19: six), when the text board is drawn
    game = get_game("sunfield")
    state = game.setup(2, {}, 1)
    state["clients"] = ["CL01", "CL19", None, "CL08", "CL05"]
    text = boards.text("sunfield", game.view(state, 0), 0, names=["Ann", "Bob"])
    lines = [line for line in text.splitlines() if re.match(r"^\d  \S", line) and "needs" in line]
    # then every "Medals" column starts at the same place
    assert len(lines) == 4 and len({line.index("Medals") for line in lines}) == 1


@pytest.mark.parametrize("name", ["sunfield", "harvest"])
def test_the_line_about_who_acts_speaks_to_the_reader_when_it_is_their_turn(name):
    """Given a state where a farmer places a Field tile (Sunfield) or acts in
    town (Harvest), the farmer to act reads "You to act" and "your", the
    other farmers read their name and "their"."""
    from tests.boards.conftest import game as sample_of

    sample = sample_of(name, 2)
    rules = get_game(name)
    phase = "place" if name == "sunfield" else "act"
    state = next(s for s in sample.states if s["phase"] == phase)
    actor = rules.to_act(state)
    other = 1 - actor

    own = boards.text(name, rules.view(state, actor), actor, names=sample.names)
    theirs = boards.text(name, rules.view(state, other), other, names=sample.names)

    assert "You to act:" in own and f"{sample.names[actor]} to act:" not in own
    assert f"{sample.names[actor]} to act:" in theirs and "You to act:" not in theirs
    if name == "sunfield":
        assert "just taken in your Plot" in own and "just taken in their Plot" in theirs


@pytest.mark.parametrize("stage", STAGES)
def test_mail_board_sets_what_inherits_once_per_table_and_cells_keep_their_border_and_fill(sample, stage):
    html = str(boards.mail_html(sample.game_name, sample.view(stage, 0), 0, names=sample.names))
    html = re.sub(r"(?<=[:;]) ", "", html)  # as the inliner writes them: "color: #1a1a1a;"
    tables = re.findall(r"<table[^>]*>", html)
    assert tables
    for table in tables:
        # Outlook lets no table inherit a font from around it: each table says it
        assert "font-family:" in table and "color:#1a1a1a" in table, table
    grids = re.findall(r'(<table[^>]*class="fp-grid[^>]*>.*?</table>)', html, flags=re.DOTALL)
    assert grids
    for grid in grids:
        assert 'cellpadding="2"' in grid[: grid.index(">")] and "font-size:" in grid[: grid.index(">")]
        cells = [(row, cell) for row, inner in re.findall(r"(<tr[^>]*>)(.*?)</tr>", grid, flags=re.DOTALL)
                 for cell in re.findall(r"<td[^>]*>", inner)]
        assert cells
        for row, cell in cells:
            if 'class="fp-blank"' in cell:  # a Plot's cell no tile can reach yet: the table's white, no border
                # (a cell has none unless it says so: no style at all, 17 bytes a cell)
                assert "style=" not in cell, cell
                continue
            # top-aligned by the cell, or by its row (a Plot's, a farm's: one attribute, not one a cell)
            assert 'valign="top"' in cell or ('valign="top"' in row and "valign=" not in cell), (row, cell)
            assert "border:" in cell, cell
            for inherited in ("font-size", "text-align:center", "padding", "vertical-align", "font-family"):
                assert inherited not in cell, cell
