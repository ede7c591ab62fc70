"""Each recipient in their own language: given a table whose farmers speak
English, French and German, every mail goes out in its recipient's language
(its Content-Language, its words); the language is chosen by the browser, by
the host per farmer, on the preferences page, by mail (``language fr``,
``langue fr``, ``Sprache de``) and on the command line. On SQLite and
PostgreSQL (the ``svc`` fixture)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from boards.i18n import LANGUAGES
from engine import get_game
from engine.words import in_language
from service.cli import commands as cli
from service.core.errors import InvalidInput
from service.inbound.receive import receive
from service.storage.models import Seat, Spectator
from service.usecases import creation, preferences, watching
from tests.mail.inbound_helpers import reply
from tests.service.helpers import csrf_token, game_row, mailbox, path_of

ANN = creation.FarmerSpec("Ann", "ann@example.org")
BEA = creation.FarmerSpec("Béatrice", "bea@example.org", language="fr")
DIRK = creation.FarmerSpec("Dirk", "dirk@example.org", language="de")


def languages(svc, game_id: int = 1) -> dict[str, str]:
    return {seat.name: seat.language for seat in game_row(svc, game_id).seats}


def content_languages(svc, to: str) -> set[str]:
    return {str(message["Content-Language"]) for message in mailbox(svc, to)}


def test_given_a_mixed_table_then_each_farmers_mails_are_in_their_own_language(svc):
    created = creation.create_game(svc, "toy", [ANN, BEA, DIRK], host=0, seed=1)
    for position in (1, 2):
        creation.join(svc, created.game_id, position)
    assert languages(svc) == {"Ann": "en", "Béatrice": "fr", "Dirk": "de"}
    assert content_languages(svc, "ann@example.org") == {"en"}
    assert content_languages(svc, "bea@example.org") == {"fr"}
    assert content_languages(svc, "dirk@example.org") == {"de"}


def test_given_a_farmer_who_joins_in_another_language_then_the_seat_takes_it(svc):
    created = creation.create_game(svc, "toy", [ANN, BEA], host=0, seed=1)
    creation.join(svc, created.game_id, 1, "de")
    assert languages(svc)["Béatrice"] == "de"
    with pytest.raises(InvalidInput, match="speaks en, fr, de"):
        creation.join(svc, created.game_id, 1, "xx")


def test_given_an_unknown_language_then_the_game_is_not_created_and_the_rule_is_named(svc):
    with pytest.raises(InvalidInput, match="speaks en, fr, de"):
        creation.create_game(svc, "toy", [ANN, creation.FarmerSpec("Zed", "zed@example.org", language="tlh")], host=0)


@pytest.mark.parametrize("line, language", [("language fr", "fr"), ("langue fr", "fr"), ("Sprache de", "de"),
                                            ("Sprache: Deutsch", "de"), ("language English", "en")])
def test_given_a_reply_naming_a_language_then_the_seat_speaks_it_and_the_answer_says_so_in_it(svc, line, language):
    created = creation.create_game(svc, "toy", [ANN, creation.FarmerSpec("Bob", "bob@example.org", language="de")],
                                   host=0, seed=7)
    creation.join(svc, created.game_id, 1)
    with svc.db.transaction() as session:
        key = session.scalar(select(Seat.reply_key).where(Seat.game_id == created.game_id, Seat.position == 0))
    receive(svc, reply(key, line, sender="Ann <ann@example.org>"), source="ingest")
    assert languages(svc)["Ann"] == language
    answer = mailbox(svc, "ann@example.org")[-1]
    expected = {"en": "are in English", "fr": "sont en français", "de": "auf Deutsch"}[language]
    assert expected in answer.get_body(preferencelist=("plain",)).get_content()


def test_given_a_spectator_who_follows_from_a_french_page_then_their_mails_are_french(svc):
    created = creation.create_game(svc, "toy", [ANN, BEA], host=0, seed=1, watchable=True)
    game = game_row(svc, created.game_id)
    token = svc.links.watch_url(game.id, game.watch_secret).rsplit("/", 1)[1]
    watching.follow(svc, created.game_id, token, "sam@example.org", "fr")
    with svc.db.transaction() as session:
        assert session.scalar(select(Spectator.language)) == "fr"
    assert content_languages(svc, "sam@example.org") == {"fr"}


def test_given_the_web_then_the_browser_the_host_and_the_preferences_page_choose(client, svc):
    page = client.get("/new", headers={"Accept-Language": "de-DE,de;q=0.9,en;q=0.5"})
    assert re.search(r'<html lang="de"', page.text)
    form = {"csrf_token": csrf_token(page.text), "game": "toy", "host": "0",
            "player0": "person", "name0": "Dirk", "email0": "dirk@example.org",
            "player1": "person", "name1": "Béatrice", "email1": "bea@example.org", "language1": "fr",
            "player2": "empty", "player3": "empty", "clock.clock": ""}
    done = client.post("/new", data=form, headers={"Accept-Language": "de-DE,de;q=0.9"})
    assert done.status_code == 303
    assert languages(svc) == {"Dirk": "de", "Béatrice": "fr"}
    seat_page = client.get(path_of(done.headers["Location"]), headers={"Accept-Language": "en"})
    assert '<html lang="de"' in seat_page.text  # the seat's language, whatever the browser says
    prefs = path_of(re.search(r'href="([^"]*/prefs/1/0/[^"]+)"', seat_page.text).group(1))
    shown = client.get(prefs)
    saved = client.post(prefs, data={"csrf_token": csrf_token(shown.text), "mail": "on", "language": "fr"})
    assert saved.status_code == 200 and '<html lang="fr"' in saved.text
    assert languages(svc)["Dirk"] == "fr"


def test_given_an_invitation_then_the_join_page_offers_the_browsers_language_and_joining_keeps_the_choice(client, svc):
    created = creation.create_game(svc, "toy", [ANN, creation.FarmerSpec("Bob", "bob@example.org")], host=0, seed=1)
    game = game_row(svc, created.game_id)
    join = path_of(svc.links.join_url(game.id, 1, game.seats[1].secret))
    page = client.get(join, headers={"Accept-Language": "fr-CH, fr;q=0.9"})
    assert '<html lang="fr"' in page.text and '<option value="fr" lang="fr" selected>' in page.text
    client.post(join, data={"csrf_token": csrf_token(page.text), "language": "fr"})
    assert languages(svc)["Bob"] == "fr"


def test_given_preferences_then_a_language_is_set_and_refused_when_unknown(svc):
    creation.create_game(svc, "toy", [ANN, BEA], host=0, seed=1)
    assert preferences.set_language(svc, 1, 1, "de") == "de"
    with pytest.raises(InvalidInput, match="speaks en, fr, de"):
        preferences.set_language(svc, 1, 1, "qps")
    assert languages(svc)["Béatrice"] == "de"


def test_given_the_command_line_then_each_farmer_may_name_a_language_and_the_rest_take_the_default():
    assert cli.LANGUAGES == LANGUAGES
    farmers = [cli.parse_farmer(text, "de") for text in
               ("Céline <celine@example.org> fr", "yoann@example.org", "Sam Li <sam@example.org>", "bot:greedy")]
    assert [f.language for f in farmers[:3]] == ["fr", "de", "de"]
    assert farmers[0].name == "Céline" and farmers[2].name == "Sam Li"
    parser = cli_parser()
    assert parser.parse_args(["demo", "--language", "fr"]).language == "fr"
    assert parser.parse_args(["new", "toy", "--farmer", "a@example.org", "--language", "de"]).language == "de"


def cli_parser():
    from service.cli.main import build_parser
    return build_parser()


def test_given_a_french_farmer_who_mails_a_whole_turn_then_its_confirmation_names_it_in_her_words(svc):
    # Given a Sunfield table where Béatrice reads French and plays first
    created = creation.create_game(svc, "sunfield", [BEA, ANN], host=0, seed=3)
    creation.join(svc, created.game_id, 1)
    keys = {seat.name: seat.reply_key for seat in game_row(svc, created.game_id).seats}
    rules = get_game("sunfield")
    state = game_row(svc, created.game_id).state
    take = next(m for m in rules.legal_moves(state) if m.kind == "take")
    place = rules.legal_moves(rules.apply(state, take))[0]
    typed = f"{in_language(rules, rules.text(take), 'fr')}, {in_language(rules, rules.text(place), 'fr')}"
    # when she mails it in her own words and Ann answers by mail
    receive(svc, reply(keys["Béatrice"], typed, sender="Béatrice <bea@example.org>"), source="ingest")
    ann_turn = game_row(svc, created.game_id)
    assert rules.to_act(ann_turn.state) == 1, "her mailed turn was applied whole"
    move = rules.legal_moves(ann_turn.state)[0]
    ann_steps = [rules.text(move)]
    after = rules.apply(ann_turn.state, move)
    while rules.to_act(after) == 1:
        move = (rules.closing_moves(after) or rules.legal_moves(after))[0]
        ann_steps.append(rules.text(move))
        after = rules.apply(after, move)
    receive(svc, reply(keys["Ann"], ", ".join(ann_steps), sender="Ann <ann@example.org>"), source="ingest")
    # then her next turn mail confirms her answer in French, with the moves as she writes them
    told = mailbox(svc, "bea@example.org")[-1].get_body(preferencelist=("plain",)).get_content()
    assert re.search(f"a été jouée\\s: {re.escape(typed)}\\.", told), told
