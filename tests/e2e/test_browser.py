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
    asked = ", then ".join(first_move.split(", "))  # a whole turn's steps, "take b2, then place 0 -1"
    assert f"{asked[0].upper()}{asked[1:]}?" in page.inner_text("main")  # it asks, nothing is done yet
    page.screenshot(path=str(shots / "move-link-confirm.png"), full_page=True)
    assert log_of(svc) == []  # opening the link changed nothing

    page.get_by_role("button", name="Confirm").click()
    page.wait_for_load_state()
    assert "/g/1/0/" in page.url
    main = page.inner_text("main")
    assert f"Done: {first_move}." in main
    steps = first_move.split(", ")  # the whole turn: each step in the log, in order
    assert [entry.text for entry in log_of(svc)[:len(steps)]] == steps
    page.screenshot(path=str(shots / "seat-after-confirm.png"), full_page=True)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_the_pages_break_no_rule_of_their_content_security_policy(server, svc, browser, shots):
    """Every page has a Content-Security-Policy (service/web/headers.py):
    scripts only with the page's nonce, styles inline. Chromium reports each
    thing a policy blocks as a securitypolicyviolation event; on the pages a
    farmer goes through (the mailbox and a mail in its frame, the move link,
    the page that follows a move, the seat page with its drawing, the forms)
    there is none, and the scripts still do their work."""
    create_game(svc, "sunfield", [FarmerSpec("Ann", "ann@example.org")] +
                [FarmerSpec(f"Bot {n}", bot="greedy") for n in (1, 2, 3)], options={"advanced": True}, host=0, seed=4)
    text = text_part(mailbox(svc, "ann@example.org")[0])
    link = re.search(r"^\* .+? → .+\n  (http\S+/m/\S+)$", text, re.M).group(1)
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    page.add_init_script("window.__violations = []; document.addEventListener('securitypolicyviolation',"
                         " e => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));")
    console = []
    page.on("console", lambda message: console.append(message.text))

    def violations(url: str) -> list[str]:
        response = page.goto(url)
        page.wait_for_load_state("networkidle")
        assert "script-src 'nonce-" in response.headers["content-security-policy"], url
        found = page.evaluate("window.__violations") + [m for m in console if "Content Security Policy" in m]
        console.clear()
        return found

    assert violations(f"{server}/mailbox") == []
    page.select_option("#mailbox-to", "ann@example.org")  # the nonce'd script submits the form
    page.wait_for_url("**/mailbox?to=ann*")
    assert violations(f"{server}/mailbox/1") == []  # with the mail's HTML in its frame
    assert violations(link) == []
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_url("**/g/1/0/**")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.__violations") == [] and "Moves so far" in page.inner_text("main")
    assert page.locator("svg").count() >= 1  # the drawn board
    page.screenshot(path=str(shots / "seat-under-csp.png"), full_page=True)
    for path in ("/", "/new", "/open", "/rules/sunfield"):
        assert violations(f"{server}{path}") == [], path
