"""The service acting on replies read the way people write them: given a
game of Pebbles, when a farmer's reply holds prose, a typo, an answer to an
invitation, an answer to a relayed say, several From mailboxes or a failed
DMARC check, then ... Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.core import MoveError
from service.inbound import suggest
from service.inbound.receive import receive
from tests.mail.inbound_helpers import inbound_row, log_texts, reply, start_game


@pytest.fixture
def game(svc):
    return start_game(svc)


def received(svc, raw: bytes):
    return inbound_row(svc, receive(svc, raw, source="ingest").id)


# --------------------------------------------------------------------------- prose and typos


def test_a_likely_typo_is_answered_with_did_you_mean_and_nothing_is_applied(svc, game):
    game_id, keys = game
    row = received(svc, reply(keys["Anna"], "tkae 2\nend"))
    assert row.outcome == "illegal-move"
    assert "“tkae 2”" in row.answer and "Did you mean “take 2”" in row.answer
    assert log_texts(svc, game_id) == []


def test_did_you_mean_offers_only_moves_that_are_legal_now():
    # given Sunfield Farm at its start, where every legal move is a "take"
    rules = get_game("sunfield")
    state = rules.setup(2, {}, 7)
    legal = {rules.text(m) for m in rules.legal_moves(state)}
    with pytest.raises(MoveError) as raised:
        rules.parse(state, 0, "tkae b2")
    # the engine offers verbs, one of which ("trade") is no move now
    assert "trade" in raised.value.reason
    # when the answer is written, then it offers legal moves only
    offered = suggest.legal_suggestions(rules, state, "tkae b2", raised.value)
    assert offered and set(offered) <= legal and offered[0] == "take b2"
    answer = suggest.did_you_mean(rules, state, "tkae b2", raised.value)
    assert "trade" not in answer and "Did you mean “take b2”" in answer


def test_no_did_you_mean_when_no_legal_move_is_close():
    rules = get_game("sunfield")
    state = rules.setup(2, {}, 7)
    with pytest.raises(MoveError) as raised:
        rules.parse(state, 0, "buy corn")
    assert "did you mean" not in suggest.did_you_mean(rules, state, "buy corn", raised.value).lower()
