"""The service acting on replies read the way people write them: given a
game of Pebbles, when a farmer's reply holds prose, a typo, an answer to an
invitation, an answer to a relayed say, several From mailboxes or a failed
DMARC check, then ... Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy import select

from boards.i18n import translator
from engine import get_game
from engine.core import MoveError
from mail.inbound.message import parse_message
from service.inbound import suggest
from service.inbound.receive import receive
from service.storage.models import Game, MoveRequest, OutgoingMail, Seat
from service.usecases import creation
from tests.mail.inbound_helpers import count, game_version, inbound_row, log_texts, reply, start_game
from tests.service.helpers import mails


@pytest.fixture
def game(svc):
    return start_game(svc)


def received(svc, raw: bytes):
    return inbound_row(svc, receive(svc, raw, source="ingest").id)


# --------------------------------------------------------------------------- prose and typos


def test_prose_lines_around_the_moves_are_ignored(svc, game):
    game_id, keys = game
    body = "take 2\nend\nSamuel Carter\nHead of Operations, Carter & Sons Ltd\n+44 20 7946 0958"
    row = received(svc, reply(keys["Anna"], body, sender="Sam <anna@example.org>"))
    assert row.outcome == "applied"
    assert log_texts(svc, game_id) == ["take 2", "end"]


def test_a_mail_of_nothing_but_prose_has_no_command(svc, game):
    game_id, keys = game
    version = game_version(svc, game_id)
    row = received(svc, reply(keys["Anna"], "Samuel Carter\nHead of Operations"))
    assert row.outcome == "empty"
    assert game_version(svc, game_id) == version
    assert count(svc, MoveRequest) == 0


def test_a_likely_typo_is_answered_with_did_you_mean_and_nothing_is_applied(svc, game):
    game_id, keys = game
    row = received(svc, reply(keys["Anna"], "tkae 2\nend"))
    assert row.outcome == "illegal-move"
    assert "“tkae 2”" in row.answer and "Did you mean “take 2”" in row.answer
    assert log_texts(svc, game_id) == []


def test_prose_beside_a_say_when_it_is_not_your_turn_is_ignored(svc, game):
    _, keys = game
    row = received(svc, reply(keys["Bob"], "say good luck\nBob Baker, Baker Farms", sender="bob@example.org"))
    assert row.outcome == "answered"
    assert [m.to_addr for m in mails(svc, "say")] == ["anna@example.org"]


def test_did_you_mean_offers_only_moves_that_are_legal_now():
    # given Sunfield Farm at its start, where every legal move is a "take"
    rules = get_game("sunfield")
    state = rules.setup(2, {}, 7)
    legal = {rules.text(m) for m in rules.legal_moves(state)}
    with pytest.raises(MoveError) as raised:
        rules.parse(state, 0, "tkae b2")
    # the engine offers verbs, one of which ("trade") is no move now
    assert "trade" in raised.value.reason
    # when the answer is written, then it offers legal moves only
    offered = suggest.legal_suggestions(rules, state, "tkae b2", raised.value)
    assert offered and set(offered) <= legal and offered[0] == "take b2"
    answer = suggest.did_you_mean(rules, state, "tkae b2", raised.value, translator("en"))
    assert "trade" not in answer and "Did you mean “take b2”" in answer


def test_no_did_you_mean_when_no_legal_move_is_close():
    rules = get_game("sunfield")
    state = rules.setup(2, {}, 7)
    with pytest.raises(MoveError) as raised:
        rules.parse(state, 0, "buy corn")
    assert "did you mean" not in suggest.did_you_mean(rules, state, "buy corn", raised.value, translator("en")).lower()


# --------------------------------------------------------------------------- invitations


@pytest.fixture
def invited(svc):
    """Anna hosts; Bob is invited and has not joined."""
    created = creation.create_game(
        svc, "toy", [creation.FarmerSpec("Anna", "anna@example.org"), creation.FarmerSpec("Bob", "bob@example.org")],
        host=0, seed=7,
    )
    with svc.db.transaction() as session:
        key = session.scalar(select(Seat.reply_key).where(Seat.game_id == created.game_id, Seat.position == 1))
    return created.game_id, key


def seat_joined(svc, game_id: int, position: int) -> bool:
    with svc.db.transaction() as session:
        seat = session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.position == position))
        return seat.joined_at is not None


def game_status(svc, game_id: int) -> str:
    with svc.db.transaction() as session:
        return session.get(Game, game_id).status


@pytest.mark.parametrize("body", ["Yes, count me in!\n\nBob", "join", "Ja gerne"])
def test_a_yes_to_an_invitation_joins_the_game(svc, invited, body):
    game_id, key = invited
    row = received(svc, reply(key, body, sender="Bob <bob@example.org>"))
    assert row.outcome == "joined"
    assert seat_joined(svc, game_id, 1)
    assert game_status(svc, game_id) == "active"  # everyone is in: the game starts
    assert "joined" in row.answer


def test_a_no_to_an_invitation_declines_and_the_host_is_told(svc, invited):
    game_id, key = invited
    row = received(svc, reply(key, "No thanks, I can't play this month.\n\nBob", sender="Bob <bob@example.org>"))
    assert row.outcome == "declined"
    assert not seat_joined(svc, game_id, 1)
    [notice] = mails(svc, "declined")
    assert notice.to_addr == "anna@example.org"
    assert "Bob" in notice.subject and "declined" in notice.subject
    assert "Anna was told" in row.answer


def test_a_decline_delivered_twice_tells_the_host_once(svc, invited):
    _, key = invited
    raw = reply(key, "decline", sender="bob@example.org", message_id="<decline-twice@example.org>")
    receive(svc, raw, source="ingest")
    receive(svc, raw, source="mime")
    assert len(mails(svc, "declined")) == 1


def test_a_reply_to_an_invitation_that_says_neither_is_told_how_to_answer(svc, invited):
    game_id, key = invited
    row = received(svc, reply(key, "Which game is this?", sender="bob@example.org"))
    assert row.outcome == "answered"
    assert "yes" in row.answer and "no" in row.answer
    assert not seat_joined(svc, game_id, 1)


def test_an_invitation_reply_from_another_address_is_a_forged_sender(svc, invited):
    game_id, key = invited
    row = received(svc, reply(key, "yes", sender="mallory@evil.example"))
    assert row.outcome == "forged-sender"
    assert not seat_joined(svc, game_id, 1)


# --------------------------------------------------------------------------- say back


def test_a_reply_to_a_relayed_say_is_a_say_back_to_the_table(svc, game):
    _, keys = game
    received(svc, reply(keys["Anna"], "say nice move, Bob"))
    [relay] = mails(svc, "say")
    assert relay.to_addr == "bob@example.org"
    answer = reply(keys["Bob"], "Good luck to you too!\nMy pebbles are ready.\n\nBob", sender="Bob <bob@example.org>")
    answer = answer.replace(b"Message-ID:", f"In-Reply-To: {relay.message_id}\r\nMessage-ID:".encode(), 1)
    row = received(svc, answer)
    assert row.outcome == "answered"
    [back] = [m for m in mails(svc, "say") if m.to_addr == "anna@example.org"]
    assert "Good luck to you too! My pebbles are ready." in back.raw.decode()


def test_the_same_words_not_in_reply_to_a_say_are_not_a_say(svc, game):
    _, keys = game
    row = received(svc, reply(keys["Bob"], "Good luck to you too!\n\nBob", sender="Bob <bob@example.org>"))
    assert row.outcome == "empty"
    assert mails(svc, "say") == []


# --------------------------------------------------------------------------- authorship


def test_several_from_mailboxes_without_the_seats_sender_never_move(svc, game):
    game_id, keys = game
    raw = reply(keys["Anna"], "take 2\nend", sender="Anna <anna@example.org>, Mallory <mallory@evil.example>")
    row = received(svc, raw)
    assert row.outcome == "several-authors"
    assert log_texts(svc, game_id) == []
    assert "Pebbles" not in row.answer


def test_several_from_mailboxes_with_the_seats_address_as_sender_never_move(svc, game):
    # Sender is text the sender wrote, and DMARC vouches for one From domain: such a mail is no seat's
    game_id, keys = game
    raw = reply(keys["Anna"], "take 2\nend", sender="Mallory <mallory@evil.example>, Anna <anna@example.org>")
    raw = raw.replace(b"To:", b"Sender: Anna <anna@example.org>\r\nTo:", 1)
    assert received(svc, raw).outcome == "several-authors"
    assert log_texts(svc, game_id) == []


DMARC_FAIL = (b"Authentication-Results: mx.farmpost.test; spf=fail smtp.mailfrom=anna@example.org;\r\n"
              b" dmarc=fail (p=REJECT) header.from=example.org\r\n")


def test_a_dmarc_fail_from_the_configured_authserv_id_is_refused_with_a_clear_answer(svc, game):
    game_id, keys = game
    svc.config = dataclasses.replace(svc.config, authserv_id="mx.farmpost.test")
    row = received(svc, DMARC_FAIL + reply(keys["Anna"], "take 2\nend"))
    assert row.outcome == "dmarc-fail"
    assert "DMARC" in row.answer
    assert log_texts(svc, game_id) == []


def test_without_an_authserv_id_authentication_results_are_not_read(svc, game):
    game_id, keys = game
    assert svc.config.authserv_id is None
    assert received(svc, DMARC_FAIL + reply(keys["Anna"], "take 2\nend")).outcome == "applied"
    assert log_texts(svc, game_id) == ["take 2", "end"]


def test_the_authserv_id_comes_from_the_environment():
    from service.core.config import load_config

    assert load_config({"AUTHSERV_ID": "mx.example.org", "FARMPOST_INSTANCE": "/tmp/farmpost-authserv"}).authserv_id \
        == "mx.example.org"


def test_the_answer_to_a_refused_author_carries_no_reply_address_of_the_seat(svc, game):
    _, keys = game
    raw = reply(keys["Anna"], "board", sender="Anna <anna@example.org>, Mallory <mallory@evil.example>")
    received(svc, raw)
    with svc.db.transaction() as session:
        answers = session.scalars(select(OutgoingMail).where(OutgoingMail.kind == "answer")).all()
        assert answers and all(parse_message(a.raw).header("Reply-To") == "" for a in answers)

