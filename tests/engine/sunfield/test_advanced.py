"""Advanced mode: the Livestock track and the ten powers."""

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
    set_plot,
    set_wheelbarrow,
    texts,
    tile,
)


def farmer_with(cards: tuple[str, str], position: int, seeds: int = 3, plot: dict | None = None) -> dict:
    """An advanced game where the first farmer's token stands on ``position``."""
    state = new_game(advanced=True)
    state["farmers"][0]["livestock"] = {"cards": list(cards), "position": position, "used": []}
    state["farmers"][0]["seeds"] = seeds
    if plot is not None:
        set_plot(state, 0, plot)
    return state


def powers_offered(state: dict) -> set[str]:
    return {t.split()[0] for t in texts(state)} - {"take", "deliver", "exchange", "buy", "end"}


class TestLivestockTrack:
    def test_a_trio_is_not_delivered_before_the_last_column(self):
        state = farmer_with(("A1", "B1"), 0, plot={(0, 0): tile("S03"), (1, 0): pasture("C01", "cow"), (2, 0): pasture("P01", "pig")})
        set_column(state, "a", ["S07", "P01", "C01"])
        after = play(state, "take a1", "place 0 1")
        assert after["farmers"][0]["medals"] == []
        assert after["farmers"][0]["livestock"]["position"] == 0

    def test_on_the_last_column_each_trio_earns_a_medal_3_without_a_seed(self):
        state = farmer_with(("A1", "B1"), 5, seeds=0, plot={
            (0, 0): tile("S03"), (1, 0): pasture("C01", "cow"), (2, 0): pasture("P01", "pig"),
        })
        set_column(state, "a", ["S07", "P01", "C01"])
        after = play(state, "take a1", "place 0 1")
        assert after["farmers"][0]["medals"] == [3] and after["farmers"][0]["seeds"] == 0

    def test_the_trio_that_moves_the_token_onto_the_last_column_earns_its_medal_3(self):
        # Rulebook: "Once the last column is reached, as in the standard rules,
        # as soon as three different Animals (Sheep, Cow, Pig) are present on
        # your Plot, spend them to obtain a Medal worth 3."
        # Given a token on column 4, whose next column is the last (a trio)
        state = farmer_with(("A1", "B1"), 4, seeds=0, plot={
            (0, 0): tile("S03"), (1, 0): pasture("C01", "cow"), (2, 0): pasture("P01", "pig"),
        })
        set_column(state, "a", ["S07", "P01", "C01"])  # S07: the Eggplant that fills the Sheep tile
        medals = state["reserve"]["medal3"]
        # When the harvest brings the Sheep of the trio
        after = play(state, "take a1", "place 0 -1")
        # Then the token moves onto the last column and the trio earns a Medal 3
        farmer = after["farmers"][0]
        assert farmer["livestock"]["position"] == 5
        assert farmer["medals"] == [3] and after["reserve"]["medal3"] == medals - 1
        assert not any(t["animal"] for t in farmer["plot"].values())

    def test_only_the_next_column_s_animals_advance_the_token(self):
        # A1: column 1 needs two Sheep; a Cow and a Pig do nothing yet
        state = farmer_with(("A1", "B1"), 0, plot={(0, 0): tile("S03"), (1, 0): pasture("C01", "cow")})
        set_column(state, "a", ["S07", "P01", "C01"])
        after = play(state, "take a1", "place 0 1")
        assert after["farmers"][0]["livestock"]["position"] == 0

    def test_the_animal_spent_is_the_one_that_leaves_the_largest_empty_pasture(self):
        # A1 column 2 needs a Cow and a Pig; of the two Cows, the one at the end
        # of the row of empty Pastures goes, making a row of 3 empty Pastures
        state = farmer_with(("A1", "B1"), 1, plot={
            (0, 0): pasture("P03"), (1, 0): pasture("P04"), (2, 0): pasture("C01", "cow"),
            (0, -1): pasture("C02", "cow"), (1, -1): tile("P02", ("carrot",)),
        })
        set_column(state, "a", ["S09", "P01", "C01"])  # S09: a Broccoli for the Pig tile
        after = play(state, "take a1", "place 1 -2")
        plot = after["farmers"][0]["plot"]
        assert after["farmers"][0]["livestock"]["position"] == 2
        assert plot["2,0"]["animal"] is None and plot["0,-1"]["animal"] == "cow"


