"""A command typed inside quotes (typographic or plain, of any language) or
with Unicode spaces (no-break, thin, zero-width) is the command: the quotes
around it and the odd spaces are not part of it. Prose that merely holds
quotes is still prose. Through ``farmpost ingest`` on a game of Pebbles;
runs on SQLite and PostgreSQL."""

from __future__ import annotations

import argparse
import io

import pytest
from sqlalchemy import select

from mail.inbound.commands import MOVE, split_commands
from mail.inbound.intents import DECLINE, JOIN, invitation_answer
from service.cli import inbound as cli
from service.storage.models import InboundMail
from tests.mail.inbound_helpers import log_texts, reply, start_game

#: "take a2" as farmers type it
SPELLINGS = [
    "“take a2”", "«take a2»", "» take a2 «", "„take a2“", "‚take a2‘", "‘take a2’", "'take a2'", '"take a2"',
    "`take a2`", "``take a2``", "「take a2」", "take\u00a0a2", "take\u2009a2", "take\u202fa2", "take\u3000a2",
    "\u200btake a2\u200b", "ta\u200bke\u2060 a2", "\ufefftake a2", "“take\u00a0a2”", "- “take a2”", "“take a2”.",
    "“take a2” please", "Hi, “take a2”!", "“take a2.”",
]


@pytest.mark.parametrize("typed", SPELLINGS)
def test_a_command_in_quotes_or_with_unicode_spaces_is_the_command(typed):
    commands = split_commands(f"{typed}\nend")
    assert [(c.kind, c.text) for c in commands.commands] == [(MOVE, "take a2"), (MOVE, "end")]


@pytest.mark.parametrize("typed, text", [
    ("He said “take a2” yesterday", "He said “take a2” yesterday"),  # quotes inside prose: the line as typed
    ("“Great game!” said Bob", "“Great game!” said Bob"),
    ('"take a2" or "take b3"', '"take a2" or "take b3"'),  # two quotations are not one quoted command
    ("“Great game!”", "Great game"),  # a quoted line of prose is still prose (the service drops it)
])
def test_quotes_that_do_not_wrap_a_whole_command_stay(typed, text):
    assert [c.text for c in split_commands(typed).commands] == [text]


def test_a_say_in_quotes_keeps_the_quotes_of_its_message():
    [say] = split_commands("say “see you at the market”").commands
    assert say.text == "“see you at the market”"


@pytest.mark.parametrize("typed, answer", [("“yes”", JOIN), ("«oui»", JOIN), ("„ja\u00a0gerne“", JOIN),
                                            ("'count me\u2009in'", JOIN), ("“no thanks”", DECLINE)])
def test_an_answer_to_an_invitation_in_quotes_is_the_answer(typed, answer):
    assert invitation_answer(typed) == answer


@pytest.fixture
def game(svc):
    return start_game(svc)


def ingest(svc, raw: bytes) -> InboundMail:
    assert cli.cmd_ingest(argparse.Namespace(recipient=[]), stdin=io.BytesIO(raw), services=svc) == cli.EX_OK
    with svc.db.transaction() as session:
        return session.scalars(select(InboundMail).order_by(InboundMail.id.desc())).first()


@pytest.mark.parametrize("typed", ["“take 2”\n„end“", "«take 2»\n«end»", "'take 2'\n`end`", "take\u00a02\nend",
                                   "take\u20092\n\u200bend", "“take\u00a02”\nend"])
def test_a_reply_with_its_commands_in_quotes_is_played(svc, game, typed):
    game_id, keys = game
    row = ingest(svc, reply(keys["Anna"], typed))
    assert row.outcome == "applied", row.answer
    assert log_texts(svc, game_id) == ["take 2", "end"]


def test_prose_with_quotes_around_the_commands_is_still_prose(svc, game):
    game_id, keys = game
    body = "take 2\nend\nAs my uncle says, “never give up”\n“Good luck to you all”"
    row = ingest(svc, reply(keys["Anna"], body))
    assert row.outcome == "applied", row.answer
    assert log_texts(svc, game_id) == ["take 2", "end"]
