"""The score sheet's lines, including the decisions on bonuses."""

from __future__ import annotations

from engine.bots import RandomBot, play
from engine.sunfield import GAME
from tests.engine.sunfield.builder import (
    new_game,
    pasture,
    set_plot,
    set_wheelbarrow,
    tile,
)


def lines_of(state: dict, seat: int = 0) -> dict[str, int]:
    return {line["key"]: line["points"][seat] for line in GAME.score_sheet(state)["lines"]}


def test_the_colour_and_value_bonuses_count_once_however_many_sets():
    state = new_game()
    # six blue Clients would be two "sets", and three 5s plus three 3s two value sets
    state["farmers"][0]["clients"] = ["CL01", "CL02", "CL03", "CL04", "CL05", "CL06", "CL07", "CL09", "CL14"]
    lines = lines_of(state)
    assert (lines["colour_bonus"], lines["value_bonus"]) == (3, 3)


def test_two_clients_of_a_colour_or_value_earn_no_bonus():
    state = new_game()
    state["farmers"][0]["clients"] = ["CL01", "CL02", "CL06"]  # blue 3, blue 4, green 3
    lines = lines_of(state)
    assert (lines["clients"], lines["colour_bonus"], lines["value_bonus"]) == (10, 0, 0)


def test_the_wheelbarrow_scores_one_point_per_three_vegetables_of_any_kind():
    state = new_game()
    set_wheelbarrow(state, 0, broccoli=1, carrot=2, eggplant=1, corn=4)
    assert lines_of(state)["wheelbarrow"] == 2


def test_a_pasture_with_an_animal_or_a_vegetable_face_breaks_the_rectangle():
    state = new_game(advanced=True)
    set_plot(state, 0, {(0, 0): pasture("S01"), (1, 0): pasture("S02", "sheep"), (2, 0): pasture("S03"),
                        (0, 1): tile("P01"), (1, 1): pasture("S04"), (2, 1): pasture("S05")})
    assert lines_of(state)["pasture"] == 2 * 2  # (2,0)-(2,1) or (1,1)-(2,1)


def test_the_base_game_has_no_pasture_line_and_totals_add_up():
    state = new_game()
    state["farmers"][1]["medals"] = [3, 1]
    sheet = GAME.score_sheet(state)
    assert "pasture" not in [line["key"] for line in sheet["lines"]]
    assert sheet["total"] == [0, 4]
    assert sheet["tiebreak"] == {"label": "Seeds", "values": [1, 2]}


def test_a_reserved_client_not_delivered_scores_nothing():
    state = new_game(advanced=True)
    state["private"]["0"]["reserved"], state["farmers"][0]["reserved"] = ["CL05"], 1
    assert GAME.score_sheet(state)["total"][0] == 0


def test_the_greedy_estimate_values_a_tile_close_to_harvest():
    state = new_game()
    before = GAME.progress_value(state, 0)
    state["farmers"][0]["plot"]["1,0"]["filled"] = [1, 1, 0]  # the Cow tile one Vegetable from harvest
    assert GAME.progress_value(state, 0) > before


def test_one_farmers_total_is_their_total_on_the_score_sheet_all_game_long():
    from engine.bots import GreedyBot, play

    def playing(seen):
        def decide(seat, state, choose):
            seen.append(state)
            return choose()
        return decide

    for options in ({}, {"advanced": True}):
        seen = []
        play(GAME, 3, options, 11, [GreedyBot()] * 3, on_decision=playing(seen))
        assert len(seen) > 50
        for state in seen[::5] + seen[-1:]:
            sheet = GAME.score_sheet(state)["total"]
            assert [GAME.score_of(state, seat) for seat in range(3)] == sheet


def test_given_any_position_when_the_bots_ask_for_the_totals_then_they_are_the_score_sheet_s():
    # Game.totals adds up each farmer's lines without building the sheet
    for advanced in (False, True):
        played = play(GAME, 3, {"advanced": advanced}, 5, [RandomBot()] * 3)
        state = GAME.setup(3, played.options, 5)
        for code in played.codes:
            state = GAME.apply(state, GAME.from_code(code))
            assert GAME.totals(state) == GAME.score_sheet(state)["total"]
