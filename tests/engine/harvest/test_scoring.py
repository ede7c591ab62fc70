"""End-game scoring, the tie-break and Gairy's solo rating."""

import pytest

from engine.harvest.scoring import progress_value, score_sheet, solo_rating
from tests.engine.harvest.builder import crop, game, give, plain, started


def line(sheet, key):
    return next(item["points"] for item in sheet["lines"] if item["key"] == key)


@pytest.fixture
def duo():
    return plain(started(seats=2, seed=8))


def test_the_sheet_has_every_scoring_line_of_the_rulebook(duo):
    keys = [item["key"] for item in score_sheet(duo)["lines"]]
    assert keys == ["harvest", "building_effects", "buildings", "crops", "bushes", "coins"]


def test_unharvested_crops_score_one_each_blueberries_included_bushes_not(duo):
    crop(duo, "wheat", "a1", seat=0)
    crop(duo, "pumpkin", "b1", "c1", seat=0)
    crop(duo, "bush", "a2", berry=True, seat=0)
    crop(duo, "bush", "b2", seat=0)
    sheet = score_sheet(duo)
    assert line(sheet, "crops") == [3, 0]
    assert line(sheet, "bushes") == [4, 0]


def test_two_coins_make_a_point(duo):
    give(duo, 0, coins=7)
    give(duo, 1, coins=1)
    assert line(score_sheet(duo), "coins") == [3, 0]


def test_building_points_and_end_effects_are_separate_lines(duo):
    farmer = duo["farmers"][1]
    farmer["farm"]["buildings"].append({"building": "silo", "cells": ["a1", "b1", "a2", "b2"]})
    farmer["fertilizer"] = 6
    sheet = score_sheet(duo)
    assert line(sheet, "buildings") == [0, 2] and line(sheet, "building_effects") == [0, 2]


def test_points_earned_in_play_are_kept(duo):
    duo["farmers"][0]["points"] = 17
    sheet = score_sheet(duo)
    assert line(sheet, "harvest") == [17, 0] and sheet["total"] == [17, 0]


def test_a_tie_goes_to_the_most_leftover_resources(duo):
    give(duo, 0, coins=1, fertilizer=2, water=0)
    give(duo, 1, coins=0, fertilizer=1, water=1, wheat=2)
    sheet = score_sheet(duo)
    assert sheet["total"] == [0, 0]
    assert sheet["tiebreak"] == {"label": "Leftover resources", "values": [3, 4]}
    assert game.ranking(duo) == [[1], [0]]


def test_a_full_tie_shares_the_place(duo):
    assert game.ranking(duo) == [[0, 1]]


@pytest.mark.parametrize("score,title", [
    (0, "Udderly Disappointing"), (34, "Udderly Disappointing"), (35, "Kindergardener"), (44, "Kindergardener"),
    (45, "Jolly Rancher"), (54, "Jolly Rancher"), (55, "Out Standing In Your Field"), (64, "Out Standing In Your Field"),
    (65, "Legendairy"), (74, "Legendairy"), (75, "The G.O.A.T."), (120, "The G.O.A.T."),
])
def test_gairy_rates_a_solo_score(score, title):
    assert solo_rating(score) == title


def test_the_solo_sheet_notes_gairys_rating():
    state = plain(started(seats=1))
    state["farmers"][0]["points"] = 50
    assert score_sheet(state)["notes"] == ["Gairy's rating: Jolly Rancher"]
    assert score_sheet(plain(started(seats=2)))["notes"] == []


def test_the_bots_estimate_values_crops_waiting_for_a_harvest(duo):
    before = progress_value(duo, 0)
    crop(duo, "pumpkin", "a1", "b1", seat=0)
    assert progress_value(duo, 0) > before
