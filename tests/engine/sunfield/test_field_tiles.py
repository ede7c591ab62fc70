"""Add a Field tile: take, place, place the gained Vegetables, harvest, deliver Animals."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.sunfield import GAME
from tests.engine.sunfield.builder import (
    move,
    new_game,
    pasture,
    play,
    plot_tile,
    set_column,
    set_plot,
    texts,
    tile,
    with_known_market,
)


@pytest.fixture
def state():
    state = with_known_market(new_game())
    return state


class TestTakeAFieldTile:
    def test_the_top_tile_is_free_and_its_seeds_go_to_the_taker(self, state):
        state["farmers"][0]["seeds"] = 0
        after = play(state, "take b1")
        assert after["farmers"][0]["seeds"] == 2
        assert after["market"][1][0] is None

    def test_a_deeper_tile_costs_a_seed_on_each_tile_above(self, state):
        state["farmers"][0]["seeds"] = 2
        after = play(state, "take c3")
        assert after["farmers"][0]["seeds"] == 0
        assert [slot["seeds"] for slot in after["market"][2][:2]] == [2, 1]

    def test_a_farmer_without_enough_seeds_is_told_what_it_costs(self, state):
        state["farmers"][0]["seeds"] = 1
        assert "take c3" not in texts(state)
        with pytest.raises(IllegalMove, match="you need 2 Seeds to take c3, you have 1"):
            GAME.parse(state, 0, "take c3")
        with pytest.raises(IllegalMove, match="you need 2 Seeds to take c3, you have 1"):
            GAME.apply(state, move("take:c:3"))

    def test_an_empty_space_cannot_be_taken(self, state):
        state["market"][0][1] = None
        with pytest.raises(IllegalMove, match="there is no Field tile at a2"):
            GAME.apply(state, move("take:a:2"))

    def test_after_taking_the_farmer_must_place_the_tile_before_anything_else(self, state):
        after = play(state, "take a1")
        assert after["phase"] == "place"
        assert all(t.startswith("place ") for t in texts(after))
        with pytest.raises(IllegalMove, match="first place the tile"):
            GAME.apply(after, move("take:a:2"))


class TestPlaceTheFieldTile:
    def test_a_tile_goes_on_any_empty_place_next_to_the_plot(self, state):
        after = play(state, "take a1")
        places = {tuple(m.args) for m in GAME.legal_moves(after)}
        assert places == {(-2, 0), (2, 0), (-1, 1), (0, 1), (1, 1), (-1, -1), (0, -1), (1, -1)}

    def test_a_tile_may_not_float_apart_or_cover_another(self, state):
        after = play(state, "take a1")
        for code in ("place:3:0", "place:0:0"):
            with pytest.raises(IllegalMove, match="empty place next to a tile of your Plot"):
                GAME.apply(after, move(code))

    def test_gained_vegetables_never_go_on_the_new_tile_itself(self, state):
        set_plot(state, 0, {(0, 0): tile("P05")})  # blue, Carrot Carrot; nothing else in the Plot
        set_column(state, "a", ["S02", "P01", "C01"])  # S02 blue, a Carrot
        after = play(state, "take a1", "place 1 0")
        assert plot_tile(after, 0, 1, 0)["filled"] == [0]
        assert plot_tile(after, 0, 0, 0)["filled"] == [1, 0]

    def test_a_same_colour_tile_far_away_may_receive_a_vegetable(self, state):
        set_plot(state, 0, {(0, 0): tile("P02"), (1, 0): tile("P03"), (2, 0): tile("S11")})  # S11 green Eggplant
        set_column(state, "a", ["S15", "P01", "C01"])  # S15 green, an Eggplant
        after = play(state, "take a1", "place -1 0")
        # P03 (green, Broccoli Eggplant) and S11 are green: a real choice between them
        assert after["phase"] == "put"
        assert sorted(texts(after)) == ["put eggplant 1 0", "put eggplant 2 0"]
        after = play(after, "put eggplant 2 0")
        assert plot_tile(after, 0, 2, 0)["pasture"]  # filled, so harvested
        assert after["seat"] == 1

    def test_vegetables_enough_to_fill_every_eligible_space_need_no_choice(self, state):
        # two Carrot spaces on two adjacent tiles, and two Carrots gained
        set_plot(state, 0, {(0, 0): tile("S02"), (1, 1): tile("S06")})
        state["farmers"][0]["plot"]["1,0"] = tile("P02")  # keeps the Plot in one piece
        set_column(state, "a", ["S01", "P05", "C01"])  # P05: Carrot Carrot
        state["farmers"][0]["seeds"] = 1
        after = play(state, "take a2", "place 0 1")
        assert after["seat"] == 1  # no question asked
        assert plot_tile(after, 0, 0, 0)["pasture"] and plot_tile(after, 0, 1, 1)["pasture"]

    def test_a_single_eligible_tile_takes_the_vegetable_without_asking(self, state):
        set_plot(state, 0, {(0, 0): tile("P05")})
        set_column(state, "a", ["S02", "P01", "C01"])
        after = play(state, "take a1", "place 0 1")
        assert plot_tile(after, 0, 0, 0)["filled"] == [1, 0]
        assert after["seat"] == 1

    def test_a_vegetable_only_goes_to_a_tile_adjacent_to_the_new_one_or_of_its_colour(self, state):
        set_plot(state, 0, {(0, 0): tile("S02"), (2, 0): tile("S06"), (1, 0): tile("P12"), (3, 0): tile("S10")})
        set_column(state, "a", ["S14", "P01", "C01"])  # S14 green Carrot, placed above (1, 0)
        after = play(state, "take a1", "place 1 -1")
        # P12 (yellow, Broccoli Carrot) is adjacent; S02/S06/S10 are neither adjacent nor green
        assert after["seat"] == 1 and plot_tile(after, 0, 1, 0)["filled"] == [0, 1]


class TestHarvestAndAnimals:
    def test_several_tiles_filled_at_once_are_all_harvested(self, state):
        set_plot(state, 0, {(0, 0): tile("S02"), (2, 0): tile("S08")})
        state["farmers"][0]["plot"]["1,-1"] = tile("P01")  # not touched
        set_column(state, "a", ["S01", "P07", "C01"])  # P07: Carrot Corn
        state["farmers"][0]["seeds"] = 1
        after = play(state, "take a2", "place 1 0")
        assert plot_tile(after, 0, 0, 0)["animal"] == "sheep" and plot_tile(after, 0, 2, 0)["animal"] == "sheep"
        assert after["farmers"][0]["wheelbarrow"] == {"broccoli": 0, "carrot": 1, "eggplant": 0, "corn": 1}

    def test_two_trios_in_one_turn_give_two_medals(self, state):
        set_plot(state, 0, {
            (0, 0): tile("S03"), (1, 0): tile("S07"),
            (0, -1): pasture("P01", "pig"), (1, -1): pasture("P02", "pig"),
            (2, 0): pasture("C01", "cow"), (2, -1): pasture("C02", "cow"),
            (-1, 0): pasture("S01", "sheep"),
        })
        set_column(state, "a", ["S01", "P08", "C01"])  # P08: Eggplant Eggplant
        state["farmers"][0]["seeds"] = 1
        after = play(state, "take a2", "place 0 1")
        assert after["farmers"][0]["medals"] == [3, 3]
        assert not any(t["animal"] for t in after["farmers"][0]["plot"].values())

    def test_the_turn_ends_by_itself_once_the_tile_is_added(self, state):
        after = play(state, "take a1", "place -2 0")
        assert (after["seat"], after["phase"], after["acted"]) == (1, "act", False)
