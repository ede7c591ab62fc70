"""Scenarios for each area of the Town board: given a farm, when a farmer
places a Wheelbarrow there and takes actions, then this happens."""

import pytest

from engine.core import IllegalMove
from engine.harvest import content as C
from tests.engine.harvest.builder import (
    active,
    crop,
    game,
    give,
    m,
    moves,
    plain,
    play,
    started,
)


def farm_cells(farmer):
    return {cell: tile["crop"] for tile in farmer["farm"]["crops"] for cell in tile["cells"]}


class TestGeneralStore:
    def test_gain_fertilizer_adds_one(self, state):
        state = play(give(state, fertilizer=2), "place store 2", "gain fertilizer")
        assert active(state)["fertilizer"] == 3

    def test_fertilizer_is_not_offered_at_nine(self, state):
        state = play(give(state, fertilizer=9, coins=1), "place store 2")
        assert "gain fertilizer" not in moves(state)

    def test_filling_the_bucket_costs_a_coin_and_fills_it_to_the_top(self, state):
        state = play(give(state, coins=1, water=1), "place store 2", "fill bucket")
        farmer = active(state)
        assert (farmer["coins"], farmer["water"]) == (0, C.BUCKET_LEVELS[0])

    def test_buying_several_seeds_is_one_action(self, state):
        state = play(give(state, coins=10), "place store 2", "buy wheat 2", "buy pumpkin 1")
        farmer = active(state)
        assert farmer["seeds"]["wheat"] == 2 and farmer["seeds"]["pumpkin"] == 1
        assert farmer["coins"] == 10 - 2 * C.CROPS["wheat"]["price"] - C.CROPS["pumpkin"]["price"]
        assert state["turn"]["left"] == 1

    def test_seeds_beyond_the_coins_are_not_for_sale(self, state):
        state = play(give(state, coins=3), "place store 2")
        assert "buy pumpkin 1" not in moves(state)
        with pytest.raises(IllegalMove):
            game.apply(state, m("buy pumpkin 1"))

    def test_the_one_action_space_takes_any_number_of_wheelbarrows(self, state):
        state = give(state, coins=0, fertilizer=0)
        state = play(state, "place store 1", "gain fertilizer")
        assert "place store 1" in moves(state)


