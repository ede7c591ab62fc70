"""The seat page with its drawn board, in headless Chromium: on a 390 px
phone nothing scrolls sideways, the farmer ("you") and the farmer to act
come first, and axe-core finds no serious or critical accessibility
violation. Screenshots go to the test's temporary folder, or to
FARMPOST_SCREENSHOTS (e.g. docs/screenshots) to refresh the docs' ones."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from service.core.config import ROOT
from service.usecases.creation import FarmerSpec, create_game
from tests.service.helpers import links_in, mailbox, text_part

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

#: game kind -> (options, number of bots, seed)
GAMES = {"sunfield": ({"advanced": True}, 3, 4), "harvest": ({}, 1, 3)}



@pytest.fixture
def shots(tmp_path) -> Path:
    folder = os.environ.get("FARMPOST_SCREENSHOTS")
    return ROOT / folder if folder else tmp_path


def seat_page_of_ann(svc, kind: str) -> str:
    """A game of ``kind`` where Ann plays against bots; her seat link from her turn mail."""
    options, bots, seed = GAMES[kind]
    create_game(svc, kind, [FarmerSpec("Ann", "ann@example.org")] +
                [FarmerSpec(f"Bot {n}", bot="greedy") for n in range(1, bots + 1)],
                options=options, host=0, seed=seed)
    turn_mail = mailbox(svc, "ann@example.org")[-1]
    return links_in(text_part(turn_mail), "g")[0]


@pytest.mark.parametrize("kind", GAMES)
@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_seat_page_shows_the_drawn_board_fits_a_phone_and_passes_axe(server, svc, browser, shots, kind):
    from axe_playwright_python.sync_playwright import Axe

    url = seat_page_of_ann(svc, kind)
    shots.mkdir(parents=True, exist_ok=True)

    phone = browser.new_page(viewport=PHONE)
    phone.goto(url)
    drawn = phone.locator(".drawn svg")
    assert drawn.count() >= 4, "status, market or town, each farmer, key"
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the seat page is {width} px wide on a {PHONE['width']} px phone"
    titles = [t for t in phone.locator(".drawn svg > title").all_text_contents() if re.search(r"'s (Plot|farm)$", t)]
    assert titles[0].startswith("Ann's"), titles  # you first
    assert any("to act" in t for t in drawn.all_text_contents())
    phone.screenshot(path=str(shots / f"seat-{kind}-phone.png"), full_page=True)

    results = Axe().run(phone)
    serious = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in serious]

    desktop = browser.new_page(viewport={"width": 1100, "height": 900})
    desktop.goto(url)
    assert desktop.evaluate("document.documentElement.scrollWidth") <= 1100
    desktop.screenshot(path=str(shots / f"seat-{kind}-web.png"), full_page=True)
