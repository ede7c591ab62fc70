"""Every worked example of the Sunfield Farm rulebook, played through the contract."""

from __future__ import annotations

import json

from engine.sunfield import GAME
from tests.engine.sunfield.builder import (
    new_game,
    pasture,
    play,
    plot_tile,
    set_column,
    set_deck,
    set_plot,
    set_wheelbarrow,
    tile,
)


def test_cyrille_pays_one_seed_to_take_the_cow_tile_below_an_empty_middle_space():
    # Given the right column holds a Sheep tile, an empty middle space and the
    # Cow tile with two Carrots and a Corn, and the left column only a Cow tile
    state = new_game()
    set_column(state, "c", ["S04", None, "C13"])
    set_column(state, "a", [None, None, "C03"])
    state["farmers"][0]["seeds"] = 2
    # When Cyrille takes the Cow tile of the right column
    after = play(state, "take c3")
    # Then he placed one Seed on the Sheep tile only, and holds the Cow tile
    assert after["farmers"][0]["seeds"] == 1
    assert after["market"][2][0] == {"tile": "S04", "seeds": 1}
    assert after["pending"] == {"tile": "C13", "gain": True}
    # and the Cow tile of the left column would have been free
    assert play(state, "take a3")["farmers"][0]["seeds"] == 2


def test_an_emptied_column_is_renewed_with_a_seed_on_its_sheep_tile_and_only_that_column():
    state = new_game()
    set_column(state, "a", [None, None, "C03"])
    set_column(state, "b", [None, "P05", "C11"])
    piles = {a: list(state["hidden"]["piles"][a]) for a in ("sheep", "pig", "cow")}
    seeds_in_reserve = state["reserve"]["seeds"]
    # When the last tile of the left column is taken
    after = play(state, "take a3")
    # Then the left column is renewed from the three piles, a Seed on the Sheep tile
    assert after["market"][0] == [
        {"tile": piles["sheep"][0], "seeds": 1},
        {"tile": piles["pig"][0], "seeds": 0},
        {"tile": piles["cow"][0], "seeds": 0},
    ]
    assert after["reserve"]["seeds"] == seeds_in_reserve - 1
    assert {a: after["piles"][a] for a in piles} == {a: len(p) - 1 for a, p in piles.items()}
    # and the empty space of the middle column stays empty
    assert after["market"][1][0] is None


def test_celine_loses_the_carrot_that_has_no_space_on_a_brown_or_adjacent_tile():
    # Given Céline's Plot: a blue tile with a free Broccoli space where the new
    # tile will touch it, a brown tile with free Corn spaces further away, and
    # a Carrot space only on a blue tile that the new tile does not touch
    state = new_game()
    set_plot(state, 0, {(-1, 0): tile("S02"), (0, 0): tile("P13"), (0, 1): tile("P10")})
    set_column(state, "a", ["S01", "P01", "C07"])  # C07: brown, Broccoli + Carrot + Corn
    state["farmers"][0]["seeds"] = 2
    reserve = dict(state["reserve"])
    # When she takes the brown Cow tile and places it right of the blue Pig tile
    after = play(state, "take a3", "place 1 0")
    # Then the Broccoli went on the adjacent blue tile, the Corn on the brown tile
    assert plot_tile(after, 0, 0, 0)["filled"] == [1, 0]
    assert plot_tile(after, 0, 0, 1)["filled"] == [1, 0]
    # and the Carrot was lost back to the reserve
    assert plot_tile(after, 0, -1, 0)["filled"] == [0]
    assert after["reserve"]["carrot"] == reserve["carrot"]
    assert after["reserve"]["broccoli"] == reserve["broccoli"] - 1
    assert after["reserve"]["corn"] == reserve["corn"] - 1
    # and with no choice to make, her turn ended by itself
    assert after["seat"] == 1


def test_yoann_fills_the_pig_tile_below_harvests_it_and_places_a_pig():
    # Given a Pig tile (Broccoli, Carrot) whose Carrot space is filled
    state = new_game()
    set_plot(state, 0, {(0, 0): tile("P02", ("carrot",))})
    set_column(state, "a", ["S09", "P01", "C01"])  # S09: a Sheep tile with a Broccoli
    pigs = state["reserve"]["pig"]
    # When Yoann places the new tile above it (y grows downward: above is y - 1)
    after = play(state, "take a1", "place 0 -1")
    # Then the Pig tile is harvested: Carrot and Broccoli to the Wheelbarrow,
    # Pasture face up, a Pig on it
    assert plot_tile(after, 0, 0, 0) == {"tile": "P02", "filled": [0, 0], "pasture": True, "animal": "pig"}
    assert after["farmers"][0]["wheelbarrow"] == {"broccoli": 1, "carrot": 1, "eggplant": 0, "corn": 0}
    assert after["reserve"]["pig"] == pigs - 1


