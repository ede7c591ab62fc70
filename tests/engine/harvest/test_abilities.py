"""Each designed ability: Characters, Farmhouses, sunrise tiles, buildings,
Forest dice. Given a farmer with the ability, when the rule it changes
applies, then the ability shows."""

import pytest

from engine.core import IllegalMove
from engine.harvest import content as C
from engine.harvest.rules import harvest_yield
from engine.harvest.scoring import building_effects
from tests.engine.harvest.builder import (
    active,
    crop,
    game,
    give,
    m,
    moves,
    plain,
    play,
)


def with_character(state, name):
    active(state)["character"] = name
    return state


def with_building(state, name, anchor_cells=("c1", "d1", "c2", "d2")):
    active(state)["farm"]["buildings"].append({"building": name, "cells": list(anchor_cells)})
    return state


def next_sunrise(state):
    """Finish the round with empty visits and pick the lowest sunrise tile."""
    while state["phase"] in ("place", "act"):
        state = play(state, "done") if state["phase"] == "act" else play(state, "place store 1")
    return play(state, f"sunrise {state['sunrise']['display'][0]}")


class TestCharacters:
    def test_every_character_has_a_name_a_text_and_an_effect(self):
        assert len(C.CHARACTERS) >= 8
        for data in C.CHARACTERS.values():
            assert data["name"] and data["text"] and ("modifier" in data or "sunrise" in data)

    def test_the_agronomist_plants_wheat_without_fertilizer(self, state):
        with_character(state, "agronomist")
        state = play(give(state, wheat=1, coins=1), "place fields 3", "plant wheat a1")
        assert active(state)["fertilizer"] == 0 and active(state)["farm"]["crops"]

    def test_the_berry_picker_tends_strawberries_for_one_water_less(self, state):
        with_character(state, "berrypicker")
        crop(state, "strawberry", "c2")
        state = play(give(state, coins=1, water=1), "place fields 3", "tend strawberry c2 b2 d2")
        assert active(state)["water"] == 0

    def test_the_carpenter_builds_a_coin_cheaper(self, state):
        with_character(state, "carpenter")
        offer = state["buildings"]["offer"][0]
        state = play(give(state, coins=offer["cost"] - 1), "place workshop 2", f"build {offer['building']} a1")
        assert active(state)["coins"] == 0

    def test_the_lumberjack_clears_a_forest_for_one_coin(self, state):
        with_character(state, "lumberjack")
        state = play(give(state, coins=1), "place workshop 2")
        assert "clear forest e1" in moves(state)

    def test_the_merchant_gets_two_coins_for_a_seed_upgrade(self, state):
        with_character(state, "merchant")
        state = play(give(state, wheat=2), "place trading 1", "pay wheat", "upgrade wheat")
        assert active(state)["coins"] == 2

    def test_the_early_riser_may_use_a_closed_space_each_round(self, state):
        with_character(state, "earlyriser")
        state = next_sunrise(state)
        assert active(state)["closed"] >= 1

    def test_the_pumpkin_queen_earns_a_coin_more_per_pumpkin(self, state):
        crop(with_character(state, "pumpkinqueen"), "pumpkin", "a1", "b1")
        income, _ = harvest_yield(active(state))
        assert income["coins"] == 2

    def test_the_water_diviner_gains_water_at_sunrise(self, state):
        with_character(state, "diviner")
        active(state)["bucket"] = 5
        water = active(state)["water"]
        state = next_sunrise(state)
        tile_water = C.SUNRISE_TILES[state["sunrise"]["held"][0]]["income"].get("water", 0)
        assert active(state)["water"] == water + tile_water + 1

    def test_the_composter_gets_fertilizer_from_strawberries(self, state):
        crop(with_character(state, "composter"), "strawberry", "a1")
        income, _ = harvest_yield(active(state))
        assert income["fertilizer"] == 1

    def test_the_forager_still_rolls_one_die_at_the_trading_post(self, state):
        with_character(state, "forager")
        state = play(give(state, wheat=1), "place trading 1", "pay wheat")
        rng = state["hidden"]["rng"]
        state = play(state, "clear forest e1")
        assert state["hidden"]["rng"] != rng


