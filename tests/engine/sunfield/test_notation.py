"""Moves as text: what a farmer may type, and the three kinds of refusal."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import AmbiguousMove, IllegalMove, InvalidMove, Move, MoveError
from engine.sunfield import GAME
from tests.engine.sunfield.builder import new_game, play, set_wheelbarrow


@pytest.fixture
def state():
    state = new_game()
    state["farmers"][0]["seeds"] = 9
    set_wheelbarrow(state, 0, carrot=1)
    return state


@pytest.fixture
def placing(state):
    return play(state, "take b1")


@pytest.mark.parametrize("typed", ["take b2", "TAKE B2", "Take the tile at b 2", "take 2b", "b2", "take b pig", "grab B2."])
def test_a_tile_to_take_may_be_written_many_ways(state, typed):
    assert GAME.parse(state, 0, typed) == Move("take", ("b", 2))


@pytest.mark.parametrize("typed", ["place 1 -1", "place 1,-1", "place (1 -1)", "place 1 / -1", "place x=1 y=-1", "(1, -1)", "put 1 -1"])
def test_coordinates_may_be_written_many_ways(placing, typed):
    assert GAME.parse(placing, 0, typed) == Move("place", (1, -1))


@pytest.mark.parametrize("typed,vegetable", [
    ("buy brocoli", "broccoli"), ("buy Broccolis", "broccoli"), ("buy aubergine", "eggplant"),
    ("buy eggplants", "eggplant"), ("buy maize", "corn"), ("buy CARROTS", "carrot"), ("buy car", "carrot"),
])
def test_vegetables_accept_plurals_synonyms_and_abbreviations(state, typed, vegetable):
    assert GAME.parse(state, 0, typed) == Move("buy", (vegetable,))


def test_verbs_accept_abbreviations_and_filler_words(state):
    assert GAME.parse(state, 0, "ex car for co") == Move("exchange", ("carrot", "corn"))
    assert GAME.parse(state, 0, "exchange a carrot for the maize") == Move("exchange", ("carrot", "corn"))


class TestRefusals:
    def test_an_unknown_command_is_invalid_with_suggestions(self, state):
        with pytest.raises(InvalidMove) as error:
            GAME.parse(state, 0, "tkae b2")
        assert "take" in error.value.suggestions

    def test_an_unknown_word_is_invalid_and_says_what_it_may_have_meant(self, state):
        with pytest.raises(InvalidMove, match="carrot"):
            GAME.parse(state, 0, "buy carrrot")

    def test_a_column_outside_the_market_is_invalid(self, state):
        with pytest.raises(InvalidMove, match="columns are a, b and c"):
            GAME.parse(state, 0, "take d2")

    def test_too_many_arguments_are_invalid(self, state):
        with pytest.raises(InvalidMove, match="too many Vegetables"):
            GAME.parse(state, 0, "buy corn corn")

    def test_a_well_formed_move_the_rules_forbid_is_illegal_with_the_rule_s_reason(self, state):
        state["farmers"][0]["seeds"] = 1
        with pytest.raises(IllegalMove) as error:
            GAME.parse(state, 0, "take c3")
        assert error.value.reason == "you need 2 Seeds to take c3, you have 1"
        assert error.value.suggestions  # legal takes close to it

    def test_a_move_out_of_turn_is_illegal(self, state):
        with pytest.raises(IllegalMove, match="not your turn"):
            GAME.parse(state, 1, "take a1")

    def test_a_partial_move_that_fits_several_is_ambiguous_with_candidates(self, state):
        with pytest.raises(AmbiguousMove) as error:
            GAME.parse(state, 0, "take b")
        assert error.value.candidates == ["take b1", "take b2", "take b3"]

    def test_a_partial_move_that_fits_one_is_that_move(self, state):
        state["farmers"][0]["seeds"] = 0
        assert GAME.parse(state, 0, "take b") == Move("take", ("b", 1))

    def test_a_move_after_the_game_is_over_is_illegal(self, state):
        state["seat"], state["phase"] = None, "over"
        with pytest.raises(IllegalMove, match="game is over"):
            GAME.parse(state, 0, "take a1")

    def test_a_client_space_outside_1_to_5_is_refused_without_touching_another(self, state):
        with pytest.raises(IllegalMove, match="numbered 1 to 5"):
            GAME.parse(state, 0, "deliver 0")

    @pytest.mark.parametrize("code", ["take:z:1", "fly:1", "take:b", "place:a:b", "deliver:x", ""])
    def test_a_malformed_code_is_invalid(self, code):
        with pytest.raises(InvalidMove):
            GAME.from_code(code)

    def test_applying_a_malformed_move_is_illegal_not_a_crash(self, state):
        with pytest.raises(IllegalMove):
            GAME.apply(state, Move("take", ("z", 9)))


def test_every_legal_move_reads_back_from_its_text_and_its_code():
    # a position with a real Vegetable choice and every spending move open
    state = new_game(advanced=True)
    state["farmers"][0]["livestock"] = {"cards": ["A2", "B3"], "position": 5, "used": []}
    state["farmers"][0]["seeds"] = 9
    set_wheelbarrow(state, 0, carrot=1, corn=2)
    positions = [state, play(state, "take a1")]
    for position in positions:
        for move in GAME.legal_moves(position):
            assert GAME.parse(position, 0, GAME.text(move)) == move
            assert GAME.from_code(GAME.code(move)) == move


def test_canonical_texts_and_codes():
    cases = {
        "take:b:2": "take b2", "place:1:-1": "place 1 -1", "put:carrot:0:1": "put carrot 0 1",
        "exchange:carrot:corn": "exchange carrot corn", "buy:corn": "buy corn", "deliver:3": "deliver 3",
        "deliver:reserved": "deliver reserved", "end": "end", "herd:0:1:2:0": "herd 0 1 to 2 0",
        "shift:carrot:0:1:1:1": "shift carrot 0 1 to 1 1", "move:0:1:2:1": "move 0 1 to 2 1", "swap:0:1:cow": "swap 0 1 cow",
    }
    for code, typed in cases.items():
        assert GAME.text(GAME.from_code(code)) == typed


def test_every_notation_help_example_is_well_formed():
    state = new_game()
    for example, _meaning in GAME.notation_help():
        try:
            GAME.parse(state, 0, example)
        except InvalidMove as error:  # pragma: no cover - the failure message
            pytest.fail(f"help example {example!r} is not valid notation: {error}")
        except IllegalMove:
            pass  # well-formed, just not playable in this position


def test_move_means_the_power_that_fits_what_is_moved():
    state = new_game(advanced=True)
    state["farmers"][0]["livestock"] = {"cards": ["A2", "B3"], "position": 5, "used": []}
    state["farmers"][0]["plot"]["0,0"] = {"tile": "P01", "filled": [0, 0], "pasture": True, "animal": "pig"}
    state["farmers"][0]["plot"]["1,0"] = {"tile": "C01", "filled": [0, 0, 0], "pasture": True, "animal": None}
    assert GAME.parse(state, 0, "move animal 0 0 to 1 0") == Move("herd", (0, 0, 1, 0))
    assert GAME.parse(state, 0, "move pig (0,0) -> (1,0)") == Move("herd", (0, 0, 1, 0))
    assert GAME.parse(state, 0, "move tile -1 0 to 0 1") == Move("move", (-1, 0, 0, 1))


@settings(max_examples=300, deadline=None)
@given(typed=st.text(max_size=40) | st.lists(st.sampled_from(
    ["take", "place", "put", "b2", "a", "c3", "1", "-1", "0", "carrot", "corn", "to", "(", ")", ",", "deliver", "reserved",
     "exchange", "buy", "move", "pig", "animal", "sheep", "end", "x=", "/", "swap", "herd", "99"]), max_size=7).map(" ".join))
def test_any_text_is_either_a_legal_move_or_a_clear_refusal(typed):
    state = new_game()
    state["farmers"][0]["seeds"] = 9
    set_wheelbarrow(state, 0, carrot=1, corn=2)
    for position in (state, play(state, "take b1")):
        try:
            parsed = GAME.parse(position, 0, typed)
        except MoveError as error:
            assert error.reason
        else:
            assert parsed in GAME.legal_moves(position)
