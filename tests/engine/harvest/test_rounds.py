"""Setup and the round structure: keeping cards, sunrise, placing
Wheelbarrows, sunset, the end after round 4, and what solo play changes."""

import json

import pytest

from engine.core import IllegalMove
from engine.harvest import content as C
from engine.harvest.state import spaces_for
from tests.engine.harvest.builder import game, give, m, moves, plain, play, started


class TestSetup:
    def test_one_to_four_farmers(self):
        for seats in (0, 5):
            with pytest.raises(ValueError):
                game.setup(seats, {}, 1)

    def test_each_farmer_is_dealt_two_characters_and_two_farmhouses_in_private(self):
        state = game.setup(4, {}, 7)
        dealt = [state["private"][str(s)] for s in range(4)]
        characters = [c for d in dealt for c in d["characters"]]
        farmhouses = [f for d in dealt for f in d["farmhouses"]]
        assert len(set(characters)) == 8 and len(set(farmhouses)) == 8
        assert all(f["character"] is None and f["farmhouse"] is None for f in state["farmers"])

    def test_a_farmer_starts_with_the_designed_resources(self):
        farmer = game.setup(2, {}, 1)["farmers"][0]
        assert farmer["coins"] == C.START["coins"] and farmer["fertilizer"] == C.START["fertilizer"]
        assert farmer["water"] == C.BUCKET_LEVELS[0] and farmer["bucket"] == 0
        assert farmer["seeds"] == {"wheat": 1, "strawberry": 1, "bush": 0, "pumpkin": 0}
        assert sorted(farmer["farm"]["forests"]) == sorted(C.FORESTS) and farmer["farm"]["crops"] == []

    def test_one_sunrise_tile_each_and_three_on_display(self):
        state = game.setup(3, {}, 5)
        sunrise = state["sunrise"]
        assert len(sunrise["held"]) == 3 and len(sunrise["display"]) == C.SUNRISE_DISPLAY_EXTRA
        assert not set(sunrise["held"]) & set(sunrise["display"])

    def test_the_market_shows_one_tile_per_stack_and_hides_the_rest(self):
        state = game.setup(2, {}, 5)
        for label, stack in zip("abc", C.MARKET_STACKS):
            assert state["market"][label] in stack and state["market_left"][label] == 3
            assert sorted([state["market"][label], *state["hidden"]["market"][label]]) == sorted(stack)
        view = game.view(state, 0)
        assert "hidden" not in view and "1" not in view["private"]

    def test_the_same_seed_gives_the_same_game(self):
        assert game.setup(4, {}, 9) == game.setup(4, {}, 9)
        assert game.setup(4, {}, 9) != game.setup(4, {}, 10)

    @pytest.mark.parametrize("seats,extra", [(1, set()), (2, {"trading 2"}), (3, {"trading 2", "fields 2"}),
                                             (4, {"trading 2", "fields 2", "store 3"})])
    def test_more_farmers_open_more_spaces(self, seats, extra):
        solo = set(spaces_for(1))
        assert set(spaces_for(seats)) - solo == extra
        assert set(game.setup(seats, {}, 1)["spaces"]) == solo | extra


class TestKeepingCards:
    def test_keeping_a_character_takes_it_from_the_two_dealt(self):
        state = game.setup(2, {}, 4)
        second = state["private"]["0"]["characters"][1]
        state = play(state, "keep character 2")
        assert state["farmers"][0]["character"] == second

    def test_the_kept_farmhouse_gives_its_starting_bonus(self):
        state = game.setup(1, {}, 4)
        state["private"]["0"]["farmhouses"] = ["hilltop", "brick"]
        state = play(state, "keep character 1", "keep farmhouse 1")
        assert state["farmers"][0]["farmhouse"] == "hilltop"
        assert state["farmers"][0]["coins"] == C.START["coins"] + 3
        assert state["private"]["0"] == {}

    def test_after_the_last_farmer_keeps_the_sunrise_begins(self):
        state = play(game.setup(2, {}, 4), "keep character 1", "keep farmhouse 1")
        assert state["active"] == 1 and state["phase"] == "choose"
        state = play(state, "keep character 1", "keep farmhouse 2")
        assert state["phase"] == "sunrise"


def at_sunrise(seats=2, seed=2):
    state = game.setup(seats, {}, seed)
    while state["phase"] == "choose":
        state = game.apply(state, game.legal_moves(state)[0])
    for farmer in state["farmers"]:
        farmer["character"] = farmer["farmhouse"] = None
    return state


class TestSunrise:
    def test_the_lowest_tile_picks_first(self):
        state = at_sunrise()
        held = state["sunrise"]["held"]
        assert state["active"] == held.index(min(held))

    def test_picking_a_tile_leaves_yours_in_its_place_and_pays_its_income(self):
        state = at_sunrise()
        seat = state["active"]
        mine, wanted = state["sunrise"]["held"][seat], state["sunrise"]["display"][-1]
        coins = state["farmers"][seat]["coins"]
        state = play(state, f"sunrise {wanted}")
        assert state["sunrise"]["held"][seat] == wanted and mine in state["sunrise"]["display"]
        assert state["farmers"][seat]["coins"] == coins + C.SUNRISE_TILES[wanted]["income"].get("coins", 0)

    def test_the_new_tiles_set_the_placing_order(self):
        state = at_sunrise()
        while state["phase"] == "sunrise":
            state = play(state, f"sunrise {state['sunrise']['display'][-1]}")
        held = state["sunrise"]["held"]
        assert state["order"] == sorted(range(2), key=lambda s: held[s])
        assert state["active"] == state["order"][0]
        assert all(f["wheelbarrows"] == C.WHEELBARROWS for f in state["farmers"])

    def test_the_tile_the_farmhouse_and_the_character_all_pay_at_sunrise(self):
        state = at_sunrise(seats=1)
        farmer = state["farmers"][0]
        farmer.update(farmhouse="wellhouse", character="diviner", water=0, bucket=5)
        state["sunrise"]["display"] = [3, 4, 6]
        state = play(state, "sunrise 3")  # Dawn Chorus: 2 coins; Well House: 2 Water; Diviner: 1 Water
        assert state["farmers"][0]["water"] == 3

    def test_the_tile_acts_before_the_farmhouse(self):
        state = at_sunrise(seats=1)
        state["farmers"][0].update(farmhouse="lakeside", character="merchant", water=0, bucket=0)
        state["sunrise"]["display"] = [3, 4, 6]
        state = play(state, "sunrise 3")  # Dawn Chorus: bucket a step up; then Lakeside House fills it
        assert state["farmers"][0]["water"] == C.BUCKET_LEVELS[1]


