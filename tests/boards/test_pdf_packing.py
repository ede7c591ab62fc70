"""The drawn pages of the PDFs: a panel taller than a page is cut between
two of its parts, and what follows it goes on the same page as its rest
(boards.svg.pdfdraw.pack)."""

from __future__ import annotations

import io

import boards
from boards.svg.canvas import Canvas, Panel
from boards.svg.pdfdraw import BOTTOM, CONTINUED, GAP, SMALLEST_SCALE, TOP, pack


def tall_plot(title: str) -> Panel:
    """A farmer's panel: a tall Plot (0-1000) and, apart from it, a track (1040-1120)."""
    canvas = Canvas()
    canvas.rect(0, 0, 460, 1000)
    canvas.text(10, 1060, "Livestock track", size=11)
    canvas.rect(0, 1070, 460, 50)
    return Panel(title, 460, 1120, canvas)


def small(title: str, height: float = 300) -> Panel:
    canvas = Canvas()
    canvas.rect(0, 0, 460, height)
    return Panel(title, 460, height, canvas)


def test_a_panel_taller_than_a_page_is_cut_between_its_parts_and_the_next_panel_follows_its_rest():
    page = BOTTOM - TOP
    assert 1120 * SMALLEST_SCALE > page, "the panel must be taller than a page at the text floor"
    pages = pack([tall_plot("Ann's Plot"), small("Bob's Plot")], page, page)
    assert len(pages) == 2
    [first] = pages[0]
    rest, following = pages[1]
    # cut in the blank between the Plot (ends at 1000) and the track's title (starts near 1049), never through a part
    assert first.start == 0 and 1000 < first.end < 1049
    assert first.height <= page
    assert rest.panel is first.panel and rest.start == first.end and rest.end is None
    # the next farmer goes on the page of the track, under it, rather than the track having a page of its own
    assert following.panel.title == "Bob's Plot"
    assert CONTINUED + rest.height + GAP + following.height <= page


def test_a_panel_with_no_gap_where_the_page_ends_is_cut_where_the_page_ends():
    page = BOTTOM - TOP
    pages = pack([small("Ann's Plot", 1400)], page, page)
    assert [len(p) for p in pages] == [1, 1]
    assert pages[0][0].end == pages[1][0].start
    assert abs(pages[0][0].height - page) < 1e-6


def test_a_four_farmer_snapshot_has_no_page_holding_only_the_rest_of_a_panel():
    """A farmer placing a tile late in a 4-farmer advanced game (seed 7,
    move 133, the bench's largest turn mail): their Plot with its places
    is taller than a page at the floor; the rest of it (the Livestock
    track) is named and the next farmer follows it on its page."""
    from pypdf import PdfReader

    from boards import sample_game
    from engine import get_game

    sample = sample_game("sunfield", 4, {"advanced": True}, seed=7)
    game = get_game("sunfield")
    state = sample.states[133]
    seat = game.to_act(state)
    meta = {"title": "Big", "game_id": "g1", "version": 1, "names": sample.names}
    reader = PdfReader(io.BytesIO(boards.snapshot_pdf("sunfield", game.view(state, seat), seat, meta)))
    texts = [page.extract_text() for page in reader.pages]
    continued = [i for i, text in enumerate(texts) if f"{sample.names[seat]}'s Plot, continued" in text]
    assert len(continued) == 1
    after = texts[continued[0]].split(", continued", 1)[1]
    assert "Livestock track" in after
    assert any(name in after for name in sample.names if name != sample.names[seat])


def test_the_snapshot_lists_each_resource_once_and_its_cross_references_point_at_its_objects(caplog):
    """A form is listed once in the resources (cairo 1.16 listed it once
    per use) and the cross-reference table points at each object."""
    import logging
    import re

    from pypdf import PdfReader

    from tests.boards.conftest import game as sample_of

    sample = sample_of("sunfield", 4, True)
    meta = {"title": "t", "game_id": "g", "version": 1, "names": sample.names}
    data = boards.snapshot_pdf("sunfield", sample.view("end", 0), 0, meta)
    for refs in re.findall(rb"<<((?:\s*/\S+ \d+ \d+ R)+)\s*>>", data):
        keys = re.findall(rb"/(\S+) \d+ \d+ R", refs)
        assert len(keys) == len(set(keys)), refs[:200]
    start = int(data.rsplit(b"startxref\n", 1)[1].split()[0])
    assert data[start:].startswith(b"xref\n0 ")
    count = int(data[start:].split(b"\n")[1].split()[1])
    for number, entry in enumerate(data[start:].split(b"\n")[2 : 2 + count]):
        if entry.endswith(b"n "):
            assert data[int(entry[:10]) :].startswith(b"%d 0 obj" % number), number
    with caplog.at_level(logging.WARNING):
        reader = PdfReader(io.BytesIO(data))
        assert all(page["/Resources"] for page in reader.pages) and "board version 1" in reader.pages[0].extract_text()
    assert "Multiple definitions" not in caplog.text


def test_page_scales_are_steps_of_two_hundredths_never_under_the_text_floor():
    """Whole and half drawing units then land on two decimals, which cairo
    writes shorter than three; the text never prints under 7.5 pt."""
    from boards.svg.drawing import drawing
    from boards.svg.pdfdraw import SCALE, SCALE_STEP, WIDTH
    from tests.boards.conftest import game as sample_of

    seen = set()
    for name, seats, advanced in (("sunfield", 4, True), ("harvest", 4, False), ("harvest", 1, False)):
        sample = sample_of(name, seats, advanced) if advanced else sample_of(name, seats)
        for stage in ("start", "end"):
            panels = drawing(name, sample.view(stage, 0), 0, sample.names).print_panels()
            for page in pack(panels, BOTTOM - TOP - 40, BOTTOM - TOP):
                for piece in page:
                    seen.add(piece.scale)
                    assert piece.scale >= SMALLEST_SCALE and piece.scale <= SCALE
                    on_step = abs(piece.scale / SCALE_STEP - round(piece.scale / SCALE_STEP)) < 1e-6
                    assert on_step or piece.scale * piece.panel.width > WIDTH - 1e-6, piece.scale
    assert len(seen) > 1


def test_a_pdf_colour_to_three_decimals_is_the_same_eight_bit_colour():
    from boards.svg.pdfdraw import rgb, rgb3

    for level in range(256):
        colour = f"#{level:02x}{level:02x}{level:02x}"
        assert all(round(v * 255) == level for v in rgb3(colour))
        assert all(len(repr(v)) <= 5 for v in rgb3(colour)), rgb3(colour)
        assert rgb(colour)[0] == level / 255