class TestUsingPowers:
    def test_powers_belong_to_the_advanced_mode(self):
        state = new_game()
        with pytest.raises(IllegalMove, match="advanced mode"):
            GAME.parse(state, 0, "gain corn")

    def test_only_the_columns_reached_offer_their_power(self):
        state = farmer_with(("A2", "B2"), 1, plot={(0, 0): pasture("S01", "sheep"), (1, 0): pasture("P01")})
        assert powers_offered(state) == {"swap"}
        with pytest.raises(IllegalMove, match="has not reached a column with the “herd” power"):
            GAME.apply(state, move("herd:0:0:1:0"))

    def test_a_power_costs_a_seed_on_its_column_and_is_used_once_per_game(self):
        state = farmer_with(("A3", "B1"), 1, seeds=1)
        set_wheelbarrow(state, 0, carrot=1)
        after = play(state, "trade carrot corn")
        assert after["farmers"][0]["seeds"] == 0 and after["farmers"][0]["livestock"]["used"] == [1]
        after["farmers"][0]["seeds"] = 5
        with pytest.raises(IllegalMove, match="already used the “trade” power"):
            GAME.apply(after, move("trade:corn:carrot"))

    def test_without_a_seed_no_power_can_be_used(self):
        state = farmer_with(("A3", "B1"), 5, seeds=0)
        set_wheelbarrow(state, 0, carrot=1)
        assert powers_offered(state) == set()
        with pytest.raises(IllegalMove, match="costs a Seed"):
            GAME.apply(state, move("gain:corn"))

    def test_powers_may_be_used_after_the_action_at_any_time_during_the_turn(self):
        # Rulebook: "At any time during your turn, in addition to your action,
        # you may perform a power available on the column where your Farmer
        # token is located, or on one of the previous columns."
        state = farmer_with(("A3", "B1"), 3, seeds=2)
        set_column(state, "a", ["S01", "P01", "C01"])
        assert powers_offered(state) == {"draw", "gain"}
        after = play(state, "take a1", "place -2 0")
        assert (after["seat"], after["phase"]) == (0, "after")
        assert {"draw", "gain"} <= powers_offered(after)
        assert play(after, "gain corn", "end")["seat"] == 1

    def test_two_powers_in_one_turn(self):
        # Rulebook: "NOTE: several powers can be used in the same turn."
        # Given a token on column 3 of A3 + B1: trade (column 1) and gain (column 3)
        state = farmer_with(("A3", "B1"), 3, seeds=2)
        set_column(state, "a", ["S01", "P01", "C01"])
        set_wheelbarrow(state, 0, carrot=1)
        # When the farmer trades before the action and gains after it
        after = play(state, "trade carrot corn", "take a1", "place -2 0", "gain eggplant")
        # Then both powers are paid with a Seed each and did what they say
        farmer = after["farmers"][0]
        assert sorted(farmer["livestock"]["used"]) == [1, 3] and farmer["seeds"] == 0
        assert (farmer["wheelbarrow"]["carrot"], farmer["wheelbarrow"]["corn"], farmer["wheelbarrow"]["eggplant"]) == (0, 1, 1)
        # and with no Seed left nothing more can follow: the turn ended by itself
        assert after["seat"] == 1

    def test_a_power_reached_during_the_action_holds_the_turn_until_used_or_ended(self):
        # the harvest brings a second Sheep: the token reaches column 1 (draw)
        state = farmer_with(("A1", "B1"), 0, seeds=1, plot={(0, 0): tile("S01"), (1, 0): pasture("S02", "sheep")})
        set_column(state, "a", ["S09", "P01", "C01"])
        after = play(state, "take a1", "place 0 1")
        assert (after["seat"], after["phase"]) == (0, "after")
        assert sorted(texts(after)) == ["draw", "end"]
        assert play(after, "end")["seat"] == 1
        # using the power with the last Seed leaves nothing to wait for
        assert play(after, "draw", "place 0 2")["seat"] == 1

    def test_after_the_action_no_second_action_is_offered(self):
        state = farmer_with(("A3", "B1"), 3, seeds=3)
        after = play(state, "take a1", "place -2 0")
        assert (after["seat"], after["phase"]) == (0, "after")
        assert not any(t.startswith(("take", "deliver")) for t in texts(after))
        with pytest.raises(IllegalMove, match="already taken your action"):
            GAME.parse(after, 0, "take b1")


