"""Outgoing mail as a mail client receives it: structure, headers, bodies."""

from __future__ import annotations

import re

import pytest

import boards
from service.outbox import sending
from service.usecases.creation import FarmerSpec, create_game, join
from tests.service.helpers import html_part, mailbox, mails, text_part

ANN, BOB = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")


@pytest.fixture
def turn_mail(svc):
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)
    return mailbox(svc, "ann@example.org")[-1]


def test_a_turn_mail_is_text_and_html_alternatives(turn_mail):
    assert turn_mail.get_content_type() == "multipart/alternative"
    assert [part.get_content_type() for part in turn_mail.iter_parts()] == ["text/plain", "text/html"]


def test_a_turn_mail_has_the_headers_of_a_well_behaved_automatic_mail(svc, turn_mail):
    seat = mails(svc, "turn")[0]
    assert turn_mail["Subject"] == "Pebbles #1: your turn (round 1)"
    assert turn_mail["To"] == "Ann <ann@example.org>"
    assert turn_mail["Message-ID"] == seat.message_id
    assert re.fullmatch(r"play\+[0-9a-f]{20}@farmpost\.test", turn_mail["Reply-To"])
    assert turn_mail["Auto-Submitted"] == "auto-generated"
    assert turn_mail["List-Id"] == "Pebbles #1 <game-1.farmpost.test>"
    assert re.fullmatch(r"<http://farmpost\.test/prefs/1/0/\S+>", turn_mail["List-Unsubscribe"])
    assert turn_mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert turn_mail["Date"]


def test_the_reply_key_is_matched_whatever_the_case(svc, turn_mail):
    key = turn_mail["Reply-To"].split("+")[1].split("@")[0]
    assert key == key.lower()  # hex digits only: any client's case change is undone by lower()


def test_the_text_part_starts_with_the_reply_marker_and_says_how_to_reply(turn_mail):
    text = text_part(turn_mail)
    lines = text.splitlines()
    assert lines[0] == "## Please reply above this line ##"
    assert "Reply with one command per line, e.g. take 1" in text
    options = re.findall(r"^\* (.+?) → .+\n  (http\S+)$", text, flags=re.M)
    assert [typed for typed, _ in options] == ["take 1", "take 2", "draw"]
    assert all("/m/1/0/" in url for _, url in options)
    assert "* take 1 → your turn goes on\n" in text  # every option says what it will do
    assert "\n-- \n" in text  # a standard signature separator before the footer


def test_the_html_part_has_inline_styles_and_no_script_svg_or_style_block(turn_mail):
    html = html_part(turn_mail)
    assert "<script" not in html and "<svg" not in html and "<style" not in html
    assert 'style="' in html
    # each option a button (its style inlined) with what it will do beside it
    assert re.search(r'<td style="color:#444;[^"]*"><a href="http://farmpost\.test/m/1/0/[^"]+" '
                     r'style="display:inline-block;[^"]*">take 2</a>(&nbsp;|\xa0) your turn goes on</td>', html)
    # no class attributes: no stylesheet goes with the mail, every style is in its tag
    assert " class=" not in html
    assert "reply to this mail with one command per line" in html


def test_a_turn_mail_carries_the_board_snapshot_pdf_when_the_game_has_one(svc, monkeypatch):
    monkeypatch.setattr(boards, "snapshot_pdf", lambda kind, view, seat, meta: b"%PDF-1.7 board of " + meta["names"][seat].encode())
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)
    message = mailbox(svc, "ann@example.org")[-1]
    assert message.get_content_type() == "multipart/mixed"
    [attachment] = list(message.iter_attachments())
    assert attachment.get_content_type() == "application/pdf"
    assert attachment.get_filename() == "toy-1-board-v0.pdf"
    assert attachment.get_content() == b"%PDF-1.7 board of Ann"


def test_a_board_that_cannot_be_drawn_does_not_hold_the_mail_back(svc, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("template missing")

    monkeypatch.setattr(boards, "text", broken)
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)
    message = mailbox(svc, "ann@example.org")[-1]
    assert "take 2" in text_part(message) and "round 1" in text_part(message)


def test_sending_a_mail_twice_delivers_it_once(svc, turn_mail):
    mail_id = mails(svc, "turn")[0].id
    assert sending.send_mail(svc, mail_id) == "sent"
    assert sending.send_mail(svc, mail_id) == "sent"
    assert [m["Message-ID"] for m in mailbox(svc, "ann@example.org")] == [turn_mail["Message-ID"]]


def test_the_final_mail_text_has_a_score_sheet_with_a_column_per_farmer(svc):
    from tests.service.test_usecases import play

    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)
    play(svc, 0, "take:2", "take:2", "end")
    play(svc, 1, "take:2", "take:2", "end")
    play(svc, 0, "take:1")  # the pile is empty: Ann 5, Bob 4
    text = text_part(mailbox(svc, "ann@example.org")[-1])
    sheet = text.split("SCORE SHEET\n")[1].split("\n\n")[0].splitlines()
    assert sheet == ["                   Ann  Bob",
                     "Pebbles              5    4",
                     "Total                5    4",
                     "Cards (tie-break)    0    0"]


def test_list_unsubscribe_is_written_raw_as_one_https_link_in_the_bytes_sent(svc):
    """One-click unsubscribe (RFC 8058) reads the header as written: one
    ``<https://…>`` on one line, never an RFC 2047 encoded-word, even when
    the URL is longer than a folded line."""
    svc.links.base_url = "https://farmpost.example.org"
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)
    [sent] = [m for m in mails(svc, "turn") if m.to_addr == "ann@example.org"]
    header = re.search(rb"\r\nList-Unsubscribe: <(https://farmpost\.example\.org/prefs/1/0/[\w.\-]+)>\r\n", sent.raw)
    assert header is not None and len(header.group(0)) > 78
    assert b"=?utf-8?" not in sent.raw.split(b"\r\n\r\n", 1)[0]


def test_an_invitation_says_the_games_options_links_the_rules_and_how_to_decline(svc):
    create_game(svc, "sunfield", [ANN, BOB], host=0, seed=1, options={"advanced": True})
    [invitation] = mailbox(svc, "bob@example.org")
    text, html = text_part(invitation), html_part(invitation)
    assert "Options: Advanced mode (Livestock cards): yes." in text
    assert "The rules: http://farmpost.test/rules/sunfield" in text
    assert 'Not for you? Reply "decline" (or "no") and Ann will be told.' in text
    assert 'href="http://farmpost.test/rules/sunfield"' in html and "decline" in html


def test_the_pdf_comes_with_the_first_mail_of_a_turn_not_with_each_answer_to_a_step(svc):
    from service.inbound.receive import receive
    from tests.mail.inbound_helpers import reply

    create_game(svc, "sunfield", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)
    first = mailbox(svc, "ann@example.org")[-1]
    key = first["Reply-To"].split("+")[1].split("@")[0]
    receive(svc, reply(key, "take b2", sender="Ann <ann@example.org>"), source="ingest")
    continued = mailbox(svc, "ann@example.org")[-1]
    assert "your turn continues" in continued["Subject"]
    assert [p.get_content_type() for p in first.iter_attachments()] == ["application/pdf"]
    assert list(continued.iter_attachments()) == []
    assert "THE BOARD" in text_part(continued)
