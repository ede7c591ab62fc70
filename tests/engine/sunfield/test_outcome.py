"""Every option says what it will do: Sunfield Farm's outcomes.

Given a board, when the farmer looks at an option, then its outcome says what
the rules will do with it, from what the farmer can already see."""

from __future__ import annotations

import pytest

from engine.sunfield import GAME
from tests.engine.outcome_samples import sample_states, with_other_secrets
from tests.engine.sunfield.builder import (
    move,
    new_game,
    play,
    set_column,
    set_pile,
    set_plot,
    set_wheelbarrow,
    tile,
    with_known_market,
)


def outcome(state: dict, text: str) -> str:
    return GAME.outcome(state, GAME.parse(state, state["seat"], text))


@pytest.fixture
def state():
    state = with_known_market(new_game())
    set_wheelbarrow(state, 0)
    return state


class TestTakingATile:
    def test_a_deeper_tile_says_what_it_costs(self, state):
        state["farmers"][0]["seeds"] = 2
        assert outcome(state, "take b3") == "Cow tile (Broccoli, Broccoli, Carrot), costs 2 Seeds"

    def test_the_top_tile_is_free_and_its_seeds_are_collected(self, state):
        assert outcome(state, "take b1") == "Sheep tile (Carrot), free, collects 2 Seeds"


class TestPlacingATile:
    def test_a_placement_that_completes_a_tile_and_loses_a_vegetable(self, state):
        # The brown Pig tile P02 (Broccoli, Carrot) holds its Broccoli; the new
        # P02 brings a Broccoli (no free space: lost) and a Carrot (completes it).
        set_plot(state, 0, {(0, 0): tile("P02", ("broccoli",))})
        set_column(state, "a", ["P02", "P01", "C01"])
        taken = play(state, "take a1")
        assert outcome(taken, "place 1 0") == (
            "Carrot on (0, 0), Broccoli lost, harvests the Pig tile on (0, 0) (+1 Pig), "
            "Wheelbarrow +1 Broccoli, +1 Carrot")

    def test_a_placement_far_from_matching_spaces_loses_everything(self, state):
        set_plot(state, 0, {(0, 0): tile("P02", ("broccoli",)), (1, 0): tile("S03")})
        set_column(state, "a", ["P05", "P01", "C01"])  # blue: Carrot, Carrot
        taken = play(state, "take a1")
        assert outcome(taken, "place 2 0") == "2 Carrots lost"

    def test_a_real_choice_of_tile_is_announced(self, state):
        # Two blue tiles with free Carrot spaces; a blue P05 brings 2 Carrots
        # that fit on either, so the farmer chooses.
        set_plot(state, 0, {(0, 0): tile("P05"), (1, 0): tile("S02")})
        set_column(state, "a", ["P05", "P01", "C01"])
        taken = play(state, "take a1")
        assert outcome(taken, "place 0 1") == "then you choose where the 2 Carrots go"
        chosen = play(taken, "place 0 1")
        assert outcome(chosen, "put carrot 1 0") == (
            "Carrot on (0, 0), Carrot on (1, 0), harvests the Sheep tile on (1, 0) (+1 Sheep), "
            "Wheelbarrow +1 Carrot")


class TestUndo:
    def test_a_take_that_empties_its_column_says_it_cannot_be_undone_and_another_does_not(self, state):
        set_column(state, "a", ["S01", None, None], seeds=(1, 0, 0))
        assert outcome(state, "take a1").endswith("cannot be undone")  # the column is refilled from the piles
        assert "undone" not in outcome(state, "take b1")


class TestTheEnd:
    def test_the_last_farmers_last_placement_says_it_ends_the_game(self, state):
        state["ending"], state["seat"] = True, 1
        set_plot(state, 1, {(0, 0): tile("S03")})
        taken = play(state, "take a1")  # a Broccoli: no space for it
        assert outcome(taken, "place 1 0") == "Broccoli lost, ends the game"


class TestSpendingAndDelivering:
    def test_buying_says_the_price_and_what_comes_in(self, state):
        state["farmers"][0]["seeds"] = 5
        assert outcome(state, "buy corn") == "costs 5 Seeds, Wheelbarrow +1 Corn"

    def test_a_delivery_says_the_client_medal_and_points(self, state):
        state["clients"][2] = "CL06"  # green 3: Broccoli, Broccoli, Corn
        state["medals"][2] = [3, 1]
        set_wheelbarrow(state, 0, broccoli=2, corn=1)
        assert outcome(state, "deliver 3") == (
            "Wheelbarrow −2 Broccoli, −1 Corn, the green Client worth 3, a Medal worth 3, +5 points, "
            "cannot be undone")  # a new Client is drawn


class TestHiddenInformation:
    def test_taking_the_last_tile_of_a_column_never_shows_the_new_tiles(self, state):
        set_column(state, "a", ["S01", None, None], seeds=(1, 0, 0))
        set_pile(state, "sheep", ["S04", "S05"])
        before = outcome(state, "take a1")
        set_pile(state, "sheep", ["S09", "S05"])
        assert outcome(state, "take a1") == before == "Sheep tile (Broccoli), free, collects 1 Seed, cannot be undone"

    def test_the_draw_power_says_a_tile_is_drawn_but_not_which(self):
        state = new_game(advanced=True)
        farmer = state["farmers"][0]
        farmer["livestock"] = {"cards": ["A1", "B1"], "position": 1, "used": []}
        farmer["seeds"] = 1
        set_pile(state, "sheep", ["S01", "S02"])
        said = GAME.outcome(state, move("draw"))
        assert said == "the top Sheep tile, unseen until drawn, placed without Vegetables, costs 1 Seed, cannot be undone"
        set_pile(state, "sheep", ["S03", "S02"])
        assert GAME.outcome(state, move("draw")) == said

    @pytest.mark.parametrize("seats, advanced, seed", [(2, False, 1), (3, True, 2), (4, True, 3), (4, False, 4)])
    def test_outcomes_do_not_change_when_only_hidden_information_does(self, seats, advanced, seed):
        for state in sample_states(GAME, seats, {"advanced": advanced}, seed):
            other = with_other_secrets(state, state["seat"], lambda p: {"reserved": ["CL01"] * len(p["reserved"])})
            for m in GAME.legal_moves(state):
                assert GAME.outcome(state, m) == GAME.outcome(other, m), GAME.text(m)


@pytest.mark.parametrize("seats, advanced, seed", [(2, False, 11), (3, True, 12), (4, True, 13)])
def test_every_legal_move_of_sample_states_has_an_outcome(seats, advanced, seed):
    for state in sample_states(GAME, seats, {"advanced": advanced}, seed, every=2):
        for m in GAME.legal_moves(state):
            said = GAME.outcome(state, m)
            assert said and said.strip(), GAME.text(m)
            assert GAME.outcome(state, m) == said  # deterministic, the state untouched