class TestEachPower:
    def test_draw_places_the_top_tile_of_the_card_s_pile_without_gaining_vegetables(self):
        state = farmer_with(("A1", "B1"), 1)
        top = state["hidden"]["piles"]["sheep"][0]
        reserve = dict(state["reserve"])
        after = play(state, "draw")
        assert after["phase"] == "place" and after["pending"] == {"tile": top, "gain": False}
        after = play(after, "place -2 0")
        assert plot_tile(after, 0, -2, 0)["tile"] == top
        assert {v: after["reserve"][v] for v in ("broccoli", "carrot", "eggplant", "corn")} == {
            v: reserve[v] for v in ("broccoli", "carrot", "eggplant", "corn")}
        assert after["phase"] == "act" and after["piles"]["sheep"] == state["piles"]["sheep"] - 1

    def test_a_reserved_client_is_delivered_without_a_medal_and_only_by_its_owner(self):
        state = farmer_with(("A1", "B1"), 2)
        state["clients"][0] = "CL01"
        set_deck(state, ["CL20", "CL19"])
        state = play(state, "reserve 1", "take a1", "place -2 0", "end")
        set_wheelbarrow(state, 1, carrot=1, broccoli=1, eggplant=1)
        assert not any(t.startswith("deliver") for t in texts(state))
        state = play(state, "take a2", "place -2 0")
        set_wheelbarrow(state, 0, carrot=1, broccoli=1, eggplant=1)
        state = play(state, "deliver reserved")
        assert state["farmers"][0]["clients"] == ["CL01"] and state["farmers"][0]["medals"] == []
        assert state["private"]["0"]["reserved"] == [] and state["farmers"][0]["reserved"] == 0

    def test_swap_exchanges_an_animal_for_another_from_the_reserve(self):
        state = farmer_with(("A2", "B2"), 1, plot={(0, 0): pasture("S01", "sheep"), (1, 0): pasture("P01")})
        after = play(state, "swap 0 0 cow")
        assert plot_tile(after, 0, 0, 0)["animal"] == "cow"
        assert after["reserve"]["sheep"] == state["reserve"]["sheep"] + 1
        assert after["reserve"]["cow"] == state["reserve"]["cow"] - 1

    def test_a_swap_that_completes_the_next_column_advances_the_token(self):
        state = farmer_with(("A2", "B2"), 1, plot={(0, 0): pasture("S01", "sheep"), (1, 0): pasture("P01", "cow")})
        after = play(state, "swap 1 0 sheep")  # column 2 of A2 needs a Sheep and a Cow: not anymore
        assert after["farmers"][0]["livestock"]["position"] == 1
        after = play(state, "swap 0 0 pig")
        assert after["farmers"][0]["livestock"]["position"] == 1
        state["farmers"][0]["plot"]["2,0"] = pasture("C01", "cow")
        after = play(state, "swap 2 0 sheep")  # now a Sheep and the Cow at 1 0
        assert after["farmers"][0]["livestock"]["position"] == 2

    def test_herd_moves_an_animal_to_an_empty_pasture_of_any_kind(self):
        state = farmer_with(("A2", "B2"), 2, plot={(0, 0): pasture("S01", "sheep"), (1, 0): pasture("C01"), (2, 0): tile("P01")})
        assert sorted(t for t in texts(state) if t.startswith("herd")) == ["herd 0 0 to 1 0"]
        after = play(state, "herd 0 0 to 1 0")
        assert plot_tile(after, 0, 1, 0)["animal"] == "sheep" and plot_tile(after, 0, 0, 0)["animal"] is None

    def test_gain_takes_a_vegetable_of_choice_for_free(self):
        state = farmer_with(("A1", "B1"), 3, seeds=1)
        after = play(state, "gain eggplant")
        assert after["farmers"][0]["wheelbarrow"]["eggplant"] == 1 and after["farmers"][0]["seeds"] == 0

    def test_pick_takes_a_vegetable_from_a_tile_into_the_wheelbarrow(self):
        state = farmer_with(("A1", "B1"), 4, plot={(0, 0): tile("P07", ("carrot", "corn"))})
        after = play(state, "pick corn 0 0")
        assert plot_tile(after, 0, 0, 0)["filled"] == [1, 0]
        assert after["farmers"][0]["wheelbarrow"]["corn"] == 1

    def test_shift_moves_a_vegetable_to_a_matching_space_and_may_harvest(self):
        state = farmer_with(("A1", "B2"), 3, plot={(0, 0): tile("P07", ("carrot",)), (1, 0): tile("P05", ("carrot",))})
        after = play(state, "shift carrot 0 0 to 1 0")
        assert plot_tile(after, 0, 0, 0)["filled"] == [0, 0]
        assert plot_tile(after, 0, 1, 0)["pasture"] and plot_tile(after, 0, 1, 0)["animal"] == "pig"

    def test_sow_places_a_vegetable_from_the_reserve_and_may_harvest(self):
        state = farmer_with(("A1", "B2"), 4, plot={(0, 0): tile("S08")})
        after = play(state, "sow maize 0 0")
        assert plot_tile(after, 0, 0, 0)["animal"] == "sheep"
        assert after["farmers"][0]["wheelbarrow"]["corn"] == 1

    def test_the_plot_must_be_whole_once_the_move_is_complete_not_while_the_tile_is_lifted(self):
        # Rulebook (move power): "Once the move is complete, your Plot must not
        # be split into several parts."
        # Given an L: (0,0) is its corner, joining (1,0) and (0,-1)
        state = farmer_with(("A1", "B3"), 3, plot={(0, 0): tile("P01"), (1, 0): tile("C01"), (0, -1): tile("S01")})
        # When the corner moves to the other corner of the square
        after = play(state, "move 0 0 to 1 -1")
        # Then the Plot is whole again: the move is allowed
        assert set(after["farmers"][0]["plot"]) == {"1,0", "0,-1", "1,-1"}
        # but a move that leaves the two arms apart is refused
        with pytest.raises(IllegalMove):
            GAME.apply(state, move("move:0:0:2:0"))

    def test_move_relocates_a_tile_with_what_lies_on_it_keeping_the_plot_in_one_piece(self):
        state = farmer_with(("A1", "B3"), 3, plot={(0, 0): pasture("S01", "sheep"), (1, 0): tile("P07", ("carrot",)), (2, 0): tile("C01")})
        movable = {m.args[:2] for m in GAME.legal_moves(state) if m.kind == "move"}
        assert movable == {(0, 0), (2, 0)}  # moving the middle tile would split the Plot
        with pytest.raises(IllegalMove):
            GAME.apply(state, move("move:1:0:1:1"))
        after = play(state, "move 0 0 to 2 1")
        assert plot_tile(after, 0, 2, 1) == pasture("S01", "sheep")
        assert "0,0" not in after["farmers"][0]["plot"]


