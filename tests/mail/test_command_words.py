"""Farmpost's commands in English, French and German, and no word that means
two commands: over all the words of a game (its verbs and the words its
moves start with) and the service's, in the three languages."""

from __future__ import annotations

import pytest

from boards.i18n import translator
from engine import game_names, get_game
from engine.core import MoveError
from engine.words import Vocabulary
from mail.inbound import command_words
from mail.inbound.commands import (
    BOARD,
    GAMES,
    MOVE,
    MOVES,
    NEW,
    PREVIEW,
    REMATCH,
    RESIGN,
    SAY,
    STOP,
    UNDO,
    split_commands,
)
from service.inbound import suggest
from tests.engine.sunfield.builder import new_game

#: what 25a's chains put between two moves on one line: never a command word
CHAIN_WORDS = {"then", "and", "puis", "et", "ensuite", "dann", "und"}


def every_word(name: str) -> Vocabulary:
    """The game's verbs, the other words its moves may start with and the
    service's commands, each meaning told apart by where it comes from."""
    game = get_game(name)
    by_language: dict[str, dict[str, list[str]]] = {}
    for source, vocabulary in (("game", game.verbs()), ("service", command_words.COMMANDS)):
        for language, table in vocabulary.by_language.items():
            for meaning, words in table.items():
                by_language.setdefault(language, {})[f"{source}:{meaning}"] = list(words)
    verb_words = set(game.verbs().table())
    others = {w for w in game.move_words() if w not in verb_words}  # Sunfield's "carrot 0 1"
    by_language.setdefault("en", {})["game:a word a move may start with"] = sorted(others)
    return Vocabulary(by_language)


@pytest.mark.parametrize("name", game_names())
def test_no_word_means_two_commands_in_any_two_languages(name):
    every_word(name)  # raises ValueError naming the word and both meanings


@pytest.mark.parametrize("name", game_names())
def test_no_command_word_is_a_word_that_chains_moves(name):
    assert not CHAIN_WORDS & set(every_word(name).table())


@pytest.mark.parametrize("line, kind", [
    ("plateau", BOARD), ("Brett", BOARD), ("coups", MOVES), ("Züge", MOVES), ("Zuege", MOVES), ("aide", MOVES),
    ("Hilfe", MOVES), ("annuler", UNDO), ("rückgängig", UNDO), ("rueckgaengig", UNDO), ("arrête", STOP),
    ("aufhören", STOP), ("abandonner", RESIGN), ("aufgeben", RESIGN), ("parties", GAMES), ("mes parties", GAMES),
    ("meine Spiele", GAMES), ("revanche", REMATCH), ("rejouer", REMATCH), ("nochmal spielen", REMATCH),
])
def test_a_service_command_in_french_or_german_is_that_command(line, kind):
    (command,) = split_commands(line).commands
    assert command.kind == kind


def test_the_commands_with_words_after_them_in_french_and_german():
    said = split_commands("dis bonne partie ! 👍\nsag gutes Spiel!").commands
    assert [(c.kind, c.text) for c in said] == [(SAY, "bonne partie ! 👍"), (SAY, "gutes Spiel")]
    assert [c.confirmed for c in split_commands("abandonner oui\naufgeben ja").commands] == [True, True]
    assert [(c.kind, c.text) for c in split_commands("aperçu prendre b2\nVorschau nimm b2").commands] == [
        (PREVIEW, "prendre b2"), (PREVIEW, "nimm b2")]
    assert [c.days for c in split_commands("vacances 7 jours\nUrlaub 3 Tage\nvacances fin\nUrlaub vorbei").commands] \
        == [7, 3, 0, 0]


@pytest.mark.parametrize("line, what, seconds", [
    ("plus de temps 2 jours", "more time", 2 * 86400), ("mehr Zeit 36 Stunden", "more time", 36 * 3600),
    ("prolonger 1 semaine", "more time", 7 * 86400), ("arrête l'horloge", "pause clock", 0),
    ("Uhr anhalten", "pause clock", 0), ("reprendre l'horloge", "resume clock", 0), ("Uhr fortsetzen", "resume clock", 0),
])
def test_the_clock_commands_in_french_and_german(line, what, seconds):
    (command,) = split_commands(line).commands
    assert (command.clock.what, command.clock.seconds) == (what, seconds)
    (zone,) = split_commands("fuseau horaire Europe/Paris\nZeitzone Europe/Berlin").commands[:1]
    assert zone.clock.zone == "Europe/Paris"


def test_a_new_game_in_french_and_german_at_new():
    for line in ("nouvelle partie sunfield avec a@x.org et b@y.org", "neues Spiel harvest mit a@x.org und b@y.org"):
        (command,) = split_commands(line, new_game=True).commands
        assert command.kind == NEW and command.invitees == ("a@x.org", "b@y.org")


def test_a_move_in_french_is_left_to_the_game():
    (command,) = split_commands("prendre b2").commands
    assert (command.kind, command.text) == (MOVE, "prendre b2")


@pytest.mark.parametrize("typed, offered", [("prendee b9", "prendre"), ("nimmm b9", "nimm"), ("tkae b9", "take")])
def test_given_a_slip_of_a_verb_the_moves_offered_are_in_the_language_typed(typed, offered):
    game, state = get_game("sunfield"), new_game()
    with pytest.raises(MoveError) as error:
        game.parse(state, 0, typed)
    answer = suggest.did_you_mean(game, state, typed, error.value, translator("en"))
    assert f"Did you mean “{offered} " in answer
    for shown in answer.split("Did you mean ")[1].split(" or "):
        assert game.parse(state, 0, shown.strip("“”?")).kind == "take"  # each is a move the game reads


def test_given_a_harvest_slip_in_german_the_moves_offered_are_in_german():
    game = get_game("harvest")
    state = game.setup(1, {}, 3)
    with pytest.raises(MoveError) as error:
        game.parse(state, 0, "behalde Figur 1")
    assert "Did you mean “behalte figur 1”" in suggest.did_you_mean(game, state, "behalde Figur 1", error.value, translator("en"))
