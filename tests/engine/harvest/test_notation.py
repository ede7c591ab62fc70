"""The typed notation: canonical texts, the forgiving reader and its three
kinds of error, link codes and the sentences other farmers read."""

import pytest

from engine.core import AmbiguousMove, IllegalMove, InvalidMove
from engine.harvest import content as C
from tests.engine.harvest.builder import crop, game, give, m, plain, play, started


@pytest.fixture
def store():
    state = plain(started(seats=1, seed=3))
    return play(give(state, coins=9, fertilizer=3), "place store 2")


@pytest.fixture
def fields():
    state = plain(started(seats=1, seed=3))
    crop(state, "wheat", "b2")
    return play(give(state, coins=1, water=3, fertilizer=3, pumpkin=1, bush=1), "place fields 3")


def parse(state, text):
    return game.text(game.parse(state, state["active"], text))


class TestForgivingReader:
    @pytest.mark.parametrize("typed", ["buy wheat 2", "BUY WHEAT 2", "buy 2 wheat", "Buy two wheats.",
                                       "purchase wheat x2", "please buy 2 wheat seeds"])
    def test_ways_to_buy_two_wheat(self, store, typed):
        assert parse(store, typed) == "buy wheat 2"

    @pytest.mark.parametrize("typed", ["buy pump 1", "pur pumpkin", "buy pumpk"])
    def test_words_may_be_shortened_while_only_one_fits(self, store, typed):
        assert parse(store, typed) == "buy pumpkin 1"

    def test_a_shortening_that_fits_two_words_is_not_guessed(self, store):
        with pytest.raises(InvalidMove):
            game.parse(store, 0, "buy wh 1")

    def test_buying_without_a_number_buys_one(self, store):
        assert parse(store, "buy pumpkin") == "buy pumpkin 1"

    @pytest.mark.parametrize("typed", ["buy blueberry bush", "buy blueberry bushes 1", "buy bush"])
    def test_the_bush_has_several_names(self, store, typed):
        assert parse(store, typed) == "buy bush 1"

    @pytest.mark.parametrize("typed", ["take fertilizer", "gain fertiliser", "get fert"])
    def test_fertilizer_spellings(self, store, typed):
        assert parse(store, typed) == "gain fertilizer"

    @pytest.mark.parametrize("typed", ["plant pumpkin a1 h", "plant pumpkin A1 horizontal", "sow pumpkins a-1 across",
                                       "plant pumpkin 1a h", "plant pumpkin (a,1) h", "plant pumpkin a1h"])
    def test_coordinates_and_orientations_several_ways(self, fields, typed):
        assert parse(fields, typed) == "plant pumpkin a1 h"

    @pytest.mark.parametrize("typed", ["tend wheat b2 b3", "tend b2 b3", "grow wheat B2 b 3"])
    def test_tending_names_the_parent_then_the_new_tile(self, fields, typed):
        assert parse(fields, typed) == "tend wheat b2 b3"

    def test_any_cell_of_a_pumpkin_names_it(self):
        state = plain(started(seats=1, seed=3))
        crop(state, "pumpkin", "a1", "b1")
        state = play(give(state, coins=1, water=2), "place fields 3")
        assert parse(state, "tend pumpkin b1 a2 h") == "tend pumpkin a1 a2 h"

    @pytest.mark.parametrize("typed", ["place store 2", "go to the general store 2", "visit Store 2",
                                       "place a wheelbarrow on the store 2", "wheelbarrow to store 2"])
    def test_place_synonyms(self, typed):
        state = plain(started(seats=1, seed=3))
        assert parse(state, typed) == "place store 2"

    def test_market_tiles_by_letter(self):
        state = plain(started(seats=1, seed=3))
        state["market"]["a"] = "coinpurse"
        assert parse(state, "place farmer's market a") == "place market a"

    @pytest.mark.parametrize("typed", ["done", "pass", "End.", "finish"])
    def test_ending_a_visit(self, store, typed):
        assert parse(store, typed) == "done"

    def test_keeping_a_card_by_its_name(self):
        state = game.setup(1, {}, 4)
        name = state["private"]["0"]["characters"][1]
        assert parse(state, f"keep {C.CHARACTERS[name]['name']}") == "keep character 2"
        assert parse(state, "keep 1") == "keep character 1"

    @pytest.mark.parametrize("typed", ["sunrise 5", "take sunrise 5", "pick 5", "take tile 5", "sunrise tile 5"])
    def test_picking_a_sunrise_tile(self, typed):
        state = game.setup(1, {}, 4)
        state = play(state, "keep character 1", "keep farmhouse 1")
        state["sunrise"]["display"] = [2, 5, 7]
        assert parse(state, typed) == "sunrise 5"

    @pytest.mark.parametrize("typed,wanted", [
        ("upgrade wheat", "upgrade wheat"), ("Upgrade my Blueberry Bush seed please", "upgrade bush"),
        ("swap blueberries", "upgrade bush"), ("skip", "done"), ("done", "done"),
    ])
    def test_answering_first_light(self, typed, wanted):
        state = game.setup(1, {}, 4)
        state = plain(play(state, "keep character 1", "keep farmhouse 1"))
        state["sunrise"]["display"] = [2, 5, 7]
        state["farmers"][0]["seeds"].update(wheat=1, bush=1)
        state = play(state, "sunrise 5")
        assert parse(state, typed) == wanted

    def test_the_fields_bonus_may_be_taken_with_take(self):
        state = play(plain(started(seats=1, seed=3)), "place fields 1")
        assert parse(state, "take water") == "bonus water"


