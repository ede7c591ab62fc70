"""A search bot fills an empty seat like any bot kind: the host names it,
and its moves go in through the same pipeline as everyone's."""

from __future__ import annotations

from engine import get_game
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game
from tests.service.helpers import game_row, log_of


def test_given_a_search_bot_seat_when_the_farmer_ends_a_turn_then_the_bot_plays_a_whole_turn(svc):
    rules = get_game("sunfield")
    create_game(svc, "sunfield", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Sam", bot="search")], seed=3)
    while (game := game_row(svc)).state["round"] == 1 and rules.to_act(game.state) == 0:  # Ann's first turn
        move = rules.legal_moves(game.state)[0]
        request_id = playing.submit_move(svc, 1, 0, [rules.code(move)], source="web", base_version=game.version)
        assert playing.wait_for(svc, request_id, 0).status == "applied"
    game = game_row(svc)
    assert [s.bot for s in game.seats] == [None, "search"]
    assert (rules.to_act(game.state), game.state["round"]) == (0, 2)  # the bot's turn is done: Ann again
    bot_moves = [e for e in log_of(svc) if e.source == "bot"]
    assert bot_moves and all(e.seat == 1 for e in bot_moves)
    assert rules.replay(2, game.options, game.seed, [e.code for e in log_of(svc)]) == game.state
