"""The log and the spectator page in headless Chromium: a farmer steps back
and forth through the log by its links, and a spectator opens the public
page and its log on a 390 px phone, where nothing scrolls sideways and
axe-core finds no serious or critical accessibility violation."""

from __future__ import annotations

import re

import pytest

from engine import get_game
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game
from tests.service.helpers import game_row

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_farmer_steps_through_the_log_and_a_spectator_watches_on_a_phone(server, svc, browser):
    created = create_game(svc, "sunfield", [FarmerSpec("Ann"), FarmerSpec("Robo", bot="greedy")], host=0, seed=4,
                          watchable=True)
    rules = get_game("sunfield")
    for _ in range(3):  # Ann's first moves; the bot answers between her turns
        game = game_row(svc)
        code = rules.code(rules.legal_moves(game.state)[0])
        playing.wait_for(svc, playing.submit_move(svc, 1, 0, [code], source="web", base_version=game.version), 5)

    page = browser.new_page(viewport={"width": 1100, "height": 900})
    page.goto(created.host_url)
    page.get_by_role("link", name="The game's log: step through every move").click()
    total = int(re.search(r"Move (\d+) of \1", page.locator("nav.steps").inner_text()).group(1))
    assert total >= 3
    page.get_by_role("link", name="« Start").click()
    page.wait_for_url(re.compile(r"/log\?at=0"))
    assert "Move 0 of" in page.locator("nav.steps").inner_text()
    page.get_by_role("link", name="Forward ›").click()
    page.wait_for_url(re.compile(r"/log\?at=1"))
    assert page.locator("li.current").count() == 1 and "Move 1 of" in page.locator("nav.steps").inner_text()
    page.get_by_role("link", name="Forward ›").click()
    page.get_by_role("link", name="‹ Back").click()
    page.wait_for_url(re.compile(r"/log\?at=1"))
    assert page.locator(".drawn svg").count() >= 1

    page.goto(created.host_url)
    watch_url = page.locator("a.watch-link").get_attribute("href")
    phone = browser.new_page(viewport=PHONE)
    phone.goto(watch_url)
    assert "watching" in phone.locator("h1").inner_text()
    assert phone.locator(".drawn svg").count() >= 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not serious_violations(phone)
    phone.get_by_role("link", name="The game's log, move by move").click()
    phone.get_by_role("link", name="« Start").click()
    phone.wait_for_url(re.compile(r"/log\?at=0"))
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert not serious_violations(phone)


def serious_violations(page) -> list:
    """axe-core's serious and critical accessibility violations on the page."""
    from axe_playwright_python.sync_playwright import Axe

    violations = Axe().run(page).response["violations"]
    return [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in violations
            if v["impact"] in ("serious", "critical")]
