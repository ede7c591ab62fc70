"""The board in words (boards/in_words.py): market, my plot, clients and
scores for both games, in English, French and German, every word through
the catalogs (the pseudo-locale finds none unmarked)."""

from __future__ import annotations

import re

import pytest

from boards.i18n import translator
from boards.in_words import CLIENTS, MARKET, PLOT, SCORES, TOPICS, answer, told_changes
from engine import get_game
from engine.core import Rng
from tests.pseudo import qps, unmarked_text

NAMES = ["Anna", "Bob"]


def played(name: str, moves: int = 40) -> dict:
    """Anna's view after ``moves`` random moves of a two-farmer game."""
    game = get_game(name)
    state, rng = game.setup(2, {}, 3), Rng(1)
    for _ in range(moves):
        legal = game.legal_moves(state)
        state = game.apply(state, legal[rng.below(len(legal))])
    return game.view(state, 0)


@pytest.mark.parametrize("name", ["sunfield", "harvest"])
@pytest.mark.parametrize("topic", TOPICS)
def test_given_the_pseudo_locale_then_every_word_of_an_answer_went_through_the_catalogs(name, topic):
    text = answer(name, topic, played(name), 0, NAMES, qps())
    assert text.strip() and unmarked_text(text, allowed=NAMES) == []


def test_given_a_sunfield_market_then_every_place_is_told_with_its_tile_and_cost():
    view = played("sunfield")
    text = answer("sunfield", MARKET, view, 0, NAMES, translator("en"))
    for column, letter in enumerate("abc"):
        for row in range(3):
            slot = view["market"][column][row]
            line = next(line for line in text.splitlines() if line.startswith(f"{letter}{row + 1}:"))
            assert ("empty" in line) == (slot is None), line
    assert "Tiles left in the draw piles: Sheep" in text


def test_given_a_sunfield_plot_then_each_tile_is_told_top_row_first_in_french():
    view = played("sunfield")
    text = answer("sunfield", PLOT, view, 0, NAMES, translator("fr"))
    plot = view["farmers"][0]["plot"]
    told = [line.split(" : ")[0] for line in text.splitlines() if line.startswith("(")]
    expected = sorted(plot, key=lambda k: (int(k.split(",")[1]), int(k.split(",")[0])))
    assert told == [f"({k.split(',')[0]}, {k.split(',')[1]})" for k in expected]
    assert text.startswith(f"Votre Parcelle a {len(plot)} tuiles") and "Votre Brouette" in text


def test_given_sunfield_clients_then_each_space_says_what_the_client_needs_in_german():
    view = played("sunfield")
    text = answer("sunfield", CLIENTS, view, 0, NAMES, translator("de"))
    spaces = [line for line in text.splitlines() if line[:2] in {f"{n}:" for n in range(1, 6)}]
    assert len(spaces) == 5 and all("will" in line or "kein Kunde" in line for line in spaces)
    assert "Ansehensplättchen auf dem Brett" in text


def test_given_scores_then_the_leader_is_named_and_farmers_are_best_first():
    view = played("sunfield")
    game = get_game("sunfield")
    totals = game.score_sheet(view)["total"]
    text = answer("sunfield", SCORES, view, 0, NAMES, translator("en"))
    best = max(range(2), key=lambda seat: totals[seat])
    lines = text.splitlines()
    assert lines[1].startswith(NAMES[best]) and (lines[-1] == f"{NAMES[best]} leads." or "share the lead" in lines[-1])


def test_given_a_tie_then_the_farmers_share_the_lead():
    view = get_game("harvest").setup(2, {}, 3)
    assert answer("harvest", SCORES, view, 0, NAMES, translator("fr")).endswith("Anna et Bob sont à égalité en tête.")


def test_given_a_harvest_farm_then_every_cell_is_told_once_in_german():
    text = answer("harvest", PLOT, played("harvest"), 0, NAMES, translator("de"))
    lines = text.splitlines()
    cells = [cell for line in lines[1:-1] for cell in re.findall(r"\b[a-f][1-4]\b", line)]
    assert sorted(cells) == sorted(f"{c}{r}" for c in "abcdef" for r in range(1, 5))
    assert lines[0].startswith("Dein Hof") and "Münzen" in lines[-1]


def test_given_harvest_then_market_tells_the_farmers_market_and_clients_the_buildings():
    view = played("harvest")
    market = answer("harvest", MARKET, view, 0, NAMES, translator("fr")).splitlines()
    assert market[0].startswith("Le Marché fermier") and [line[:1] for line in market[1:4]] == ["a", "b", "c"]
    buildings = answer("harvest", CLIENTS, view, 0, NAMES, translator("en")).splitlines()
    assert buildings[0].startswith("Harvest has no Clients") and len(buildings) == 1 + len(view["buildings"]["offer"])


def test_a_spectator_has_no_plot():
    assert answer("sunfield", PLOT, played("sunfield"), None, NAMES, translator("en")) == \
        "Only a farmer of the game has a Plot."


def test_what_changed_is_told_in_order_or_says_nothing_changed():
    t = translator("de")
    assert told_changes([], t) == "Seit deinem letzten Zug hat sich nichts geändert."
    assert told_changes(["Bob took b2", "Cat delivered 3"], t).splitlines()[1:] == ["* Bob took b2", "* Cat delivered 3"]