class TestFields:
    def test_the_three_action_space_costs_the_round_number(self, state):
        state["round"] = 3
        give(state, coins=3, wheat=1, fertilizer=1)
        state = play(state, "place fields 3")
        assert active(state)["coins"] == 0 and state["turn"]["left"] == 3

    def test_the_three_action_space_is_closed_to_a_farmer_who_cannot_pay(self, state):
        state["round"] = 2
        give(state, coins=1)
        assert "place fields 3" not in moves(state)

    def test_the_one_action_space_gives_a_water_or_a_fertilizer_first(self, state):
        state = play(give(state, wheat=1), "place fields 1")
        assert moves(state) == {"bonus water", "bonus fertilizer"}
        state = play(state, "bonus water")
        assert active(state)["water"] == 1

    def test_planting_pays_the_crop_fertilizer_and_uses_the_seed(self, state):
        state = play(give(state, coins=1, pumpkin=1, fertilizer=3), "place fields 3", "plant pumpkin a1 h")
        farmer = active(state)
        assert farm_cells(farmer) == {"a1": "pumpkin", "b1": "pumpkin"}
        assert farmer["fertilizer"] == 3 - C.CROPS["pumpkin"]["plant"] and farmer["seeds"]["pumpkin"] == 0

    def test_a_pumpkin_can_stand_upright(self, state):
        state = play(give(state, coins=1, pumpkin=1, fertilizer=3), "place fields 3", "plant pumpkin a1 v")
        assert farm_cells(active(state)) == {"a1": "pumpkin", "a2": "pumpkin"}

    def test_planting_many_crops_is_one_action(self, state):
        state = play(give(state, coins=1, wheat=2, strawberry=1, fertilizer=3), "place fields 3",
                     "plant wheat a1", "plant wheat b1", "plant strawberry c1")
        assert len(active(state)["farm"]["crops"]) == 3 and state["turn"]["left"] == 2

    def test_nothing_is_planted_on_a_forest(self, state):
        state = play(give(state, coins=1, wheat=1, fertilizer=1), "place fields 3")
        assert "plant wheat e1" not in moves(state)

    def test_a_blueberry_bush_is_planted_empty(self, state):
        state = play(give(state, coins=1, bush=1, fertilizer=1), "place fields 3", "plant bush c3")
        assert active(state)["farm"]["crops"] == [{"crop": "bush", "cells": ["c3"], "berry": False}]

    def test_tending_wheat_pays_water_and_grows_one_adjacent_tile(self, state):
        crop(state, "wheat", "b2")
        state = play(give(state, coins=1, water=2), "place fields 3", "tend wheat b2 b3")
        farmer = active(state)
        assert farm_cells(farmer) == {"b2": "wheat", "b3": "wheat"} and farmer["water"] == 1

    def test_the_new_tile_must_touch_its_parent(self, state):
        crop(state, "wheat", "b2")
        state = play(give(state, coins=1, water=2), "place fields 3")
        with pytest.raises(IllegalMove):
            game.apply(state, m("tend wheat b2 d3"))

    def test_tending_a_strawberry_grows_two_tiles(self, state):
        crop(state, "strawberry", "c2")
        state = play(give(state, coins=1, water=2), "place fields 3", "tend strawberry c2 b2 d2")
        assert farm_cells(active(state)) == {"c2": "strawberry", "b2": "strawberry", "d2": "strawberry"}

    def test_a_strawberry_with_room_for_one_grows_one(self, state):
        crop(state, "strawberry", "a1")
        crop(state, "wheat", "b1")
        state = play(give(state, coins=1, water=2), "place fields 3")
        assert "tend strawberry a1 a2" in moves(state)
        assert not any(t.startswith("tend strawberry a1 a2 ") for t in moves(state))

    def test_tending_a_pumpkin_grows_a_whole_pumpkin_beside_it(self, state):
        crop(state, "pumpkin", "a1", "b1")
        state = play(give(state, coins=1, water=2), "place fields 3", "tend pumpkin a1 a2 h")
        assert farm_cells(active(state)) == {c: "pumpkin" for c in ("a1", "b1", "a2", "b2")}
        assert active(state)["water"] == 0

    def test_tending_a_bush_fills_it_with_a_blueberry_once(self, state):
        crop(state, "bush", "c3")
        state = play(give(state, coins=1, water=3), "place fields 3", "tend blueberry c3")
        assert active(state)["farm"]["crops"][0]["berry"] is True
        assert "tend blueberry c3" not in moves(state)

    def test_a_crop_without_room_cannot_be_tended(self, state):
        crop(state, "wheat", "f3")  # f2 and f4 are forest
        crop(state, "wheat", "e3")
        crop(state, "bush", "e2")
        crop(state, "bush", "e4")
        give(state, coins=1, water=3)
        state = play(state, "place fields 3")
        assert not any(t.startswith("tend wheat f3") for t in moves(state))

    def test_a_tile_grown_this_action_waits_for_the_next_tend_action(self, state):
        crop(state, "wheat", "b2")
        state = play(give(state, water=3), "place fields 1", "bonus water", "tend wheat b2 b3")
        # the only action is used; b3 was just grown, b2 tended: the visit ends by itself
        assert state["turn"] is None and len(active(state)["farm"]["crops"]) == 2

    def test_a_second_tend_action_may_tend_the_new_tiles(self, state):
        crop(state, "wheat", "b2")
        state = play(give(state, coins=1, water=3), "place fields 3", "tend wheat b2 b3", "tend wheat b3 c3")
        assert state["turn"]["left"] == 1 and len(active(state)["farm"]["crops"]) == 3

    def test_harvest_removes_every_crop_and_pays_for_each(self, state):
        crop(state, "wheat", "a1")
        crop(state, "strawberry", "b1")
        crop(state, "pumpkin", "c1", "d1")
        crop(state, "bush", "c3", berry=True)
        crop(state, "bush", "d3")
        state = play(give(state, coins=1), "place fields 3", "harvest")
        farmer = active(state)
        assert farmer["points"] == 1 + 1 + 6 + 4
        assert farmer["coins"] == 4  # one per kind: wheat, strawberry, pumpkin, blueberry
        assert farmer["fertilizer"] == 1  # from the wheat
        assert farmer["farm"]["crops"] == [{"crop": "bush", "cells": ["c3"], "berry": False},
                                           {"crop": "bush", "cells": ["d3"], "berry": False}]

    def test_empty_bushes_alone_are_no_harvest(self, state):
        crop(state, "bush", "c3")
        state = play(give(state, coins=1, water=0), "place fields 3")
        assert "harvest" not in moves(state)


    def test_with_three_farmers_a_two_action_space_costs_one_coin(self):
        state = plain(started(seats=3, seed=3))
        state = play(give(state, coins=1, wheat=1, fertilizer=1), "place fields 2")
        assert active(state)["coins"] == 0 and state["turn"]["left"] == 2


