"""The web submits stay small (issue 15): a move link's POST and a
button's POST store the request and answer with a redirect, and the
status the page of a move being applied asks for is JSON; none of them
renders a template or draws a board."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest
from flask import template_rendered

import boards
from service.core.queue import NullQueue
from service.usecases.creation import FarmerSpec, create_game, join
from tests.service.helpers import csrf_token, game_row, mailbox, path_of, requests_of, text_part

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)


def started(svc):
    """Ann and Bob at a toy table; no worker has come yet (the requests wait)."""
    create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")],
                host=0, seed=1)
    join(svc, 1, 1)
    svc.queue = NullQueue()


@contextmanager
def nothing_rendered(app, monkeypatch):
    """Fails the test if a template is rendered or a board drawn inside."""
    rendered = []

    def record(sender, template, context, **extra):
        rendered.append(template.name)

    for name in ("web_html", "drawing_html"):
        monkeypatch.setattr(boards, name, lambda *args, name=name, **kwargs: pytest.fail(f"{name} on a submit"))
    template_rendered.connect(record, app)
    try:
        yield
    finally:
        template_rendered.disconnect(record, app)
        monkeypatch.undo()
    assert rendered == []


def test_confirming_a_move_link_stores_the_request_and_renders_nothing(app, client, svc, monkeypatch):
    # given Ann's move link, opened (its page carries the form's token)
    started(svc)
    url = path_of(re.search(r"(https?://\S+/m/\S+)", text_part(mailbox(svc, "ann@example.org")[-1])).group(1))
    token = csrf_token(client.get(url).text)
    # when she confirms it
    with nothing_rendered(app, monkeypatch):
        answer = client.post(url, data={"csrf_token": token})
    # then the request is stored and she is sent to the page of the move being applied
    assert answer.status_code == 303 and "/requests/" in answer.headers["Location"]
    assert [r.status for r in requests_of(svc)] == ["pending"]


def test_a_button_and_the_status_it_leads_to_render_nothing(app, client, svc, monkeypatch):
    # given Ann's seat page
    started(svc)
    seat = path_of(svc.links.seat_url(1, 0, game_row(svc).seats[0].secret))
    token = csrf_token(client.get(seat).text)
    # when she presses a button, then the page asks for the move's status
    with nothing_rendered(app, monkeypatch):
        answer = client.post(f"{seat}/act", data={"csrf_token": token, "action": "move", "code": "take:1",
                                                  "version": 0})
        status = client.get(f"{path_of(answer.headers['Location'])}/status")
    # then the move waits for a worker and the status says so
    assert answer.status_code == 303
    assert status.get_json()["status"] == "pending"


def test_the_page_of_a_move_being_applied_names_the_move_in_words_not_its_code(client, svc):
    # given Ann's seat page in Sunfield Farm, and no worker yet
    from engine import get_game

    create_game(svc, "sunfield", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")],
                host=0, seed=1)
    join(svc, 1, 1)
    svc.queue = NullQueue()
    game, rules = game_row(svc), get_game("sunfield")
    move = next(m for m in rules.legal_moves(game.state) if rules.text(m) != rules.code(m))
    seat = path_of(svc.links.seat_url(1, 0, game.seats[0].secret))
    token = csrf_token(client.get(seat).text)
    # when she presses a move's button
    answer = client.post(f"{seat}/act", data={"csrf_token": token, "action": "move", "code": rules.code(move),
                                              "version": game.version})
    page = client.get(path_of(answer.headers["Location"]))
    # then the "One moment" page says the move as she reads it, not its code
    assert page.status_code == 202 and "One moment" in page.text
    assert rules.text(move) in page.text
    assert rules.code(move) not in page.text


def test_a_page_title_names_the_service_once(client):
    # given the home page and a game's rules page, when they are shown, then "Farmpost" is in the title once
    assert re.search(r"<title>([^<]*)</title>", client.get("/").text).group(1) == "Farmpost"
    rules_title = re.search(r"<title>([^<]*)</title>", client.get("/rules/sunfield").text).group(1)
    assert rules_title.count("Farmpost") == 1 and rules_title.endswith(" · Farmpost")


def test_a_table_still_waiting_for_farmers_says_who_is_awaited_not_who_is_to_act(client, svc):
    # given Ann's Sunfield table, Bob not joined yet
    create_game(svc, "sunfield", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")],
                host=0, seed=1)
    game = game_row(svc)
    assert game.status == "inviting"
    # when Ann opens her seat page
    page = client.get(path_of(svc.links.seat_url(1, 0, game.seats[0].secret))).text
    # then its board waits for Bob instead of telling Ann she is to act
    assert "Waiting for Bob to join" in page
    assert "You to act" not in page
    # and once Bob has joined, the board says who acts again
    join(svc, 1, 1)
    page = client.get(path_of(svc.links.seat_url(1, 0, game.seats[0].secret))).text
    assert "Waiting for Bob to join" not in page and "to act" in page
