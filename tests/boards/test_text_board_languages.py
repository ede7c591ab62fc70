"""The text board in the reader's language: both games' board.txt write
their headings, labels and sentences, and the board model's texts (the
state of play, the grids, costs, what tiles and cards give) through the
translator, element names by the glossary. In the pseudo-locale every word
is marked; what is left unmarked is notation: the town spaces and farm
cells as farmers type them (``store 2``, ``c3``), the signs the board's
last line explains, the grids' axes."""

from __future__ import annotations

import re

import pytest

from boards import sample_game, text
from boards.i18n import translator
from tests.boards.test_picture_languages import pseudo_piece
from tests.pseudo import words_outside


@pytest.mark.parametrize("seats,stage", [(1, "start"), (2, "middle"), (4, "end")])
def test_given_a_harvest_text_board_in_the_pseudo_locale_then_the_templates_own_words_are_all_marked(seats, stage):
    game = sample_game("harvest", seats, seed=3)
    view = game.view(stage, 0)
    board = text("harvest", view, 0, game.names, language="qps")
    left = set(words_outside(board, game.names))  # whole, not line by line: a long line wraps inside a mark
    typed = {"store", "fields", "workshop", "trading", "market", "a→", "1↓"}  # "place store 2"; the farm's axes
    assert {word for word in left if len(word) > 1 and not pseudo_piece(word)} - typed == set()


def test_given_a_french_or_german_farmer_then_the_harvest_text_board_is_in_their_language():
    game = sample_game("harvest", 2, seed=3)
    view = game.view("middle", 0)
    french, german = (text("harvest", view, 0, game.names, language=language) for language in ("fr", "de"))
    assert "MARCHÉ FERMIER" in french and "Manche :" in french and "(vous)" in french
    assert "BAUERNMARKT" in german and "Runde:" in german and "(du)" in german
    assert "FARMER'S MARKET" in text("harvest", view, 0, game.names)


def sunfield_notation(word: str) -> bool:
    """The signs of Sunfield's text board, which its last line explains: a
    tile's colour (``Bl``), a Vegetable (``Ca``), a Plot cell's spaces
    (``*Ca.eg``: a Carrot on its space, an empty Eggplant one), a filled
    space (``[x]``) and the grids' axes (``a→``, ``y↓``)."""
    signs = {"bl", "bn", "gr", "ye", "br", "ca", "eg", "co"}
    if re.fullmatch(r"[abcxy1][→↓]?", word):
        return True
    return all(part.lower() in signs for part in re.split(r"[.*]", word.strip(".*")))


def cut_mark(word: str) -> bool:
    """A marked text cut to a grid cell's width (``⟦Šĥééþ~``)."""
    return word.endswith("~") and pseudo_piece(word)


@pytest.mark.parametrize("seats,stage", [(2, "start"), (3, "middle"), (4, "end")])
def test_given_a_sunfield_text_board_in_the_pseudo_locale_then_every_word_of_it_is_marked(seats, stage):
    game = sample_game("sunfield", seats, {"advanced": seats != 2}, seed=3)
    board = text("sunfield", game.view(stage, 0), 0, game.names, language="qps")
    left = set(words_outside(board, game.names + ["SUNFIELD FARM"]))
    assert {word for word in left if not sunfield_notation(word) and not cut_mark(word)} == set()


def test_given_a_french_or_german_farmer_then_the_sunfield_text_board_is_in_their_language():
    game = sample_game("sunfield", 2, seed=3)
    view = game.view("middle", 0)
    french, german = (text("sunfield", view, 0, game.names, language=language) for language in ("fr", "de"))
    assert "MARCHÉ (prendre" in french and "Brouette :" in french and "(vous)" in french and "gratuite" in french
    assert "MARKT (nimm" in german and "Schubkarre:" in german and "(du)" in german and "Parzelle" in german
    assert all(len(line) <= 72 for board in (french, german) for line in board.splitlines())
    assert "MARKET (take" in text("sunfield", view, 0, game.names)


def test_given_two_languages_then_the_sunfield_text_boards_grids_are_kept_apart():
    game = sample_game("sunfield", 2, seed=3)
    view = game.view("middle", 0)
    assert "(vide)" in text("sunfield", view, 0, game.names, language="fr")
    assert "(vide)" not in text("sunfield", view, 0, game.names) and "(empty)" in text("sunfield", view, 0, game.names)


def test_every_text_of_harvests_characters_and_sunrise_tiles_is_in_the_game_catalog():
    from boards.catalogs import read, template_path
    from engine.harvest import content as C

    marked = {message.id for message in read(template_path("game")) if message.id}
    texts = [c["text"] for c in C.CHARACTERS.values()] + [s["text"] for s in C.SUNRISE_TILES.values()]
    assert [text for text in texts if text not in marked] == []
    assert all(translator(language).gettext(text) != text for language in ("fr", "de") for text in texts)


def test_given_a_french_or_german_farmer_then_harvests_cards_and_costs_are_in_their_language():
    game = sample_game("harvest", 1, seed=3)
    view = game.view("start", 0)
    french, german = (text("harvest", view, 0, game.names, language=language) for language in ("fr", "de"))
    assert "Engrais" in french and "pièce" in french and "À vous de jouer" in french
    assert "Dünger" in german and "Münze" in german and "Du bist am Zug" in german
    assert "You to act" in text("harvest", view, 0, game.names)
