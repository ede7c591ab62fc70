"""Replies from the common mail clients: given the mail a farmer's client
sends back, when the pipeline reads it, then exactly the commands they typed
come out, and nothing from the quoted turn mail."""

from __future__ import annotations

import pathlib

import pytest

from mail.inbound.commands import MOVE, NEW, SAY
from mail.inbound.errors import AutoReply
from mail.inbound.pipeline import read_mail
from mail.inbound.routing import NewGame, ReplyTo

FIXTURES = pathlib.Path(__file__).parent / "fixtures"
DOMAIN = "farmpost.example"
KEY = "3f9a0c12d4e5b6a7c8d9"


def read(name: str):
    return read_mail((FIXTURES / name).read_bytes(), domain=DOMAIN)


def typed(reading) -> list[tuple[str, str]]:
    return [(c.kind, c.text or c.line) for c in reading.commands.commands]


@pytest.mark.parametrize(
    "fixture, expected",
    [
        ("gmail.eml", [(MOVE, "take b2"), (MOVE, "place 1 -1")]),
        ("outlook_web.eml", [(MOVE, "take c3")]),
        ("outlook_desktop_block.eml", [(MOVE, "pass")]),
        ("outlook_desktop_no_block.eml", [(MOVE, "take b2")]),
        ("apple_mail.eml", [(MOVE, "take c3")]),
        ("ios.eml", [(MOVE, "Take B2")]),
        ("thunderbird_bottom.eml", [(MOVE, "take b2"), (MOVE, "pass")]),
        ("inline.eml", [(MOVE, "take b2"), ("board", "board")]),
        ("html_only.eml", [(MOVE, "take c3"), (SAY, "nice move, Bob")]),
        ("french_latin1_qp.eml", [(SAY, "Très bien joué, à toi"), (MOVE, "take b2")]),
        ("german_utf8_base64.eml", [(SAY, "Schöne Grüße aus Köln"), (MOVE, "pass")]),
        ("german_outlook.eml", [(MOVE, "take c3")]),
        ("forwarded.eml", [(MOVE, "take b2")]),
        ("missing_message_id.eml", [(MOVE, "pass")]),
        ("exchange_suppress_header.eml", [("board", "board")]),
    ],
)
def test_given_a_client_reply_when_read_then_only_the_typed_commands_come_out(fixture, expected):
    reading = read(fixture)
    assert reading.rejection is None
    assert reading.route == ReplyTo(KEY)
    assert typed(reading) == expected
    assert not reading.commands.errors


@pytest.mark.parametrize("fixture", sorted(p.name for p in FIXTURES.glob("*.eml")))
def test_given_any_fixture_then_no_line_of_the_quoted_turn_mail_is_a_command(fixture):
    turn_lines = {"take b2", "take c3", "pass", "your turn, anna: sunfield farm #12, round 5."}
    reading = read(fixture)
    quoted_lines = [c.line.lower() for c in reading.commands.commands if c.line.startswith(("*", "http", "--"))]
    assert not quoted_lines
    assert "## please reply above this line ##" not in reading.text.lower()
    assert "your page in this game" not in reading.text.lower()
    assert len([c for c in reading.commands.commands if c.line.lower() in turn_lines]) <= 2


def test_given_an_accented_sender_name_encoded_in_the_header_then_it_is_decoded():
    assert read("french_latin1_qp.eml").message.sender_name == "Amélie Dupré"
    assert read("german_utf8_base64.eml").message.sender_name == "Jürgen Müller"


def test_given_a_mail_without_message_id_then_it_is_deduplicated_by_a_hash_of_its_bytes():
    first, again = read("missing_message_id.eml"), read("missing_message_id.eml")
    assert first.dedupe_key.startswith("sha256:")
    assert first.dedupe_key == again.dedupe_key
    assert read("gmail.eml").dedupe_key == "CAF=anna.1@mail.gmail.com"


def test_given_a_forged_from_then_the_reading_names_the_from_address_not_reply_to_or_sender():
    # the service compares this address with the seat's farmer: a forged From never moves
    reading = read("forged_from.eml")
    assert reading.sender == "mallory@evil.example"
    assert reading.route == ReplyTo(KEY)


def test_given_a_german_out_of_office_without_rfc3834_headers_then_it_is_an_auto_reply():
    assert isinstance(read("out_of_office_de.eml").rejection, AutoReply)


def test_given_a_mail_to_new_then_it_asks_for_a_game_with_the_invited_farmers():
    reading = read("new_game.eml")
    assert reading.route == NewGame()
    [command] = reading.commands.commands
    assert command.kind == NEW
    assert command.game == "sunfield"
    assert command.invitees == ("bob@example.org", "carla@example.net")
