"""The board picture in the reader's language: both games' drawings
(boards/svg/harvest.py, boards/svg/sunfield.py) write their labels, the
board model's texts (costs, what tiles and cards give, the state of play)
and their alt text through the translator. In the pseudo-locale every word
is marked; what is left unmarked is notation the key explains (colour and
Vegetable signs, the grids' letters), the game's name and initials."""

from __future__ import annotations

import re

import pytest

from boards import picture_svg, sample_game
from boards.i18n import MARK_CLOSE, MARK_OPEN
from tests.pseudo import unmarked_html


def pseudo_piece(word: str) -> bool:
    """A piece of a marked text that a paragraph broke over lines (``ţĥé``,
    ``⟦ĝîṽéš``): pseudo-locale letters only, no English word in it."""
    return not re.search(r"[A-Za-z]{2}", word)


@pytest.mark.parametrize("seats,stage", [(1, "start"), (2, "middle"), (3, "end")])
def test_given_a_harvest_picture_in_the_pseudo_locale_then_the_drawings_own_words_are_all_marked(seats, stage):
    game = sample_game("harvest", seats, seed=2)
    view = game.view(stage, 0)
    svg = picture_svg("harvest", view, 0, game.names, language="qps")
    svg = re.sub(MARK_OPEN + r"[^<" + MARK_CLOSE + r"]*…", " ", svg)  # a marked text cut with "…" to fit
    svg = re.sub(r"[^\s>]*…", " ", svg)  # a word cut so
    left = {found.split(": ", 1)[1] for found in unmarked_html(svg, game.names)}
    # one letter: the farm's columns, a Wheelbarrow's initial, Gairy's G, the Fertilizer sack's F
    assert {word for word in left if len(word) > 1 and not pseudo_piece(word)} - {"Harvest"} == set()


def test_given_a_french_or_german_farmer_then_the_harvest_picture_labels_are_in_their_language():
    game = sample_game("harvest", 2, seed=2)
    view = game.view("middle", 0)
    french = picture_svg("harvest", view, 0, game.names, language="fr")
    german = picture_svg("harvest", view, 0, game.names, language="de")
    assert "Plateau de la ville" in french and "Marché fermier" in french and "Légende" in french
    assert "Stadtplan" in german and "Bauernmarkt" in german and "Legende" in german
    assert "Town board" in picture_svg("harvest", view, 0, game.names)


def test_given_a_french_page_then_its_drawing_is_french_and_kept_apart_from_the_english_one():
    from service.web.page_cache import PageCaches

    game = sample_game("harvest", 2, seed=2)
    view, caches = game.view("middle", 0), PageCaches()
    french = caches.drawing_html("harvest", view, 0, game.names, language="fr")
    english = caches.drawing_html("harvest", view, 0, game.names)
    assert "Plateau de la ville" in french and "Plateau de la ville" not in english and "Town board" in english


#: what Sunfield's drawing writes that is no word: the tabs' colour signs, the Vegetables'
#: signs and the axes' letters (the key explains them), the game's name
SUNFIELD_NOTATION = {"Bl", "Bn", "Gr", "Ye", "Br", "Ca", "Eg", "Co", "a", "b", "c", "x", "y", "Sunfield", "Farm"}


@pytest.mark.parametrize("seats,stage", [(2, "start"), (3, "middle"), (4, "end")])
def test_given_a_sunfield_picture_in_the_pseudo_locale_then_every_word_of_it_is_marked(seats, stage):
    game = sample_game("sunfield", seats, {"advanced": seats != 2}, seed=3)
    svg = picture_svg("sunfield", game.view(stage, 0), 0, game.names, language="qps")
    svg = re.sub(MARK_OPEN + r"[^<" + MARK_CLOSE + r"]*…", " ", svg)  # a marked text cut with "…" to fit
    left = {found.split(": ", 1)[1] for found in unmarked_html(svg, game.names)}
    # one letter: a Client's colour letter, a Farmer's initial
    assert {word for word in left if len(word) > 1 and not pseudo_piece(word)} - SUNFIELD_NOTATION == set()


def test_given_a_french_or_german_farmer_then_the_sunfield_picture_and_its_alt_text_are_in_their_language():
    game = sample_game("sunfield", 3, {"advanced": True}, seed=3)
    view = game.view("middle", 0)
    french = picture_svg("sunfield", view, 0, game.names, language="fr")
    german = picture_svg("sunfield", view, 0, game.names, language="de")
    assert "Marché" in french and "Piste Élevage" in french and "tuiles Réputation" in french
    assert "Markt" in german and "Ansehensplättchen" in german and "Medaillen" in german
    english = picture_svg("sunfield", view, 0, game.names)
    assert "Clients waiting" in english and "Livestock track" in english  # the alt text, a label
    assert not any(words in svg for svg in (french, german) for words in ("Clients waiting", "Livestock track"))
