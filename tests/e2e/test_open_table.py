"""An open table in headless Chromium: the host makes it on /new with an
open seat, it is listed on /open, and a stranger joins it from there and
confirms by the mailed link; the stranger does it all on a 390 px phone,
where no page scrolls sideways. Screenshots go to the test's temporary
folder, or with FARMPOST_SCREENSHOTS=docs/screenshots to the docs."""

from __future__ import annotations

import os
import re

import pytest

from service.core.config import ROOT
from tests.service.helpers import game_row, mailbox, text_part

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def shots(tmp_path):
    folder = os.environ.get("FARMPOST_SCREENSHOTS")
    return ROOT / folder if folder else tmp_path


def no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], page.url


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_host_opens_a_table_and_a_stranger_joins_it_from_the_open_tables_page_on_a_phone(server, svc, browser, shots):
    host = browser.new_page(viewport={"width": 1000, "height": 900})
    host.goto(f"{server}/new")
    host.get_by_label("Pebbles").check()
    host.get_by_label("Farmer 1 name").fill("Ann")
    host.get_by_label("Farmer 2 is").select_option("open")
    host.get_by_label("on the open tables page, by anyone").check()
    host.get_by_role("button", name="Create the game").click()
    host.wait_for_url(re.compile(r"/g/1/0/"))
    assert "Waiting for 1 open seat to join" in host.inner_text("main")
    assert "/t/1/" in host.get_by_label("The table's join link").input_value()
    host.screenshot(path=str(shots / "open-table-host-seat.png"))

    phone = browser.new_page(viewport=PHONE)
    phone.goto(f"{server}/new")
    no_sideways_scroll(phone)
    phone.goto(f"{server}/open")
    assert "1 of 2 seats free" in phone.inner_text("main")
    no_sideways_scroll(phone)
    phone.screenshot(path=str(shots / "open-tables-phone.png"), full_page=True)
    phone.get_by_role("link", name="Join Pebbles #1").click()
    phone.wait_for_url(re.compile(r"/t/1/"))
    no_sideways_scroll(phone)
    phone.get_by_label("Your name").fill("Bob")
    phone.get_by_label("Your email").fill("bob@example.org")
    phone.screenshot(path=str(shots / "open-table-ask-phone.png"), full_page=True)
    phone.get_by_role("button", name="Ask for a seat").click()
    phone.get_by_text("Check your mail").wait_for()
    no_sideways_scroll(phone)
    assert game_row(svc).seats[1].open  # asked, not yet taken

    [claim] = mailbox(svc, "bob@example.org")
    confirm_url = re.search(r"http://\S+/t/1/confirm/\S+", text_part(claim)).group(0)
    phone.goto(confirm_url)
    no_sideways_scroll(phone)
    phone.get_by_role("button", name="Take the seat").click()
    phone.wait_for_url(re.compile(r"/g/1/1/"))
    assert "It is Ann's turn" in phone.inner_text("main")
    no_sideways_scroll(phone)
    assert game_row(svc).status == "active"
    phone.goto(f"{server}/open")
    assert "No table is looking for farmers" in phone.inner_text("main")
