"""Finished games of Pebbles for the tests around games (my games, records,
rematch): each turn is one request of the farmer to act."""

from __future__ import annotations

from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game, join
from tests.service.helpers import game_row

ANN, BOB, CAT = (FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org"),
                 FarmerSpec("Cat", "cat@example.org"))

#: Ann takes 4 + 4, Bob 1: Ann wins 8 to 1
ANN_WINS = [["take:2", "take:2", "end"], ["take:1", "end"], ["take:2", "take:2"]]
#: Ann 4, Bob 4, Cat 1: Ann and Bob share first place
SHARED = [["take:2", "take:2", "end"], ["take:2", "take:2", "end"], ["take:1"]]


def started(svc, *farmers: FarmerSpec, **options) -> int:
    """A game of Pebbles, Ann hosting, every farmer joined."""
    created = create_game(svc, "toy", list(farmers), host=0, seed=1, **options)
    for position, farmer in enumerate(farmers):
        if position and farmer.bot is None:
            join(svc, created.game_id, position)
    return created.game_id


def play_turns(svc, game_id: int, turns: list[list[str]]) -> None:
    """Each turn played by the farmer to act, against the board as it is."""
    for codes in turns:
        game = game_row(svc, game_id)
        seat = game.state["turn"]
        request_id = playing.submit_move(svc, game_id, seat, codes, source="web", base_version=game.version)
        assert playing.wait_for(svc, request_id, 0).status == "applied"


def finished(svc, *farmers: FarmerSpec, turns: list[list[str]] = ANN_WINS, **options) -> int:
    game_id = started(svc, *farmers, **options)
    play_turns(svc, game_id, turns)
    assert game_row(svc, game_id).status == "over"
    return game_id


def play_out(svc, game_id: int) -> None:
    """To the end: every farmer to act takes one pebble and ends the turn
    (bots play their own turns)."""
    while (game := game_row(svc, game_id)).status != "over":
        codes = ["take:1"] + (["end"] if game.state["pile"] > 1 else [])
        play_turns(svc, game_id, [codes])