class TestFarmhouses:
    def test_there_are_enough_to_deal_two_to_four_farmers(self):
        assert len(C.FARMHOUSES) >= 8

    @pytest.mark.parametrize("house", [h for h, d in C.FARMHOUSES.items() if d["sunrise"]])
    def test_a_farmhouse_pays_its_income_at_every_sunrise(self, state, house):
        farmer = active(state)
        farmer.update(farmhouse=house, bucket=5)
        crop(state, "bush", "a1")
        state = next_sunrise(state)
        farmer = active(state)
        tile = C.SUNRISE_TILES[state["sunrise"]["held"][0]]["income"]
        income = C.FARMHOUSES[house]["sunrise"]
        assert farmer["coins"] == tile.get("coins", 0) + income.get("coins", 0)
        assert farmer["fertilizer"] == tile.get("fertilizer", 0) + income.get("fertilizer", 0)
        assert farmer["seeds"]["wheat"] == tile.get("seeds", {}).get("wheat", 0) + income.get("seeds", {}).get("wheat", 0)
        expected_water = 8 if income.get("fill") else tile.get("water", 0) + income.get("water", 0)
        assert farmer["water"] == expected_water
        assert farmer["farm"]["crops"][0]["berry"] is bool(income.get("berry"))

    def test_the_stone_cottage_starts_with_a_bigger_bucket(self):
        state = game.setup(1, {}, 2)
        state["private"]["0"]["farmhouses"] = ["stone", "brick"]
        state = play(state, "keep character 1", "keep farmhouse 1")
        assert state["farmers"][0]["bucket"] == 2

    def test_the_orchard_house_starts_with_a_bush_seed(self):
        state = game.setup(1, {}, 2)
        state["private"]["0"]["farmhouses"] = ["orchard", "brick"]
        state = play(state, "keep character 1", "keep farmhouse 1")
        assert state["farmers"][0]["seeds"]["bush"] == 1


def picking(tile, **resources):
    """A solo farmer without sunrise income of their own (The Merchant, Hilltop
    Manor), with only ``resources``, about to pick sunrise tile ``tile``."""
    state = game.setup(1, {}, 2)
    state["private"]["0"] = {"characters": ["merchant", "carpenter"], "farmhouses": ["hilltop", "stone"]}
    state = plain(play(state, "keep character 1", "keep farmhouse 1"))
    active(state)["character"] = "merchant"
    held = tile % 8 + 1
    state["sunrise"]["held"] = [held]
    state["sunrise"]["display"] = sorted([tile, *[n for n in (2, 6, 7) if n not in (tile, held)][:2]])
    return give(state, **resources)


def to_place(state, *texts):
    """Play the sunrise decision(s), if any, until a Wheelbarrow is to be placed."""
    state = play(state, *texts)
    assert state["phase"] == "place"
    return state


