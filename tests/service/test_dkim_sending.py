"""Every mail the outbox hands over is stamped (Feedback-ID) and, with a
key configured, DKIM-signed: checked with dkimpy's verifier on the bytes
that reached the (local) mailbox."""

from __future__ import annotations

from dataclasses import replace

import pytest
from sqlalchemy import select

from mail.outgoing import dkim
from service.storage.models import MailboxMessage, OutgoingMail
from service.usecases.creation import FarmerSpec, create_game, join
from tests.mail.dkim_keys import dns_for, ed25519_pem, keys_of, rsa_pem

ANN, BOB = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")


def _signing(svc, mode="farmpost"):
    keys = (("fp1", rsa_pem()), ("fp1ed", ed25519_pem())) if mode == "farmpost" else ()
    svc.config = replace(svc.config, dkim=mode, dkim_domain="farmpost.test", dkim_keys=keys)
    return svc


def _delivered(svc) -> list[bytes]:
    with svc.db.transaction() as session:
        return list(session.scalars(select(MailboxMessage.raw).order_by(MailboxMessage.id)))


def test_every_mail_delivered_carries_two_valid_signatures_and_a_feedback_id(svc):
    _signing(svc)
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)
    delivered = _delivered(svc)
    assert delivered
    dns = dns_for(*keys_of(svc.config))
    for raw in delivered:
        results = dkim.verify(raw, dnsfunc=dns)
        assert [(r["algorithm"], r["valid"]) for r in results] == [("rsa-sha256", True), ("ed25519-sha256", True)]
        assert b"\r\nFeedback-ID: " in raw.split(b"\r\n\r\n")[0]
    turn = [raw for raw in delivered if b"List-Unsubscribe-Post" in raw][0]
    covered = dkim.verify(turn, dnsfunc=dns)[0]["headers"]
    assert {"list-unsubscribe", "list-unsubscribe-post", "from", "to", "subject", "date", "message-id"} <= set(covered)


def test_the_outbox_keeps_the_signed_bytes_it_sent(svc):
    _signing(svc)
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    with svc.db.transaction() as session:
        kept = {m.message_id: m.raw for m in session.scalars(select(OutgoingMail))}
        delivered = {m.message_id: m.raw for m in session.scalars(select(MailboxMessage))}
    assert kept and all(kept[mid] == raw for mid, raw in delivered.items())
    assert all(raw.startswith(b"DKIM-Signature:") for raw in kept.values())


@pytest.mark.parametrize("mode", ["relay", "off"])
def test_with_the_relay_signing_farmpost_does_not_but_still_stamps(svc, mode):
    _signing(svc, mode)
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    for raw in _delivered(svc):
        assert b"DKIM-Signature" not in raw and b"Feedback-ID: invite:1:farmpost" in raw
