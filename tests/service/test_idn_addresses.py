"""Internationalised addresses (RFC 6531/6532, jürgen@bücher.example):
given a transport that carries them (the local mailbox, or an SMTP relay
declared to offer SMTPUTF8 with SMTP_UTF8=1), when a farmer has such an
address, then the game accepts it and their mails carry it as UTF-8 in the
To header; where the transport cannot, it is refused when it comes in
(tests/service/test_edge_input.py). Runs on SQLite and PostgreSQL."""

from __future__ import annotations

from email import message_from_string, policy

from service.core.config import load_config
from service.inbound.receive import receive
from service.storage.models import MailboxMessage
from service.usecases.creation import FarmerSpec, create_game, join
from tests.mail.inbound_helpers import reply
from tests.service.helpers import game_row

JUERGEN = "jürgen@bücher.example"


def raw_mails_to(svc, address: str) -> list[bytes]:
    with svc.db.transaction() as session:
        return [m.raw for m in session.query(MailboxMessage).order_by(MailboxMessage.id) if m.to_addr == address]


def test_the_transport_says_whether_it_carries_such_addresses(tmp_path):
    base = {"FARMPOST_INSTANCE": str(tmp_path)}
    assert load_config(base).smtputf8  # the local mailbox
    assert not load_config({**base, "SMTP_URL": "smtp://relay.example:25"}).smtputf8
    assert load_config({**base, "SMTP_URL": "smtp://relay.example:25", "SMTP_UTF8": "1"}).smtputf8


def test_an_invitation_to_an_internationalised_address_carries_it_in_its_to_header(svc):
    create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Jürgen", JUERGEN)], host=0)
    [raw] = raw_mails_to(svc, JUERGEN)
    assert "To: Jürgen <jürgen@bücher.example>".encode() in raw  # UTF-8, not an encoded-word
    assert message_from_string(raw.decode(), policy=policy.default)["To"].addresses[0].addr_spec == JUERGEN


def test_a_farmer_with_such_an_address_plays_by_mail_and_is_answered(svc):
    created = create_game(svc, "toy", [FarmerSpec("Jürgen", JUERGEN), FarmerSpec("Bob", "bob@example.org")],
                          host=0)
    join(svc, created.game_id, 1)
    key = game_row(svc, created.game_id).seats[0].reply_key
    receive(svc, reply(key, "board", sender=f"Jürgen <{JUERGEN}>"), source="ingest")  # RFC 6532: raw UTF-8
    answers = [raw for raw in raw_mails_to(svc, JUERGEN) if b"Subject: Re:" in raw]
    assert len(answers) == 1 and f"To: {JUERGEN}".encode() in answers[0]