def test_cyrille_harvests_a_sheep_and_delivers_the_trio_for_a_medal_worth_3():
    # Given a Cow and a Pig on his Pastures and a Sheep tile waiting for an Eggplant
    state = new_game()
    set_plot(state, 0, {(0, 0): tile("S03"), (1, 0): pasture("C01", "cow"), (2, 0): pasture("P01", "pig")})
    set_column(state, "a", ["S07", "P01", "C01"])  # S07: a Sheep tile with an Eggplant
    animals = {a: state["reserve"][a] for a in ("sheep", "pig", "cow")}
    medals = state["reserve"]["medal3"]
    # When the Eggplant he gains fills his Sheep tile
    after = play(state, "take a1", "place 0 1")
    # Then the Sheep, Pig and Cow go back to the reserve for a Medal worth 3
    assert after["farmers"][0]["medals"] == [3]
    assert after["reserve"]["medal3"] == medals - 1
    assert not any(t["animal"] for t in after["farmers"][0]["plot"].values())
    assert {a: after["reserve"][a] for a in animals} == {"sheep": animals["sheep"], "pig": animals["pig"] + 1, "cow": animals["cow"] + 1}


def test_floriane_exchanges_an_eggplant_for_a_corn_then_delivers_the_blue_client_worth_4():
    # Given the blue Client worth 4 (Corn, Corn, Eggplant, Carrot) on space 2
    state = new_game()
    state["clients"][1] = "CL02"
    set_deck(state, ["CL09", "CL10"])
    set_wheelbarrow(state, 0, corn=1, eggplant=2, carrot=1)
    state["farmers"][0]["seeds"] = 3
    seeds_in_reserve = state["reserve"]["seeds"]
    # When she pays 3 Seeds to exchange an Eggplant for a Corn, then delivers
    after = play(state, "exchange eggplant for corn", "deliver 2")
    floriane = after["farmers"][0]
    assert floriane["clients"] == ["CL02"]
    assert floriane["medals"] == [3]
    assert floriane["wheelbarrow"] == {"broccoli": 0, "carrot": 0, "eggplant": 0, "corn": 0}
    assert floriane["seeds"] == 0 and after["reserve"]["seeds"] == seeds_in_reserve + 3
    # Then the Client taken is replaced by the top card of the deck
    assert after["clients"][1] == "CL09" and after["deck"] == 1
    assert after["medals"][1] == [1]


def test_celine_validates_the_board_tile_two_blue_clients_and_one_worth_3():
    # Given a blue Client worth 3 in front of her, and the tile R01 (blue, blue, 3) on the board
    state = new_game()
    state["reputation"] = ["R01", "R02", "R03", "R04"]
    state["farmers"][0]["clients"] = ["CL01"]
    state["farmers"][0]["reputation"] = [{"tile": "R05", "validated": False}]
    state["clients"][0] = "CL02"  # the blue Client worth 4
    set_wheelbarrow(state, 0, corn=2, eggplant=1, carrot=1)
    # When she delivers the blue Client worth 4
    after = play(state, "deliver 1")
    # Then she takes R01 in front of her, validated; it is not replaced on the board
    assert after["farmers"][0]["reputation"] == [{"tile": "R05", "validated": False}, {"tile": "R01", "validated": True}]
    assert after["reputation"] == ["R02", "R03", "R04"]


