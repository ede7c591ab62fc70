"""The log's move sentences in the reader's language (engine/phrases.py,
boards/game_phrases.py): the English is the engine's sentence, told to the
farmer who played it in the second person; in the pseudo-locale every word
of every sentence went through the catalogs, for the others and for the
farmer who played."""

from __future__ import annotations

import pytest

from boards.game_phrases import say
from boards.i18n import translator
from engine import get_game
from engine.core import Rng, second_person
from tests.pseudo import qps, unmarked_text


def sentences(name: str, options: dict, moves: int = 150):
    """(state before, move) of a random game."""
    game = get_game(name)
    state, rng = game.setup(3, options, 5), Rng(2)
    for _ in range(moves):
        if game.is_over(state):
            return
        legal = game.legal_moves(state)
        move = legal[rng.below(len(legal))]
        yield game, state, move
        state = game.apply(state, move)


@pytest.mark.parametrize("options", [{}, {"advanced": True}])
def test_given_a_game_log_then_each_sentence_is_the_engines_in_english_and_marked_in_the_pseudo_locale(options):
    english, pseudo = translator("en"), qps()
    kinds = set()
    for game, state, move in sentences("sunfield", options):
        phrase = game.describe_phrase(state, move)
        assert say(phrase, english) == game.describe(state, move)
        assert say(phrase, english, you=True) == second_person(game.describe(state, move))
        for you in (False, True):
            assert unmarked_text(say(phrase, pseudo, you=you)) == [], say(phrase, pseudo, you=you)
        kinds.add(move.kind)
    assert len(kinds) >= 5


def test_given_a_move_then_french_and_german_conjugate_for_the_others_and_for_you():
    game, state, move = next(sentences("sunfield", {}))
    phrase = game.describe_phrase(state, move)
    assert say(phrase, translator("fr")).startswith("a pris la tuile ")
    assert say(phrase, translator("fr"), you=True).startswith("avez pris la tuile ")
    assert say(phrase, translator("de")).startswith("hat das ") and " genommen" in say(phrase, translator("de"))


@pytest.mark.parametrize("options", [{}, {"advanced": True}])
def test_given_every_option_then_its_outcome_is_the_engines_in_english_and_marked_in_the_pseudo_locale(options):
    english, pseudo = translator("en"), qps()
    for game, state, _ in sentences("sunfield", options, moves=60):
        for move in game.legal_moves(state):
            phrase = game.outcome_phrase(state, move)
            assert say(phrase, english) == game.outcome(state, move)
            assert unmarked_text(say(phrase, pseudo)) == [], say(phrase, pseudo)


def test_given_a_french_or_german_farmer_then_the_options_tell_what_they_do_in_their_language():
    game, state, _ = next(sentences("sunfield", {}))
    move = next(m for m in game.legal_moves(state) if m.kind == "take")
    phrase = game.outcome_phrase(state, move)
    assert say(phrase, translator("fr")).startswith("tuile ")
    assert "-Plättchen (" in say(phrase, translator("de"))


def harvest_positions(seats: int, seed: int, moves: int = 250):
    """(state before, move) of a random Harvest game."""
    game = get_game("harvest")
    state, rng = game.setup(seats, {}, seed), Rng(seed + 7)
    for _ in range(moves):
        if game.is_over(state):
            return
        legal = game.legal_moves(state)
        move = legal[rng.below(len(legal))]
        yield game, state, move
        state = game.apply(state, move)


@pytest.mark.parametrize("seats,seed", [(1, 3), (3, 4)])
def test_given_a_harvest_log_then_each_sentence_is_the_engines_in_english_and_marked_in_the_pseudo_locale(seats, seed):
    english, pseudo = translator("en"), qps()
    kinds = set()
    for game, state, move in harvest_positions(seats, seed):
        phrase = game.describe_phrase(state, move)
        assert say(phrase, english) == game.describe(state, move)
        assert say(phrase, english, you=True) == second_person(game.describe(state, move))
        for you in (False, True):
            assert unmarked_text(say(phrase, pseudo, you=you)) == [], say(phrase, pseudo, you=you)
        kinds.add(move.kind)
    assert len(kinds) >= 8


@pytest.mark.parametrize("seats,seed", [(1, 5), (2, 6)])
def test_given_every_harvest_option_then_its_outcome_is_the_engines_in_english_and_marked_in_the_pseudo_locale(seats, seed):
    english, pseudo = translator("en"), qps()
    for game, state, _ in harvest_positions(seats, seed, moves=120):
        for move in game.legal_moves(state):
            phrase = game.outcome_phrase(state, move)
            assert say(phrase, english) == game.outcome(state, move)
            assert unmarked_text(say(phrase, pseudo)) == [], say(phrase, pseudo)


def test_given_a_french_or_german_harvest_farmer_then_moves_and_options_are_told_in_their_language():
    game, state, move = next((g, s, m) for g, s, m in harvest_positions(2, 6) if m.kind == "place")
    phrase = game.describe_phrase(state, move)
    assert say(phrase, translator("fr")).startswith("a placé une Brouette")
    assert say(phrase, translator("fr"), you=True).startswith("avez placé une Brouette")
    assert say(phrase, translator("de")).startswith("hat eine Schubkarre")
    outcome = say(game.outcome_phrase(state, move), translator("fr"))
    assert outcome != game.outcome(state, move) and outcome.startswith("puis ")
