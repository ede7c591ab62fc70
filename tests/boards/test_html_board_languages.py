"""The HTML board in the reader's language: both games' board.html (the
board of the turn mail's HTML part and of the web pages) write their
headings, table heads, labels, alt and title texts and the board model's
texts (who acts, costs, what tiles, buildings and cards give) through the
translator, element names by the glossary. In the pseudo-locale every word
is marked; what is left unmarked is notation: the town spaces as farmers
type them (``store 2``), the mail's colour and Vegetable signs its key
explains (``Bl``, ``Ca``), cells and grid axes (``c3``, ``a→``), the game's
name."""

from __future__ import annotations

import re

import pytest

from boards import mail_html, sample_game, web_html
from engine import get_game
from tests.boards.test_picture_languages import pseudo_piece
from tests.pseudo import unmarked_html

#: the town spaces as farmers type them ("place store 2"), the game's name
HARVEST_NOTATION = {"store", "fields", "workshop", "trading", "market", "Harvest"}
#: the mail's signs of tile colours and Vegetables (its key line explains them), the game's name
SUNFIELD_NOTATION = {"Bl", "Bn", "Gr", "Ye", "Br", "Ca", "Eg", "Co", "Sunfield", "Farm"}


def rendered(game_name: str, view: dict, seat, names, mode: str, language: str, highlight=()) -> str:
    if mode == "mail":
        return str(mail_html(game_name, view, seat, names, language=language))
    return str(web_html(game_name, view, seat, names, highlight, language=language))


def unmarked_words(html: str, names, notation: set[str]) -> set[str]:
    """The words outside the marks that are no name, no notation and no piece of a marked text."""
    left = {found.split(": ", 1)[1] for found in unmarked_html(html, names)}
    # one letter: the grids' columns and axes ("x", "y")
    return {word for word in left if len(word) > 1 and not pseudo_piece(word)} - notation


def legal_codes(game_name: str, state: dict) -> list[str]:
    game = get_game(game_name)
    return [move.code() for move in game.legal_moves(state)] if game.to_act(state) is not None else []


@pytest.mark.parametrize("mode", ["mail", "web"])
@pytest.mark.parametrize("seats,stage", [(1, "start"), (2, "middle"), (4, "end")])
def test_given_a_harvest_html_board_in_the_pseudo_locale_then_every_word_of_it_is_marked(seats, stage, mode):
    game = sample_game("harvest", seats, seed=3)
    state = game.at(stage)
    html = rendered("harvest", game.view(stage, 0), 0, game.names, mode, "qps", legal_codes("harvest", state))
    assert unmarked_words(html, game.names, HARVEST_NOTATION) == set()


@pytest.mark.parametrize("mode", ["mail", "web"])
def test_given_harvest_boards_all_through_a_game_in_the_pseudo_locale_then_every_word_is_marked(mode):
    """Every phase: keeping cards, sunrise, a visit under way, the end and Gairy's rating."""
    game = sample_game("harvest", 1, seed=5)
    rules = get_game("harvest")
    left = set()
    for state in game.states:
        for seat in (0, None):
            html = rendered("harvest", rules.view(state, seat), seat, game.names, mode, "qps")
            left |= unmarked_words(html, game.names, HARVEST_NOTATION)
    assert left == set()


@pytest.mark.parametrize("mode", ["mail", "web"])
@pytest.mark.parametrize("seats,stage", [(2, "start"), (3, "middle"), (4, "end")])
def test_given_a_sunfield_html_board_in_the_pseudo_locale_then_every_word_of_it_is_marked(seats, stage, mode):
    game = sample_game("sunfield", seats, {"advanced": seats != 2}, seed=3)
    state = game.at(stage)
    html = rendered("sunfield", game.view(stage, 0), 0, game.names, mode, "qps", legal_codes("sunfield", state))
    assert unmarked_words(html, game.names, SUNFIELD_NOTATION) == set()