class TestBiggerTables:
    def test_four_farmers_have_a_three_action_store(self):
        state = plain(started(seats=4, seed=3))
        state = play(give(state, fertilizer=0), "place store 3", "gain fertilizer", "gain fertilizer",
                     "gain fertilizer")
        assert state["farmers"][state["order"][0]]["fertilizer"] == 3 and state["turn"] is None

    def test_two_farmers_have_a_two_action_trading_post_with_an_entry_per_action(self):
        # Summary: "To take an action here, it costs your choice of either
        # 1 Seed or 2 Fertilizer or 3 Water"
        state = plain(started(seats=2, seed=3))
        state = play(give(state, wheat=3, water=3), "place trading 2", "pay wheat", "upgrade wheat")
        # the second action waits for its own entry
        assert {m.kind for m in game.legal_moves(state)} == {"pay", "done"}
        state = play(state, "pay water", "upgrade wheat")
        farmer = state["farmers"][state["order"][0]]
        assert farmer["seeds"]["wheat"] == 0 and farmer["seeds"]["strawberry"] == 2 and farmer["coins"] == 2
        assert farmer["water"] == 0

    def test_no_entry_is_asked_for_an_action_that_could_not_follow(self):
        # Given a farmer with no crops and no Forest, and two Wheat seeds
        state = plain(started(seats=2, seed=3))
        state["farmers"][state["active"]]["farm"].update(forests=[], crops=[])
        state = play(give(state, wheat=2), "place trading 2", "pay wheat", "upgrade wheat")
        # Then the Strawberry seed left could pay a second entry, but no
        # action could follow it: no entry is asked and the visit is over
        assert state["phase"] == "place" and state["turn"] is None


class TestWorkshop:
    def test_a_bucket_upgrade_costs_a_coin_and_adds_no_water(self, state):
        state = play(give(state, coins=1, water=2), "place workshop 2", "upgrade bucket")
        farmer = active(state)
        assert (farmer["bucket"], farmer["water"], farmer["coins"]) == (1, 2, 0)

    def test_clearing_a_forest_costs_two_coins_and_rolls_the_dice(self, state):
        before = give(state, coins=2)
        state = play(before, "place workshop 2", "clear forest e1")
        farmer = active(state)
        assert "e1" not in farmer["farm"]["forests"]
        assert state["hidden"]["rng"] != before["hidden"]["rng"]
        assert game.reveals_information(play(before, "place workshop 2"), state)

    def test_a_building_goes_on_a_2x2_and_discards_every_crop_it_touches(self, state):
        offer = state["buildings"]["offer"][0]
        crop(state, "wheat", "a2")
        crop(state, "bush", "a1", berry=True)
        crop(state, "pumpkin", "b2", "c2")  # half under the building
        crop(state, "wheat", "d4")
        deck = state["buildings"]["deck"]
        state = play(give(state, coins=offer["cost"]), "place workshop 2", f"build {offer['building']} a1")
        farmer = active(state)
        assert farmer["farm"]["buildings"][0] == {"building": offer["building"], "cells": ["a1", "b1", "a2", "b2"]}
        assert [t["cells"] for t in farmer["farm"]["crops"]] == [["d4"]]
        assert offer["building"] not in [o["building"] for o in state["buildings"]["offer"]]
        assert len(state["buildings"]["offer"]) == C.BUILDING_DISPLAY and state["buildings"]["deck"] == deck - 1

    def test_no_building_on_a_forest(self, state):
        offer = state["buildings"]["offer"][0]
        state = play(give(state, coins=offer["cost"]), "place workshop 2")
        assert f"build {offer['building']} e1" not in moves(state)
        assert f"build {offer['building']} d1" not in moves(state)  # covers e1

    def test_a_two_action_visit_needs_two_different_actions(self, state):
        state = play(give(state, coins=5), "place workshop 2", "upgrade bucket")
        assert "upgrade bucket" not in moves(state)
        with pytest.raises(IllegalMove, match="different"):
            game.apply(state, m("upgrade bucket"))


