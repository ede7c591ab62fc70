"""End to end on one machine: two bot farmers play a whole game only by
replying to the turn mails they find in the local mailbox, quoting them as
Gmail (">" and "On … wrote:") or Outlook (an unquoted "From: … Sent: …"
block) would, half through ``farmpost ingest`` and half through IMAP against
a loopback Dovecot; every first reply is delivered twice."""

from __future__ import annotations

import argparse
import io
from email import message_from_bytes, policy

import pytest
from imapclient import IMAPClient
from sqlalchemy import select

from engine.bots import make_bot
from engine.core import Rng
from service.cli import inbound as cli
from service.core.game_kinds import rules_for
from service.inbound.imap import ImapSettings, poll
from service.storage.models import Game, MailboxMessage, MoveLogEntry, OutgoingMail
from tests.mail.inbound_helpers import start_game
from tests.mail.replies import gmail_reply, outlook_reply

pytestmark = pytest.mark.integration


def test_two_bots_finish_a_game_of_pebbles_by_mail_alone(svc, imap_server):
    play_by_mail(svc, imap_server, "toy")


@pytest.mark.slow
@pytest.mark.parametrize("kind, database_url", [("sunfield", "sqlite"), ("harvest", "postgresql")],
                         indirect=["database_url"])
def test_two_bots_finish_a_real_game_by_mail_alone(svc, imap_server, kind):
    """Each real game once, one on each database: its turn mails (board,
    options, PDF) are what the bots answer."""
    play_by_mail(svc, imap_server, kind)


def play_by_mail(svc, imap_server, kind: str) -> None:
    host, port, password = imap_server
    imap = ImapSettings(host, port, f"playbymail-{kind}", password)
    game_id, _ = start_game(svc, kind)
    rules, bot, rng = rules_for(kind), make_bot("random"), Rng.from_seed(42)
    answered: set[str] = set()
    for turn in range(400):
        with svc.db.transaction() as session:
            game = session.get(Game, game_id)
            state, status = game.state, game.status
            turn_mails = session.scalars(select(MailboxMessage).join(
                OutgoingMail, OutgoingMail.message_id == MailboxMessage.message_id).where(
                OutgoingMail.kind == "turn", OutgoingMail.game_id == game_id).order_by(MailboxMessage.id)).all()
            latest = turn_mails[-1]
        if status == "over":
            break
        assert latest.message_id not in answered, "no new turn mail after a reply"
        answered.add(latest.message_id)
        seat = rules.to_act(state)
        typed = []
        while rules.to_act(state) == seat:
            move = bot.choose(rules, state, rng)
            typed.append(rules.text(move))
            state = rules.apply(state, move)
        original = message_from_bytes(latest.raw, policy=policy.default)
        farmer = latest.to_addr
        if turn % 2 == 0:
            raw = gmail_reply(original, farmer, "\n".join(typed))
        else:
            raw = outlook_reply(original, farmer, "\n".join(typed))
        for _ in range(2 if turn < 2 else 1):  # the first replies arrive twice
            if turn % 4 < 2:
                args = argparse.Namespace(recipient=[])
                assert cli.cmd_ingest(args, stdin=io.BytesIO(raw), services=svc) == cli.EX_OK
            else:
                with IMAPClient(imap.host, port=imap.port, ssl=False) as client:
                    client.login(imap.user, imap.password)
                    client.append("INBOX", raw)
                poll(svc, imap)
    with svc.db.transaction() as session:
        game = session.get(Game, game_id)
        sources = set(session.scalars(select(MoveLogEntry.source).where(MoveLogEntry.game_id == game_id)))
        finals = session.scalars(select(OutgoingMail.to_addr).where(
            OutgoingMail.game_id == game_id, OutgoingMail.kind == "final")).all()
    assert game.status == "over"
    assert sources == {"mail"}
    assert sorted(finals) == ["anna@example.org", "bob@example.org"]
