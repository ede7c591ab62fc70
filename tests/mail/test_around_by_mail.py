"""Around the game by mail: ``games`` to new@ (or in any reply) answers the
sender's list of games, and ``rematch`` replied to a finished game's mail
sets up the rematch. Through the inbound pipeline (receive, read, decide,
answer), on SQLite and PostgreSQL."""

from __future__ import annotations

import itertools

import pytest

from service.inbound.receive import receive
from tests.mail.inbound_helpers import inbound_row, reply, start_game
from tests.service.helpers import game_row, mailbox, text_part
from tests.service.played import play_out

ANNA, BOB = "anna@example.org", "bob@example.org"
_ids = itertools.count(1)


def to_new(body: str, *, sender: str = f"Anna <{ANNA}>", extra: str = "") -> bytes:
    return (f"From: {sender}\r\nTo: new@farmpost.test\r\nSubject: my games\r\n{extra}"
            f"Message-ID: <around-{next(_ids)}@mail.example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"\r\n{body}\r\n").encode()


def mailed(svc, raw: bytes):
    return inbound_row(svc, receive(svc, raw, source="ingest").id)


def last_to(svc, address: str) -> str:
    return text_part(mailbox(svc, address)[-1])


@pytest.fixture
def finished_game(svc):
    game_id, keys = start_game(svc)
    play_out(svc, game_id)
    return game_id, keys


def test_games_to_new_answers_the_senders_list_to_the_sender(svc, finished_game):
    game_id, _ = finished_game
    row = mailed(svc, to_new("games"))
    assert (row.outcome, row.answered) == ("answered", True)
    text = last_to(svc, ANNA)
    assert f"Pebbles #{game_id}: over:" in text and f"/g/{game_id}/0/" in text and "Your record" in text


def test_a_forged_from_only_sends_the_list_to_its_owner(svc, finished_game):
    before = len(mailbox(svc, ANNA))
    mailed(svc, to_new("games", extra="Reply-To: eve@example.net\r\n"))
    assert len(mailbox(svc, ANNA)) == before + 1
    assert mailbox(svc, "eve@example.net") == []


def test_an_address_without_games_is_told_so_and_shown_nothing_else(svc, finished_game):
    row = mailed(svc, to_new("games", sender="Zoe <zoe@example.org>"))
    assert row.outcome == "answered"
    text = last_to(svc, "zoe@example.org")
    assert "Farmpost has no games for zoe@example.org." in text and "Pebbles" not in text


def test_games_replied_to_a_game_mail_answers_the_list_too(svc, finished_game):
    game_id, keys = finished_game
    row = mailed(svc, reply(keys["Bob"], "games", sender=f"Bob <{BOB}>"))
    assert row.outcome == "answered"
    assert f"Pebbles #{game_id}: over:" in last_to(svc, BOB)


def test_rematch_replied_to_a_finished_game_sets_it_up_and_the_second_ask_joins_it(svc, finished_game):
    game_id, keys = finished_game
    row = mailed(svc, reply(keys["Anna"], "rematch"))
    assert (row.outcome, row.game_id) == ("created", game_id)
    new_id = game_id + 1
    assert f"Pebbles #{new_id} is set up: a rematch with the same farmers and options. Invitations went to Bob." \
        in last_to(svc, ANNA)
    assert f"It is a rematch of Pebbles #{game_id}" in last_to(svc, BOB)  # the invitation

    mailed(svc, reply(keys["Bob"], "Play again!", sender=f"Bob <{BOB}>"))
    assert f"Pebbles #{new_id}, the rematch of this game, was already set up; you are in it." in last_to(svc, BOB)
    assert game_row(svc, new_id).status == "active" and game_row(svc, new_id + 1) is None


def test_rematch_in_a_running_game_is_answered_with_why_not(svc):
    _, keys = start_game(svc)
    row = mailed(svc, reply(keys["Anna"], "rematch"))
    assert row.outcome == "not-possible"
    assert "A rematch can be asked for once the game is over." in last_to(svc, ANNA)


def test_a_move_in_a_finished_game_is_told_how_to_play_again(svc, finished_game):
    _, keys = finished_game
    row = mailed(svc, reply(keys["Anna"], "undo"))
    assert row.outcome == "game-over"
    assert "Reply “rematch” to play again with the same farmers." in last_to(svc, ANNA)