class TestTradingPost:
    def test_entry_costs_a_seed_or_two_fertilizer_or_three_water(self, state):
        state = play(give(state, wheat=1, fertilizer=2, water=3), "place trading 1")
        assert moves(state) == {"pay wheat", "pay fertilizer", "pay water"}

    def test_a_farmer_who_cannot_pay_the_entry_cannot_go(self, state):
        give(state, fertilizer=1, water=2)
        assert "place trading 1" not in moves(state)

    def test_given_no_action_could_follow_any_entry_when_placing_then_the_trading_post_is_not_offered(self, state):
        # docs/rules/harvest.md: "An entry is offered only when an action could follow it"
        # Given a bare farm (no crops, no Forest), no seeds, 2 Fertilizer and 3 Water
        active(state)["farm"].update(forests=[], crops=[])
        give(state, fertilizer=2, water=3)
        # When the farmer chooses a space for a Wheelbarrow
        # Then the Trading Post is not offered: each entry could be paid, but buys nothing
        assert "place trading 1" not in moves(state)
        with pytest.raises(IllegalMove, match="no action could follow"):
            game.apply(state, m("place trading 1"))

    def test_given_an_entry_that_removes_the_only_action_when_paying_then_it_is_not_offered(self, state):
        # Given a bare farm, one Wheat seed and 3 Water
        active(state)["farm"].update(forests=[], crops=[])
        state = play(give(state, wheat=1, water=3), "place trading 1")
        # When the farmer pays the first entry
        # Then only the Water is offered: paying the Wheat seed would leave nothing to plant or upgrade
        assert moves(state) == {"pay water"}
        with pytest.raises(IllegalMove, match="no action could follow that entry"):
            game.apply(state, m("pay wheat"))
        state = play(state, "pay water")
        assert "plant wheat a1" in moves(state) and "upgrade wheat" in moves(state)

    def test_given_the_late_riser_pass_and_no_action_when_placing_then_the_trading_post_is_not_offered(self, state):
        # Given the Late Riser pass (no entry this visit) on a bare farm with no seeds
        active(state)["farm"].update(forests=[], crops=[])
        active(state)["perks"]["trading_free"] = 1
        # Then the free visit could take no action, so it is not offered
        assert "place trading 1" not in moves(state)
        # and with a seed to plant it is
        give(state, wheat=1)
        assert "place trading 1" in moves(state)

    def test_planting_there_ignores_the_fertilizer(self, state):
        state = play(give(state, wheat=1, pumpkin=1), "place trading 1", "pay wheat", "plant pumpkin a1 h")
        farmer = active(state)
        assert farmer["fertilizer"] == 0 and farm_cells(farmer)["a1"] == "pumpkin"

    def test_tending_there_ignores_the_water(self, state):
        crop(state, "pumpkin", "a1", "b1")
        state = play(give(state, wheat=1), "place trading 1", "pay wheat", "tend pumpkin a1 a2 h")
        assert len(active(state)["farm"]["crops"]) == 2

    def test_clearing_there_is_free_but_rolls_no_dice(self, state):
        state = play(give(state, wheat=1), "place trading 1", "pay wheat")
        rng = state["hidden"]["rng"]
        state = play(state, "clear forest f4")
        assert "f4" not in active(state)["farm"]["forests"] and state["hidden"]["rng"] == rng
        assert active(state)["coins"] == 0

    @pytest.mark.parametrize("seed,better", [("wheat", "strawberry"), ("strawberry", "bush"), ("bush", "pumpkin")])
    def test_a_seed_upgrade_gives_the_next_seed_and_a_coin(self, state, seed, better):
        state = play(give(state, fertilizer=2, **{seed: 1}), "place trading 1", "pay fertilizer", f"upgrade {seed}")
        farmer = active(state)
        assert farmer["seeds"][seed] == 0 and farmer["seeds"][better] == 1 and farmer["coins"] == 1

    def test_the_last_seed_has_no_upgrade(self, state):
        state = play(give(state, pumpkin=2), "place trading 1", "pay pumpkin")
        assert "upgrade pumpkin" not in moves(state)