def test_celine_scores_43_after_spending_5_seeds_for_a_third_vegetable_on_her_last_turn():
    # Given the last turn of the game (second farmer, a pile exhausted)
    state = new_game()
    state["seat"], state["ending"] = 1, True
    celine = state["farmers"][1]
    celine["clients"] = ["CL03", "CL04", "CL01", "CL10"]  # blue 5, blue 5, blue 3, green 6
    celine["medals"] = [3, 3, 3, 1]
    celine["reputation"] = [{"tile": "R05", "validated": True}, {"tile": "R01", "validated": True}]
    celine["seeds"] = 5
    set_wheelbarrow(state, 1, carrot=1, corn=1)
    set_plot(state, 1, {(0, 0): pasture("H2S"), (1, 0): pasture("H2P"), (2, 0): pasture("H2C")})
    # When she spends her 5 Seeds on a third Vegetable and then takes her action
    after = play(state, "buy broccoli", "take a1", "place 3 0")
    # Then the game is over and her score sheet reads 43
    assert GAME.is_over(after)
    sheet = GAME.score_sheet(after)
    lines = {line["key"]: line["points"][1] for line in sheet["lines"]}
    assert lines == {"clients": 19, "colour_bonus": 3, "value_bonus": 0, "medals": 10, "reputation": 10, "wheelbarrow": 1}
    assert sheet["total"][1] == 43
    assert GAME.ranking(after)[0] == [1]


def test_yoann_advances_twice_on_the_livestock_track_after_one_harvest():
    # Given the landscape A1 + B1 (two Sheep, then a Cow and a Pig), a Sheep, a
    # Cow and a Pig on his Pastures and a Sheep tile waiting for a Broccoli
    state = new_game(advanced=True)
    state["farmers"][0]["livestock"] = {"cards": ["A1", "B1"], "position": 0, "used": []}
    set_plot(state, 0, {
        (0, 0): tile("S01"),
        (1, 0): pasture("S02", "sheep"),
        (2, 0): pasture("C01", "cow"),
        (3, 0): pasture("P01", "pig"),
    })
    set_column(state, "a", ["S09", "P01", "C01"])  # S09: a Broccoli
    # When the harvest gives him a second Sheep
    after = play(state, "take a1", "place 0 1")
    # Then he spends the two Sheep, then the Cow and the Pig, and stands on column 2
    assert after["farmers"][0]["livestock"]["position"] == 2
    assert not any(t["animal"] for t in after["farmers"][0]["plot"].values())
    # and no Medal: the trio is not delivered before the last column
    assert after["farmers"][0]["medals"] == []


def test_floriane_reserves_a_client_face_down_without_its_medal():
    # Given Floriane on column 2 of A1 (draw and reserve powers available)
    state = new_game(advanced=True)
    state["farmers"][0]["livestock"] = {"cards": ["A1", "B1"], "position": 2, "used": []}
    state["farmers"][0]["seeds"] = 2
    state["clients"][2] = "CL05"
    set_deck(state, ["CL11", "CL12"])
    # When she places a Seed on the column to reserve the Client of space 3
    after = play(state, "reserve 3")
    # Then the card is hers, face down; the Medal stays; the space is refilled
    assert after["private"]["0"]["reserved"] == ["CL05"]
    assert after["farmers"][0]["reserved"] == 1
    assert after["medals"][2] == [3, 1]
    assert after["clients"][2] == "CL11"
    assert after["farmers"][0]["seeds"] == 1 and after["farmers"][0]["livestock"]["used"] == [2]
    # and the other farmer cannot see which Client it is
    assert "CL05" not in json.dumps(GAME.view(after, 1))
    assert GAME.view(after, 0)["private"] == {"0": {"reserved": ["CL05"]}}


def test_celine_s_largest_empty_pasture_rectangle_of_6_tiles_gives_12_points():
    state = new_game(advanced=True)
    tiles = {(x, y): pasture("S01") for x in range(3) for y in range(2)}
    tiles[(3, 0)] = pasture("P01", "pig")
    tiles[(0, 2)] = tile("C01")
    set_plot(state, 0, tiles)
    lines = {line["key"]: line["points"][0] for line in GAME.score_sheet(state)["lines"]}
    assert lines["pasture"] == 12


def test_a_plot_whose_largest_empty_pasture_rectangle_is_4_tiles_gives_8_points():
    # Given 7 empty Pastures in an L and a Pasture with an Animal breaking a 2x3 block
    state = new_game(advanced=True)
    tiles = {(0, 0): pasture("S01"), (1, 0): pasture("S02"), (0, 1): pasture("S03"), (1, 1): pasture("S04"),
             (2, 0): pasture("S05", "sheep"), (2, 1): pasture("S06"), (0, 2): pasture("S07"), (0, 3): pasture("S08"),
             (1, 3): tile("P01")}
    set_plot(state, 0, tiles)
    lines = {line["key"]: line["points"][0] for line in GAME.score_sheet(state)["lines"]}
    assert lines["pasture"] == 8
