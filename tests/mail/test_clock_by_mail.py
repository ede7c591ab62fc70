"""The clock by mail: given a game of Pebbles on a clock, when a farmer
replies "more time 2d", "pause clock" or "time zone …", then the clock does
it and they get an answer; a mail to new@ sets the clock with its own lines."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select

from service.game.clocks import ClockSettings
from service.inbound.receive import receive
from service.storage import lookup
from service.storage.models import Game, OutgoingMail, SeatClock, as_utc
from service.usecases import creation
from tests.mail.inbound_helpers import inbound_row, reply


def clock_game(svc):
    created = creation.create_game(
        svc, "toy", [creation.FarmerSpec("Anna", "anna@example.org"), creation.FarmerSpec("Bob", "bob@example.org")],
        host=0, seed=7, clock=ClockSettings(per_turn=2 * 24 * 3600))
    creation.join(svc, created.game_id, 1)
    with svc.db.transaction() as session:
        game = lookup.load_game(session, created.game_id)
        return created.game_id, {s.name: s.reply_key for s in game.seats}


def deadline(svc, game_id):
    with svc.db.transaction() as session:
        return as_utc(session.get(Game, game_id).clock.deadline)


def answers_to(svc, address):
    with svc.db.transaction() as session:
        return [m.raw.decode() for m in session.scalars(select(OutgoingMail).where(
            OutgoingMail.kind == "answer", OutgoingMail.to_addr == address).order_by(OutgoingMail.id))]


def test_more_time_by_mail_moves_the_deadline_once(svc):
    game_id, keys = clock_game(svc)
    before = deadline(svc, game_id)
    raw = reply(keys["Bob"], "more time 2d", sender="Bob <bob@example.org>", message_id="<more-1@example.org>")
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert row.outcome == "answered"
    receive(svc, raw, source="ingest")  # the same mail again changes nothing
    assert deadline(svc, game_id) - before == timedelta(days=2)
    [answer] = answers_to(svc, "bob@example.org")
    assert "Anna now has 2 days more" in answer


def test_only_the_host_pauses_the_clock_by_mail(svc):
    game_id, keys = clock_game(svc)
    receive(svc, reply(keys["Bob"], "pause clock", sender="Bob <bob@example.org>"), source="ingest")
    assert "Only the host can pause" in answers_to(svc, "bob@example.org")[-1]
    receive(svc, reply(keys["Anna"], "pause clock"), source="ingest")
    with svc.db.transaction() as session:
        assert session.get(Game, game_id).clock.paused_at is not None


def test_deadline_time_zone_is_guessed_from_the_date_header_until_one_is_chosen(svc):
    game_id, keys = clock_game(svc)
    raw = reply(keys["Bob"], "board", sender="Bob <bob@example.org>").replace(
        b"Subject:", b"Date: Mon, 30 Nov 2026 17:00:00 +0200\r\nSubject:", 1)
    receive(svc, raw, source="ingest")
    with svc.db.transaction() as session:
        zones = dict(session.execute(select(SeatClock.seat_id, SeatClock.time_zone)).all())
    assert sorted(zones.values(), key=str) == ["+02:00", None]
    receive(svc, reply(keys["Bob"], "time zone America/New_York", sender="Bob <bob@example.org>"), source="ingest")
    assert "America/New_York" in answers_to(svc, "bob@example.org")[-1]
    with svc.db.transaction() as session:
        assert "America/New_York" in session.scalars(select(SeatClock.time_zone)).all()


def test_a_mail_to_new_sets_the_clock_with_its_lines(svc):
    raw = (b"From: Anna <anna@example.org>\r\nTo: new@farmpost.test\r\nSubject: game\r\n"
           b"Message-ID: <new-clock@example.org>\r\n\r\nnew toy with bob@example.org\r\nclock 36h\r\n"
           b"on timeout: pause\r\n")
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert row.outcome == "created"
    with svc.db.transaction() as session:
        clock = session.get(Game, row.game_id).clock
        assert (clock.per_turn, clock.on_timeout, clock.host) == (36 * 3600, "pause", 0)


def test_a_mail_to_new_with_a_bad_clock_line_creates_nothing_and_says_why(svc):
    raw = (b"From: Anna <anna@example.org>\r\nTo: new@farmpost.test\r\nSubject: game\r\n"
           b"Message-ID: <new-bad@example.org>\r\n\r\nnew toy with bob@example.org\r\nclock soonish\r\n")
    row = inbound_row(svc, receive(svc, raw, source="ingest").id)
    assert row.outcome == "bad-command"
    with svc.db.transaction() as session:
        assert session.scalars(select(Game)).all() == []
