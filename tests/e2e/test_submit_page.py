"""The page a submitted move leads to at once, in a real browser (headless
Chromium): it says the move is being applied, follows it by itself, and
shows the result on the seat page without the farmer reloading; a refused
move shows its reason; a move that waits long says so and keeps watching.

The queue leaves the requests in the table (NullQueue), so each test
applies them by hand while the page is open, as a worker would."""

from __future__ import annotations

from datetime import timedelta

import pytest
import sqlalchemy as sa

from service.core.queue import NullQueue
from service.core.wall_time import now
from service.storage.models import MoveRequest
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game, join
from tests.service.helpers import game_row, requests_of

pytestmark = [pytest.mark.browser, pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)]

#: how long the browser may take to notice a change (it looks several times a second)
NOTICE_MS = 15_000


def ann_at_her_seat(server, svc, browser):
    create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")],
                host=0, seed=1)
    join(svc, 1, 1)
    svc.queue = NullQueue()  # a worker that has not come yet: the test applies the requests
    seat = game_row(svc).seats[0]
    page = browser.new_page()
    page.goto(svc.links.seat_url(1, 0, seat.secret))
    return page


def test_a_move_is_shown_being_applied_and_then_its_result_without_reloading(server, svc, browser):
    page = ann_at_her_seat(server, svc, browser)
    page.get_by_role("button", name="take 1").click()
    page.get_by_text("Your move is being applied").wait_for()
    assert "/requests/" in page.url
    [request] = requests_of(svc)
    playing.apply_move_request(svc, request.id)  # the worker's turn
    page.get_by_text("Done: take 1.").wait_for(timeout=NOTICE_MS)
    assert "/requests/" not in page.url  # the seat page, with the board after the move
    assert page.get_by_role("button", name="Undo my last move").is_visible()
    page.close()


def test_a_refused_move_shows_its_reason(server, svc, browser):
    page = ann_at_her_seat(server, svc, browser)
    page.get_by_role("button", name="take 1").click()
    page.get_by_text("Your move is being applied").wait_for()
    [request] = requests_of(svc)
    # before the worker comes, Ann's turn is played out from elsewhere (her mail): her click comes too late
    other = playing.submit_move(svc, 1, 0, ["take:2", "end"], source="mail", base_version=None)
    playing.apply_move_request(svc, other)
    playing.apply_move_request(svc, request.id)
    page.get_by_text("The board has moved on since that page was shown").wait_for(timeout=NOTICE_MS)
    assert "/requests/" not in page.url
    late = playing.submit_move(svc, 1, 0, ["take:1"], source="web", base_version=None)
    page.goto(f"{page.url}/requests/{late}")
    page.get_by_text("Your move is being applied").wait_for()
    playing.apply_move_request(svc, late)
    page.get_by_text("It is not your turn: Bob is to play.").wait_for(timeout=NOTICE_MS)
    page.close()


def test_a_move_that_waits_long_says_so_and_the_page_keeps_watching(server, svc, browser):
    page = ann_at_her_seat(server, svc, browser)
    page.get_by_role("button", name="take 1").click()
    page.get_by_text("Your move is being applied").wait_for()
    assert not page.locator("#long").is_visible()
    [request] = requests_of(svc)
    with svc.db.transaction() as session:  # as if it had been waiting a minute: the workers are busy
        session.execute(sa.update(MoveRequest).where(MoveRequest.id == request.id)
                        .values(created_at=now() - timedelta(minutes=1)))
    page.locator("#long").wait_for(state="visible", timeout=NOTICE_MS)
    assert "taking longer than usual" in page.inner_text("#long")
    playing.apply_move_request(svc, request.id)
    page.get_by_text("Done: take 1.").wait_for(timeout=NOTICE_MS)
    page.close()
