"""The reasons the rules give when they refuse a move (docs/i18n.md,
"Refusals of the rules"): each reason of both games, reached by refusing
lines and codes in positions along games played at random, comes out of
the pseudo-locale with no word outside the marks (the typed words aside)
and is translated in French and German; a French and a German farmer whose
mailed move is refused read the rule in their language."""

from __future__ import annotations

import pytest
from sqlalchemy import update

from boards.game_phrases import refusal
from boards.i18n import PSEUDO, translator
from engine import get_game
from service.inbound.receive import receive
from service.storage.models import Seat
from tests.i18n.refusal_probe import refusals
from tests.mail.inbound_helpers import inbound_row, reply, start_game
from tests.pseudo import words_outside

#: every reason kind the walk reaches, by its English text
SUNFIELD_REASONS = [
    "Client spaces are numbered 1 to %(n)s",
    "a gained %(vegetable)s goes on a free %(vegetable)s space of a tile next to the new tile or of its colour; "
    "(%(x)s, %(y)s) has none",
    "a move is a short line of text, like “%(example)s”",
    "a new tile goes on an empty place next to a tile of your Plot; (%(x)s, %(y)s) is not one",
    "empty command; try “%(take)s” or “%(deliver)s”",
    "exchange for a different Vegetable",
    "first choose where your gained Vegetables go (%(waiting)s), e.g. “%(example)s”",
    "first place the tile you have (%(tile)s) in your Plot, e.g. “%(example)s”",
    "it is not your turn: farmer %(farmer)s is to play",
    "market rows are 1 (Sheep), 2 (Pig) and 3 (Cow)",
    "no Client can be delivered with the Vegetables in your Wheelbarrow",
    "no “%(verb)s” move matches “%(typed)s” now",
    "one Vegetable per move: for %(n)s, write the move %(n)s times, one a line",
    "powers belong to the advanced mode (Livestock cards)",
    "there is no Field tile at %(tile)s",
    "there is no tile or Vegetable waiting to be placed",
    "this Client asks for %(asked)s; your Wheelbarrow lacks %(lacking)s",
    "too many %(what)s for “%(verb)s”; e.g. “%(example)s”",
    "unknown command “%(word)s”",
    "using a power costs a Seed, you have none",
    "you have already taken your action this turn; spend Seeds, use a power or “%(end)s”",
    "you have already used the “%(power)s” power (once per game)",
    "you have no %(vegetable)s waiting to be placed",
    "you have no reserved Client",
    "you need %(cost)s Seed to take %(tile)s, you have %(n)s",
    "you need %(cost)s Seeds to exchange a Vegetable, you have %(n)s",
    "you need %(cost)s Seeds to take %(tile)s, you have %(n)s",
    "your Farmer token has not reached a column with the “%(power)s” power",
    "your turn is not over: take a Field tile or deliver a Client first",
    "“%(typed)s” could mean %(n)s moves: say which",
    "“%(word)s” is not a word of Sunfield Farm moves",
    "“%(word)s”: market columns are a, b and c, rows 1 to 3 (e.g. “%(example)s”)",
]
HARVEST_REASONS = [
    "%(cell)s is not free",
    "%(space)s is taken",
    "a Strawberry grows onto two free spaces next to it: write both, e.g. “%(example)s …”",
    "it is not your turn: farmer %(farmer)s is to decide",
    "keep a Character and a Farmhouse first",
    "pay the Trading Post entry first: 1 seed, 2 Fertilizer or 3 Water",
    "pick a sunrise tile first",
    "place a Wheelbarrow first",
    "sunrise tile %(n)s is not on display",
    "tending your %(crop)s takes %(cost)s Water, you have %(n)s",
    "that is not possible now",
    "that is not possible on your farm now",
    "there is no space “%(space)s” in this game",
    "this visit has no actions left",
    "write a move, for example “%(example)s”",
    "you cannot pay for %(space)s",
    "you cannot pay that",
    "you have %(n)s coins",
    "you have no %(crop)s at %(cell)s",
    "you have no %(crop)s seed",
    "your %(crop)s at %(cell)s was tended in this action already",
    "your Blueberry bush at %(cell)s already carries a berry",
    "“%(move)s” could mean several moves",
    "“%(verb)s” is not an action of your visit to the %(area)s; take one of its actions or write “%(done)s”",
    "“%(word)s” is not a Harvest command",
    "“%(word)s” is not a word Harvest knows",
]
CASES = [("sunfield", reason) for reason in SUNFIELD_REASONS] + [("harvest", reason) for reason in HARVEST_REASONS]