class TestPowerTiming:
    def test_given_a_field_tile_taken_when_it_waits_to_be_placed_then_powers_may_be_used(self):
        # Rulebook: "At any time during your turn, in addition to your action,
        # you may perform a power": between taking a Field tile and placing it too
        # Given a token on column 3 of A3 + B1 (trade, draw, gain) and 3 Seeds
        state = farmer_with(("A3", "B1"), 3)
        # When the farmer takes a Field tile
        placing = play(state, "take a1")
        taken = placing["pending"]["tile"]
        # Then, before placing it, the powers are offered besides the places
        assert {m.kind for m in GAME.legal_moves(placing)} == {"place", "draw", "gain"}
        after = play(placing, "gain corn", "place -2 0")
        assert after["farmers"][0]["wheelbarrow"]["corn"] == 1 and plot_tile(after, 0, -2, 0)["tile"] == taken

    def test_given_the_seed_of_the_taken_tile_when_spent_on_a_move_then_the_tile_goes_where_the_move_made_room(self):
        # Given the move power (B3, column 3), no Seed, and a Seed on the Sheep tile of column a
        state = farmer_with(("A1", "B3"), 3, seeds=0, plot={(0, 0): tile("P01"), (1, 0): tile("C01")})
        set_column(state, "a", ["S01", "P01", "C01"], seeds=(1, 0, 0))
        # When the farmer takes that tile, collecting its Seed
        placing = play(state, "take a1")
        assert placing["farmers"][0]["seeds"] == 1 and placing["phase"] == "place"
        # Then the Seed pays for moving a tile before the taken one is placed
        moved = play(placing, "move 1 0 to 0 1")
        farmer = moved["farmers"][0]
        assert set(farmer["plot"]) == {"0,0", "0,1"} and farmer["seeds"] == 0 and farmer["livestock"]["used"] == [3]
        assert moved["phase"] == "place" and moved["pending"] == {"tile": "S01", "gain": True}
        # and the taken tile goes on the place the move freed, gaining its Vegetables
        after = play(moved, "place 1 0")
        assert plot_tile(after, 0, 1, 0)["tile"] == "S01"

    def test_given_a_taken_tile_waiting_when_the_draw_power_is_used_then_the_drawn_tile_is_placed_first(self):
        # Given the draw power (A1, column 1) and a Field tile taken, not yet placed
        state = farmer_with(("A1", "B1"), 1)
        top = state["hidden"]["piles"]["sheep"][0]
        placing = play(state, "take a1")
        taken = placing["pending"]["tile"]
        # When the farmer draws
        drawn = play(placing, "draw")
        # Then the drawn tile waits first, the taken one behind it
        assert drawn["pending"] == {"tile": top, "gain": False, "then": {"tile": taken, "gain": True}}
        assert {m.kind for m in GAME.legal_moves(drawn)} == {"place"}
        # and once the drawn tile is placed (no Vegetables), the taken one is
        reserve = dict(drawn["reserve"])
        second = play(drawn, "place -2 0")
        assert plot_tile(second, 0, -2, 0)["tile"] == top and second["reserve"] == reserve
        assert second["phase"] == "place" and second["pending"] == {"tile": taken, "gain": True}
        after = play(second, "place 2 0")
        assert plot_tile(after, 0, 2, 0)["tile"] == taken and after["phase"] in ("put", "after", "act")

    def test_given_a_drawn_tile_waiting_when_a_power_is_asked_then_it_is_refused(self):
        # Given the tile the draw power turned up, waiting to be placed
        state = farmer_with(("A3", "B1"), 3)
        drawn = play(state, "draw")
        # Then placing it ends the power: no other power before that
        assert {m.kind for m in GAME.legal_moves(drawn)} == {"place"}
        with pytest.raises(IllegalMove, match="first place the tile the draw power turned up"):
            GAME.apply(drawn, move("gain:corn"))

    def test_drawing_the_last_tile_of_a_pile_ends_the_game_after_the_round(self):
        state = farmer_with(("A1", "B1"), 1)
        state["hidden"]["piles"]["sheep"], state["piles"]["sheep"] = ["S20"], 1
        after = play(state, "draw", "place -2 0")
        assert after["ending"] and after["piles"]["sheep"] == 0
        assert powers_offered(after) == set()  # the draw power is spent
