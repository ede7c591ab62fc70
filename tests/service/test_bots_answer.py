"""The bots' moves that answer a move are applied in its transaction
(service/usecases/playing.py, ``bots_answer``): each is still a move
request of its own, decided in a savepoint, so a bot that fails takes
nothing else down with it.

Pebbles (tests/service/toygame.py) between a farmer and two greedy bots:
9 pebbles, the farmer to act.
"""

from __future__ import annotations

import pytest

from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game
from tests.service.helpers import RecordingQueue, game_row, log_of, mails, requests_of
from tests.service.test_round_trips import statements


@pytest.fixture
def farmer_and_two_bots(svc) -> RecordingQueue:
    svc.queue = broker = RecordingQueue()
    create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bot 1", bot="greedy"),
                             FarmerSpec("Bot 2", bot="greedy")], host=0, seed=1)
    playing.apply_move_request(svc, playing.submit_move(svc, 1, 0, ["take:1"], source="link", base_version=None))
    broker.requests.clear()
    return broker


def ends_her_turn(svc) -> int:
    """Ann ends her turn: the request of the end, not applied yet."""
    return playing.submit_move(svc, 1, 0, ["end"], source="link", base_version=None)


def test_given_two_bots_after_the_farmer_when_she_ends_her_turn_then_their_moves_are_applied_in_her_transaction(
        svc, farmer_and_two_bots, toy_game):
    request_id = ends_her_turn(svc)
    farmer_and_two_bots.requests.clear()

    transactions: list[int] = []
    with statements(svc, transactions) as sent:
        assert playing.apply_move_request(svc, request_id).status == "applied"

    assert len(transactions) == 1  # hers: no commit of the bots' own
    # the bots end the game in this transaction, and rating it reads what rating needs
    # (service/game/rating_store.py): apart from those, the game is read once
    rating = ("FROM rated_games", "FROM ratings", "FROM clock_events", "pg_advisory_xact_lock")
    reads = [s for s in sent if s.lstrip().upper().startswith("SELECT") and "move_log" not in s
             and not any(table in s for table in rating)]
    locks = 0 if svc.db.is_sqlite else 1  # PostgreSQL's lock goes before the read (lookup.lock_request)
    assert len(reads) == 1 + locks, reads  # the game locked and read once, for all the moves
    assert any("FROM rated_games" in s for s in sent)  # the finished game was rated here, once
    bots = [r for r in requests_of(svc) if r.source == "bot"]
    assert len(bots) > 2 and all(r.status == "applied" for r in bots)  # both bots played their turns
    assert [e.request_id for e in log_of(svc) if e.seat != 0] == [r.id for r in bots]  # each move its own request
    assert farmer_and_two_bots.requests == []  # nothing left for another task
    assert toy_game.to_act(game_row(svc).state) is None  # the bots emptied the pile: the game is over
    assert {m.to_addr for m in mails(svc, "final")} == {"ann@example.org"}


def test_given_a_bot_whose_move_fails_when_the_farmer_ends_her_turn_then_her_move_stands_and_the_bot_waits_for_its_task(
        svc, farmer_and_two_bots, toy_game, monkeypatch):
    request_id = ends_her_turn(svc)
    farmer_and_two_bots.requests.clear()
    real_decide = playing._decide

    def bots_fail(session, svc, game, request, work):
        if request.source == "bot":
            game.version += 1  # half done when it fails: the savepoint takes it back
            raise RuntimeError("a bug")
        return real_decide(session, svc, game, request, work)

    monkeypatch.setattr(playing, "_decide", bots_fail)
    version_before = game_row(svc).version

    assert playing.apply_move_request(svc, request_id).status == "applied"

    [bot] = [r for r in requests_of(svc) if r.source == "bot"]
    assert bot.status == "pending" and bot.attempts == 0  # its own task counts the failure
    assert farmer_and_two_bots.requests == [bot.id]  # handed to the queue
    game = game_row(svc)
    assert game.version == version_before + 1 and game.state["turn"] == 1  # Ann's end stands; Bot 1 to play
    assert [e.seat for e in log_of(svc)] == [0, 0]

    monkeypatch.setattr(playing, "_decide", real_decide)  # the bug fixed: the task applies it, the rest follow
    assert playing.apply_move_request(svc, bot.id).status == "applied"
    assert toy_game.to_act(game_row(svc).state) is None


def test_given_the_bound_when_the_bots_have_more_moves_then_the_next_is_a_request_for_another_task(
        svc, farmer_and_two_bots, monkeypatch):
    monkeypatch.setattr(playing, "BOTS_IN_ONE_TRANSACTION", 2)
    request_id = ends_her_turn(svc)
    farmer_and_two_bots.requests.clear()

    request = playing.apply_move_request(svc, request_id)

    bots = [r for r in requests_of(svc) if r.source == "bot"]
    assert [r.status for r in bots] == ["applied", "applied", "pending"]
    assert farmer_and_two_bots.requests == [bots[-1].id]
    assert request.result.endswith(" plays on.")  # her answer does not say her turn is back yet


def test_given_bots_answered_when_the_farmer_reads_her_answer_then_it_says_who_played_after_her(
        svc, farmer_and_two_bots):
    request = playing.apply_move_request(svc, ends_her_turn(svc))

    assert request.result == "Done: end. Then Bot 1 and Bot 2 played; the game is over."


def test_given_a_bot_then_the_farmer_again_when_she_ends_her_turn_then_her_answer_says_it_is_her_turn_again(svc):
    svc.queue = RecordingQueue()
    create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bot 1", bot="greedy")],
                host=0, seed=1)
    request = playing.apply_move_request(svc, playing.submit_move(svc, 1, 0, ["take:1", "end"], source="link",
                                                                  base_version=None))

    assert request.result == "Done: take 1, end. Then Bot 1 played; it is your turn again."


def test_given_no_bot_after_her_when_she_ends_her_turn_then_her_answer_is_her_move_alone(svc):
    svc.queue = RecordingQueue()
    create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")],
                host=0, seed=1)
    from service.usecases.creation import join

    join(svc, 1, 1)
    request = playing.apply_move_request(svc, playing.submit_move(svc, 1, 0, ["take:1"], source="link",
                                                                  base_version=None))
    assert request.result == "Done: take 1."
