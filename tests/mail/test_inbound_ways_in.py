"""The ways in: the HTTP webhooks (signed), ``farmpost ingest`` with its
sysexits codes, and the local mailbox's reply form, all into one pipeline."""

from __future__ import annotations

import argparse
import hashlib
import hmac
import io
import json
import re
import time

import pytest
from sqlalchemy import select
from sqlalchemy.exc import OperationalError

from service.cli import inbound as cli
from service.inbound.auth import inbound_secret, sign
from service.storage.models import InboundMail, MailboxMessage
from tests.mail.inbound_helpers import count, log_texts, reply, start_game


@pytest.fixture
def web(app):
    """The real app (create_app) with its inbound blueprint, as a test client."""
    return app.test_client()


@pytest.fixture
def game(svc):
    return start_game(svc)


def test_raw_mime_with_a_valid_signature_is_stored_and_applied(web, svc, game):
    game_id, keys = game
    raw = reply(keys["Anna"], "take 2\nend")
    secret = inbound_secret(svc.config)
    response = web.post("/inbound/mime", data=raw, headers={"X-Farmpost-Signature": "sha256=" + sign(secret, raw)})
    assert response.status_code == 202
    assert response.json["duplicate"] is False
    assert log_texts(svc, game_id) == ["take 2", "end"]
    again = web.post("/inbound/mime", data=raw, headers={"X-Farmpost-Signature": sign(secret, raw)})
    assert (again.status_code, again.json["duplicate"]) == (202, True)


@pytest.mark.parametrize("signature", ["", "sha256=00", "sha256=" + "0" * 64])
def test_raw_mime_with_a_bad_signature_is_refused_and_not_stored(web, svc, game, signature):
    _, keys = game
    headers = {"X-Farmpost-Signature": signature}
    response = web.post("/inbound/mime", data=reply(keys["Anna"], "take 1"), headers=headers)
    assert response.status_code == 403
    assert count(svc, InboundMail) == 0


def mailgun_fields(secret: str, body: bytes, recipient: str, *, timestamp: int | None = None,
                   token: str = "abc123") -> dict:
    """A Mailgun forward() post, signed as Mailgun signs it."""
    stamp = str(int(time.time()) if timestamp is None else timestamp)
    return {"timestamp": stamp, "token": token, "recipient": recipient, "body-mime": body.decode(),
            "signature": hmac.new(secret.encode(), (stamp + token).encode(), hashlib.sha256).hexdigest()}


@pytest.mark.parametrize("path", ["/inbound/mailgun/mime", "/inbound/mailgun"])
def test_a_mailgun_style_webhook_is_checked_with_mailguns_signature_scheme(web, svc, game, path):
    game_id, keys = game
    fields = mailgun_fields(inbound_secret(svc.config), reply(keys["Anna"], "take 1\nend"),
                            f"play+{keys['Anna']}@farmpost.test")
    assert web.post(path, data={**fields, "signature": "forged"}).status_code == 403
    assert log_texts(svc, game_id) == []
    assert web.post(path, data=fields).status_code == 202
    assert log_texts(svc, game_id) == ["take 1", "end"]


def test_a_mailgun_post_with_an_old_timestamp_or_a_token_seen_before_is_refused(web, svc, game):
    _, keys = game
    secret, to = inbound_secret(svc.config), f"play+{keys['Anna']}@farmpost.test"
    old = mailgun_fields(secret, reply(keys["Anna"], "take 1"), to, timestamp=int(time.time()) - 3600, token="t1")
    assert web.post("/inbound/mailgun/mime", data=old).status_code == 403  # signed, but an hour old
    first = mailgun_fields(secret, reply(keys["Anna"], "take 1", message_id="<one@example.org>"), to, token="t2")
    assert web.post("/inbound/mailgun/mime", data=first).status_code == 202
    replayed = mailgun_fields(secret, reply(keys["Anna"], "take 2", message_id="<two@example.org>"), to, token="t2")
    assert web.post("/inbound/mailgun/mime", data=replayed).status_code == 403  # the same token again
    assert count(svc, InboundMail) == 1


@pytest.mark.parametrize("way", ["mailgun", "sendgrid", "mime"])
def test_a_provider_post_over_500_kb_is_taken_whole_and_one_over_the_limit_gets_413(web, svc, game, way):
    from dataclasses import replace

    game_id, keys = game
    secret, to = inbound_secret(svc.config), f"play+{keys['Anna']}@farmpost.test"
    raw = reply(keys["Anna"], "take 1\nend\n\n" + "> a long quoted line\n" * 35_000)  # about 740 KB

    def post(body: bytes, token: str):
        if way == "mailgun":
            return web.post("/inbound/mailgun/mime", data=mailgun_fields(secret, body, to, token=token))
        if way == "sendgrid":
            return web.post("/inbound/sendgrid", data={"email": body.decode()}, auth=("farmpost", secret))
        return web.post("/inbound/mime", data=body, headers={"X-Farmpost-Signature": sign(secret, body)})

    assert len(raw) > 700_000  # over Werkzeug's 500 KB limit for one form field
    response = post(raw, "big-1")
    assert response.status_code == 202
    with svc.db.transaction() as session:
        row = session.get(InboundMail, response.json["id"])
        assert (row.size, row.outcome) == (len(raw), "applied")
    assert log_texts(svc, game_id) == ["take 1", "end"]
    svc.config = replace(svc.config, max_mail_bytes=300_000)  # MAX_MAIL_BYTES=300000
    assert post(reply(keys["Anna"], "x" * 400_000), "big-2").status_code == 413


