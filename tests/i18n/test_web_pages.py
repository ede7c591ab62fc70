"""The web pages around a game speak their reader's language: a French or
German farmer's log page tells the moves and rounds in their language, the
record speaks the language of the mail that linked it, the leaderboards and
the rules page the browser's; and a refusal shown on a page (a service
error, a link that cannot be used) is told in the page's language, not as
the English the logs keep. The turn mail's subject names the round in the
farmer's language too. On SQLite and PostgreSQL (the ``svc`` fixture)."""

from __future__ import annotations

import re

from engine import get_game
from service.usecases import my_games, playing
from service.usecases.creation import FarmerSpec, create_game, join
from tests.service.helpers import csrf_token, game_row, mailbox, path_of, text_part
from tests.service.played import ANN, BOB, finished

CELINE = FarmerSpec("Céline", "celine@example.org", language="fr")
DIRK = FarmerSpec("Dirk", "dirk@example.org", language="de")


def sunfield_after_one_move(svc) -> int:
    """A Sunfield Farm game of Céline (French) and Dirk (German), Céline's first move played."""
    created = create_game(svc, "sunfield", [CELINE, DIRK], host=0, seed=3, watchable=True)
    join(svc, created.game_id, 1)
    rules, game = get_game("sunfield"), game_row(svc, created.game_id)
    code = rules.code(rules.legal_moves(game.state)[0])
    request_id = playing.submit_move(svc, game.id, 0, [code], source="web", base_version=game.version)
    assert playing.wait_for(svc, request_id, 0).status == "applied"
    return game.id


def test_given_a_french_and_a_german_farmer_then_each_log_page_tells_the_moves_and_rounds_in_theirs(svc, client):
    game_id = sunfield_after_one_move(svc)
    game = game_row(svc, game_id)
    celine = client.get(path_of(svc.links.seat_url(game_id, 0, game.seats[0].secret)) + "/log").text
    dirk = client.get(path_of(svc.links.seat_url(game_id, 1, game.seats[1].secret)) + "/log").text
    assert "Manche 1" in celine and "Tous les coups" in celine and "Coup 1 sur 1" in celine
    assert "Vous" in celine and "Round 1" not in celine and "Every move" not in celine
    assert "Runde 1" in dirk and "Alle Züge" in dirk and "Céline" in dirk and "Every move" not in dirk


def test_given_a_french_farmer_then_the_seat_page_tells_the_moves_and_the_last_mails_in_french(svc, client):
    game_id = sunfield_after_one_move(svc)
    game, rules = game_row(svc, game_id), get_game("sunfield")
    page = client.get(path_of(svc.links.seat_url(game_id, 0, game.seats[0].secret))).text
    first = rules.text(rules.legal_moves(rules.setup(2, game.options, game.seed))[0])
    assert first.startswith("take ") and f"(prendre {first.split(' ', 1)[1]})" in page
    assert "Vous" in page and "remis à la boîte aux lettres locale" in page
    assert "accepted by the local mailbox" not in page


def test_given_a_german_farmer_then_a_move_link_page_speaks_german_whatever_the_browser_says(svc, client):
    created = create_game(svc, "sunfield", [DIRK, CELINE], host=0, seed=3)
    join(svc, created.game_id, 1)
    game, rules = game_row(svc, created.game_id), get_game("sunfield")
    move = rules.legal_moves(game.state)[0]
    link = svc.links.move_url(game.id, 0, game.seats[0].secret, game.version, [rules.code(move)])
    page = client.get(path_of(link), headers={"Accept-Language": "fr"}).text
    assert f"Nimm {rules.text(move).split(' ', 1)[1]}?" in page and "Bestätigen" in page


def test_given_a_french_and_a_german_first_farmer_then_the_turn_mail_subject_names_the_round_in_theirs(svc):
    for first, second in ((CELINE, DIRK), (DIRK, CELINE)):
        created = create_game(svc, "sunfield", [first, second], host=0, seed=3)
        join(svc, created.game_id, 1)  # the first farmer's first turn mail
    celine = [m["Subject"] for m in mailbox(svc, "celine@example.org")]
    dirk = [m["Subject"] for m in mailbox(svc, "dirk@example.org")]
    assert "Sunfield Farm #1: à vous de jouer (manche 1)" in celine, celine
    assert "Sunfield Farm #2: du bist am Zug (Runde 1)" in dirk, dirk
    assert not any("round" in subject for subject in celine + dirk)


def test_given_a_french_farmer_asking_for_their_games_then_the_record_page_of_the_mail_is_french(svc, client):
    finished(svc, FarmerSpec("Céline", "celine@example.org", language="fr"), BOB)
    my_games.ask_for_my_games(svc, "celine@example.org", "fr")
    [record] = re.findall(r"https?://\S+/record/[A-Za-z0-9_.\-]+", text_part(mailbox(svc, "celine@example.org")[-1]))
    page = client.get(path_of(record), headers={"Accept-Language": "en"}).text
    assert "Votre bilan" in page and "parties terminées seulement" in page and "Your record" not in page
    assert "no timed turn yet" not in page  # the record on the clock (a macro of another template) too
    assert "Votre bilan" not in client.get(path_of(svc.links.record_url("celine@example.org"))).text  # no language


def test_given_a_german_browser_then_the_leaderboards_and_the_rules_page_are_german(client):
    leaderboards = client.get("/ratings", headers={"Accept-Language": "de-DE,de;q=0.9"}).text
    assert "Ranglisten" in leaderboards and "Sunfield Farm, Expertenmodus" in leaderboards
    rules = client.get("/rules/sunfield", headers={"Accept-Language": "de"}).text
    assert "Expertenmodus (Viehkarten)" in rules and "Befehle per Mail" in rules and "Commands by mail" not in rules


def test_given_a_refusal_on_a_french_page_then_it_is_told_in_french(svc, client):
    game_id = finished(svc, ANN, BOB)
    created = create_game(svc, "toy", [CELINE, FarmerSpec("Dirk", "dirk@example.org", language="de")], host=0,
                          seed=1)
    join(svc, created.game_id, 1)
    game = game_row(svc, created.game_id)
    report = client.get(path_of(svc.links.seat_url(game.id, 0, game.seats[0].secret)) + "/report.pdf")
    assert report.status_code == 400 and "Le rapport des scores" in report.text
    forged = client.get(path_of(svc.links.seat_url(game.id, 1, game.seats[1].secret)) + "x",
                        headers={"Accept-Language": "de"})  # no seat known: the browser's language
    assert forged.status_code in (403, 404) and "Dieser Link" in forged.text, forged.text
    record = path_of(svc.links.record_url("celine@example.org", "fr"))
    refused = client.post(record + "/name", data={"csrf_token": csrf_token(client.get(record).text), "name": "!"})
    assert refused.status_code == 400 and "de 2 à 30 lettres" in refused.text
    assert client.get("/ratings/chess", headers={"Accept-Language": "fr"}).text.count("Il n’y a pas de classement")
    assert game_id
