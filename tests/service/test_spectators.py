"""Spectators: the host lets people watch, the spectator page shows the
public view, and an address that confirms gets one mail per round
(docs/spectators.md). Through the use cases and Flask's test client."""

from __future__ import annotations

import re

import pytest

from service.cli.main import main
from service.core.errors import InvalidInput
from service.storage.models import Spectator
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game, join
from service.usecases.watching import set_watchable
from tests.service.helpers import csrf_token, game_row, mailbox, mails, path_of, text_part
from tests.service.test_commands import environment  # noqa: F401 (a fixture)

ANN, ROBO = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Robo", bot="random")


def watchable_game(svc, watchable=True):
    """Pebbles: Ann (the host) against a random bot; Ann is to play."""
    created = create_game(svc, "toy", [ANN, ROBO], host=0, seed=3, watchable=watchable)
    return path_of(created.host_url)


def spectator_path(client, seat_path):
    page = client.get(seat_path)
    return path_of(re.search(r'href="([^"]+)" class="watch-link"', page.text).group(1))


def play(svc, *codes):
    game = game_row(svc)
    request_id = playing.submit_move(svc, 1, 0, list(codes), source="web", base_version=game.version)
    assert playing.wait_for(svc, request_id, 0).status == "applied"


def post(client, path, **data):
    form = client.get(path).text
    return client.post(path, data={"csrf_token": csrf_token(form), **data})


# --------------------------------------------------------------------------- the spectator page


def test_given_a_watchable_game_when_the_spectator_link_is_opened_then_it_shows_the_game_to_anyone(client, svc):
    seat_path = watchable_game(svc)
    play(svc, "draw", "end")
    watch = spectator_path(client, seat_path)

    page = client.get(watch)

    assert page.status_code == 200
    assert "watching" in page.text and "Ann" in page.text and "drew a card" in page.text
    assert "Send me the rounds" in page.text
    assert "take 1" not in page.text  # no options: a spectator cannot play


def test_given_a_game_not_open_to_spectators_then_the_host_can_open_it_and_others_cannot(client, svc):
    seat_path = watchable_game(svc, watchable=False)
    assert 'class="watch-link"' not in client.get(seat_path).text

    answer = client.post(seat_path + "/watchable",
                         data={"csrf_token": csrf_token(client.get(seat_path).text), "watchable": "on"})

    assert answer.status_code == 303
    assert game_row(svc).watchable
    assert client.get(spectator_path(client, seat_path)).status_code == 200


def test_when_the_host_closes_the_game_then_the_spectator_link_stops_working_until_it_is_opened_again(client, svc):
    seat_path = watchable_game(svc)
    watch = spectator_path(client, seat_path)
    token = csrf_token(client.get(seat_path).text)

    client.post(seat_path + "/watchable", data={"csrf_token": token, "watchable": "off"})
    closed = client.get(watch)
    client.post(seat_path + "/watchable", data={"csrf_token": token, "watchable": "on"})

    assert closed.status_code == 403 and "closed this game to spectators" in closed.text
    assert client.get(watch).status_code == 200


def test_only_the_host_may_open_or_close_the_game(svc):
    create_game(svc, "toy", [ANN, FarmerSpec("Bob", "bob@example.org")], host=0, seed=3)
    join(svc, 1, 1)
    with pytest.raises(InvalidInput, match="Only the host"):
        set_watchable(svc, 1, 1, True)
    assert not game_row(svc).watchable


def test_a_forged_or_other_games_spectator_link_is_refused(client, svc):
    seat_path = watchable_game(svc)
    watch = spectator_path(client, seat_path)
    create_game(svc, "toy", [ANN, ROBO], host=0, seed=4, watchable=True)

    assert client.get(watch[:-3] + "xyz").status_code == 403
    assert client.get(watch.replace("/w/1/", "/w/2/")).status_code == 403


# --------------------------------------------------------------------------- round mails


def ask_for_rounds(client, watch, email="eve@example.org"):
    return client.post(watch + "/follow", data={"csrf_token": csrf_token(client.get(watch).text), "email": email},
                       follow_redirects=True)


def test_given_an_address_when_asked_for_then_only_a_confirmation_is_sent_and_once_an_hour(client, svc):
    watch = spectator_path(client, watchable_game(svc))

    first = ask_for_rounds(client, watch)
    again = ask_for_rounds(client, watch)
    play(svc, "take:1", "end")  # a round passes

    assert "has to confirm" in first.text and "has to confirm" in again.text
    assert [m.kind for m in mails(svc, to="eve@example.org")] == ["watchconf"]
    body = text_part(mailbox(svc, "eve@example.org")[0])
    assert "/follow/1/1/" in body and "do nothing" in body


