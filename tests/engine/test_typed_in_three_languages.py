"""Every move of both games typed in French and German, with or without
accents, reads as the move it means; the words are the games' own data
(engine/sunfield/notation.py, engine/harvest/notation.py)."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.core import InvalidMove
from engine.sunfield import notation as sunfield_words
from engine.words import Vocabulary, plain, spellings
from tests.engine.harvest.test_typed_variants import STATES
from tests.engine.sunfield.builder import new_game, set_wheelbarrow
from tests.engine.walk import random_positions

LANGUAGES = ("fr", "de")


def positions(name: str, seats: int = 2, count: int = 60, **options):
    """The first ``count`` positions of a random game (every kind of move comes up)."""
    return random_positions(get_game(name), seats, options, 3, count, draws=5)


def in_language(game, text: str, language: str, *, accents: bool = True) -> str:
    """A move's canonical text with its verb (and Sunfield's Vegetables and
    Animals) in ``language``."""
    words = text.split()
    words[0] = game.verbs().word(words[0], language)
    if game.name == "sunfield":
        words = [sunfield_words.VEGETABLES.word(w, language) if w in sunfield_words.VEGETABLES.meanings()
                 else sunfield_words.ANIMALS.word(w, language) if w in sunfield_words.ANIMALS.meanings() else w
                 for w in words]
    typed = " ".join(words)
    return typed if accents else plain(typed)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name, options", [("sunfield", {}), ("sunfield", {"advanced": True}), ("harvest", {})])
def test_given_any_position_when_a_legal_move_is_typed_in_french_or_german_then_it_is_that_move(
        name, options, language):
    game = get_game(name)
    seen_verbs = set()
    for state in positions(name, **options):
        seat = game.to_act(state)
        for move in game.legal_moves(state):
            text = game.text(move)
            for accents in (True, False):
                typed = in_language(game, text, language, accents=accents)
                assert game.parse(state, seat, typed) == move, typed
            seen_verbs.add(move.kind)
    assert len(seen_verbs) >= 5


@pytest.mark.parametrize("name", ["sunfield", "harvest"])
def test_every_verb_of_a_game_has_a_french_and_a_german_word(name):
    verbs = get_game(name).verbs()
    english = set(verbs.by_language["en"])
    for language in LANGUAGES:
        assert set(verbs.by_language[language]) >= english - {"bonus"}, language


@pytest.mark.parametrize("typed, code", [
    ("prendre b2", "take:b:2"), ("Nimm b2", "take:b:2"), ("prends la tuile b2", "take:b:2"),
    ("nimm das Plättchen b2", "take:b:2"), ("nimm das Plaettchen b2", "take:b:2"),
    ("prendre b cochon", "take:b:2"), ("nimm b Schwein", "take:b:2"),
    ("échanger carotte maïs", "exchange:carrot:corn"), ("echanger carotte mais", "exchange:carrot:corn"),
    ("tausche Karotte gegen Mais", "exchange:carrot:corn"), ("tausche Möhre gegen Mais", "exchange:carrot:corn"),
    ("acheter un maïs", "buy:corn"), ("kaufe Mais", "buy:corn"),
])
def test_given_a_farmer_choosing_an_action_when_they_type_french_or_german_then_it_is_the_move(typed, code):
    state = new_game()
    state["farmers"][0]["seeds"] = 9
    set_wheelbarrow(state, 0, carrot=1, broccoli=1)
    assert get_game("sunfield").parse(state, 0, typed).code() == code


HARVEST_VARIANTS = [
    ("placing", "aller au marché a", "place market a"), ("placing", "placer champs 3", "place fields 3"),
    ("placing", "gehe zu den Feldern 3", "place fields 3"), ("placing", "setze Werkstatt 1", "place workshop 1"),
    ("placing", "va à l'atelier 1", "place workshop 1"), ("placing", "je vais au magasin général 2", "place store 2"),
    ("placing", "gehe zum Gemischtwarenladen 2", "place store 2"), ("placing", "envoyer au comptoir 2", "place trading 2"),
    ("placing", "schicke zum Handelsposten 2", "place trading 2"), ("placing", "placer marché fermier a", "place market a"),
    ("store", "acheter 2 blé", "buy wheat 2"), ("store", "kaufe zwei Weizen", "buy wheat 2"),
    ("store", "acheter deux graines de blé", "buy wheat 2"), ("store", "kaufe 1 Kürbis", "buy pumpkin 1"),
    ("store", "kaufe 1 Kuerbis", "buy pumpkin 1"), ("store", "acheter un myrtillier", "buy bush 1"),
    ("store", "prendre engrais", "gain fertilizer"), ("store", "nimm Dünger", "gain fertilizer"),
    ("store", "nimm Duenger", "gain fertilizer"), ("store", "remplir le seau", "fill bucket"),
    ("store", "fülle den Eimer", "fill bucket"), ("store", "fini", "done"), ("store", "fertig", "done"),
    ("fields", "planter citrouille a1 b1", "plant pumpkin a1 h"), ("fields", "pflanze Kürbis a1 senkrecht", "plant pumpkin a1 v"),
    ("fields", "planter blé c1", "plant wheat c1"), ("fields", "säe Weizen c1", "plant wheat c1"),
    ("fields", "saee Weizen c1", "plant wheat c1"), ("fields", "cultiver blé b2 b1", "tend wheat b2 b1"),
    ("fields", "pflege Weizen b2 b1", "tend wheat b2 b1"), ("fields", "récolter", "harvest"), ("fields", "recolter", "harvest"),
    ("fields", "ernten", "harvest"),
    ("workshop", "améliorer le seau", "upgrade bucket"), ("workshop", "verbessere den Eimer", "upgrade bucket"),
    ("workshop", "défricher la forêt e1", "clear forest e1"), ("workshop", "rode Wald e1", "clear forest e1"),
    ("trading", "payer blé", "pay wheat"), ("trading", "zahle Weizen", "pay wheat"),
    ("trading_paid", "améliorer blé", "upgrade wheat"), ("trading_paid", "werte Weizen auf", "upgrade wheat"),
    ("bonus", "prendre eau", "bonus water"), ("bonus", "nimm Wasser", "bonus water"),
    ("sunrise", "aube 5", "sunrise 5"), ("sunrise", "prendre tuile 5", "sunrise 5"), ("sunrise", "Sonnenaufgang 5", "sunrise 5"),
]


@pytest.mark.parametrize("where,typed,meant", HARVEST_VARIANTS, ids=[f"{w}: {t}" for w, t, _ in HARVEST_VARIANTS])
def test_given_a_harvest_position_when_a_move_is_typed_in_french_or_german_then_it_is_the_move(where, typed, meant):
    state = STATES[where]()
    game = get_game("harvest")
    assert game.text(game.parse(state, state["active"], typed)) == meant


def test_given_a_harvest_building_or_card_typed_by_its_french_or_german_name_then_it_is_that_one():
    from engine.harvest import notation

    assert notation.BUILDING_WORDS["chateaud'eau"] == notation.BUILDING_WORDS["wasserturm"] == "watertower"
    assert notation.CHARACTER_WORDS["bucheron"] == notation.CHARACTER_WORDS["holzfäller"] == "lumberjack"
    assert notation.FARMHOUSE_WORDS["maisonduverger"] == notation.FARMHOUSE_WORDS["obsthof"] == "orchard"


@pytest.mark.parametrize("typed, hint", [("prendee b2", "prendre"), ("nimmm b2", "nimm"), ("tkae b2", "take")])
def test_given_a_slip_of_a_verb_then_the_hint_is_the_word_of_the_language_typed(typed, hint):
    with pytest.raises(InvalidMove) as error:
        get_game("sunfield").parse(new_game(), 0, typed)
    assert f"did you mean “{hint}”" in error.value.reason


def test_a_word_is_known_with_and_without_its_accents_umlauts_and_sharp_s():
    assert spellings("déplacer") == {"déplacer", "deplacer"}
    assert spellings("säen") == {"säen", "saen", "saeen"}
    assert spellings("schließen") == {"schließen", "schliessen"}
    assert sunfield_words.VERBS.meaning("deplacer") == sunfield_words.VERBS.meaning("déplacer") == "move"


def test_a_vocabulary_refuses_a_word_that_would_mean_two_things():
    with pytest.raises(ValueError, match="means both"):
        Vocabulary({"en": {"take": ("take",)}, "fr": {"end": ("take",)}})
    with pytest.raises(ValueError, match="means both"):  # spelled alike once the accent is gone
        Vocabulary({"fr": {"take": ("passé",)}, "de": {"end": ("passe",)}})


@pytest.mark.parametrize("word, language", [("prendre", "fr"), ("nimm", "de"), ("take", "en"), ("pflucke", "de")])
def test_a_word_tells_its_language(word, language):
    assert get_game("sunfield").verbs().language_of(word) == language
