"""Building a mail (mail.outgoing.compose.build, docs/mail.md): every kind
goes through one function, from plain data (an Envelope of header facts and
the body) to bytes; the headers are written in one place."""

from __future__ import annotations

from datetime import UTC, datetime
from email import message_from_bytes, policy

from mail.outgoing.compose import FOOTER, build, read_back
from mail.outgoing.envelope import Envelope

FARMPOST = ("Farmpost", "play@farmpost.test")


def plain(envelope: Envelope, text: str = "Your move was applied.") -> dict:
    return {"kind": "answer", "envelope": envelope.as_data(), "text": text}


def test_an_envelope_goes_through_json_and_back_unchanged():
    envelope = Envelope(message_id="<a@farmpost.test>", sender=FARMPOST, to=("Ann", "ann@example.org"),
                        subject="Pebbles #1: your turn", reply_to="play+0a1b@farmpost.test", thread="<root@x>",
                        list_id="Pebbles #1 <game-1.farmpost.test>", unsubscribe="https://farmpost.test/prefs/1",
                        game_id=1, date=datetime(2026, 12, 1, 9, 30, tzinfo=UTC), language="fr")
    assert Envelope.from_data(envelope.as_data()) == envelope


def test_every_header_fact_is_written_in_the_order_a_mail_client_shows_them():
    envelope = Envelope(message_id="<a@farmpost.test>", sender=FARMPOST, to=("Ann", "ann@example.org"),
                        subject="Pebbles #1: your turn", reply_to="play+0a1b@farmpost.test", thread="<root@x>",
                        list_id="Pebbles #1 <game-1.farmpost.test>", unsubscribe="https://farmpost.test/prefs/1",
                        game_id=1, date=datetime(2026, 12, 1, 9, 30, tzinfo=UTC), language="de")
    head = build(plain(envelope)).raw.split(b"\r\n\r\n", 1)[0].decode().split("\r\n")
    assert "Content-Language: de" in head[13:]
    assert head[:13] == [
        "Message-ID: <a@farmpost.test>", "Date: Tue, 01 Dec 2026 09:30:00 +0000",
        "From: Farmpost <play@farmpost.test>", "To: Ann <ann@example.org>", "Reply-To: play+0a1b@farmpost.test",
        "Subject: Pebbles #1: your turn", "In-Reply-To: <root@x>", "References: <root@x>",
        "List-Id: Pebbles #1 <game-1.farmpost.test>", "List-Unsubscribe: <https://farmpost.test/prefs/1>",
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click", "Auto-Submitted: auto-generated",
        "X-Farmpost-Game: 1"]


def test_a_plain_mail_is_one_text_part_with_the_footer_and_its_text_is_kept():
    built = build(plain(Envelope(message_id="<b@farmpost.test>", sender=FARMPOST, to=("", "ann@example.org"),
                                 subject="Re: hello", auto_submitted="auto-replied"), "  Done.\n"))
    message = message_from_bytes(built.raw, policy=policy.default)
    assert message.get_content_type() == "text/plain" and message["To"] == "ann@example.org"
    assert message["Auto-Submitted"] == "auto-replied" and message["Reply-To"] is None
    assert message["X-Farmpost-Game"] is None and message["List-Unsubscribe"] is None
    assert message.get_content().replace("\r\n", "\n") == "Done." + FOOTER + "\n"
    assert built.text == "Done." + FOOTER + "\n"


def test_an_internationalised_address_is_written_as_utf8_and_read_back():
    built = build(plain(Envelope(message_id="<c@farmpost.test>", sender=FARMPOST,
                                 to=("Jürgen", "jürgen@bücher.example"), subject="Hallo")))
    assert "To: Jürgen <jürgen@bücher.example>".encode() in built.raw
    facts = read_back(built.raw)
    assert (facts.message_id, facts.sender, facts.to_addr, facts.subject) == (
        "<c@farmpost.test>", "Farmpost <play@farmpost.test>", "jürgen@bücher.example", "Hallo")


def test_a_name_with_specials_or_past_ascii_is_quoted_or_encoded():
    built = build(plain(Envelope(message_id="<d@farmpost.test>", sender=FARMPOST,
                                 to=("Smith, Zoë", "zoe@example.org"), subject="Hi")))
    assert b"To: =?utf-8?q?Smith=2C_Zo=C3=AB?= <zoe@example.org>" in built.raw
    assert message_from_bytes(built.raw, policy=policy.default)["To"].addresses[0].display_name == "Smith, Zoë"
