"""Setup for 2, 3 and 4 farmers, and the content it draws from."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import get_game
from engine.sunfield import GAME
from engine.sunfield import content as C
from engine.sunfield.state import components


def test_the_game_is_registered_with_its_advanced_option():
    assert get_game("sunfield") is GAME
    assert (GAME.title, GAME.min_seats, GAME.max_seats) == ("Sunfield Farm", 2, 4)
    assert [(o.key, o.default) for o in GAME.options] == [("advanced", False)]


@pytest.mark.parametrize("seats,clients,tiles_per_pile", [(4, 20, 20), (3, 17, 16), (2, 14, 12)])
def test_setup_puts_random_clients_and_tiles_back_in_the_box_by_number_of_farmers(seats, clients, tiles_per_pile):
    state = GAME.setup(seats, {}, 7)
    assert state["deck"] + len([c for c in state["clients"] if c]) == clients
    for row, animal in enumerate(C.ROWS):
        in_market = sum(1 for column in state["market"] if column[row])
        assert state["piles"][animal] + in_market == tiles_per_pile
        assert all(C.TILES[column[row]["tile"]].animal == animal for column in state["market"])


def test_setup_lays_out_market_seeds_plots_reputation_and_medals():
    state = GAME.setup(4, {}, 3)
    # a Seed on each revealed Sheep tile, none on the others
    assert [[slot["seeds"] for slot in column] for column in state["market"]] == [[1, 0, 0]] * 3
    # first farmer 1 Seed, then 2, 3, 4
    assert [f["seeds"] for f in state["farmers"]] == [1, 2, 3, 4]
    # 4 Reputation tiles on the board, one face up in front of each farmer, all different
    dealt = [f["reputation"][0]["tile"] for f in state["farmers"]]
    assert len(state["reputation"]) == 4 and len(set(dealt + state["reputation"])) == 8
    # a Medal 3 and a Medal 1 below each Client space
    assert state["medals"] == [[3, 1]] * 5
    assert len([c for c in state["clients"] if c]) == 5


def test_each_starting_plot_is_sheep_pig_cow_in_a_row_with_two_vegetables_placed():
    state = GAME.setup(4, {}, 3)
    for farmer in state["farmers"]:
        plot = farmer["plot"]
        assert list(plot) == ["-1,0", "0,0", "1,0"]
        assert [C.TILES[t["tile"]].animal for t in plot.values()] == ["sheep", "pig", "cow"]
        assert sum(sum(t["filled"]) for t in plot.values()) == 2
        assert not any(t["pasture"] for t in plot.values())


def test_every_component_of_the_box_is_accounted_for_at_setup():
    box = components(GAME.setup(4, {"advanced": True}, 5))
    assert {k: box[k] for k in ("broccoli", "carrot", "eggplant", "corn", "sheep", "pig", "cow")} == dict.fromkeys(
        ("broccoli", "carrot", "eggplant", "corn", "sheep", "pig", "cow"), 15)
    assert (box["seeds"], box["medal3"], box["medal1"], box["tiles"], box["clients"]) == (40, 25, 5, 72, 20)


def test_setup_is_deterministic_from_the_seed_and_varies_with_it():
    assert GAME.setup(3, {}, 11) == GAME.setup(3, {}, 11)
    assert GAME.setup(3, {}, 11)["hidden"] != GAME.setup(3, {}, 12)["hidden"]


def test_advanced_setup_deals_a_livestock_a_and_b_card_to_each_farmer():
    state = GAME.setup(4, {"advanced": True}, 2)
    cards = [f["livestock"]["cards"] for f in state["farmers"]]
    assert all(a.startswith("A") and b.startswith("B") for a, b in cards)
    assert len({a for a, _ in cards}) == 4 and len({b for _, b in cards}) == 4
    assert all(f["livestock"]["position"] == 0 and f["livestock"]["used"] == [] for f in state["farmers"])
    assert all(f["livestock"] is None for f in GAME.setup(4, {}, 2)["farmers"])


@pytest.mark.parametrize("seats", [1, 5])
def test_setup_refuses_a_number_of_farmers_the_game_does_not_support(seats):
    with pytest.raises(ValueError):
        GAME.setup(seats, {}, 1)


def test_setup_refuses_an_unknown_option():
    with pytest.raises(ValueError):
        GAME.setup(2, {"expert": True}, 1)


class TestContent:
    def test_market_tiles_show_1_2_3_vegetables_by_animal_and_are_balanced(self):
        for animal, count in (("sheep", 1), ("pig", 2), ("cow", 3)):
            tiles = [t for t in C.MARKET_TILES if t.animal == animal]
            assert len(tiles) == 20 and all(len(t.vegetables) == count for t in tiles)
            assert Counter(t.colour for t in tiles) == dict.fromkeys(C.TILE_COLOURS, 5)
            assert set(Counter(v for t in tiles for v in t.vegetables).values()) == {5 * count}

    def test_clients_are_worth_3_to_6_and_ask_for_as_many_vegetables(self):
        assert len(C.CLIENTS) == 20
        assert Counter(c.value for c in C.CLIENTS.values()) == {3: 5, 4: 5, 5: 5, 6: 5}
        assert all(len(c.vegetables) == c.value for c in C.CLIENTS.values())
        assert Counter(C.CLIENTS["CL02"].vegetables) == {"corn": 2, "eggplant": 1, "carrot": 1}
        assert (C.CLIENTS["CL02"].colour, C.CLIENTS["CL02"].value) == ("blue", 4)

    def test_every_landscape_offers_four_different_powers(self):
        for a in ("A1", "A2", "A3", "A4", "A5"):
            for b in ("B1", "B2", "B3", "B4", "B5"):
                columns = C.landscape(a, b)
                assert len(columns) == C.LAST_COLUMN + 1
                powers = [c.power for c in columns[1:5]]
                assert len(set(powers)) == 4 and all(p in C.POWERS for p in powers)
                assert all(len(c.needs) == 2 for c in columns[1:5]) and columns[-1].needs == ("sheep", "pig", "cow")
        assert Counter(c.power for card in C.LIVESTOCK_CARDS.values() for c in card.columns if c.power) == dict.fromkeys(C.POWERS, 2)