class TestSunriseTiles:
    def test_later_tiles_pay_more_income(self):
        def worth(income):
            return income.get("coins", 0) + income.get("fertilizer", 0) + sum(income.get("seeds", {}).values())

        values = [worth(C.SUNRISE_TILES[n]["income"]) for n in sorted(C.SUNRISE_TILES)]
        assert values == sorted(values) and values[0] < values[-1]

    def test_every_tile_has_its_own_ability_and_a_text(self):
        abilities = [tuple(sorted(C.SUNRISE_TILES[n]["ability"])) for n in sorted(C.SUNRISE_TILES)]
        assert all(abilities) and len(set(abilities)) == len(abilities)
        assert all(C.SUNRISE_TILES[n]["text"] for n in C.SUNRISE_TILES)

    @pytest.mark.parametrize("tile", sorted(C.SUNRISE_TILES))
    def test_a_tile_pays_its_income_when_picked(self, tile):
        state = picking(tile, coins=1, wheat=0)
        state = play(state, f"sunrise {tile}")
        farmer, income = active(state), C.SUNRISE_TILES[tile]["income"]
        assert farmer["coins"] == 1 + income.get("coins", 0)
        assert farmer["fertilizer"] == income.get("fertilizer", 0)

    def test_roosters_crow_lets_one_wheelbarrow_into_a_closed_space(self):
        state = to_place(picking(1), "sunrise 1")
        state = play(state, "place workshop 1", "place workshop 2")  # no coins: each visit ends at once
        assert "place workshop 2" in moves(state)
        state = play(state, "place workshop 2")
        assert state["spaces"]["workshop 2"] == [0, 0] and active(state)["closed"] == 0
        assert "place workshop 2" not in moves(state)

    def test_morning_dew_fills_the_bucket(self):
        state = to_place(picking(2, bucket=3, water=1), "sunrise 2")
        assert active(state)["water"] == C.BUCKET_LEVELS[3]

    def test_dawn_chorus_moves_the_bucket_up_a_step_without_adding_water(self):
        state = to_place(picking(3, bucket=1, water=2), "sunrise 3")
        assert active(state)["bucket"] == 2 and active(state)["water"] == 2

    def test_early_market_makes_the_first_market_tile_with_a_cost_free(self):
        state = picking(4)
        state["market"].update(a="coinpurse", b="pumpkinsale", c="hiredhand")
        state = to_place(state, "sunrise 4")  # 2 coins; Gairy blocks market a
        state = play(state, "place market b")
        assert active(state)["coins"] == 2 and active(state)["seeds"]["pumpkin"] == 1
        assert active(state)["perks"] == {}

    def test_early_market_is_not_spent_on_a_tile_that_costs_nothing(self):
        state = picking(4)
        state["market"].update(a="seedswap", b="coinpurse", c="hiredhand")
        state = to_place(state, "sunrise 4")
        state = play(state, "place market b")
        assert active(state)["coins"] == 5 and active(state)["perks"] == {"market_free": 1}

    def test_early_market_opens_a_tile_the_farmer_could_not_pay(self):
        state = picking(4)
        state["market"].update(a="coinpurse", b="jamstand", c="hiredhand")  # costs a Strawberry seed
        state = to_place(state, "sunrise 4")
        assert "place market b" in moves(state)
        state = play(state, "place market b")
        assert active(state)["points"] == 3 and active(state)["seeds"]["strawberry"] == 0

    def test_first_light_asks_which_seed_to_upgrade_after_every_sunrise_income(self):
        state = picking(5, wheat=1, strawberry=1, pumpkin=1)
        active(state)["farmhouse"] = "granary"  # +1 Wheat seed at sunrise, before the decision
        state = play(state, "sunrise 5")
        assert state["phase"] == "sunrise" and state["sunrise"]["choice"] == "seedup"
        assert moves(state) == {"upgrade wheat", "upgrade strawberry", "done"}
        state = to_place(state, "upgrade strawberry")
        assert active(state)["seeds"] == {"wheat": 2, "strawberry": 0, "bush": 1, "pumpkin": 1}
        assert active(state)["coins"] == 2  # the tile's income; the upgrade itself pays no coin

    def test_first_light_may_be_declined(self):
        state = play(picking(5, wheat=1), "sunrise 5")
        state = to_place(state, "skip")
        assert active(state)["seeds"]["wheat"] == 1 and state["sunrise"]["choice"] is None

    def test_first_light_asks_nothing_without_a_seed_to_upgrade(self):
        to_place(picking(5, pumpkin=2), "sunrise 5")

    def test_first_light_explains_what_it_waits_for(self):
        state = play(picking(5, wheat=1), "sunrise 5")
        with pytest.raises(IllegalMove, match="upgrade one seed"):
            game.apply(state, m("place store 1"))
        with pytest.raises(IllegalMove, match="no Blueberry Bush seed"):
            game.apply(state, m("upgrade bush"))
        assert game.describe(state, m("upgrade wheat")) == "upgraded a Wheat seed to Strawberry at First Light"

    def test_golden_hour_makes_every_building_two_coins_cheaper_this_round(self):
        state = picking(6)
        state["buildings"]["offer"][0] = {"building": "silo", "cost": 4}
        state["buildings"]["offer"][1] = {"building": "barn", "cost": 3}
        state = to_place(state, "sunrise 6")  # 3 coins
        state = play(state, "place workshop 1", "build silo a1", "place workshop 1", "build barn c1")
        assert active(state)["coins"] == 0 and len(active(state)["farm"]["buildings"]) == 2

    def test_late_riser_enters_the_trading_post_once_without_paying(self):
        state = to_place(picking(7, wheat=1), "sunrise 7")  # Gairy blocks fields 3
        state = play(state, "place trading 1")
        assert state["turn"]["step"] == "act" and active(state)["seeds"]["wheat"] == 1
        state = play(state, "upgrade wheat", "place trading 1")
        assert state["turn"]["step"] == "pay"

    def test_lie_in_plants_without_fertilizer_this_round(self):
        state = to_place(picking(8, pumpkin=1, wheat=1), "sunrise 8")
        state = play(state, "place fields 1", "bonus water", "plant pumpkin a1 h", "plant wheat c1")
        assert active(state)["fertilizer"] == 0 and len(active(state)["farm"]["crops"]) == 2

    def test_the_round_abilities_end_at_sunset(self):
        state = to_place(picking(8), "sunrise 8")
        assert active(state)["perks"] == {"free_planting": 1}
        state = next_sunrise(state)
        assert "free_planting" not in active(state)["perks"]


