"""My games and rematch in headless Chromium on a 390 px phone: a farmer
asks for their games from the home page, opens the mail, follows the link
to their finished game, presses "Play again" and lands in the rematch; the
old game's page then links to it, and the record page opens from the mail.
Nothing scrolls sideways. Screenshots go to the test's temporary folder, or
to FARMPOST_SCREENSHOTS (e.g. docs/screenshots)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from sqlalchemy import select

from service.core.config import ROOT
from service.storage.models import MailboxMessage
from tests.service.helpers import game_row, mailbox, text_part
from tests.service.played import ANN, BOB, finished

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def shots(tmp_path) -> Path:
    folder = os.environ.get("FARMPOST_SCREENSHOTS")
    return ROOT / folder if folder else tmp_path


def fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width} px wide on a {PHONE['width']} px phone"


def accessible(page) -> None:
    """axe-core finds no serious or critical violation."""
    from axe_playwright_python.sync_playwright import Axe

    serious = [v for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]]) for v in serious]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_farmer_finds_their_games_by_mail_and_plays_again_on_a_phone(server, svc, browser, shots):
    old = finished(svc, ANN, BOB)  # Ann won Pebbles #1
    shots.mkdir(parents=True, exist_ok=True)
    phone = browser.new_page(viewport=PHONE)

    phone.goto(server)
    phone.get_by_role("link", name="My games").first.click()
    phone.get_by_label("Your email address").fill("ann@example.org")
    fits(phone)
    accessible(phone)
    phone.screenshot(path=str(shots / "my-games-form-phone.png"), full_page=True)
    phone.get_by_role("button", name="Mail me my games").click()
    phone.get_by_text("Check your mail.").wait_for()
    fits(phone)

    [games] = [m for m in mailbox(svc, "ann@example.org") if m["Subject"] == "Farmpost: your games"]
    text = text_part(games)
    # the entry's lines (opponents, then a rating once rated) before its link
    seat_link = re.search(rf"Pebbles #{old}: over: you won.*\n(?:.*\n)*?  Your seat: (\S+)", text).group(1)
    with svc.db.transaction() as session:  # the mail as the farmer sees it
        mail_id = session.scalar(select(MailboxMessage.id).where(MailboxMessage.subject == "Farmpost: your games"))
    phone.goto(f"{server}/mailbox/{mail_id}/html")
    fits(phone)
    phone.screenshot(path=str(shots / "my-games-mail-phone.png"), full_page=True)

    phone.goto(re.search(r"Your record page: (\S+)", text).group(1))
    phone.get_by_text("1 played, 1 won").wait_for()
    fits(phone)
    accessible(phone)
    phone.screenshot(path=str(shots / "record-phone.png"), full_page=True)

    phone.goto(seat_link)
    accessible(phone)
    phone.get_by_role("button", name="Play again").click()
    phone.get_by_text(f"Pebbles #{old + 1} is set up: a rematch of #{old}.").wait_for()
    assert f"/g/{old + 1}/0/" in phone.url
    assert game_row(svc, old + 1).status == "inviting"  # Bob is invited
    fits(phone)
    phone.screenshot(path=str(shots / "rematch-seat-phone.png"), full_page=True)

    phone.goto(seat_link)
    phone.get_by_role("link", name=f"Pebbles #{old + 1}").click()
    phone.wait_for_url(re.compile(rf"/g/{old + 1}/0/"))
    fits(phone)
