"""A farmer in a real browser (headless Chromium): opens a move link from a
turn mail, sees the confirmation page, confirms, and sees the updated board.
Screenshots go to the test's temporary folder; to refresh the ones in
docs/screenshots/ for people to look at, run it with
FARMPOST_SCREENSHOTS=docs/screenshots."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from service.core.config import ROOT
from service.usecases.creation import FarmerSpec, create_game
from tests.service.helpers import log_of, mailbox, text_part

pytestmark = pytest.mark.browser



@pytest.fixture
def shots(tmp_path) -> Path:
    folder = os.environ.get("FARMPOST_SCREENSHOTS")
    return ROOT / folder if folder else tmp_path



@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_farmer_opens_a_move_link_from_a_mail_confirms_and_sees_the_new_board(server, svc, browser, shots):
    create_game(svc, "sunfield", [FarmerSpec("Ann", "ann@example.org")] +
                [FarmerSpec(f"Bot {n}", bot="greedy") for n in (1, 2, 3)], options={"advanced": True}, host=0, seed=4)
    [turn_mail] = mailbox(svc, "ann@example.org")
    text = text_part(turn_mail)
    first_move, link = re.search(r"^\* (.+?) → .+\n  (http\S+/m/\S+)$", text, re.M).groups()
    shots.mkdir(parents=True, exist_ok=True)

    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.goto(f"{server}/mailbox/1/html")
    page.screenshot(path=str(shots / "turn-mail-html.png"), full_page=True)
    (shots / "turn-mail.txt").write_text(text)
    phone = browser.new_page(viewport={"width": 390, "height": 844})
    phone.goto(f"{server}/mailbox/1/html")
    phone.screenshot(path=str(shots / "turn-mail-phone.png"), full_page=True)
    phone.goto(f"{server}/mailbox/1")  # the mailbox's view of it: long headers and the reply box fit the phone
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.goto(f"{server}/mailbox?to=ann@example.org")  # the list: one farmer's mail, no word cut in two
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.locator("table.mailbox th").all_inner_texts() == ["Subject", "Received"]
    for cell in phone.locator("table.mailbox th, table.mailbox td.when span").all():
        lines = cell.evaluate("e => { const r = document.createRange(); r.selectNodeContents(e);"
                              " return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }")
        assert lines == 1, cell.inner_text()  # on one line
    phone.screenshot(path=str(shots / "mailbox-phone.png"), full_page=True)

    page.goto(f"{server}/mailbox/1")
    page.get_by_role("link", name=link).first.click()
    page.wait_for_load_state()
    assert page.url == link
    assert page.get_by_role("button", name="Confirm").is_visible()
    assert f"{first_move[0].upper()}{first_move[1:]}?" in page.inner_text("main")  # it asks, nothing is done yet
    page.screenshot(path=str(shots / "move-link-confirm.png"), full_page=True)
    assert log_of(svc) == []  # opening the link changed nothing

    page.get_by_role("button", name="Confirm").click()
    page.wait_for_load_state()
    assert "/g/1/0/" in page.url
    main = page.inner_text("main")
    assert f"Done: {first_move}." in main
    assert "Moves so far" in main and log_of(svc)[0].text == first_move
    page.screenshot(path=str(shots / "seat-after-confirm.png"), full_page=True)
