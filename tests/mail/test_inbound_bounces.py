"""Bounces: given a game of Anna and Bob, when a delivery failure report for
Bob's address comes in, then Bob's seat is marked as bouncing, Anna is told
once (through the outbox), the report is never answered, Bob's seat page
warns him, and his next mail or a change of his preferences clears it."""

from __future__ import annotations

import dataclasses
import itertools
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from sqlalchemy import select

from service.core import wall_time
from service.core.wall_time import ENVIRONMENT_VARIABLE, travel_to
from service.game.clocks import ClockSettings
from service.inbound.receive import receive
from service.storage.models import Game, MailboxMessage, OutgoingMail, Seat
from service.usecases import creation, preferences
from tests.mail.inbound_helpers import inbound_row, reply, start_game

_ids = itertools.count(1)


def dsn(address: str, *, action: str = "failed", status: str = "5.1.1") -> bytes:
    """An RFC 3464 delivery status notification as Postfix writes it."""
    return (
        "From: Mail Delivery System <MAILER-DAEMON@mx.example.org>\r\n"
        "To: farmpost@farmpost.test\r\nSubject: Undelivered Mail Returned to Sender\r\n"
        f"Message-ID: <dsn-{next(_ids)}@mx.example.org>\r\nAuto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"\r\n\r\n'
        "--b1\r\nContent-Type: text/plain\r\n\r\nThis is the mail system at host mx.example.org.\r\n"
        "I'm sorry to have to inform you that your message could not be delivered.\r\n"
        "--b1\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.org\r\n\r\n"
        f"Final-Recipient: rfc822; {address}\r\nAction: {action}\r\nStatus: {status}\r\n\r\n"
        "--b1--\r\n"
    ).encode()


@pytest.fixture
def game(svc):
    return start_game(svc)


def bouncing(svc, game_id: int) -> dict[str, bool]:
    with svc.db.transaction() as session:
        seats = session.scalars(select(Seat).where(Seat.game_id == game_id)).all()
        return {seat.name: seat.bouncing_since is not None for seat in seats}


def notices(svc) -> list[tuple[str, str]]:
    with svc.db.transaction() as session:
        return [tuple(row) for row in session.execute(
            select(MailboxMessage.to_addr, MailboxMessage.subject).where(MailboxMessage.subject.like("%bounces"))
            .order_by(MailboxMessage.id))]


def seat_page(client, svc, game_id: int, position: int) -> str:
    with svc.db.transaction() as session:
        secret = session.scalar(select(Seat.secret).where(Seat.game_id == game_id, Seat.position == position))
    return client.get(urlsplit(svc.links.seat_url(game_id, position, secret)).path).get_data(as_text=True)


def test_a_dsn_for_a_farmers_address_marks_the_seat_tells_the_others_and_is_never_answered(svc, game):
    game_id, _ = game
    row = inbound_row(svc, receive(svc, dsn("Bob@Example.org"), source="ingest").id)
    assert (row.outcome, row.answer, row.answered) == ("bounce", None, False)
    assert (row.game_id, row.seat) == (game_id, 1)
    assert bouncing(svc, game_id) == {"Anna": False, "Bob": True}
    assert notices(svc) == [("anna@example.org", f"Pebbles #{game_id}: mail to Bob bounces")]
    with svc.db.transaction() as session:
        assert session.scalar(select(OutgoingMail.id).where(OutgoingMail.to_addr.like("%mx.example.org"))) is None


def test_a_second_bounce_for_the_same_address_tells_nobody_again(svc, game):
    game_id, _ = game
    receive(svc, dsn("bob@example.org"), source="ingest")
    with svc.db.transaction() as session:
        since = session.scalar(select(Seat.bouncing_since).where(Seat.name == "Bob"))
    again = inbound_row(svc, receive(svc, dsn("bob@example.org"), source="ingest").id)
    assert again.outcome == "bounce"
    assert len(notices(svc)) == 1
    with svc.db.transaction() as session:
        assert session.scalar(select(Seat.bouncing_since).where(Seat.name == "Bob")) == since


def test_a_delayed_delivery_is_not_a_bounce_of_the_address(svc, game):
    game_id, _ = game
    row = inbound_row(svc, receive(svc, dsn("bob@example.org", action="delayed", status="4.2.2"),
                                   source="ingest").id)
    assert row.outcome == "bounce"
    assert bouncing(svc, game_id) == {"Anna": False, "Bob": False}
    assert notices(svc) == []


def test_a_bounce_for_an_address_of_no_farmer_marks_nothing(svc, game):
    game_id, _ = game
    row = inbound_row(svc, receive(svc, dsn("stranger@example.org"), source="ingest").id)
    assert (row.outcome, row.game_id, row.answered) == ("bounce", None, False)
    assert bouncing(svc, game_id) == {"Anna": False, "Bob": False}


