"""A farmer asks the board by mail and gets a short answer in words, in the
language they asked in: ``market``, ``my plot``, ``clients``, ``scores``,
``what changed`` (``marché``, ``ma parcelle``, ``Markt``, ``Punkte``, ...),
for both games; and commands typed in French and German are played."""

from __future__ import annotations

import pytest

from service.inbound.receive import receive
from service.usecases import creation
from tests.mail.inbound_helpers import inbound_row, log_texts, reply, start_game
from tests.service.helpers import game_row, mailbox, text_part

ANNA, BOB = "Anna <anna@example.org>", "Bob <bob@example.org>"


def send(svc, key: str, body: str, sender: str = ANNA):
    return inbound_row(svc, receive(svc, reply(key, body, sender=sender), source="ingest").id)


@pytest.fixture(params=["sunfield", "harvest"])
def table(svc, request):
    game_id, keys = start_game(svc, request.param)
    return request.param, game_id, keys


#: what a farmer may ask, and how each game's answer opens
ASKED = [
    ("market", {"sunfield": "The market:", "harvest": "The Farmer's Market"}),
    ("marché", {"sunfield": "Le marché :", "harvest": "Le Marché fermier"}),
    ("Markt", {"sunfield": "Der Markt:", "harvest": "Der Bauernmarkt"}),
    ("my plot", {"sunfield": "Your Plot has 3 tiles", "harvest": "Your farm"}),
    ("ma parcelle", {"sunfield": "Votre Parcelle a 3 tuiles", "harvest": "Votre ferme"}),
    ("mein Hof", {"sunfield": "Deine Parzelle hat 3 Plättchen", "harvest": "Dein Hof"}),
    ("clients", {"sunfield": "The Clients on offer", "harvest": "Harvest has no Clients"}),
    ("Kunden", {"sunfield": "Die Kunden im Angebot", "harvest": "Harvest hat keine Kunden"}),
    ("scores", {"sunfield": "Scores now", "harvest": "Scores now"}),
    ("qui mène", {"sunfield": "Les scores maintenant", "harvest": "Les scores maintenant"}),
]


def test_a_farmer_who_asks_the_board_in_words_gets_a_short_answer_in_the_language_asked(svc, table):
    # given a game, when Anna asks every question in one mail, in three languages
    name, _, keys = table
    row = send(svc, keys["Anna"], "\n".join(asked for asked, _ in ASKED))
    # then each is answered, in order, in the language it was asked in
    assert row.outcome == "answered"
    position = 0
    for asked, opening in ASKED:
        assert opening[name] in row.answer[position:], asked
        position = row.answer.index(opening[name], position)


def test_what_changed_tells_the_others_moves_since_the_farmers_last_in_order(svc, table):
    name, game_id, keys = table
    row = send(svc, keys["Bob"], "what changed", sender=BOB)
    assert "Nothing has changed since your last move." in row.answer  # before anyone played
    first = {"sunfield": "take a1", "harvest": "keep character 1"}[name]
    send(svc, keys["Anna"], first)
    row = send(svc, keys["Bob"], "was ist neu", sender=BOB)
    told = row.answer.split("Seit deinem letzten Zug, in der gespielten Reihenfolge:\n")[1].splitlines()
    assert told and all(line.startswith("* Anna ") for line in told)
    assert len(told) == len(log_texts(svc, game_id))


@pytest.mark.parametrize("typed", ["prendre a1", "nimm a1"])
def test_a_sunfield_move_typed_in_french_or_german_is_played(svc, typed):
    game_id, keys = start_game(svc, "sunfield")
    send(svc, keys["Anna"], typed)
    assert log_texts(svc, game_id)[0] == "take a1"


def test_the_text_of_a_turn_mail_begins_with_what_changed_since_the_last_turn(svc):
    _, keys = start_game(svc, "sunfield")
    send(svc, keys["Anna"], "prendre a1\nsetze 2 0\nmettre brocoli 1 0")  # a whole turn, in two languages
    text = text_part(mailbox(svc, "bob@example.org")[-1])
    lines = [line for line in text.splitlines() if line.strip()]
    heading = next(i for i, line in enumerate(lines) if line.startswith("Your turn, Bob"))
    assert lines[heading + 1] == "SINCE YOUR LAST TURN" and lines[heading + 2].startswith("* Anna took")


def test_a_french_farmers_turn_mail_tells_the_moves_in_french_and_an_english_farmers_in_english(svc):
    # given Anna (English) and Béatrice (French) at a Sunfield table
    created = creation.create_game(svc, "sunfield", [creation.FarmerSpec("Anna", "anna@example.org"),
                                                     creation.FarmerSpec("Béatrice", "bob@example.org", language="fr")],
                                   host=0, seed=7)
    creation.join(svc, created.game_id, 1)
    keys = {seat.position: seat.reply_key for seat in game_row(svc, created.game_id).seats}
    # when Anna plays her turn, typing it in German
    send(svc, keys[0], "nimm a1\nsetze 2 0\nlege Brokkoli auf 1 0")
    # then Béatrice's turn mail tells it in French, and what changed asked in English is told in her language
    text = text_part(mailbox(svc, "bob@example.org")[-1])
    assert "* Anna a pris la tuile Mouton" in text and "a mis un Brocoli sur sa tuile" in text
    assert "→ tuile " in text  # her options say what they do in French
    row = send(svc, keys[1], "quoi de neuf", sender="Béatrice <bob@example.org>")
    assert "* Anna a pris la tuile Mouton" in row.answer
