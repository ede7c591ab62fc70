"""A farmer cannot know whether their turn ends by itself: an ``end``,
``done`` or ``pass`` closing a mail after the turn already ended is not
needed, and ignored; one in the middle, followed by more moves, is still
an error. Through ``farmpost ingest`` on real games of Sunfield and
Harvest; runs on SQLite and PostgreSQL."""

from __future__ import annotations

import argparse
import io
from collections import deque

import pytest
from sqlalchemy import select

from mail.inbound.commands import is_closing_end
from service.cli import inbound as cli
from service.core.game_kinds import rules_for
from service.storage.models import Game, InboundMail
from tests.mail.inbound_helpers import log_texts, reply, start_game

#: what closes the turn in each game, as its notation writes it
CLOSER = {"sunfield": "end", "harvest": "done"}


def ingest(svc, raw: bytes) -> InboundMail:
    assert cli.cmd_ingest(argparse.Namespace(recipient=[]), stdin=io.BytesIO(raw), services=svc) == cli.EX_OK
    with svc.db.transaction() as session:
        return session.scalars(select(InboundMail).order_by(InboundMail.id.desc())).first()


def a_turn_that_ends_by_itself(kind: str, state: dict) -> list[str]:
    """The shortest moves that end the turn of the farmer to act without an
    end/done of theirs (breadth first over the legal moves)."""
    rules = rules_for(kind)
    seat = rules.to_act(state)
    queue = deque([(state, [])])
    while queue:
        position, typed = queue.popleft()
        for move in rules.legal_moves(position):
            text = rules.text(move)
            if is_closing_end(text):
                continue
            after = rules.apply(position, move)
            if rules.to_act(after) != seat:
                return typed + [text]
            if len(typed) < 4:
                queue.append((after, typed + [text]))
    raise AssertionError(f"no {kind} turn ends by itself here")


@pytest.fixture(params=["sunfield", "harvest"])
def game(svc, request):
    kind = request.param
    game_id, keys = start_game(svc, kind)
    with svc.db.transaction() as session:
        state = session.get(Game, game_id).state
    assert rules_for(kind).to_act(state) == 0  # Anna's turn
    return kind, game_id, keys, a_turn_that_ends_by_itself(kind, state)


@pytest.mark.parametrize("closing", ["{closer}", "end", "done", "pass", "End.", "{closer}\nend"])
def test_a_closing_end_the_turn_no_longer_needs_is_ignored(svc, game, closing):
    # given a turn whose moves end it by themselves
    kind, game_id, keys, moves = game
    # when Anna mails them with an end (or two) of her own after them
    body = "\n".join(moves) + "\n" + closing.format(closer=CLOSER[kind])
    row = ingest(svc, reply(keys["Anna"], body))
    # then her moves are played, and the end is not an error
    assert row.outcome == "applied", row.answer
    assert log_texts(svc, game_id) == moves


def test_an_end_in_the_middle_followed_by_more_moves_is_still_an_error(svc, game):
    # given the same turn, with the end between its last move and another
    kind, game_id, keys, moves = game
    body = "\n".join([*moves, CLOSER[kind], moves[0]])
    row = ingest(svc, reply(keys["Anna"], body))
    # then the moves before the end are played, and the answer says why the rest is not
    assert row.outcome == "applied"
    assert row.answer.startswith("Applied: ") and "cannot follow it" in row.answer
    assert log_texts(svc, game_id) == moves


@pytest.mark.parametrize("text, closing", [
    ("end", True), ("Done", True), ("pass", True), ("finish", True), ("end turn", True), ("end my turn", True),
    ("done for now", True), ("end of my turn", True), ("end 2", False), ("pass 3", False), ("take 2", False),
    ("the end", False), ("", False),
])
def test_what_closes_a_turn(text, closing):
    assert is_closing_end(text) is closing


def test_a_closing_word_the_game_does_not_know_closes_nothing():
    assert not is_closing_end("pass", {"take", "end"}) and is_closing_end("end", {"take", "end"})


def test_a_move_after_the_turn_ended_is_still_an_error(svc, game):
    kind, game_id, keys, moves = game
    row = ingest(svc, reply(keys["Anna"], "\n".join([*moves, moves[0]])))
    # the turn's moves are kept; the one after them is refused with its reason
    assert row.outcome == "applied" and "cannot follow it" in row.answer
    assert log_texts(svc, game_id) == moves