def test_the_seat_page_warns_the_farmer_and_names_them_to_the_others(client, svc, game):
    game_id, _ = game
    assert "could not be delivered" not in seat_page(client, svc, game_id, 1)
    receive(svc, dsn("bob@example.org"), source="ingest")
    bobs = seat_page(client, svc, game_id, 1)
    assert "Mail to your address bob@example.org could not be delivered" in bobs
    assert "Bob (mail to them bounces)" in seat_page(client, svc, game_id, 0)


def test_the_farmers_next_mail_clears_the_mark(client, svc, game):
    game_id, keys = game
    receive(svc, dsn("bob@example.org"), source="ingest")
    row = inbound_row(svc, receive(svc, reply(keys["Bob"], "board", sender="Bob <bob@example.org>"),
                                   source="ingest").id)
    assert row.outcome == "answered"
    assert bouncing(svc, game_id) == {"Anna": False, "Bob": False}
    assert "could not be delivered" not in seat_page(client, svc, game_id, 1)


def test_a_mail_with_the_farmers_address_forged_on_another_seat_does_not_clear_it(svc, game):
    game_id, keys = game
    receive(svc, dsn("bob@example.org"), source="ingest")
    row = inbound_row(svc, receive(svc, reply(keys["Anna"], "board", sender="bob@example.org"), source="ingest").id)
    assert row.outcome == "forged-sender"
    assert bouncing(svc, game_id)["Bob"] is True


def test_saving_the_preferences_clears_the_mark(svc, game):
    game_id, _ = game
    receive(svc, dsn("bob@example.org"), source="ingest")
    preferences.set_preferences(svc, game_id, 1, accounts=False)
    assert bouncing(svc, game_id)["Bob"] is False


def test_a_bounce_for_a_finished_game_marks_nothing(svc, game):
    game_id, keys = game
    bob = {"sender": "bob@example.org"}
    for key, body, who in [("Anna", "take 2\nend", {}), ("Bob", "take 2\nend", bob), ("Anna", "take 2\nend", {}),
                           ("Bob", "take 2\nend", bob), ("Anna", "take 1", {})]:
        assert inbound_row(svc, receive(svc, reply(keys[key], body, **who), source="ingest").id).outcome == "applied"
    with svc.db.transaction() as session:
        assert session.get(Game, game_id).status == "over"
    receive(svc, dsn("bob@example.org"), source="ingest")
    assert bouncing(svc, game_id)["Bob"] is False


def test_the_seat_page_lists_the_last_mails_and_their_fate(client, svc, game):
    game_id, keys = game
    page = seat_page(client, svc, game_id, 1)
    assert "Your last mails" in page and "you are invited to play" in page
    assert "accepted by the local mailbox" in page and "turn on the daily digest" not in page
    receive(svc, dsn("bob@example.org"), source="ingest")
    bobs = seat_page(client, svc, game_id, 1)
    assert "bounced: your mail server refused it" in bobs
    assert "turn on the daily digest" in bobs and "add a webhook" in bobs  # the other ways to hear of a turn
    invitation = _last_mail_id(svc, "bob@example.org")
    receive(svc, reply(keys["Bob"], "board", sender="Bob <bob@example.org>").replace(
        b"Message-ID:", b"In-Reply-To: " + invitation.encode() + b"\r\nMessage-ID:"), source="ingest")
    bobs = seat_page(client, svc, game_id, 1)
    assert "answered by you" in bobs and "bounced:" not in bobs


def _last_mail_id(svc, address: str) -> str:
    with svc.db.transaction() as session:
        return session.scalars(select(OutgoingMail.message_id).where(OutgoingMail.to_addr == address,
                                                                     OutgoingMail.status == "sent")
                               .order_by(OutgoingMail.id.desc())).first()


def clock_table(svc) -> int:
    """Anna (the host, seat 0), Bob and Cleo on a 3-day clock, all joined."""
    created = creation.create_game(svc, "toy", [creation.FarmerSpec("Anna", "anna@example.org"),
                                                creation.FarmerSpec("Bob", "bob@example.org"),
                                                creation.FarmerSpec("Cleo", "cleo@example.org")],
                                   host=0, seed=7, clock=ClockSettings(per_turn=3 * 24 * 3600))
    creation.join(svc, created.game_id, 1)
    creation.join(svc, created.game_id, 2)
    return created.game_id


def bouncing_mails(svc) -> dict[str, list[str]]:
    with svc.db.transaction() as session:
        rows = session.scalars(select(OutgoingMail).where(OutgoingMail.kind == "bouncing")
                               .order_by(OutgoingMail.id)).all()
        found: dict[str, list[str]] = {}
        for mail in rows:
            found.setdefault(mail.to_addr, []).append(mail.text_part)
        return found