@pytest.mark.parametrize("mode", ["mail", "web"])
def test_given_sunfield_boards_all_through_a_game_in_the_pseudo_locale_then_every_word_is_marked(mode):
    """Every phase: a tile to place and the places open for it, Vegetables to put, a reserved Client, the end."""
    game = sample_game("sunfield", 3, {"advanced": True}, seed=4)
    rules = get_game("sunfield")
    left = set()
    for state in game.states:
        for seat in (rules.to_act(state) or 0, None):
            html = rendered("sunfield", rules.view(state, seat), seat, game.names, mode, "qps",
                            legal_codes("sunfield", state))
            left |= unmarked_words(html, game.names, SUNFIELD_NOTATION)
    assert left == set()


@pytest.mark.parametrize("game_name", ["sunfield", "harvest"])
def test_given_a_table_still_waiting_for_a_farmer_then_the_html_board_says_so_in_the_readers_language(game_name):
    game = sample_game(game_name, 2, seed=3)
    view = game.view("start", 0) | {"waiting_for": ["Yoann"]}
    assert "Waiting for Yoann to join" in rendered(game_name, view, 0, game.names, "mail", "en")
    assert "None" not in rendered(game_name, view, 0, game.names, "mail", "en")
    assert "Yoann" in rendered(game_name, view, 0, game.names, "web", "fr")
    assert unmarked_words(rendered(game_name, view, 0, game.names, "web", "qps"), game.names,
                          HARVEST_NOTATION | SUNFIELD_NOTATION) == set()


def test_given_a_french_or_german_farmer_then_the_sunfield_html_board_speaks_their_language():
    game = sample_game("sunfield", 3, {"advanced": True}, seed=3)
    view = game.view("middle", 0)
    for mode in ("mail", "web"):
        french = rendered("sunfield", view, 0, game.names, mode, "fr")
        german = rendered("sunfield", view, 0, game.names, mode, "de")
        assert all(word in french for word in ("Marché", "colonne a", "Parcelle de", "Brouette", "Médailles",
                                               "Piste Élevage", "Tuiles Réputation", "(vous)"))
        assert all(word in german for word in ("Markt", "Spalte a", "Parzelle von", "Schubkarre", "Medaillen",
                                               "Viehleiste", "Ansehensplättchen", "(du)"))
        english = rendered("sunfield", view, 0, game.names, mode, "en")
        assert "column a" in english and "Plot of" in english and "Marché" not in english


def test_given_a_french_or_german_farmer_then_the_harvest_html_board_speaks_their_language():
    game = sample_game("harvest", 2, seed=3)
    view = game.view("middle", 0)
    for mode in ("mail", "web"):
        french = rendered("harvest", view, 0, game.names, mode, "fr")
        german = rendered("harvest", view, 0, game.names, mode, "de")
        assert all(word in french for word in ("Plateau de la ville", "Marché fermier", "Engrais", "Eau", "Seau",
                                               "Personnage", "Ferme de", "(vous)", "Manche"))
        assert all(word in german for word in ("Stadtplan", "Bauernmarkt", "Dünger", "Wasser", "Eimer", "Figur",
                                               "Hof von", "(du)", "Runde"))
        assert "Town board" in rendered("harvest", view, 0, game.names, mode, "en")


def test_given_the_farmer_to_act_then_the_html_board_tells_them_in_their_language():
    game = sample_game("harvest", 2, seed=3)
    rules = get_game("harvest")
    state = next(s for s in game.states if s["phase"] == "place")
    actor = rules.to_act(state)
    view = rules.view(state, actor)
    assert "Du bist am Zug" in rendered("harvest", view, actor, game.names, "mail", "de")
    assert "You to act" in rendered("harvest", view, actor, game.names, "mail", "en")
    theirs = rendered("harvest", rules.view(state, 1 - actor), 1 - actor, game.names, "web", "en")
    assert re.search(rf'<span class="fp-toact">{game.names[actor]}</span> to act: placing a Wheelbarrow', theirs)


def test_given_two_languages_then_the_html_boards_are_each_in_their_own():
    game = sample_game("sunfield", 2, seed=3)
    view = game.view("middle", 0)
    french = rendered("sunfield", view, 0, game.names, "web", "fr")
    english = rendered("sunfield", view, 0, game.names, "web", "en")
    assert "Marché" in french and "Marché" not in english and "Market" in english