class TestPlacing:
    def test_an_occupied_space_is_closed(self):
        state = plain(started(seats=2))
        give(state, state["active"], coins=0)
        first = state["active"]
        state = play(state, "place workshop 2")
        assert state["active"] != first
        assert "place workshop 2" not in moves(state)
        with pytest.raises(IllegalMove, match="taken"):
            game.apply(state, m("place workshop 2"))

    def test_an_infinity_space_stays_open(self):
        state = plain(started(seats=2))
        state = play(state, "place workshop 1")
        assert "place workshop 1" in moves(state)

    def test_a_closed_space_pass_lets_a_wheelbarrow_in_once(self):
        state = plain(started(seats=2))
        state = play(state, "place workshop 2")
        state["farmers"][state["active"]]["closed"] = 1
        state = play(state, "place workshop 2")
        assert state["spaces"]["workshop 2"] == [state["order"][0], state["order"][1]]
        assert state["farmers"][state["order"][1]]["closed"] == 0

    def test_farmers_take_turns_in_sunrise_order(self):
        state = plain(started(seats=3))
        seen = []
        for _ in range(3):
            seen.append(state["active"])
            state = play(state, "place store 1", "done")
        assert seen == state["order"]

    def test_done_ends_a_visit_and_its_unused_actions_are_lost(self):
        state = plain(started(seats=1))
        state = play(give(state, fertilizer=0), "place store 2", "gain fertilizer", "done")
        assert state["turn"] is None and state["farmers"][0]["fertilizer"] == 1


def finish_round(state):
    while state["phase"] in ("place", "act"):
        state = play(state, "done") if state["phase"] == "act" else play(state, "place store 1")
    return state


class TestSunset:
    def test_wheelbarrows_come_home_and_the_round_marker_moves(self):
        state = finish_round(plain(started(seats=2)))
        assert state["round"] == 2 and state["phase"] == "sunrise"
        assert all(not seats for seats in state["spaces"].values())

    def test_buildings_get_cheaper_and_the_cheapest_are_discarded(self):
        state = plain(started(seats=1))
        offer = state["buildings"]["offer"]
        for i, o in enumerate(offer):
            o["cost"] = [4, 2, 5, 2][i]
        cheapest = {offer[1]["building"], offer[3]["building"]}
        kept = {offer[0]["building"]: 3, offer[2]["building"]: 4}
        deck = list(state["hidden"]["buildings"])
        state = finish_round(state)
        now = {o["building"]: o["cost"] for o in state["buildings"]["offer"]}
        assert {b: now[b] for b in kept} == kept
        assert set(state["buildings"]["discarded"]) == cheapest
        assert [o["building"] for o in state["buildings"]["offer"]][2:] == deck[:2]

    def test_the_top_market_tiles_are_removed_to_show_new_ones(self):
        state = plain(started(seats=1))
        tops = dict(state["market"])
        nexts = {label: stack[0] for label, stack in state["hidden"]["market"].items()}
        state = finish_round(state)
        assert state["market"] == nexts and state["market_gone"] == [tops["a"], tops["b"], tops["c"]]
        assert state["market_left"] == {"a": 2, "b": 2, "c": 2}

    def test_the_game_ends_after_the_fourth_round(self):
        state = started(seats=2)
        for _ in range(C.ROUNDS):
            state = finish_round(state)
            while state["phase"] == "sunrise":
                state = game.apply(state, game.legal_moves(state)[0])
        assert state["phase"] == "over" and game.to_act(state) is None and game.legal_moves(state) == []
        assert game.progress(state) == "game over after round 4"
        with pytest.raises(IllegalMove):
            game.apply(state, m("done"))


class TestSolo:
    def test_gairy_blocks_the_space_of_the_tile_you_hold(self):
        state = at_sunrise(seats=1)
        state["sunrise"]["display"] = [2, 3, 5]
        state = play(state, "sunrise 3")
        assert state["blocked"] == [C.SUNRISE_TILES[3]["solo_block"]]
        assert "place workshop 2" not in moves(state)

    def test_the_solo_draft_swaps_with_the_display(self):
        state = at_sunrise(seats=1)
        held = state["sunrise"]["held"][0]
        state = play(state, f"sunrise {state['sunrise']['display'][0]}")
        assert held in state["sunrise"]["display"] and len(state["sunrise"]["display"]) == 3


def test_a_whole_game_replays_from_its_log_and_survives_json():
    from engine.bots import RandomBot
    from engine.bots import play as bot_play

    played = bot_play(game, 3, {}, 17, [RandomBot()] * 3)
    assert game.replay(3, {}, 17, played.codes) == played.state
    assert json.loads(json.dumps(played.state)) == played.state
    assert game.progress(game.setup(2, {}, 1)) == "setup: keeping Characters and Farmhouses"
    assert game.progress(started(seats=2)) == "round 1 of 4"