def test_given_a_confirmed_address_then_it_gets_one_mail_per_round_and_stops_with_one_click(client, svc):
    watch = spectator_path(client, watchable_game(svc))
    ask_for_rounds(client, watch)
    confirm_url = path_of(re.search(r"(https?://\S+/follow/\S+)", text_part(mailbox(svc, "eve@example.org")[0]))[1])
    assert client.get(confirm_url).status_code == 200 and mails(svc, to="eve@example.org")[-1].kind == "watchconf"
    assert "Confirmed" in post(client, confirm_url).text

    play(svc, "take:1")  # the round goes on: nothing yet
    assert [m.kind for m in mails(svc, to="eve@example.org")] == ["watchconf"]
    play(svc, "end")  # Ann ends her turn, the bot plays, round 2 begins
    round_mail = mailbox(svc, "eve@example.org")[-1]

    assert round_mail["Subject"] == "Pebbles #1: round 1 played"
    assert "Ann took 1 pebble" in text_part(round_mail) and "Unsubscribe" in text_part(round_mail)
    stop = path_of(round_mail["List-Unsubscribe"].strip("<>"))
    assert client.post(stop, data={"List-Unsubscribe": "One-Click"}).status_code == 200
    play(svc, "take:1", "end")
    assert [m.kind for m in mails(svc, to="eve@example.org")] == ["watchconf", "watch"]


def test_a_spectator_mail_is_never_sent_while_the_game_is_closed(client, svc):
    seat_path = watchable_game(svc)
    ask_for_rounds(client, spectator_path(client, seat_path))
    confirm_url = path_of(re.search(r"(https?://\S+/follow/\S+)", text_part(mailbox(svc, "eve@example.org")[0]))[1])
    post(client, confirm_url)
    client.post(seat_path + "/watchable", data={"csrf_token": csrf_token(client.get(seat_path).text),
                                                "watchable": "off"})

    play(svc, "take:1", "end")

    assert [m.kind for m in mails(svc, to="eve@example.org")] == ["watchconf"]
    with svc.db.transaction() as session:
        assert session.get(Spectator, 1).confirmed_at is not None


def test_a_confirm_link_cannot_be_used_to_unsubscribe_someone_else(client, svc):
    watch = spectator_path(client, watchable_game(svc))
    ask_for_rounds(client, watch)
    ask_for_rounds(client, watch, "zed@example.org")
    confirm_url = path_of(re.search(r"(https?://\S+/follow/\S+)", text_part(mailbox(svc, "eve@example.org")[0]))[1])

    assert client.get(confirm_url.replace("/follow/1/1/", "/follow/1/2/")).status_code == 403


# --------------------------------------------------------------------------- choosing at creation


def test_given_the_new_game_form_when_the_host_ticks_let_people_watch_then_the_game_is_watchable(client, svc):
    form = client.get("/new")
    assert "Let people watch" in form.text

    client.post("/new", data={"csrf_token": csrf_token(form.text), "game": "toy", "host": "0", "watchable": "on",
                              "player0": "person", "name0": "Ann", "player1": "random", "player2": "empty",
                              "player3": "empty"})

    assert game_row(svc).watchable


def test_farmpost_new_watchable_prints_the_spectator_link(environment, svc, capsys):  # noqa: F811
    assert main(["new", "toy", "--farmer", "Ann <ann@example.org>", "--farmer", "bot:random", "--watchable"]) == 0

    assert "spectator link: http://farmpost.test/w/1/" in capsys.readouterr().out
    assert game_row(svc).watchable
    assert main(["new", "toy", "--farmer", "Ann <ann@example.org>", "--farmer", "bot:random"]) == 0
    assert not game_row(svc, 2).watchable


def test_a_spectator_mail_carries_the_public_view_only(client, svc):
    watch = spectator_path(client, watchable_game(svc))
    ask_for_rounds(client, watch)
    post(client, path_of(re.search(r"(https?://\S+/follow/\S+)", text_part(mailbox(svc, "eve@example.org")[0]))[1]))

    play(svc, "draw", "end")

    view = mails(svc, "watch")[0].context["view"]
    assert "hidden" not in view and view["private"] == {}


def test_a_confirmed_spectator_gets_the_final_result_and_then_nothing_more(client, svc):
    watch = spectator_path(client, watchable_game(svc))
    ask_for_rounds(client, watch)
    post(client, path_of(re.search(r"(https?://\S+/follow/\S+)", text_part(mailbox(svc, "eve@example.org")[0]))[1]))

    while (pile := game_row(svc).state["pile"]) > 0:
        take = min(pile, 2)
        play(svc, f"take:{take}", *(["end"] if pile > take else []))  # the last pebble ends the game

    final = mailbox(svc, "eve@example.org")[-1]
    assert final["Subject"] == "Pebbles #1: final result"
    assert "FINAL RESULT" in text_part(final) and "Ann" in text_part(final)
    assert sum(m.kind == "watch" for m in mails(svc, to="eve@example.org")) >= 2  # the rounds, then the end
    with svc.db.transaction() as session:
        assert session.get(Spectator, 1).unsubscribed_at is not None
