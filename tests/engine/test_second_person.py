"""Telling a farmer what they played: describe sentences in the second person."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.core import second_person
from tests.engine.outcome_samples import sample_states


def test_their_and_they_become_your_and_you_and_nothing_else_changes():
    assert second_person("placed the Pig tile in their Plot at (1, 0)") == "placed the Pig tile in your Plot at (1, 0)"
    assert second_person("delivered the Client they had reserved") == "delivered the Client you had reserved"
    assert second_person("lost 2 Carrots (no space for them)") == "lost 2 Carrots (no space for them)"
    assert second_person("Their turn; theirs") == "Your turn; yours"
    assert second_person("gathered the theory") == "gathered the theory"  # whole words only


@pytest.mark.parametrize("name, seats, options", [("sunfield", 3, {"advanced": True}), ("harvest", 2, {})])
def test_no_sentence_of_a_sample_game_told_to_its_farmer_speaks_of_them_as_they(name, seats, options):
    game = get_game(name)
    told = set()
    for state in sample_states(game, seats, options, seed=5, every=1):
        for move in game.legal_moves(state)[:12]:
            told.add(second_person(game.describe(state, move)))
    assert told and not [s for s in told if set(s.lower().replace(";", " ").replace(",", " ").split()) & {"their", "they"}]
    assert any(" your " in f" {s} " for s in told)  # the farmer's own Plot, tiles, farm: "your"
