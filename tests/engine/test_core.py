"""The game-neutral pieces of the engine contract."""

import json

import pytest

from engine.core import (
    AmbiguousMove,
    IllegalMove,
    InvalidMove,
    Move,
    Rng,
    clone,
    normalize,
)


class TestMoveCodes:
    def test_a_code_reads_back_as_the_same_move(self):
        move = Move("take", ("b", 2))
        assert move.code() == "take:b:2"
        assert Move.from_code("take:b:2") == move

    def test_negative_numbers_survive_the_round_trip(self):
        move = Move("place", (1, -1))
        assert Move.from_code(move.code()) == move

    def test_a_move_without_arguments_is_just_its_verb(self):
        assert Move("end").code() == "end"
        assert Move.from_code("end") == Move("end")

    @pytest.mark.parametrize("code", ["", "Take:b", "take::2", "9x", ":", "take:", "x" * 300, None, 12])
    def test_garbage_is_an_invalid_move_not_a_crash(self, code):
        with pytest.raises(InvalidMove):
            Move.from_code(code)

    def test_the_repr_rebuilds_the_move(self):
        move = Move("deliver", (3,))
        assert eval(repr(move), {"Move": Move}) == move


class TestRng:
    def test_the_same_seed_gives_the_same_draws(self):
        a, b = Rng.from_seed(42), Rng.from_seed(42)
        assert [a.below(100) for _ in range(50)] == [b.below(100) for _ in range(50)]

    def test_different_seeds_give_different_draws(self):
        a, b = Rng.from_seed(1), Rng.from_seed(2)
        assert [a.below(1000) for _ in range(20)] != [b.below(1000) for _ in range(20)]

    def test_the_generator_state_is_one_integer_that_resumes_the_sequence(self):
        rng = Rng.from_seed("game-7")
        rng.below(10)
        saved = rng.state
        expected = [rng.below(10) for _ in range(5)]
        resumed = Rng(json.loads(json.dumps(saved)))
        assert [resumed.below(10) for _ in range(5)] == expected

    def test_shuffle_is_a_permutation_and_leaves_the_input_alone(self):
        items = list(range(30))
        shuffled = Rng.from_seed(3).shuffle(items)
        assert sorted(shuffled) == items and shuffled != items
        assert items == list(range(30))

    def test_below_is_roughly_uniform(self):
        rng = Rng.from_seed(9)
        counts = [0] * 6
        for _ in range(6000):
            counts[rng.below(6)] += 1
        assert all(850 < c < 1150 for c in counts)

    def test_below_rejects_an_empty_range(self):
        with pytest.raises(ValueError):
            Rng(1).below(0)


def test_clone_is_a_deep_copy_of_plain_data():
    state = {"a": [1, {"b": "c"}], "hidden": {"rng": 5}}
    copy = clone(state)
    copy["a"][1]["b"] = "changed"
    assert state["a"][1]["b"] == "c"
    assert clone(state) == state


def test_normalize_folds_case_space_and_separators():
    assert normalize("  Take   B2. ") == "take b2"
    assert normalize("place 1,-1") == "place 1 -1"


def test_error_types_are_value_errors_that_carry_suggestions():
    err = AmbiguousMove("which one?", candidates=["take a1", "take a2"])
    assert isinstance(err, ValueError) and err.suggestions == ["take a1", "take a2"]
    assert isinstance(IllegalMove("no"), ValueError)
    assert InvalidMove("bad", suggestions=["x"]).suggestions == ["x"]
