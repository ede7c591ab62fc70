"""Property, through the database: malformed mails sent to a running game's
reply address are each stored once, processed without an exception, and
never move anything."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from mail.inbound.message import dedupe_key_of
from service.inbound.receive import receive
from service.storage.models import InboundMail, MoveRequest
from tests.mail.inbound_helpers import count, start_game
from tests.mail.test_fuzz import malformed_mail


@pytest.fixture
def game(svc):
    return start_game(svc)


@settings(max_examples=int(os.environ.get("FUZZ_DB_EXAMPLES", 40)), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(mails=st.lists(malformed_mail(), min_size=1, max_size=3))
def test_given_malformed_mails_to_a_reply_key_then_each_is_stored_once_and_nothing_moves(svc, game, mails):
    _, keys = game
    to = f"To: play+{keys['Anna']}@farmpost.test\r\n".encode()
    mails = [to + raw for raw in mails]
    for raw in mails + mails:  # every mail delivered twice
        receive(svc, raw, source="ingest")
    keys = {dedupe_key_of(raw) for raw in mails}
    with svc.db.transaction() as session:
        rows = session.scalars(select(InboundMail).where(InboundMail.dedupe_key.in_(keys))).all()
    assert len(rows) == len(keys)
    assert all(row.outcome != "pending" for row in rows)
    assert count(svc, MoveRequest) == 0