def test_the_host_is_told_once_that_they_can_hand_the_bouncing_seat_to_a_substitute(svc):
    # given a clocked game hosted by Anna, with Bob and Cleo
    game_id = clock_table(svc)
    # when Bob's address hard-bounces
    receive(svc, dsn("bob@example.org"), source="ingest")
    # then Anna, the host, gets one notice naming Bob and the substitute form
    # (with her seat page); Cleo gets the plain notice; Bob nothing
    told = bouncing_mails(svc)
    assert sorted(told) == ["anna@example.org", "cleo@example.org"]
    [host] = told["anna@example.org"]
    assert "As the host, you can" in host and "hand Bob's seat to a substitute" in host
    assert "Invite a substitute" in host and f"/g/{game_id}/0/" in host
    [other] = told["cleo@example.org"]
    assert "substitute" not in other and "tell them another way" in other


def test_a_bouncing_host_gets_no_host_notice_and_the_others_the_plain_one(svc):
    # given a clocked game hosted by Anna
    clock_table(svc)
    # when Anna's own address bounces
    receive(svc, dsn("anna@example.org"), source="ingest")
    # then Bob and Cleo get the plain notice, and nobody is offered the substitute form
    told = bouncing_mails(svc)
    assert sorted(told) == ["bob@example.org", "cleo@example.org"]
    assert not any("substitute" in text for texts in told.values() for text in texts)


# --------------------------------------------------------------------------- soft bounces


def soft(address: str = "bob@example.org") -> bytes:
    """The mail server gave up for now: Action failed, a 4.x.x status (a full mailbox)."""
    return dsn(address, status="4.2.2")


@pytest.fixture
def travel(tmp_path, monkeypatch):
    path = tmp_path / "clock-offset"
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(path))
    return lambda moment: travel_to(path, moment)


def test_three_soft_bounces_within_a_week_mark_the_seat_and_tell_the_others_once(svc, game):
    game_id, _ = game
    # given two temporary failures for Bob's address
    for _ in range(2):
        assert inbound_row(svc, receive(svc, soft(), source="ingest").id).outcome == "bounce"
    assert bouncing(svc, game_id) == {"Anna": False, "Bob": False}
    assert notices(svc) == []
    # when a third comes within the week
    row = inbound_row(svc, receive(svc, soft(), source="ingest").id)
    # then Bob's seat is marked, Anna is told once and why, and the report is not answered
    assert (row.outcome, row.answer, row.game_id, row.seat) == ("bounce", None, game_id, 1)
    assert bouncing(svc, game_id) == {"Anna": False, "Bob": True}
    assert notices(svc) == [("anna@example.org", f"Pebbles #{game_id}: mail to Bob bounces")]
    assert "turned it away for now 3 times within 7 days" in bouncing_mails(svc)["anna@example.org"][0]
    receive(svc, soft(), source="ingest")
    assert len(notices(svc)) == 1


def test_soft_bounces_spread_over_more_than_the_window_do_not_mark_the_seat(svc, game, travel):
    game_id, _ = game
    start = wall_time.now()
    # given soft bounces on day 0 and day 4
    receive(svc, soft(), source="ingest")
    travel(start + timedelta(days=4))
    receive(svc, soft(), source="ingest")
    # when the third comes on day 8, when the first is over a week old
    travel(start + timedelta(days=8))
    receive(svc, soft(), source="ingest")
    # then the seat is not marked
    assert bouncing(svc, game_id)["Bob"] is False
    # and one more within the week of the last two marks it
    travel(start + timedelta(days=9))
    receive(svc, soft(), source="ingest")
    assert bouncing(svc, game_id)["Bob"] is True


def test_a_mail_from_the_farmer_that_gets_through_clears_the_soft_bounces(svc, game):
    game_id, keys = game
    # given two soft bounces for Bob's address
    receive(svc, soft(), source="ingest")
    receive(svc, soft(), source="ingest")
    # when Bob's mail comes in and is processed
    row = inbound_row(svc, receive(svc, reply(keys["Bob"], "board", sender="Bob <bob@example.org>"),
                                   source="ingest").id)
    assert row.outcome == "answered"
    # then the count starts again: two more do not mark the seat, a third does
    receive(svc, soft(), source="ingest")
    receive(svc, soft(), source="ingest")
    assert bouncing(svc, game_id)["Bob"] is False
    receive(svc, soft(), source="ingest")
    assert bouncing(svc, game_id)["Bob"] is True
    # and his next mail clears the mark as after a hard bounce
    receive(svc, reply(keys["Bob"], "board", sender="Bob <bob@example.org>"), source="ingest")
    assert bouncing(svc, game_id)["Bob"] is False


