"""The turn mail's PDF written directly (boards.pdfwrite): one WinAnsi
subset of the mono face, signs outside WinAnsi as outlines, recurring
signs as forms, cut panels continued, the same bytes for the same board."""

from __future__ import annotations

import io
import subprocess

from fontTools.ttLib import TTFont
from pypdf import PdfReader

from boards.pdfwrite import ALPHABET, font_subset, snapshot
from boards.svg.canvas import Canvas, Panel
from boards.svg.pdfdraw import FORM_USES


def text_of(data: bytes) -> str:
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def fonts_of(data: bytes) -> dict:
    return {font.get_object()["/BaseFont"]: font.get_object() for page in PdfReader(io.BytesIO(data)).pages
            for font in page["/Resources"]["/Font"].values()}


def panel(title: str, canvas: Canvas, height: float = 60) -> Panel:
    return Panel(title, 400, height, canvas)


def sign() -> Canvas:
    drawn = Canvas()
    drawn.sign = True
    drawn.circle(0, 0, 8, fill="#f0c000")
    drawn.text(0, 4, "S", size=10, anchor="middle")
    return drawn


def test_text_outside_winansi_is_painted_as_outlines_and_the_page_has_one_font():
    canvas = Canvas()
    canvas.text(10, 20, "Turn order: Céline → Yoann", size=12)
    canvas.text(10, 40, "▶ to act", size=12)
    data = snapshot([panel("Words", canvas)], "Sunday game", "board version 3")
    text = text_of(data)
    assert "Turn order: Céline" in text and "Yoann" in text and "to act" in text
    assert "→" not in text and "▶" not in text
    [font] = fonts_of(data).values()
    assert font["/Subtype"] == "/TrueType" and font["/Encoding"] == "/WinAnsiEncoding"
    assert str(font["/BaseFont"]).endswith("+DejaVuSansMono")


def test_the_font_subset_holds_the_characters_used_and_the_alphabet_and_nothing_else():
    canvas = Canvas()
    canvas.text(10, 20, "abc é", size=12)
    data = snapshot([panel("P", canvas)], "T", "n")
    [font] = fonts_of(data).values()
    subset = TTFont(io.BytesIO(font["/FontDescriptor"]["/FontFile2"].get_data()))
    assert set(subset.getBestCmap()) == {ord(c) for c in "abc éTn"} | {ord(c) for c in ALPHABET}
    glyf = subset["glyf"]
    assert len(subset.getGlyphOrder()) < 2 * len(subset.getBestCmap())  # not the whole face (3,000 glyphs)
    assert not any(glyf[name].program.getBytecode() for name in subset.getGlyphOrder()
                   if glyf[name].numberOfContours and hasattr(glyf[name], "program"))  # no hinting
    assert not {"fpgm", "prep", "cvt ", "GSUB", "GPOS"} & set(subset.keys())
    assert all(int(w) == 602 for w in font["/Widths"])


def test_a_board_of_the_alphabet_alone_cuts_the_face_once_per_process():
    font_subset.cache_clear()
    for words in ("Round 1", "Round 2 (Ann: 14)", "Bob's Plot"):
        canvas = Canvas()
        canvas.text(10, 20, words, size=12)
        snapshot([panel("P", canvas)], "Sunfield Farm", "board version 3")
    assert font_subset.cache_info().misses == 1


def test_a_panel_taller_than_a_page_goes_on_under_a_line_naming_it():
    canvas = Canvas()
    for row in range(40):
        canvas.rect(10, 10 + row * 40, 100, 30, fill="#cfe2f3")
        canvas.text(20, 30 + row * 40, f"row {row}", size=11)
    data = snapshot([panel("Yoann's Plot", canvas, height=40 * 40 + 10)], "T", "n")
    pages = len(PdfReader(io.BytesIO(data)).pages)
    assert pages >= 2
    text = text_of(data)
    assert text.count("Yoann's Plot, continued") == pages - 1
    assert "row 0" in text and "row 39" in text


def test_a_sign_placed_often_is_one_form_and_a_rare_one_is_painted_in_place():
    often, rare = sign(), sign()
    canvas = Canvas()
    for n in range(FORM_USES):
        canvas.group(often, 20 + 30 * n, 20)
    for n in range(FORM_USES - 1):
        canvas.group(rare, 20 + 30 * n, 50)
    data = snapshot([panel("Signs", canvas)], "T", "n")
    [page] = PdfReader(io.BytesIO(data)).pages
    forms = page["/Resources"]["/XObject"]
    assert len(forms) == 1
    content = page.get_contents().get_data()
    assert content.count(b" Do") == FORM_USES
    assert text_of(data).count("S") >= FORM_USES - 1 + FORM_USES  # every sign's letter, in a form or not


def test_the_same_board_gives_the_same_bytes_without_a_date():
    canvas = Canvas()
    canvas.rect(0, 0, 100, 40, rx=4, fill="#cfe2f3", stroke="#1a1a1a", dash="4 2")
    canvas.ellipse(50, 20, 20, 8, rotate=30)
    canvas.path("M0 0 L10 10 q5 5 10 0 Z")
    canvas.text(50, 30, "middle", anchor="middle")
    canvas.group(sign(), 80, 20)
    panels = [panel("P", canvas)]
    first = snapshot(panels, "T ▶", "n")
    assert snapshot(panels, "T ▶", "n") == first
    assert b"CreationDate" not in first and b"ModDate" not in first