class TestErrors:
    def test_an_unknown_command_is_invalid_with_a_suggestion(self, store):
        with pytest.raises(InvalidMove) as error:
            game.parse(store, 0, "byu wheat 2")
        assert "buy" in error.value.suggestions

    def test_an_unknown_word_is_invalid_with_a_suggestion(self, store):
        with pytest.raises(InvalidMove) as error:
            game.parse(store, 0, "buy wheet 2")
        assert "wheat" in error.value.suggestions

    def test_an_empty_reply_is_invalid(self, store):
        with pytest.raises(InvalidMove):
            game.parse(store, 0, "   ")

    def test_a_move_not_possible_now_is_illegal_with_suggestions(self, store):
        with pytest.raises(IllegalMove) as error:
            game.parse(store, 0, "buy pumpkin 3")
        assert error.value.suggestions

    def test_another_farmers_turn_is_illegal(self):
        state = started(seats=2)
        other = 1 - state["active"]
        with pytest.raises(IllegalMove, match="not your turn"):
            game.parse(state, other, "place store 1")

    def test_a_card_not_dealt_to_you_is_illegal(self):
        state = game.setup(1, {}, 4)
        stranger = next(c for c in C.CHARACTERS if c not in state["private"]["0"]["characters"])
        with pytest.raises(IllegalMove):
            game.parse(state, 0, f"keep {stranger}")

    def test_a_shortened_move_that_fits_several_is_ambiguous(self, fields):
        with pytest.raises(AmbiguousMove) as error:
            game.parse(fields, 0, "plant pumpkin a1")
        assert set(error.value.candidates) == {"plant pumpkin a1 h", "plant pumpkin a1 v"}

    def test_illegal_moves_are_refused_by_apply_with_a_reason(self, store):
        with pytest.raises(IllegalMove, match="not an action of your visit to the General Store"):
            game.apply(store, m("harvest"))
        with pytest.raises(IllegalMove, match="place a Wheelbarrow first"):
            game.apply(plain(started(seats=1)), m("harvest"))
        with pytest.raises(IllegalMove, match="is taken"):
            state = plain(started(seats=2))
            game.apply(play(state, "place store 2", "done"), m("place store 2"))


class TestCodesAndSentences:
    @pytest.mark.parametrize("text", ["keep character 2", "sunrise 3", "place market b", "place fields 3",
                                      "plant pumpkin a1 h", "tend strawberry c2 b2 d2", "build silo c3",
                                      "clear forest d4", "buy wheat 2", "done"])
    def test_a_text_and_its_code_read_back_as_the_same_move(self, text):
        move = m(text)
        assert game.text(move) == text and game.from_code(game.code(move)) == move

    def test_sentences_for_the_other_farmers(self, fields):
        assert game.describe(fields, m("plant pumpkin a1 h")) == "planted Pumpkin on a1–b1"
        assert game.describe(fields, m("tend wheat b2 b3")) == "tended the Wheat at b2, growing b3"
        state = give(plain(started(seats=1, seed=3)), coins=1)
        assert game.describe(state, m("place fields 3")) == "placed a Wheelbarrow on the Fields (3 actions) for 1 coin"

    def test_a_harvest_says_what_it_yielded(self, fields):
        # Given one Wheat on the farm: 1 point and 1 Fertilizer, and 1 coin for one kind of crop
        assert game.describe(fields, m("harvest")) == "harvested every crop on their farm: 1 coin, 1 point, 1 Fertilizer"

    def test_a_clearing_names_the_forest_dice_rolled(self):
        state = give(plain(started(seats=1, seed=3)), coins=2)
        state = play(state, "place workshop 2")
        sentence = game.describe(state, m("clear forest e1"))
        # Then the sentence lists the faces rolled, and they are what the farmer got
        before, after = state["farmers"][0], game.apply(state, m("clear forest e1"))["farmers"][0]
        assert sentence.startswith("cleared the Forest on e1 for 2 coins and rolled the Forest dice: ")
        got = {"coin": after["coins"] - (before["coins"] - 2), "point": after["points"] - before["points"],
               "Fertilizer": after["fertilizer"] - before["fertilizer"], "Water": after["water"] - before["water"],
               "Wheat seed": after["seeds"]["wheat"] - before["seeds"]["wheat"]}
        dice = sentence.split("dice: ")[1].replace(";", ",").split(", ")
        said = {}
        for word in dice:
            count, name = word.split(" ", 1)
            name = name.rstrip("s") if name in ("coins", "points", "Wheat seeds") else name
            said[name] = said.get(name, 0) + int(count)
        assert said == {k: v for k, v in got.items() if v}

    def test_a_market_tile_says_what_it_cost_and_gave_and_a_pass_says_it_was_used(self):
        state = plain(started(seats=1, seed=3))
        state["market"]["a"] = "bakesale"  # 1 Wheat seed -> 3 coins
        assert game.describe(give(state, wheat=1), m("place market a")) == (
            "placed a Wheelbarrow on Farmer's Market tile Bake Sale for 1 Wheat seed: 3 coins")
        state["farmers"][0]["perks"] = {"market_free": 1}
        assert game.describe(state, m("place market a")) == (
            "placed a Wheelbarrow on Farmer's Market tile Bake Sale, using the Early Market pass: 3 coins")

    def test_the_late_riser_pass_says_the_visit_needs_no_entry(self):
        state = plain(started(seats=1, seed=3))
        state["farmers"][0]["perks"] = {"trading_free": 1}
        state["farmers"][0]["seeds"]["wheat"] = 1
        assert game.describe(state, m("place trading 1")) == (
            "placed a Wheelbarrow on the Trading Post (1 action), using the Late Riser pass (no entry)")

    def test_the_notation_help_examples_are_real_moves(self):
        for example, meaning in game.notation_help():
            assert game.from_code(game.code(m(example))) == m(example) and meaning
