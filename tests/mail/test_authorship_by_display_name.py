"""The author of a mail is the address its From header holds, as the
standard library's header classes parse it: exactly one mailbox, never its
display name. A display name that decodes (RFC 2047) to an address, or to a
line break and a header, is text. Fed in through ``farmpost ingest``, with
the DMARC check on. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import argparse
import dataclasses
import io

import pytest
from sqlalchemy import select

from mail.inbound.message import parse_message
from service.cli import inbound as cli
from service.storage.models import InboundMail, OutgoingMail
from tests.mail.inbound_helpers import log_texts, reply, start_game

AUTHSERV = "mx.farmpost.test"


@pytest.fixture
def game(svc):
    svc.config = dataclasses.replace(svc.config, authserv_id=AUTHSERV)
    return start_game(svc)


def ingest(svc, raw: bytes) -> InboundMail:
    """``farmpost ingest`` of ``raw``, and the row it stored."""
    assert cli.cmd_ingest(argparse.Namespace(recipient=[]), stdin=io.BytesIO(raw), services=svc) == cli.EX_OK
    with svc.db.transaction() as session:
        return session.scalars(select(InboundMail).order_by(InboundMail.id.desc())).first()


def outbox_recipients(svc) -> list[str]:
    """Whom the outbox mails, by envelope and by every address header written."""
    with svc.db.transaction() as session:
        mails = session.scalars(select(OutgoingMail)).all()
        out = [m.to_addr for m in mails]
        for m in mails:
            if m.raw:
                message = parse_message(m.raw).message
                for name in ("To", "Cc", "Bcc"):
                    header = message[name]
                    out += [a.addr_spec for a in header.addresses] if header is not None else []
        return out


def dmarc(result: str, domain: str) -> bytes:
    return f"Authentication-Results: {AUTHSERV}; dmarc={result} header.from={domain}\r\n".encode()


def test_an_address_in_the_from_display_name_never_speaks_for_the_seat(svc, game):
    # given Mallory's mail, DMARC-passed for her own domain, whose From display name
    # decodes to Anna's address, with Anna's address in Sender
    game_id, keys = game
    raw = dmarc("pass", "evil.example") + reply(
        keys["Anna"], "take 2\nend", sender="=?utf-8?q?anna=40example=2Eorg?= <mallory@evil.example>")
    raw = raw.replace(b"To:", b"Sender: anna@example.org\r\nTo:", 1)
    # when it is ingested
    row = ingest(svc, raw)
    # then it is not Anna's: no move, and nothing of the game goes to Mallory
    assert row.outcome == "forged-sender"
    assert row.sender == "mallory@evil.example"
    assert log_texts(svc, game_id) == []
    assert "Pebbles" not in (row.answer or "")


@pytest.mark.parametrize("address", ["anna@example.org", "mallory@evil.example"])
def test_a_header_in_the_from_display_name_gets_no_mail_to_its_address(svc, game, address):
    # given a mail whose From display name decodes to a line break and a Bcc header
    game_id, keys = game
    raw = dmarc("pass", address.partition("@")[2]) + reply(
        keys["Anna"], "board", sender=f"=?utf-8?q?Anna=0D=0ABcc=3A_x=40evil=2Eexample?= <{address}>")
    # when it is ingested
    row = ingest(svc, raw)
    # then its author is the address in angle brackets, and nothing is mailed to the Bcc's address
    assert row.sender == address
    recipients = outbox_recipients(svc)
    assert "x@evil.example" not in recipients
    assert set(recipients) - {"anna@example.org", "bob@example.org"} <= {address}
    assert row.outcome == ("answered" if address == "anna@example.org" else "forged-sender")


def test_several_from_mailboxes_never_speak_for_the_seat_whatever_sender_says(svc, game):
    # given a From of two mailboxes, one of them Anna's, and Anna's address as Sender
    game_id, keys = game
    raw = dmarc("pass", "evil.example") + reply(
        keys["Anna"], "take 2\nend", sender="Mallory <mallory@evil.example>, Anna <anna@example.org>")
    raw = raw.replace(b"To:", b"Sender: Anna <anna@example.org>\r\nTo:", 1)
    # when it is ingested, then it moves nothing: DMARC vouches for one From domain, Sender for nobody
    row = ingest(svc, raw)
    assert row.outcome == "several-authors"
    assert log_texts(svc, game_id) == []
    assert "Pebbles" not in (row.answer or "")


def test_a_from_without_a_mailbox_never_speaks_for_the_seat(svc, game):
    game_id, keys = game
    raw = reply(keys["Anna"], "take 2\nend", sender="=?utf-8?q?anna=40example=2Eorg?=")
    raw = raw.replace(b"To:", b"Sender: anna@example.org\r\nTo:", 1)
    row = ingest(svc, raw)
    assert row.outcome != "applied"
    assert log_texts(svc, game_id) == []


def test_a_dmarc_pass_for_the_seats_own_address_is_played(svc, game):
    # given Anna's own mail, DMARC-passed for her domain, with a display name of her choice
    game_id, keys = game
    raw = dmarc("pass", "example.org") + reply(keys["Anna"], "take 2\nend",
                                               sender="=?utf-8?q?Anna_=C3=96sterberg?= <anna@example.org>")
    # when it is ingested, then her moves are played
    row = ingest(svc, raw)
    assert row.outcome == "applied"
    assert log_texts(svc, game_id) == ["take 2", "end"]
