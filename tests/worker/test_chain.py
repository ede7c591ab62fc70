"""A moves task applies the move requests its own work enqueued
(worker/chain.py, ``in_chain``): one task for a run of moves, each still its
own request in its own transaction, and never a request left behind. The
bots' moves that answer a move are applied in its transaction
(tests/service/test_bots_answer.py); those past that bound, or all of them
with the bound at 0 as below, are such requests."""

from __future__ import annotations

from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game
from tests.service.helpers import RecordingQueue, game_row, requests_of
from worker.chain import in_chain


def bots_game(svc) -> RecordingQueue:
    """Pebbles between a farmer and two greedy bots, the farmer to act."""
    svc.queue = broker = RecordingQueue()
    create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bot 1", bot="greedy"),
                             FarmerSpec("Bot 2", bot="greedy")], host=0, seed=1)
    return broker


def farmers_turn(svc) -> int:
    """The farmer takes a pebble and ends the turn: the request of the end."""
    playing.apply_move_request(svc, playing.submit_move(svc, 1, 0, ["take:1"], source="link", base_version=None))
    return playing.submit_move(svc, 1, 0, ["end"], source="link", base_version=None)


def test_given_the_bots_play_next_when_the_farmers_move_is_applied_then_the_same_task_applies_theirs(svc, toy_game):
    broker = bots_game(svc)
    request_id = farmers_turn(svc)
    broker.requests.clear()

    status = in_chain(svc, lambda here: playing.apply_move_request(here, request_id).status)

    assert status == "applied"
    bots = [r for r in requests_of(svc) if r.source == "bot"]
    assert len(bots) > 2 and all(r.status == "applied" for r in bots)  # both bots' turns
    assert broker.requests == []  # nothing left for another task
    assert toy_game.to_act(game_row(svc).state) is None  # here the bots emptied the pile: the game is over
    assert broker.mails  # the farmer's turn mail went to the broker as it was written


def test_given_a_bound_when_the_bots_have_more_moves_then_the_rest_goes_to_the_broker(svc, monkeypatch):
    monkeypatch.setattr(playing, "BOTS_IN_ONE_TRANSACTION", 0)  # each bot's move a request of its own
    broker = bots_game(svc)
    request_id = farmers_turn(svc)
    broker.requests.clear()

    in_chain(svc, lambda here: playing.apply_move_request(here, request_id), most=2)

    pending = [r.id for r in requests_of(svc) if r.status == "pending"]
    assert len(pending) == 1 and broker.requests == pending  # one bot move applied here, the next handed on
    assert [r.status for r in requests_of(svc) if r.source == "bot"] == ["applied", "pending"]


def test_given_a_chained_move_that_fails_when_the_task_ends_then_its_request_goes_to_the_broker(svc, monkeypatch):
    monkeypatch.setattr(playing, "BOTS_IN_ONE_TRANSACTION", 0)
    broker = bots_game(svc)
    request_id = farmers_turn(svc)
    broker.requests.clear()
    applied = []
    real = playing.apply_move_request

    def database_away_after_the_first(here, ident):
        if applied:
            raise ConnectionError("the database went away")
        applied.append(ident)
        return real(here, ident)

    monkeypatch.setattr(playing, "apply_move_request", database_away_after_the_first)

    status = in_chain(svc, lambda here: real(here, request_id).status, most=3)

    assert status == "applied"
    pending = [r.id for r in requests_of(svc) if r.status == "pending"]
    assert len(pending) == 1 and broker.requests == pending


def test_given_a_job_with_an_expiry_when_a_moves_task_enqueues_it_then_it_goes_to_the_broker_at_once():
    from worker.chain import ChainQueue

    broker = RecordingQueue()
    chain = ChainQueue(broker)
    chain.enqueue("request", 7)
    chain.enqueue("request", 8, expires=15.0)  # beat's sweep: one live job per row, never kept back
    assert (chain.requests, broker.requests) == ([7], [8])
