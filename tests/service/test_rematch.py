"""Rematch: given a finished game, when a farmer asks to play again (the use
case called directly, or the seat page's button through the Flask test
client), then one new game is set up with the same farmers at the same
places, the same bots, options and clock settings; the farmer who asked
hosts it, joined at once, and the others are invited. On SQLite and
PostgreSQL."""

from __future__ import annotations

import pytest

from engine.core import Option
from service.core.errors import InvalidInput
from service.game.clocks import ClockSettings
from service.storage.models import GameClock
from service.usecases import playing
from service.usecases.creation import FarmerSpec, join
from service.usecases.rematch import rematch
from tests.service.helpers import csrf_token, game_row, mailbox, mails, path_of, text_part
from tests.service.played import ANN, BOB, finished, play_out, started

ROBO = FarmerSpec("Robo", bot="greedy")
CLOCK = ClockSettings(per_turn=2 * 86400, bank=86400, on_timeout="pause", reminders=("24h",))


@pytest.fixture
def with_an_option(toy_game, monkeypatch):
    """Pebbles with one option, so that the rematch can be seen to keep it."""
    monkeypatch.setattr(type(toy_game), "options", (Option("big", "Big pile", False),))


def a_finished_game_with_a_bot(svc) -> int:
    game_id = started(svc, ANN, BOB, ROBO, options={"big": True}, clock=CLOCK)
    play_out(svc, game_id)
    return game_id


def test_given_a_finished_game_when_bob_asks_then_a_new_game_with_the_same_table_options_and_clock(svc, with_an_option):
    old = a_finished_game_with_a_bot(svc)
    made = rematch(svc, old, 1)
    game = game_row(svc, made.game_id)
    assert (made.new, made.title, made.invited) == (True, f"Pebbles #{made.game_id}", ["Ann"])
    assert [(s.name, s.email, s.bot) for s in game.seats] == [
        ("Ann", "ann@example.org", None), ("Bob", "bob@example.org", None), ("Robo", None, "greedy")]
    assert game.options == {"big": True} and game.status == "inviting"
    assert [s.joined_at is not None for s in game.seats] == [False, True, True]  # Bob hosts; the bot sits at once
    with svc.db.transaction() as session:
        clock = session.get(GameClock, made.game_id)
        assert (clock.host, clock.per_turn, clock.bank, clock.on_timeout, clock.reminders) == (
            1, 2 * 86400, 86400, "pause", ["24h"])
    assert made.seat_url.startswith(f"http://farmpost.test/g/{made.game_id}/1/")
    [invite] = mails(svc, "invite", to="ann@example.org")[-1:]
    assert invite.game_id == made.game_id and invite.context["rematch_of"] == old


def test_two_asks_of_the_same_game_make_one_rematch_and_the_second_farmer_joins_it(svc):
    old = finished(svc, ANN, BOB)
    first = rematch(svc, old, 0)
    again = rematch(svc, old, 0)
    second = rematch(svc, old, 1)
    assert first.game_id == again.game_id == second.game_id
    assert (first.new, again.new, second.new) == (True, False, False)
    assert game_row(svc, first.game_id).status == "active"  # Bob's ask joined him: everyone is in
    assert [m.game_id for m in mails(svc, "invite", to="bob@example.org")] == [old, first.game_id]  # one each


def test_a_farmer_who_resigned_is_invited_again_as_a_person(svc):
    old = started(svc, ANN, BOB)
    playing.wait_for(svc, playing.submit_move(svc, old, 1, [], source="web", base_version=0, action="resign"), 0)
    play_out(svc, old)
    made = rematch(svc, old, 0)
    assert [(s.name, s.bot) for s in game_row(svc, made.game_id).seats] == [("Ann", None), ("Bob", None)]


def test_a_game_still_running_cannot_be_played_again_yet(svc):
    game_id = started(svc, ANN, BOB)
    with pytest.raises(InvalidInput, match="once the game is over"):
        rematch(svc, game_id, 0)


# --------------------------------------------------------------------------- the seat page


def seat_page(svc, client, game_id: int, position: int):
    url = svc.links.seat_url(game_id, position, game_row(svc, game_id).seats[position].secret)
    return path_of(url), client.get(path_of(url)).get_data(as_text=True)


def test_the_finished_games_page_offers_play_again_and_then_links_to_the_rematch(svc, client):
    old = finished(svc, ANN, BOB)
    path, page = seat_page(svc, client, old, 0)
    assert "Play again" in page
    response = client.post(f"{path}/rematch", data={"csrf_token": csrf_token(page)})
    assert response.status_code == 303
    new_id = old + 1
    assert f"/g/{new_id}/0/" in response.headers["Location"]
    landed = client.get(path_of(response.headers["Location"])).get_data(as_text=True)
    assert f"Pebbles #{new_id} is set up: a rematch of #{old}. Invitations went to Bob." in landed

    _, ann_page = seat_page(svc, client, old, 0)
    assert f"Rematch: <a href=\"http://farmpost.test/g/{new_id}/0/" in ann_page and "Play again" not in ann_page
    _, bob_page = seat_page(svc, client, old, 1)
    assert f"Rematch: <a href=\"http://farmpost.test/join/{new_id}/1/" in bob_page and "you are invited" in bob_page
    join(svc, new_id, 1)
    _, bob_page = seat_page(svc, client, old, 1)
    assert f"/g/{new_id}/1/" in bob_page and "you are in it" in bob_page

    # and the rematch's page leads back to the farmer's own seat in the game it came from
    _, bob_new_page = seat_page(svc, client, new_id, 1)
    assert f"A rematch of <a href=\"http://farmpost.test/g/{old}/1/" in bob_new_page
    _, first_page = seat_page(svc, client, old, 0)
    assert "A rematch of" not in first_page


def test_the_invitation_to_a_rematch_says_so(svc):
    old = finished(svc, ANN, BOB)
    rematch(svc, old, 0)
    invite = mailbox(svc, "bob@example.org")[-1]
    assert f"It is a rematch of Pebbles #{old}: the same farmers and options." in text_part(invite)
