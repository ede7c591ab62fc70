"""Spending Seeds, delivering a Client, validating Reputation tiles."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.sunfield import GAME
from tests.engine.sunfield.builder import (
    move,
    new_game,
    play,
    set_column,
    set_deck,
    set_wheelbarrow,
    texts,
)


@pytest.fixture
def state():
    state = new_game()
    state["clients"] = ["CL01", "CL02", "CL06", "CL11", "CL16"]
    set_deck(state, ["CL03", "CL04", "CL05"])
    state["reputation"] = ["R01", "R02", "R03", "R04"]
    state["farmers"][0]["reputation"] = [{"tile": "R06", "validated": False}]
    state["farmers"][1]["reputation"] = [{"tile": "R09", "validated": False}]
    return state


class TestSpendingSeeds:
    def test_five_seeds_add_a_vegetable_of_choice_to_the_wheelbarrow(self, state):
        state["farmers"][0]["seeds"] = 6
        after = play(state, "buy maize")
        assert after["farmers"][0]["wheelbarrow"]["corn"] == 1 and after["farmers"][0]["seeds"] == 1
        assert after["reserve"]["corn"] == state["reserve"]["corn"] - 1

    def test_seeds_may_be_spent_several_times_before_the_action(self, state):
        state["farmers"][0]["seeds"] = 8
        set_wheelbarrow(state, 0, carrot=2)
        after = play(state, "exchange carrot broccoli", "buy carrot")
        assert after["farmers"][0]["wheelbarrow"] == {"broccoli": 1, "carrot": 2, "eggplant": 0, "corn": 0}
        assert after["seat"] == 0 and after["phase"] == "act"

    def test_spending_needs_enough_seeds_and_a_vegetable_to_give(self, state):
        state["farmers"][0]["seeds"] = 4
        set_wheelbarrow(state, 0, carrot=1)
        with pytest.raises(IllegalMove, match="you need 5 Seeds to buy a Vegetable, you have 4"):
            GAME.apply(state, move("buy:corn"))
        with pytest.raises(IllegalMove, match="your Wheelbarrow has no Corn"):
            GAME.apply(state, move("exchange:corn:carrot"))
        with pytest.raises(IllegalMove, match="different Vegetable"):
            GAME.apply(state, move("exchange:carrot:carrot"))
        state["farmers"][0]["seeds"] = 2
        with pytest.raises(IllegalMove, match="you need 3 Seeds to exchange a Vegetable, you have 2"):
            GAME.apply(state, move("exchange:carrot:corn"))

    def test_seeds_collected_from_the_taken_tile_may_be_spent_in_the_same_turn(self, state):
        # Rulebook: "This is generally useful before delivering a Client, but
        # it is also possible to do it when you take a Field tile."
        # Given 4 Seeds, and a Sheep tile carrying 1 Seed
        state["farmers"][0]["seeds"] = 4
        set_column(state, "a", ["S01", "P01", "C01"], seeds=(1, 0, 0))
        # When the farmer takes it and places it
        after = play(state, "take a1", "place -2 0")
        # Then the turn waits: with 5 Seeds a Vegetable may be bought
        assert (after["seat"], after["phase"]) == (0, "after")
        bought = play(after, "buy corn")
        assert bought["farmers"][0]["wheelbarrow"]["corn"] == 1 and bought["farmers"][0]["seeds"] == 0
        # and with nothing left to spend the turn ends by itself
        assert bought["seat"] == 1

    def test_no_seeds_are_spent_while_the_tile_waits_to_be_placed(self, state):
        state["farmers"][0]["seeds"] = 9
        set_wheelbarrow(state, 0, carrot=1)
        after = play(state, "take a1")
        assert not any(t.startswith(("buy", "exchange")) for t in texts(after))

    def test_a_farmer_who_writes_nothing_more_ends_the_turn(self, state):
        # By mail the end of the mail ends the turn: what is left is optional
        state["farmers"][0]["seeds"] = 5
        set_column(state, "a", ["S01", "P01", "C01"])
        after = play(state, "take a1", "place -2 0")
        assert after["phase"] == "after"
        assert GAME.closing_moves(after) == [move("end")]
        assert GAME.closing_moves(state) == []  # before the action nothing is implied


class TestDeliverAClient:
    def test_a_client_needs_every_vegetable_it_asks_for(self, state):
        set_wheelbarrow(state, 0, corn=2, eggplant=1)
        assert "deliver 2" not in texts(state)
        with pytest.raises(IllegalMove, match="your Wheelbarrow lacks 1 Carrot"):
            GAME.apply(state, move("deliver:2"))

    def test_the_second_delivery_from_a_space_takes_the_medal_1_and_the_third_none(self, state):
        state["medals"][0] = [3, 1]
        state["clients"][0] = "CL06"
        set_deck(state, ["CL07", "CL06", "CL01"])
        set_wheelbarrow(state, 0, broccoli=9, carrot=9, eggplant=9, corn=9)
        set_wheelbarrow(state, 1, broccoli=9, carrot=9, eggplant=9, corn=9)
        after = play(state, "deliver 1", "deliver 1", "deliver 1")
        assert after["farmers"][0]["medals"] == [3]  # first delivery: the 3; third: nothing left
        assert after["farmers"][1]["medals"] == [1]  # second delivery: the 1
        assert after["medals"][0] == []
        assert len(after["farmers"][0]["clients"]) == 2 and after["clients"][0] == "CL01"

    def test_an_empty_deck_leaves_the_space_empty(self, state):
        set_deck(state, [])
        set_wheelbarrow(state, 0, carrot=1, broccoli=1, eggplant=1)
        after = play(state, "deliver 1")
        assert after["clients"][0] is None
        with pytest.raises(IllegalMove, match="there is no Client on space 1"):
            GAME.apply(after, move("deliver:1"))

    def test_the_turn_ends_after_the_delivery(self, state):
        set_wheelbarrow(state, 0, carrot=1, broccoli=1, eggplant=1)
        assert play(state, "deliver 1")["seat"] == 1


class TestReputationTiles:
    def test_one_client_may_count_for_a_colour_and_for_the_value(self, state):
        # R06: a red and a yellow Client, and one worth 3; CL11 is red and worth 3
        state["farmers"][0]["clients"] = ["CL17"]  # yellow 4
        set_wheelbarrow(state, 0, eggplant=2, carrot=1)
        after = play(state, "deliver 4")
        assert after["farmers"][0]["reputation"] == [{"tile": "R06", "validated": True}]

    def test_several_tiles_may_be_validated_in_one_turn(self, state):
        # R01 (blue, blue, 3) from the board and R05 (blue, green, 5) in front of the farmer
        state["farmers"][0]["reputation"] = [{"tile": "R05", "validated": False}]
        state["farmers"][0]["clients"] = ["CL03", "CL06"]  # blue 5, green 3
        set_wheelbarrow(state, 0, carrot=1, broccoli=1, eggplant=1)
        after = play(state, "deliver 1")  # blue 3
        assert after["farmers"][0]["reputation"] == [{"tile": "R05", "validated": True}, {"tile": "R01", "validated": True}]
        assert "R01" not in after["reputation"]

    def test_the_tile_in_front_of_a_farmer_is_only_theirs(self, state):
        # R09 (green, red, 3) lies in front of farmer 2; farmer 1 meets it but cannot take it
        state["farmers"][0]["clients"] = ["CL06"]  # green 3
        set_wheelbarrow(state, 0, eggplant=2, carrot=1)
        after = play(state, "deliver 4")  # red 3
        assert after["farmers"][1]["reputation"] == [{"tile": "R09", "validated": False}]
        assert all(r["tile"] != "R09" for r in after["farmers"][0]["reputation"])

    def test_conditions_are_only_checked_when_delivering(self, state):
        state["farmers"][0]["clients"] = ["CL01", "CL02"]  # meets R01 already
        after = play(state, "take a1")
        assert "R01" in after["reputation"]
