"""My games: given farmers with games, when one asks for their games (the
form at /games, through the Flask test client, or the use case called
directly), then one mail lists every seat of that address with its link and
the record; the page never tells whether the address is known. On SQLite and
PostgreSQL."""

from __future__ import annotations

import re

import pytest

from service.core.errors import InvalidInput
from service.outbox.sending import send_mail
from service.usecases.creation import create_game
from service.usecases.my_games import ask_for_my_games
from tests.service.helpers import RecordingQueue, csrf_token, game_row, mailbox, mails, path_of, text_part
from tests.service.played import ANN, BOB, CAT, finished, started


def games_mail(svc, to: str) -> str:
    [mail] = [m for m in mailbox(svc, to.lower()) if m["Subject"] == "Farmpost: your games"]
    return text_part(mail)


def test_given_a_finished_and_a_running_game_when_ann_asks_then_one_mail_lists_both_newest_first(svc):
    finished(svc, ANN, BOB)  # game 1: Ann won 8 to 1
    started(svc, ANN, CAT)  # game 2: Ann to play
    ask_for_my_games(svc, "Ann@Example.org")
    text = games_mail(svc, "Ann@Example.org")
    assert re.findall(r"^\* (.+)$", text, re.M)[:2] == ["Pebbles #2: your turn", "Pebbles #1: over: you won, 8 points"]
    assert "with Cat;" in text and "with Bob;" in text
    assert len(re.findall(r"Your seat: http://farmpost.test/g/[12]/0/\S+", text)) == 2
    assert "Your record (finished games): 1 played, 1 won, 8.0 points on average." in text
    assert "Your record page: http://farmpost.test/record/" in text


def test_the_list_is_made_when_the_mail_is_sent_not_when_it_is_asked_for(svc):
    finished(svc, ANN, BOB)
    svc.queue = RecordingQueue(to=svc.queue, passes=("inbound",))
    ask_for_my_games(svc, "ann@example.org")
    [mail] = mails(svc, "games")
    assert "seats" not in mail.context and mail.raw is None  # the web request only wrote the row
    assert send_mail(svc, mail.id) == "sent"
    assert "Pebbles #1: over: you won" in games_mail(svc, "ann@example.org")


def test_given_an_address_without_games_then_the_same_ask_brings_a_mail_that_says_so_and_nothing_else(svc):
    finished(svc, ANN, BOB)
    ask_for_my_games(svc, "zoe@example.org")
    text = games_mail(svc, "zoe@example.org")
    assert "Farmpost has no games for zoe@example.org." in text
    assert "Pebbles" not in text and "/g/" not in text


def test_an_invited_farmer_gets_the_invitation_link_and_whom_the_game_waits_for(svc):
    create_game(svc, "toy", [ANN, BOB, CAT], host=0, seed=1)
    ask_for_my_games(svc, "bob@example.org")
    ask_for_my_games(svc, "ann@example.org")
    assert re.search(r"Pebbles #1: you are invited\n.*\n  Answer the invitation: http://farmpost.test/join/1/1/",
                     games_mail(svc, "bob@example.org"))
    assert "Pebbles #1: waiting for Bob, Cat to join" in games_mail(svc, "ann@example.org")


@pytest.mark.parametrize("address", ["", "not an address", "ann@example.org\r\nBcc: x@example.org"])
def test_what_is_not_an_address_is_refused_and_nothing_is_mailed(svc, address):
    with pytest.raises(InvalidInput):
        ask_for_my_games(svc, address)
    assert mails(svc) == []


# --------------------------------------------------------------------------- the web form


def ask(client, address: str):
    form = client.get("/games")
    return client.post("/games", data={"address": address, "csrf_token": csrf_token(form.get_data(as_text=True))})


def test_the_home_page_links_to_my_games_and_the_form_asks_for_an_address(client):
    assert 'href="/games"' in client.get("/").get_data(as_text=True)
    page = client.get("/games").get_data(as_text=True)
    assert 'type="email"' in page and "Mail me my games" in page


def test_the_answer_page_is_the_same_for_a_known_and_an_unknown_address(svc, client):
    finished(svc, ANN, BOB)
    known = ask(client, "ann@example.org")
    unknown = ask(client, "zoe@example.org")
    assert known.status_code == unknown.status_code == 200
    same = [r.get_data(as_text=True).replace(a, "ADDRESS") for r, a in
            [(known, "ann@example.org"), (unknown, "zoe@example.org")]]
    assert same[0] == same[1] and "Check your mail." in same[0]
    assert [m.to_addr for m in mails(svc, "games")] == ["ann@example.org", "zoe@example.org"]


def test_a_bad_address_is_answered_on_the_form_with_why(client, svc):
    response = ask(client, "ann at example")
    assert response.status_code == 400
    assert "does not look like an email address" in response.get_data(as_text=True)
    assert mails(svc) == []


def test_the_record_page_is_reached_by_the_signed_link_in_the_mail(svc, client):
    finished(svc, ANN, BOB)
    ask_for_my_games(svc, "bob@example.org")
    url = re.search(r"Your record page: (\S+)", games_mail(svc, "bob@example.org")).group(1)
    page = client.get(path_of(url)).get_data(as_text=True)
    assert "bob@example.org" in page and "1 played, 0 won, 1.0 points on average" in page
    assert "A first place shared with another farmer counts as a win." in page
    assert client.get(path_of(url)[:-3] + "xyz").status_code == 403


def test_the_seat_page_links_to_the_farmers_record(svc, client):
    finished(svc, ANN, BOB)
    bob = game_row(svc, 1).seats[1]
    page = client.get(path_of(svc.links.seat_url(1, 1, bob.secret))).get_data(as_text=True)
    url = re.search(r'<a href="([^"]+)">Your record</a>', page).group(1)
    record = client.get(path_of(url)).get_data(as_text=True)
    assert "bob@example.org" in record and "1 played, 0 won" in record