def typed_words(game_name: str) -> set[str]:
    """The words a farmer types (verbs and nouns in every language), which
    a refusal quotes as typed, and what the probe typed."""
    rules = get_game(game_name)
    words = {word for vocabulary in (rules.verbs(), rules.nouns()) for table in vocabulary.by_language.values()
             for meanings in table.values() for word in meanings}
    return words | {"to", "x", "y", "z", "zzz", "flarp", "farmer", "figur", "reserved", "h", "v", "well", "silo", "xxx"}


@pytest.mark.parametrize(("game_name", "reason"), CASES, ids=[f"{g}: {r[:50]}" for g, r in CASES])
def test_given_a_refused_move_then_its_reason_is_told_in_the_readers_language(game_name, reason):
    # Given a move the rules refuse for this reason
    found = refusals(game_name)
    assert reason in found, f"no refusal found for “{reason}”"
    error, _state, _seat = found[reason]
    # When it is told in the pseudo-locale, French and German
    told = {language: refusal(error, translator(language), hint=True) for language in (PSEUDO, "fr", "de")}
    # Then every word is the catalog's (or typed by the farmer) and French and German say it their way
    long_typing = "x" * 301
    assert words_outside(told[PSEUDO].replace(long_typing, ""), typed_words(game_name)) == []
    assert told["fr"] != error.reason or not any(ch.isalpha() for ch in error.reason)
    assert told["de"] != error.reason and told["fr"] != told["de"]


def test_the_english_of_a_refusal_is_the_reason_the_engine_gives():
    for game_name in ("sunfield", "harvest"):
        for error, _state, _seat in refusals(game_name).values():
            assert refusal(error, translator("en"), hint=True) == error.reason


def speak(svc, game_id: int, **languages: str) -> None:
    with svc.db.transaction() as session:
        for name, language in languages.items():
            session.execute(update(Seat).where(Seat.game_id == game_id, Seat.name == name).values(language=language))


def answer_to(svc, key: str, body: str) -> str:
    row = inbound_row(svc, receive(svc, reply(key, body), source="ingest").id)
    assert row.answer, (body, row.outcome)
    return row.answer


def test_given_a_french_farmer_when_their_mailed_move_is_refused_then_the_answer_names_the_rule_in_french(svc):
    # Given Anna, at a game of Harvest, speaks French and must first keep her cards
    game_id, keys = start_game(svc, "harvest")
    speak(svc, game_id, Anna="fr")
    # When she mails a move to the General Store
    answer = answer_to(svc, keys["Anna"], "placer magasin 2")
    # Then the answer says the rule in French
    assert "gardez d'abord un Personnage et une Ferme" in answer
    assert "keep a Character" not in answer


def test_given_a_german_farmer_when_their_mailed_move_is_refused_then_the_answer_names_the_rule_in_german(svc):
    # Given Anna, at a game of Sunfield Farm, speaks German
    game_id, keys = start_game(svc, "sunfield")
    speak(svc, game_id, Anna="de")
    # When she mails a tile off the market
    answer = answer_to(svc, keys["Anna"], "nimm z9")
    # Then the answer says the rule in German, the example in her words
    assert "„z9“: die Spalten des Markts sind a, b und c, die Reihen 1 bis 3 (z. B. „nimm b2“)" in answer
    assert "market columns" not in answer
