"""The mail board read on a phone: headless Chromium at 390 px wide, in each language."""

from __future__ import annotations

import pytest

import boards
from tests.boards.conftest import STAGES, require_tool

pytestmark = pytest.mark.browser

PHONE_WIDTH = 390
PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body {{ margin: 8px; }}</style></head><body>{board}</body></html>"""


@pytest.fixture(scope="module")
def phone():
    require_tool("chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-background-networking", "--disable-gpu"],
        )
        page = browser.new_page(viewport={"width": PHONE_WIDTH, "height": 800}, java_script_enabled=True)
        yield page
        browser.close()


@pytest.mark.parametrize("stage", STAGES)
def test_mail_board_fits_a_phone_screen_without_sideways_scrolling(phone, sample, stage):
    mail = boards.mail_html(sample.game_name, sample.view(stage, 0), 0, names=sample.names)
    phone.set_content(PAGE.format(board=mail))
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"the board is {width} px wide on a {PHONE_WIDTH} px phone"
    text = phone.inner_text("body")
    for name in sample.names:
        assert name in text


@pytest.mark.parametrize("language", ["fr", "de"])
@pytest.mark.parametrize("stage", STAGES)
def test_a_french_or_german_mail_board_fits_a_phone_screen_too(phone, sample, stage, language):
    """Longer words ("Pâturage", "Heidelbeerstrauch-Samen") widen no table past the screen: a Plot
    whose words make it too wide is a list of tiles, as a Plot of many columns is."""
    mail = boards.mail_html(sample.game_name, sample.view(stage, 0), 0, names=sample.names, language=language)
    phone.set_content(PAGE.format(board=mail))
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE_WIDTH, f"the {language} board is {width} px wide on a {PHONE_WIDTH} px phone"


def test_a_plot_too_wide_for_a_phone_becomes_a_list_of_tiles(phone):
    from engine import get_game
    from engine.core import clone
    from tests.boards.conftest import game

    state = clone(game("sunfield", 2).at("middle"))
    plot = state["farmers"][0]["plot"]
    for x in range(2, 12):  # a long row of Sheep tiles to the right
        plot[f"{x},0"] = {"tile": "S01", "filled": [0], "pasture": False, "animal": None}
    mail = boards.mail_html("sunfield", get_game("sunfield").view(state, 0), 0)
    phone.set_content(PAGE.format(board=mail))
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    assert "11 0" in phone.inner_text("table[aria-label='Plot of Farmer 1']")