class TestBuildings:
    def test_there_are_at_least_twelve_with_cost_and_points(self):
        assert len(C.BUILDINGS) >= 12
        for data in C.BUILDINGS.values():
            assert data["cost"] > 0 and data["points"] > 0 and data["name"]

    @pytest.mark.parametrize("name", [b for b, d in C.BUILDINGS.items() if "sunrise" in d])
    def test_a_sunrise_building_pays_every_sunrise(self, state, name):
        with_building(state, name)
        active(state)["bucket"] = 5
        state = next_sunrise(state)
        farmer = active(state)
        tile = C.SUNRISE_TILES[state["sunrise"]["held"][0]]["income"]
        income = C.BUILDINGS[name]["sunrise"]
        assert farmer["coins"] == tile.get("coins", 0) + income.get("coins", 0)
        assert farmer["fertilizer"] == tile.get("fertilizer", 0) + income.get("fertilizer", 0)
        if income.get("fill"):
            assert farmer["water"] == 8

    @pytest.mark.parametrize("name,crop_name,key", [("beehive", "strawberry", "points"), ("windmill", "wheat", "coins"),
                                                     ("compost", "strawberry", "fertilizer")])
    def test_a_harvest_building_adds_to_each_harvested_tile(self, state, name, crop_name, key):
        crop(state, crop_name, "b3")
        plain_income, _ = harvest_yield(active(state))
        with_building(state, name)
        income, _ = harvest_yield(active(state))
        assert income[key] == plain_income[key] + C.BUILDINGS[name]["harvest"][crop_name][key]

    def test_the_beehive_also_sweetens_blueberries(self, state):
        crop(with_building(state, "beehive"), "bush", "a3", berry=True)
        income, _ = harvest_yield(active(state))
        assert income["points"] == 5

    def test_the_greenhouse_waters_its_neighbours(self, state):
        with_building(state, "greenhouse")
        crop(state, "pumpkin", "a1", "b1")  # b1 touches c1
        state = play(give(state, coins=1, water=0), "place fields 3", "tend pumpkin a1 a2 h")
        assert len(active(state)["farm"]["crops"]) == 2

    def test_the_tool_shed_makes_clearing_cheaper(self, state):
        with_building(state, "toolshed")
        state = play(give(state, coins=1), "place workshop 2")
        assert "clear forest e1" in moves(state)

    def test_the_well_raises_and_fills_the_bucket_when_built(self, state):
        state["buildings"]["offer"][0] = {"building": "well", "cost": 3}
        state = play(give(state, coins=3), "place workshop 2", "build well a1")
        assert active(state)["bucket"] == 2 and active(state)["water"] == C.BUCKET_LEVELS[2]

    @pytest.mark.parametrize("name,setup,points", [
        ("silo", {"fertilizer": 7}, 2),
        ("barn", {"seeds": {"wheat": 3, "strawberry": 2, "bush": 0, "pumpkin": 0}}, 2),
        ("hall", {"coins": 10}, 3),
        ("cottage", {}, 2),
        ("cellar", {}, 4),
        ("greenhouse", {}, 1),
    ])
    def test_an_end_effect_scores_what_it_counts(self, state, name, setup, points):
        farmer = active(state)
        farmer.update(setup)
        with_building(state, name)
        if name == "cottage":  # 1 per building: itself and a Barn (which scores nothing without seeds)
            with_building(state, "barn", ("a1", "b1", "a2", "b2"))
        if name == "cellar":
            crop(state, "pumpkin", "a3", "b3")
            crop(state, "pumpkin", "e3", "e4")
        if name == "greenhouse":
            crop(state, "wheat", "b1")
        assert building_effects(farmer) == points


class TestForestDice:
    def test_the_two_dice_rewards_come_from_the_faces(self, state):
        state = play(give(state, coins=2), "place workshop 2", "clear forest e1")
        farmer = active(state)
        gained = farmer["coins"] + farmer["fertilizer"] + farmer["water"] // 2 + farmer["seeds"]["wheat"] + farmer["points"]
        assert 2 <= gained <= 4

    def test_the_roll_is_seeded(self, state):
        a = play(give(state, coins=2), "place workshop 2", "clear forest e1")
        b = play(give(state, coins=2), "place workshop 2", "clear forest e1")
        assert a == b
