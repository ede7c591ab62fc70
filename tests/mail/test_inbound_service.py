"""The DB-backed pipeline: given a started game of Pebbles, when a farmer's
reply is received, then it is stored once, routed, checked and applied (or
answered) through the service's use cases. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from sqlalchemy import func, select

from engine.core import Move
from service.core.wall_time import now
from service.inbound.receive import process_inbound, receive
from service.ops.sweep import beat_round
from service.storage.models import Game, InboundMail, MoveRequest, OutgoingMail, Seat
from service.usecases import creation, preferences
from tests.mail.inbound_helpers import (
    count,
    game_version,
    inbound_row,
    log_texts,
    reply,
    start_game,
)
from tests.service.helpers import mailbox, mails, text_part
from tests.service.toygame import Pebbles


@pytest.fixture
def game(svc):
    return start_game(svc)


def test_a_reply_with_two_moves_is_applied_as_one_batch(svc, game):
    game_id, keys = game
    received = receive(svc, reply(keys["Anna"], "Hi!\n\ntake 2\nend\n\nThanks, Anna"), source="ingest")
    row = inbound_row(svc, received.id)
    assert row.outcome == "applied"
    assert row.sender == "anna@example.org"
    assert log_texts(svc, game_id) == ["take 2", "end"]
    with svc.db.transaction() as session:
        request = session.get(MoveRequest, row.request_id)
        assert (request.source, request.codes) == ("mail", ["take:2", "end"])


def test_the_same_mail_delivered_twice_is_stored_and_applied_once(svc, game):
    game_id, keys = game
    raw = reply(keys["Anna"], "take 1\nend", message_id="<twice@mail.example.org>")
    first, second = receive(svc, raw, source="ingest"), receive(svc, raw, source="mime")
    assert second.duplicate and second.id == first.id
    assert count(svc, InboundMail) == 1
    assert log_texts(svc, game_id) == ["take 1", "end"]


def test_a_forged_from_never_moves_and_is_answered_without_game_details(svc, game):
    game_id, keys = game
    version = game_version(svc, game_id)
    row = inbound_row(svc, receive(
        svc, reply(keys["Anna"], "take 2\nend", sender="Mallory <mallory@evil.example>"), source="ingest").id)
    assert row.outcome == "forged-sender"
    assert game_version(svc, game_id) == version
    assert count(svc, MoveRequest) == 0
    assert "Pebbles" not in row.answer and "take" not in row.answer and str(game_id) not in row.answer


def test_an_unknown_reply_key_is_answered_without_details(svc, game):
    row = inbound_row(svc, receive(svc, reply("0000aaaa1111", "take 1"), source="ingest").id)
    assert row.outcome == "unknown-reply-key"
    assert row.answered


def test_not_your_turn(svc, game):
    _, keys = game
    row = inbound_row(svc, receive(
        svc, reply(keys["Bob"], "take 1", sender="bob@example.org"), source="ingest").id)
    assert row.outcome == "not-your-turn"
    assert count(svc, MoveRequest) == 0


def test_a_bad_move_quotes_the_line_suggests_the_nearest_and_lists_the_options(svc, game):
    game_id, keys = game
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], "tke 2"), source="ingest").id)
    assert row.outcome == "illegal-move"
    assert "“tke 2”" in row.answer
    assert "Nothing was applied" in row.answer
    assert "* take 1" in row.answer and "* draw" in row.answer and "* end" not in row.answer
    assert log_texts(svc, game_id) == []


def test_a_bad_move_after_good_ones_keeps_them_and_lists_the_options_after_them(svc, game):
    game_id, keys = game
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], "take 1\ntke 2"), source="ingest").id)
    assert row.outcome == "applied"
    assert row.answer.startswith("Applied: take 1.\n“tke 2”: ")
    assert "Your turn continues" in row.answer and "Nothing was applied" not in row.answer
    # the options are those after “take 1”: its end is open now
    assert "* end" in row.answer
    assert log_texts(svc, game_id) == ["take 1"]


def test_a_typo_gets_a_did_you_mean(svc, game):
    _, keys = game
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], "take 3"), source="ingest").id)
    assert "Did you mean" in row.answer


def test_every_rejection_is_answered_even_the_same_reason_again(svc, game):
    _, keys = game
    bob = dict(sender="bob@example.org")
    first = inbound_row(svc, receive(svc, reply(keys["Bob"], "take 1", **bob), source="ingest").id)
    again = inbound_row(svc, receive(svc, reply(keys["Bob"], "take 2", **bob), source="ingest").id)
    other = inbound_row(svc, receive(svc, reply(keys["Bob"], "vacation x", **bob), source="ingest").id)
    assert (first.outcome, first.answered) == ("not-your-turn", True)
    assert (again.outcome, again.answered) == ("not-your-turn", True)
    assert (other.outcome, other.answered) == ("bad-command", True)


def test_a_bounce_is_recorded_and_never_answered(svc, game):
    raw = (b"From: MAILER-DAEMON@mx.example.org\r\nTo: farmpost@farmpost.test\r\n"
           b"Subject: Undelivered Mail Returned to Sender\r\nX-Failed-Recipients: bob@example.org\r\n\r\nSorry.\r\n")
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert (row.outcome, row.answer, row.answered) == ("bounce", None, False)


def test_board_and_moves_are_answered_with_the_options(svc, game):
    _, keys = game
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], "moves"), source="ingest").id)
    assert row.outcome == "answered"
    assert "* take 1" in row.answer and "* draw" in row.answer


def test_moves_after_moves_in_the_same_mail_lists_the_options_those_moves_leave(svc, game):
    """A farmer who plays part of a turn and asks for ``moves`` learns what
    may follow, not the options that were open before the mail."""
    game_id, keys = game
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], "take 2\ntake 2\nmoves"), source="ingest").id)
    assert row.outcome == "applied"
    assert log_texts(svc, game_id) == ["take 2", "take 2"]
    options = row.answer.split("Your options now:")[1]
    assert "* end → ends your turn" in options and "* take" not in options and "* draw" not in options


def test_preview_tells_what_would_happen_and_applies_nothing(svc, game):
    game_id, keys = game
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], "preview take 2"), source="ingest").id)
    assert "took 2 pebbles" in row.answer
    assert log_texts(svc, game_id) == []


def test_resign_asks_for_confirmation_then_resigns(svc, game):
    game_id, keys = game
    ask = inbound_row(svc, receive(svc, reply(keys["Anna"], "resign"), source="ingest").id)
    assert "resign yes" in ask.answer
    done = inbound_row(svc, receive(svc, reply(keys["Anna"], "resign yes"), source="ingest").id)
    assert done.outcome == "applied"
    with svc.db.transaction() as session:
        assert session.scalar(select(Seat.resigned).where(Seat.game_id == game_id, Seat.position == 0))


def test_undo_takes_back_the_last_move_of_the_turn(svc, game):
    game_id, keys = game
    receive(svc, reply(keys["Anna"], "take 1"), source="ingest")
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], "undo"), source="ingest").id)
    assert row.outcome == "applied"
    assert log_texts(svc, game_id) == []


def test_stop_turns_the_farmers_mails_off(svc, game):
    game_id, keys = game
    receive(svc, reply(keys["Anna"], "stop"), source="ingest")
    with svc.db.transaction() as session:
        seat = session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.position == 0))
        assert seat.preferences["mail"] is False


def test_a_mail_to_new_creates_a_game_that_waits_for_its_creator(svc):
    raw = (b"From: Anna <anna@example.org>\r\nTo: new@farmpost.test\r\nSubject: game\r\n"
           b"Message-ID: <new-1@example.org>\r\n\r\nnew toy with bob@example.org\r\n")
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert row.outcome == "created"
    with svc.db.transaction() as session:
        emails = session.scalars(select(Seat.email).where(Seat.game_id == row.game_id).order_by(Seat.position)).all()
        status = session.get(Game, row.game_id).status
    assert emails == ["anna@example.org", "bob@example.org"]
    assert status == "unconfirmed"  # the invitations follow the creator's confirmation


def test_a_mail_over_the_size_limit_is_recorded_without_its_bytes(svc):
    from dataclasses import replace

    svc.config = replace(svc.config, max_mail_bytes=100)  # MAX_MAIL_BYTES
    row = inbound_row(svc, receive(svc, b"Subject: x\r\n\r\n" + b"x" * 500, source="ingest").id)
    assert (row.outcome, row.raw, row.size) == ("too-large", b"", 514)


def test_a_mail_whose_processing_fails_for_a_passing_reason_stays_stored_and_the_sweeper_plays_it_later(
        svc, game, monkeypatch):
    from datetime import timedelta

    from sqlalchemy.exc import OperationalError

    from service.inbound import decide as decide_module
    from service.inbound import receive as receive_module

    game_id, keys = game
    real_decide = decide_module.decide  # imported where a mail is processed (receive stores without it)

    def database_gone(*args, **kwargs):
        raise OperationalError("SELECT 1", {}, Exception("server closed the connection unexpectedly"))

    monkeypatch.setattr(decide_module, "decide", database_gone)
    received = receive(svc, reply(keys["Anna"], "take 2\nend"), source="ingest")
    assert inbound_row(svc, received.id).outcome == "pending"
    assert log_texts(svc, game_id) == []

    monkeypatch.setattr(decide_module, "decide", real_decide)
    assert receive_module.sweep_pending_inbound(svc, older_than=timedelta(0)) == 1  # the database away costs no try
    assert inbound_row(svc, received.id).outcome == "applied"
    assert log_texts(svc, game_id) == ["take 2", "end"]


def test_a_mail_whose_processing_fails_for_good_gets_the_outcome_failed_and_one_log_line(
        svc, game, monkeypatch, caplog):
    from datetime import timedelta

    from service.inbound import decide as decide_module
    from service.inbound import receive as receive_module

    _, keys = game

    def bug(*args, **kwargs):
        raise ValueError("Header values may not contain linefeed or carriage return characters")

    monkeypatch.setattr(decide_module, "decide", bug)
    with caplog.at_level("ERROR", logger="service.inbound.receive"):
        received = receive(svc, reply(keys["Anna"], "board"), source="ingest")
    row = inbound_row(svc, received.id)
    assert row.outcome == "failed" and row.processed_at is not None and not row.answered
    assert "ValueError: Header values may not contain linefeed" in row.detail
    [record] = caplog.records
    assert f"inbound mail {received.id} failed for good" in record.getMessage() and record.exc_info is None
    assert receive_module.sweep_pending_inbound(svc, older_than=timedelta(0)) == 0  # never tried again


def test_an_answer_goes_out_through_the_outbox_in_the_farmers_thread(svc, game):
    from email import message_from_bytes, policy

    from service.storage.models import MailboxMessage

    _, keys = game
    receive(svc, reply(keys["Anna"], "tke 2", message_id="<typo@mail.example.org>"), source="ingest")
    with svc.db.transaction() as session:
        item = session.scalars(select(MailboxMessage).where(MailboxMessage.subject.like("Re:%"))).one()
        answer = message_from_bytes(item.raw, policy=policy.default)
    assert item.to_addr == "anna@example.org"
    assert answer["In-Reply-To"] == "<typo@mail.example.org>"
    assert answer["Auto-Submitted"] == "auto-replied"
    assert "“tke 2”" in answer.get_content()


def test_our_answer_coming_back_is_our_own_mail_and_is_not_answered_again(svc, game):
    from service.storage.models import MailboxMessage, OutgoingMail

    _, keys = game
    receive(svc, reply(keys["Anna"], "tke 2"), source="ingest")
    with svc.db.transaction() as session:
        raw = session.scalars(select(MailboxMessage.raw).where(MailboxMessage.subject.like("Re:%"))).one()
        answers = session.scalar(select(func.count()).select_from(OutgoingMail).where(OutgoingMail.kind == "answer"))
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert row.outcome == "own-mail"
    with svc.db.transaction() as session:
        assert session.scalar(
            select(func.count()).select_from(OutgoingMail).where(OutgoingMail.kind == "answer")) == answers


def test_lines_of_our_turn_mail_pasted_unquoted_into_a_reply_are_not_commands(svc, game):
    from email import message_from_bytes, policy

    from service.storage.models import OutgoingMail

    game_id, keys = game
    with svc.db.transaction() as session:
        sent = session.scalars(select(OutgoingMail).where(OutgoingMail.to_addr == "anna@example.org",
                                                          OutgoingMail.kind == "turn")).first()
        message_id, turn_raw = sent.message_id, sent.raw
    turn_text = message_from_bytes(turn_raw, policy=policy.default).get_body(preferencelist=("plain",)).get_content()
    options = "\n".join(line for line in turn_text.splitlines() if line.startswith("* "))
    assert "* take 1" in options  # the mail offers the options as "* <command>"
    raw = (f"From: anna@example.org\r\nTo: play+{keys['Anna']}@farmpost.test\r\nSubject: Re: turn\r\n"
           f"In-Reply-To: {message_id}\r\nMessage-ID: <pasted@example.org>\r\n\r\ntake 2\r\nend\r\n\r\n"
           + options.replace("\n", "\r\n") + "\r\n").encode()
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert row.outcome == "applied"
    assert log_texts(svc, game_id) == ["take 2", "end"]


def test_say_relays_the_message_to_the_other_farmers_once(svc, game):
    from email import message_from_bytes, policy

    from service.storage.models import MailboxMessage

    _, keys = game
    raw = reply(keys["Anna"], "say Good luck, Bob!", message_id="<say-1@example.org>")
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert row.outcome == "answered"
    assert row.answer == "Relayed to Bob: “Good luck, Bob”"
    with svc.db.transaction() as session:  # processing the same mail again relays nothing new
        session.get(InboundMail, row.id).outcome = "pending"
    process_inbound(svc, row.id)
    with svc.db.transaction() as session:
        relayed = session.scalars(select(MailboxMessage).where(MailboxMessage.to_addr == "bob@example.org",
                                                               MailboxMessage.subject.like("%Anna says"))).all()
        assert len(relayed) == 1
        message = message_from_bytes(relayed[0].raw, policy=policy.default)
    assert "Good luck, Bob" in message.get_content()
    assert message["Reply-To"] == f"play+{keys['Bob']}@farmpost.test"


class TestHearingBackAfterAMove:
    """A farmer who plays by mail always hears back by mail, with or without a
    worker: the options left when the turn goes on; when it passed, the
    confirmation in her next mail, or, the first time at the table, an
    account of its own when no mail came within two days (or at once, if
    she chose every confirmation)."""

    def test_a_step_that_leaves_the_turn_going_brings_a_turn_mail_with_the_options_left(self, svc, game):
        game_id, keys = game
        before = len(mails(svc, kind="turn", to="anna@example.org"))
        row = inbound_row(svc, receive(svc, reply(keys["Anna"], "take 2"), source="ingest").id)
        assert row.outcome == "applied" and not row.answered
        turn_mails = mails(svc, kind="turn", to="anna@example.org")
        assert len(turn_mails) == before + 1
        assert turn_mails[-1].subject == "Pebbles #1: your turn continues (round 1)"
        latest = mailbox(svc, "anna@example.org")[-1]
        assert "* end" in text_part(latest) and "took 2" in text_part(latest)
        assert str(latest["Reply-To"]) == f"play+{keys['Anna']}@farmpost.test"

    def test_a_whole_turn_mailed_in_is_confirmed_at_the_top_of_the_farmers_next_mail(self, svc, game):
        # Given Anna's turn, when she mails it in whole
        game_id, keys = game
        receive(svc, reply(keys["Anna"], "take 2\nend"), source="ingest")
        # then nothing comes back at once: the account "you played" waits
        assert not [m for m in mailbox(svc, "anna@example.org") if str(m["Subject"]).endswith("you played")]
        [held] = mails(svc, kind="account", to="anna@example.org")
        assert held.status == "held"
        # and when Bob plays, her turn mail starts with the confirmation, and the account never goes
        receive(svc, reply(keys["Bob"], "take 1\nend", sender="Bob <bob@example.org>"), source="ingest")
        latest = mailbox(svc, "anna@example.org")[-1]
        assert ": your turn" in str(latest["Subject"])
        assert "Your answer of " in text_part(latest) and " was applied: take 2, end." in text_part(latest)
        assert [m.status for m in mails(svc, kind="account", to="anna@example.org")] == ["merged"]

    def test_a_turn_mailed_in_gets_its_own_confirmation_when_no_mail_came_within_two_days(self, svc, game):
        # Given Anna mailed in her turn, and Bob has not played for two days
        game_id, keys = game
        receive(svc, reply(keys["Anna"], "take 2\nend"), source="ingest")
        with svc.db.transaction() as session:
            [held] = session.scalars(select(OutgoingMail).where(OutgoingMail.status == "held")).all()
            assert held.next_try_at is not None
            held.next_try_at = now() - timedelta(minutes=1)
        # when beat sweeps, then the account "you played" goes, with the confirmation
        assert beat_round(svc)["confirmations"] == 1
        [played] = [m for m in mailbox(svc, "anna@example.org") if str(m["Subject"]).endswith("you played")]
        assert " was applied: take 2, end." in text_part(played) and "Bob" in text_part(played)
        # once: the next mail neither repeats it nor finds a held mail to merge
        assert beat_round(svc)["confirmations"] == 0
        receive(svc, reply(keys["Bob"], "take 1\nend", sender="Bob <bob@example.org>"), source="ingest")
        assert "was applied" not in text_part(mailbox(svc, "anna@example.org")[-1])

    def test_the_first_confirmation_says_how_turns_are_confirmed_and_later_turns_hold_no_account(self, svc, game):
        # Given Anna's first turn mailed in, confirmed in her next mail with the way it is done
        game_id, keys = game
        receive(svc, reply(keys["Anna"], "take 2\nend"), source="ingest")
        receive(svc, reply(keys["Bob"], "take 1\nend", sender="Bob <bob@example.org>"), source="ingest")
        told = text_part(mailbox(svc, "anna@example.org")[-1])
        assert " was applied: take 2, end." in told and "From now on a turn you mail in is confirmed this way" in told
        # when she mails in her next turn
        receive(svc, reply(keys["Anna"], "take 1\nend"), source="ingest")
        # then no account waits to go after two days: silence means applied, and her next mail says it
        assert [m.status for m in mails(svc, kind="account", to="anna@example.org")] == ["merged"]
        receive(svc, reply(keys["Bob"], "take 1\nend", sender="Bob <bob@example.org>"), source="ingest")
        told = text_part(mailbox(svc, "anna@example.org")[-1])
        assert " was applied: take 1, end." in told and "From now on" not in told

    def test_the_confirmation_tells_the_moment_in_the_farmers_time_zone_when_she_set_one(self, svc, game):
        game_id, keys = game
        receive(svc, reply(keys["Anna"], "time zone Europe/Berlin"), source="ingest")
        receive(svc, reply(keys["Anna"], "take 2\nend"), source="ingest")
        receive(svc, reply(keys["Bob"], "take 1\nend", sender="Bob <bob@example.org>"), source="ingest")
        told = text_part(mailbox(svc, "anna@example.org")[-1])
        assert re.search(r"Your answer of \w+day \d+ \w+ \d{4}, \d\d:\d\d \(Europe/Berlin\) was applied", told), told

    def test_a_farmer_who_chose_every_confirmation_gets_the_account_of_her_turn_at_once(self, svc, game):
        game_id, keys = game
        preferences.set_preferences(svc, game_id, 0, confirmations=True)
        receive(svc, reply(keys["Anna"], "take 2\nend"), source="ingest")
        [played] = [m for m in mails(svc, kind="account", to="anna@example.org") if m.subject.endswith("you played")]
        assert played.status == "sent"
        assert "Bob" in played.context["to_act"]
        assert [line["text"] for line in played.context["account"]] == ["take 2", "end"]
        assert {line["farmer"] for line in played.context["account"]} == {"You"}  # told to them, not by name
        assert mails(svc, kind="answer", to="anna@example.org") == []

    def test_an_answer_to_the_seats_farmer_carries_the_seats_reply_address(self, svc, game):
        game_id, keys = game
        receive(svc, reply(keys["Anna"], "moves"), source="ingest")
        answer = mailbox(svc, "anna@example.org")[-1]
        assert str(answer["Subject"]).startswith("Re:")
        assert str(answer["Reply-To"]) == f"play+{keys['Anna']}@farmpost.test"

    def test_an_answer_to_a_forged_sender_carries_no_reply_address(self, svc, game):
        game_id, keys = game
        receive(svc, reply(keys["Anna"], "take 2", sender="Mallory <mallory@evil.example>"), source="ingest")
        [answer] = mailbox(svc, "mallory@evil.example")
        assert answer["Reply-To"] is None


def test_a_mail_that_stops_where_only_optional_steps_are_left_ends_the_turn(svc, game, monkeypatch):
    # Given a game whose turn, after a first step, waits only for optional
    # ones (as Sunfield's after its action): its closing moves say how it ends
    monkeypatch.setattr(Pebbles, "closing_moves", lambda self, state: [Move("end")] if state["steps"] else [])
    game_id, keys = game
    # When Anna writes her step and nothing more
    received = receive(svc, reply(keys["Anna"], "take 2"), source="ingest")
    # Then the end of her mail ends her turn: no second mail is needed
    assert inbound_row(svc, received.id).outcome == "applied"
    assert log_texts(svc, game_id) == ["take 2", "end"]
    # and a farmer who wants more writes it in the same mail
    received = receive(svc, reply(keys["Bob"], "take 1\ntake 1", sender="Bob <bob@example.org>"), source="ingest")
    assert log_texts(svc, game_id) == ["take 2", "end", "take 1", "take 1", "end"]


def test_a_turn_mailed_in_against_a_bot_is_confirmed_in_the_turn_mail_that_comes_straight_back(svc):
    """Given Anna against a bot, when she mails in a whole turn, then the bot
    answers in her move's transaction, and the one mail she gets is her next
    turn mail, which starts with the confirmation: no "you played" besides it."""
    created = creation.create_game(svc, "toy", [creation.FarmerSpec("Anna", "anna@example.org"),
                                                creation.FarmerSpec("Bot", bot="greedy")], host=0, seed=7)
    with svc.db.transaction() as session:
        key = session.scalars(select(Seat.reply_key).where(Seat.game_id == created.game_id, Seat.position == 0)).one()
    before = len(mailbox(svc, "anna@example.org"))
    receive(svc, reply(key, "take 1\nend"), source="ingest")
    assert log_texts(svc, created.game_id)[:2] == ["take 1", "end"] and len(log_texts(svc, created.game_id)) > 2
    [turn] = mailbox(svc, "anna@example.org")[before:]
    assert str(turn["Subject"]).endswith("your turn (round 2)")
    assert " was applied: take 1, end." in text_part(turn)
    assert [m.status for m in mails(svc, kind="account", to="anna@example.org")] == ["merged"]


def test_a_turn_mailed_in_against_a_bot_is_answered_with_its_account_and_that_it_is_her_turn_again(svc):
    """Given Anna against a bot, who chose every confirmation, when she mails
    in a whole turn, then the bot answers in her move's transaction, and the
    account of her turn says it is her turn again (not the bot's, which was
    over before the mail went)."""
    created = creation.create_game(svc, "toy", [creation.FarmerSpec("Anna", "anna@example.org"),
                                                creation.FarmerSpec("Bot", bot="greedy")], host=0, seed=7)
    with svc.db.transaction() as session:
        key = session.scalars(select(Seat.reply_key).where(Seat.game_id == created.game_id, Seat.position == 0)).one()
    preferences.set_preferences(svc, created.game_id, 0, confirmations=True)
    receive(svc, reply(key, "take 1\nend"), source="ingest")
    assert log_texts(svc, created.game_id)[:2] == ["take 1", "end"] and len(log_texts(svc, created.game_id)) > 2
    [played] = [m for m in mailbox(svc, "anna@example.org") if str(m["Subject"]).endswith("you played")]
    assert "It is your turn (round 2)" in text_part(played)  # the bot ended round 1
    assert "Now it is Bot" not in text_part(played)
