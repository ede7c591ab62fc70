"""``farmpost smtpd``: a mail relayed over SMTP to a reply address is stored
and played; a recipient outside our domain is refused (no open relay)."""

from __future__ import annotations

import smtplib
import socket

import pytest

from service.inbound.smtpd import controller
from tests.mail.inbound_helpers import log_texts, reply, start_game


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def smtp(svc):
    server = controller(svc, "127.0.0.1", free_port())
    server.start()
    yield server
    server.stop()


def test_a_reply_relayed_over_smtp_is_played(svc, smtp):
    game_id, keys = start_game(svc)
    with smtplib.SMTP(smtp.hostname, smtp.port) as client:
        client.sendmail("anna@example.org", [f"play+{keys['Anna']}@farmpost.test"], reply(keys["Anna"], "take 2\nend"))
    assert log_texts(svc, game_id) == ["take 2", "end"]


def test_a_recipient_outside_our_domain_is_refused(svc, smtp):
    with smtplib.SMTP(smtp.hostname, smtp.port) as client:
        with pytest.raises(smtplib.SMTPRecipientsRefused):
            client.sendmail("spammer@example.net", ["victim@example.com"], b"Subject: hi\r\n\r\nhello\r\n")