def test_a_sendgrid_style_webhook_needs_the_key_as_basic_auth_never_in_its_url(web, svc, game):
    game_id, keys = game
    secret = inbound_secret(svc.config)
    fields = {"email": reply(keys["Anna"], "draw\nend").decode(),
              "envelope": json.dumps({"to": [f"play+{keys['Anna']}@farmpost.test"], "from": "anna@example.org"})}
    assert web.post("/inbound/sendgrid", data=fields, auth=("farmpost", "wrong")).status_code == 403
    assert web.post(f"/inbound/sendgrid?key={secret}", data=fields).status_code == 403  # a key an access log would keep
    assert log_texts(svc, game_id) == []
    assert web.post("/inbound/sendgrid", data=fields, auth=("farmpost", secret)).status_code == 202
    assert log_texts(svc, game_id) == ["draw", "end"]


def test_an_empty_webhook_body_is_a_bad_request(web, svc):
    secret = inbound_secret(svc.config)
    assert web.post("/inbound/mime", data=b"", headers={"X-Farmpost-Signature": sign(secret, b"")}).status_code == 400


def ingest(svc, raw: bytes, *recipients: str) -> int:
    args = argparse.Namespace(recipient=list(recipients))
    return cli.cmd_ingest(args, stdin=io.BytesIO(raw), services=svc)


def test_ingest_stores_the_mail_and_exits_0_also_for_a_duplicate(svc, game):
    game_id, keys = game
    raw = reply(keys["Anna"], "take 1\nend")
    assert ingest(svc, raw) == cli.EX_OK
    assert ingest(svc, raw) == cli.EX_OK
    assert log_texts(svc, game_id) == ["take 1", "end"]


def test_ingest_exits_0_for_a_rejected_mail_so_the_mta_does_not_bounce_it(svc, game):
    assert ingest(svc, reply("ffff0000ffff", "take 1")) == cli.EX_OK


def test_ingest_uses_the_envelope_recipient(svc, game):
    game_id, keys = game
    raw = reply(keys["Anna"], "take 2\nend").replace(f"play+{keys['Anna']}@".encode(), b"friends@")
    assert ingest(svc, raw, f"play+{keys['Anna']}@farmpost.test") == cli.EX_OK
    assert log_texts(svc, game_id) == ["take 2", "end"]


def test_ingest_of_nothing_is_a_data_error(svc):
    assert ingest(svc, b"  \r\n") == cli.EX_DATAERR


def test_ingest_when_the_database_is_down_is_a_temporary_failure(svc, monkeypatch):
    from service.inbound import receive as receive_module

    def down(*args, **kwargs):
        raise OperationalError("INSERT", {}, ConnectionRefusedError("connection refused"))

    monkeypatch.setattr(receive_module, "receive", down)
    assert ingest(svc, reply("abc", "take 1")) == cli.EX_TEMPFAIL


def test_the_mailbox_reply_form_plays_a_move_through_the_same_pipeline(web, svc, game):
    game_id, _ = game
    with svc.db.transaction() as session:
        turn_mail = session.scalars(select(MailboxMessage).where(MailboxMessage.to_addr == "anna@example.org")
                                    .order_by(MailboxMessage.id.desc())).first()
        turn_mail_id = turn_mail.id
    page = web.get(f"/mailbox/{turn_mail_id}").get_data(as_text=True)
    assert f'action="/mailbox/{turn_mail_id}/reply"' in page
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    response = web.post(f"/mailbox/{turn_mail_id}/reply", data={"body": "take 2\nend", "csrf_token": token})
    assert response.status_code == 302
    assert log_texts(svc, game_id) == ["take 2", "end"]
    with svc.db.transaction() as session:
        assert session.scalar(select(InboundMail.source)) == "mailbox"


def test_a_reply_form_post_without_its_form_token_is_refused_and_nothing_moves(web, svc, game):
    game_id, _ = game
    with svc.db.transaction() as session:
        turn_mail_id = session.scalar(select(MailboxMessage.id).where(MailboxMessage.to_addr == "anna@example.org"))
    response = web.post(f"/mailbox/{turn_mail_id}/reply", data={"body": "take 2\nend"})
    assert response.status_code == 400
    assert log_texts(svc, game_id) == []
    assert count(svc, InboundMail) == 0
