"""When the game ends, and what happens when the reserve runs out."""

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
    set_deck,
    set_pile,
    set_plot,
    set_wheelbarrow,
    texts,
    tile,
)


def about_to_empty_the_sheep_pile(seats: int = 3) -> dict:
    """Column a holds one tile; taking it refills the column with the last Sheep tile."""
    state = new_game(seats)
    set_column(state, "a", ["S01", None, None])
    set_pile(state, "sheep", ["S05"])
    return state


class TestEndOfGame:
    def test_the_first_farmer_emptying_a_pile_lets_the_round_finish(self):
        state = about_to_empty_the_sheep_pile()
        state = play(state, "take a1", "place -2 0")
        assert state["ending"] and state["piles"]["sheep"] == 0
        assert GAME.progress(state) == "round 1 (last round)"
        state = play(state, "take b1", "place -2 0")
        assert GAME.to_act(state) == 2
        state = play(state, "take c1", "place -2 0")
        assert state["phase"] == "after"  # with 4 Seeds the third farmer may still exchange
        state = play(state, "end")
        assert GAME.is_over(state) and GAME.legal_moves(state) == []
        assert GAME.progress(state) == "game over after round 1"

    def test_the_last_farmer_emptying_a_pile_ends_the_game_at_the_end_of_their_turn(self):
        state = about_to_empty_the_sheep_pile()
        state["seat"] = 2
        state = play(state, "take a1", "place -2 0")
        assert GAME.to_act(state) is None

    def test_the_last_client_of_the_deck_ends_the_game_at_the_end_of_the_round(self):
        state = new_game(2)
        state["clients"][0] = "CL01"
        set_deck(state, ["CL02"])
        set_wheelbarrow(state, 0, carrot=1, broccoli=1, eggplant=1)
        state = play(state, "deliver 1")
        assert state["ending"] and state["deck"] == 0 and GAME.to_act(state) == 1
        state = play(state, "take a1", "place -2 0")
        assert GAME.is_over(state)

    def test_otherwise_rounds_go_on(self):
        state = play(new_game(2), "take a1", "place -2 0", "take a2", "place -2 0")
        assert (state["round"], GAME.to_act(state), GAME.progress(state)) == (2, 0, "round 2")

    def test_a_tie_on_points_goes_to_the_most_seeds_then_is_shared(self):
        state = new_game(3)
        for farmer in state["farmers"]:
            farmer["medals"], farmer["seeds"] = [3], 2
        state["farmers"][1]["seeds"] = 4
        assert GAME.ranking(state) == [[1], [0, 2]]


class TestSupplyLimits:
    def test_vegetables_the_reserve_no_longer_has_are_not_gained(self):
        state = new_game()
        set_plot(state, 0, {(0, 0): tile("P07")})  # Carrot, Corn spaces
        set_column(state, "a", ["S01", "P01", "C13"])  # Carrot Carrot Corn
        state["reserve"]["carrot"] = 0
        state["farmers"][0]["seeds"] = 2
        after = play(state, "take a3", "place 1 0")
        assert plot_tile(after, 0, 0, 0)["filled"] == [0, 1]
        assert after["reserve"]["carrot"] == 0

    def test_a_harvest_without_an_animal_left_leaves_the_pasture_empty(self):
        state = new_game()
        set_plot(state, 0, {(0, 0): tile("P02", ("carrot",))})
        set_column(state, "a", ["S09", "P01", "C01"])
        state["reserve"]["pig"] = 0
        after = play(state, "take a1", "place 0 1")
        assert plot_tile(after, 0, 0, 0) == {"tile": "P02", "filled": [0, 0], "pasture": True, "animal": None}

    def test_without_a_medal_3_left_a_trio_stays_in_the_plot(self):
        state = new_game()
        set_plot(state, 0, {(0, 0): tile("S03"), (1, 0): pasture("C01", "cow"), (2, 0): pasture("P01", "pig")})
        set_column(state, "a", ["S07", "P01", "C01"])
        state["reserve"]["medal3"] = 0
        after = play(state, "take a1", "place 0 1")
        assert after["farmers"][0]["medals"] == []
        assert sorted(t["animal"] for t in after["farmers"][0]["plot"].values() if t["animal"]) == ["cow", "pig", "sheep"]

    def test_a_column_refilled_when_the_reserve_has_no_seed_gets_none(self):
        state = new_game()
        set_column(state, "a", ["S01", None, None])
        state["reserve"]["seeds"] = 0
        after = play(state, "take a1")
        assert after["market"][0][0]["seeds"] == 0

    def test_a_refill_from_an_empty_pile_leaves_the_space_empty(self):
        state = new_game()
        set_column(state, "a", ["S01", None, None])
        set_pile(state, "pig", [])
        after = play(state, "take a1")
        assert after["market"][0][1] is None and after["market"][0][0] is not None

    def test_a_vegetable_the_reserve_lacks_cannot_be_bought_or_exchanged_for(self):
        state = new_game()
        state["farmers"][0]["seeds"] = 9
        set_wheelbarrow(state, 0, carrot=1)
        state["reserve"]["corn"] = 0
        assert not any("corn" in t for t in texts(state) if t.startswith(("buy", "exchange")))
        with pytest.raises(IllegalMove, match="the reserve has no Corn left"):
            GAME.apply(state, move("buy:corn"))
        with pytest.raises(IllegalMove, match="the reserve has no Corn left"):
            GAME.apply(state, move("exchange:carrot:corn"))

    def test_a_farmer_with_nothing_to_take_or_deliver_passes(self):
        state = new_game()
        state["market"] = [[None] * 3 for _ in range(3)]
        assert texts(state) == ["end"]
        after = play(state, "end")
        assert after["seat"] == 1 and GAME.describe(state, move("end")).startswith("passed")