def test_the_number_and_window_of_soft_bounces_are_configured(svc, game):
    game_id, _ = game
    # given a service that marks after one soft bounce
    svc.config = dataclasses.replace(svc.config, soft_bounces=1, soft_bounce_days=1)
    # when one comes
    receive(svc, soft(), source="ingest")
    # then the seat is marked
    assert bouncing(svc, game_id)["Bob"] is True


def test_delayed_reports_are_not_soft_bounces(svc, game):
    game_id, _ = game
    for _ in range(4):
        receive(svc, dsn("bob@example.org", action="delayed", status="4.2.2"), source="ingest")
    assert bouncing(svc, game_id)["Bob"] is False


def test_saving_the_preferences_clears_the_soft_bounces(svc, game):
    game_id, _ = game
    # given two soft bounces for Bob's address
    receive(svc, soft(), source="ingest")
    receive(svc, soft(), source="ingest")
    # when Bob saves his preferences
    preferences.set_preferences(svc, game_id, 1, accounts=False)
    # then a third soft bounce does not mark his seat
    receive(svc, soft(), source="ingest")
    assert bouncing(svc, game_id)["Bob"] is False


def verp_dsn(*, recipient: str = "", status: str = "5.0.0") -> bytes:
    """A DSN as some MTAs write it: its report names no failed recipient at
    all (``recipient`` empty), or only an address the mail was forwarded to."""
    block = f"Final-Recipient: rfc822; {recipient}\r\n" if recipient else ""
    return (
        "From: Mail Delivery System <MAILER-DAEMON@mx.example.org>\r\n"
        "To: postmaster@farmpost.test\r\nSubject: Undelivered Mail Returned to Sender\r\n"
        f"Message-ID: <verp-{next(_ids)}@mx.example.org>\r\nAuto-Submitted: auto-replied\r\nMIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=delivery-status; boundary="b1"\r\n\r\n'
        "--b1\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n"
        "--b1\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.org\r\n\r\n"
        f"{block}Action: failed\r\nStatus: {status}\r\n\r\n"
        "--b1--\r\n"
    ).encode()


def mail_to(svc, address: str) -> int:
    with svc.db.transaction() as session:
        return session.scalar(select(OutgoingMail.id).where(OutgoingMail.to_addr == address)
                              .order_by(OutgoingMail.id.desc()).limit(1))


def test_a_report_to_the_verp_address_of_a_mail_marks_its_recipient_though_the_report_names_nobody(svc, game):
    from service.outbox.verp import return_path

    game_id, _ = game
    # given a report that names no failed recipient, sent back to the return path of a mail to Bob
    address = return_path(svc.config, mail_to(svc, "bob@example.org"))
    # when it comes in
    row = inbound_row(svc, receive(svc, verp_dsn(), source="ingest", envelope_to=(address,)).id)
    # then Bob's seat is marked at once and Anna is told
    assert (row.outcome, row.answer, row.game_id, row.seat) == ("bounce", None, game_id, 1)
    assert bouncing(svc, game_id) == {"Anna": False, "Bob": True}
    assert notices(svc) == [("anna@example.org", f"Pebbles #{game_id}: mail to Bob bounces")]


def test_a_verp_address_with_a_forged_token_marks_nothing(svc, game):
    from service.outbox.verp import return_path

    game_id, _ = game
    # given the id of a mail to Bob with the mac of another mail
    bob, anna = mail_to(svc, "bob@example.org"), mail_to(svc, "anna@example.org")
    forged = f"bounce+{bob}-{return_path(svc.config, anna).split('-')[1]}"
    # when a report that names nobody comes to it
    row = inbound_row(svc, receive(svc, verp_dsn(), source="ingest", envelope_to=(forged,)).id)
    # then it is a bounce of nobody's
    assert (row.outcome, row.game_id) == ("bounce", None)
    assert bouncing(svc, game_id) == {"Anna": False, "Bob": False}
    assert notices(svc) == []


def test_a_soft_report_to_the_verp_address_counts_a_soft_bounce_of_the_recipient(svc, game):
    from service.outbox.verp import return_path
    from service.storage.models import SoftBounce

    game_id, _ = game
    # given a temporary failure for the address Bob's mail was forwarded to, sent to its return path
    address = return_path(svc.config, mail_to(svc, "bob@example.org"))
    report = verp_dsn(recipient="bob.forwarded@elsewhere.example", status="4.2.2")
    # when it comes in
    receive(svc, report, source="ingest", envelope_to=(address.upper(),))  # an MTA that upper-cased it
    # then Bob's address has one soft bounce and his seat is not marked yet
    with svc.db.transaction() as session:
        assert session.scalars(select(SoftBounce.address)).all() == ["bob@example.org"]
    assert bouncing(svc, game_id) == {"Anna": False, "Bob": False}
