"""What each farmer may see and the sentences the others read. (Whole random
games are checked in tests/engine/test_contract.py.)"""

from __future__ import annotations

import json

from engine.sunfield import GAME
from tests.engine.sunfield.builder import (
    move,
    new_game,
    pasture,
    play,
    set_column,
    set_deck,
    set_plot,
    set_wheelbarrow,
    tile,
)


class TestViews:
    def test_a_farmer_sees_pile_and_deck_counts_but_not_their_order(self):
        state = new_game(3)
        view = GAME.view(state, 1)
        assert "hidden" not in view
        assert view["piles"] == state["piles"] and view["deck"] == state["deck"]
        assert set(view["private"]) == {"1"}
        hidden = state["hidden"]["deck"] + [t for pile in state["hidden"]["piles"].values() for t in pile]
        text = json.dumps(view)
        assert not any(f'"{item}"' in text for item in hidden)

    def test_a_spectator_sees_no_private_part(self):
        assert GAME.view(new_game(), None)["private"] == {}

    def test_taking_a_visible_tile_reveals_nothing_but_renewing_a_column_does(self):
        state = new_game()
        assert not GAME.reveals_information(state, GAME.apply(state, move("take:a:1")))
        set_column(state, "a", ["S01", None, None])
        assert GAME.reveals_information(state, GAME.apply(state, move("take:a:1")))


class TestSentences:
    def test_a_take_says_which_tile_and_what_it_cost(self):
        state = new_game()
        set_column(state, "c", ["S04", None, "C13"], seeds=(1, 0, 0))
        state["farmers"][0]["seeds"] = 1
        assert GAME.describe(state, move("take:c:3")) == (
            "took the yellow Cow tile (Carrot, Carrot, Corn) at c3, placing 1 Seed above it")

    def test_a_placement_tells_what_followed_by_itself(self):
        state = new_game()
        set_plot(state, 0, {(0, 0): tile("S03"), (1, 0): pasture("C01", "cow"), (2, 0): pasture("P01", "pig")})
        set_column(state, "a", ["S07", "P01", "C01"])
        state = play(state, "take a1")
        assert GAME.describe(state, move("place:0:1")) == (
            "placed the brown Sheep tile (Eggplant) in their Plot at (0, 1); harvested their blue Sheep tile at (0, 0)"
            " (Eggplant to their Wheelbarrow), won a Medal worth 3")

    def test_a_placement_tells_which_vegetables_were_lost(self):
        state = new_game()
        set_plot(state, 0, {(-1, 0): tile("S02"), (0, 0): tile("P13"), (0, 1): tile("P10")})
        set_column(state, "a", ["S01", "P01", "C07"])
        state["farmers"][0]["seeds"] = 2
        state = play(state, "take a3")
        assert GAME.describe(state, move("place:1:0")) == (
            "placed the brown Cow tile (Broccoli, Carrot, Corn) in their Plot at (1, 0); lost 1 Carrot (no space for it)")

    def test_every_tile_placed_or_filled_is_named_with_its_colour(self):
        # Given a Carrot to put, with a choice of two tiles
        state = new_game()
        set_plot(state, 0, {(0, 0): tile("P05"), (2, 0): tile("S02")})  # blue Pig (Carrot, Carrot), blue Sheep (Carrot)
        set_column(state, "a", ["S01", "P17", "C01"])  # P17: a blue Pig tile with a Carrot and a Corn
        state["farmers"][0]["seeds"] = 2
        state = play(state, "take a2", "place 1 0")
        # Then each sentence names the colour of the tile that gets the Carrot:
        # the same colour is what lets a Vegetable go there
        assert sorted(GAME.describe(state, m) for m in GAME.legal_moves(state)) == [
            "put a Carrot on their blue Pig tile at (0, 0)",
            "put a Carrot on their blue Sheep tile at (2, 0); harvested their blue Sheep tile at (2, 0) (Carrot to their Wheelbarrow)",
        ]

    def test_a_delivery_names_the_client(self):
        state = new_game()
        state["clients"][1] = "CL02"
        set_deck(state, ["CL05"])
        set_wheelbarrow(state, 0, corn=2, eggplant=1, carrot=1)
        assert GAME.describe(state, move("deliver:2")) == (
            "delivered the blue Client worth 4 (space 2); won a Medal worth 3, emptied a draw pile: this is the last round")
