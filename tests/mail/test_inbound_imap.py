"""The IMAP poller against a real Dovecot on loopback: unseen replies are
stored and played, flagged seen, and a message fetched twice acts once."""

from __future__ import annotations

import pytest
from imapclient import IMAPClient

from service.inbound.imap import ImapSettings, poll
from tests.mail.inbound_helpers import log_texts, reply, start_game

pytestmark = pytest.mark.integration



@pytest.fixture
def mailbox(imap_server, request):
    host, port, password = imap_server
    user = f"farmpost{abs(hash(request.node.nodeid)) % 10**8}"
    return ImapSettings(host, port, user, password)


def deliver(settings: ImapSettings, *mails: bytes) -> None:
    with IMAPClient(settings.host, port=settings.port, ssl=False) as client:
        client.login(settings.user, settings.password)
        for raw in mails:
            client.append("INBOX", raw)


def unseen(settings: ImapSettings) -> list[int]:
    with IMAPClient(settings.host, port=settings.port, ssl=False) as client:
        client.login(settings.user, settings.password)
        client.select_folder("INBOX")
        return client.search(["UNSEEN"])


def test_unseen_replies_are_stored_played_and_flagged_seen(svc, mailbox):
    game_id, keys = start_game(svc)
    deliver(mailbox, reply(keys["Anna"], "take 2\nend"))
    assert poll(svc, mailbox) == 1
    assert log_texts(svc, game_id) == ["take 2", "end"]
    assert unseen(mailbox) == []
    assert poll(svc, mailbox) == 0


def test_the_same_reply_delivered_twice_is_played_once(svc, mailbox):
    game_id, keys = start_game(svc)
    raw = reply(keys["Anna"], "take 1\nend", message_id="<imap-twice@example.org>")
    deliver(mailbox, raw, raw)
    assert poll(svc, mailbox) == 2
    assert log_texts(svc, game_id) == ["take 1", "end"]


def test_imap_settings_come_from_a_url():
    settings = ImapSettings.from_url("imaps://anna%40farm:s%3Acret@mail.example.org/Farmpost")
    assert settings == ImapSettings("mail.example.org", 993, "anna@farm", "s:cret", "Farmpost", True)
    with pytest.raises(ValueError):
        ImapSettings.from_url("http://example.org")