class TestFarmersMarket:
    @pytest.mark.parametrize("tile", [t for t, d in C.MARKET_TILES.items() if "gain" in d])
    def test_a_tile_with_a_gain_pays_its_cost_and_gives_its_gain(self, state, tile):
        state["market"]["a"] = tile
        data = C.MARKET_TILES[tile]
        give(state, coins=5, wheat=2, strawberry=2)
        before = {"coins": 5, "fertilizer": 0, "points": 0, "bucket": 0}
        state = play(state, "place market a")
        farmer = state["farmers"][0]
        cost, gain = data["cost"], data["gain"]
        assert farmer["coins"] == before["coins"] - cost.get("coins", 0) + gain.get("coins", 0)
        assert farmer["points"] == gain.get("points", 0)
        assert farmer["fertilizer"] == gain.get("fertilizer", 0)
        assert farmer["bucket"] == gain.get("bucket", 0)
        for seed in C.SEEDS:
            start = {"wheat": 2, "strawberry": 2}.get(seed, 0)
            assert farmer["seeds"][seed] == start - cost.get("seeds", {}).get(seed, 0) + gain.get("seeds", {}).get(seed, 0)
        assert state["turn"] is None, "a pure gain ends the visit"

    def test_a_market_tile_takes_one_wheelbarrow(self, state):
        state["market"]["a"] = "coinpurse"
        state = play(state, "place market a")
        assert "place market a" not in moves(state)

    def test_a_tile_the_farmer_cannot_pay_is_not_offered(self, state):
        state["market"]["a"] = "bakesale"
        assert "place market a" not in moves(state)

    def test_the_hired_hand_gives_a_plant_action_at_the_usual_cost(self, state):
        state["market"]["a"] = "hiredhand"
        state = play(give(state, wheat=1, fertilizer=1), "place market a", "plant wheat a1")
        assert state["farmers"][0]["fertilizer"] == 0

    def test_irrigation_gives_a_tend_action_without_water(self, state):
        state["market"]["a"] = "irrigation"
        crop(state, "wheat", "a1")
        state = play(state, "place market a", "tend wheat a1 a2")
        assert len(state["farmers"][0]["farm"]["crops"]) == 2

    def test_the_lumber_buyer_clears_a_forest_for_free_with_the_dice(self, state):
        state["market"]["a"] = "lumberbuyer"
        rng = state["hidden"]["rng"]
        state = play(state, "place market a", "clear forest a4")
        assert "a4" not in state["farmers"][0]["farm"]["forests"] and state["hidden"]["rng"] != rng

    def test_the_travelling_builder_builds_two_coins_cheaper(self, state):
        state["market"]["a"] = "builder"
        offer = state["buildings"]["offer"][0]
        give(state, coins=offer["cost"] - 2)
        state = play(state, "place market a", f"build {offer['building']} a1")
        assert state["farmers"][0]["coins"] == 0 and state["farmers"][0]["farm"]["buildings"]
