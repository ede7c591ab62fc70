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


def test_an_offset_that_exists_nowhere_is_refused_and_a_stored_one_breaks_no_page(svc, client):
    """"time zone +99:00" was taken: then the seat page answered 500 and the
    turn mail raised on every sweep. It is refused on the way in; a bad zone
    stored before is shown as UTC."""
    from email import message_from_string, policy

    from service.storage.models import Seat

    def last_answer():
        return message_from_string(answers_to(svc, "bob@example.org")[-1], policy=policy.default).get_body(
            ("plain",)).get_content()

    game_id, keys = clock_game(svc)
    for bad in ("+99:00", "-13:00", "+05:75", "+1500"):
        receive(svc, reply(keys["Bob"], f"time zone {bad}", sender="Bob <bob@example.org>"), source="ingest")
        assert f"“{bad}” is not a time zone" in last_answer()
    receive(svc, reply(keys["Bob"], "time zone +14:00", sender="Bob <bob@example.org>"), source="ingest")
    assert "Deadlines are shown in +14:00" in last_answer()
    with svc.db.transaction() as session:
        assert "+99:00" not in session.scalars(select(SeatClock.time_zone)).all()
        bob = session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.position == 1))
        bob.clock.time_zone, secret = "+99:00", bob.secret  # as stored before the check
    page = client.get(svc.links.seat_url(game_id, 1, secret).removeprefix(svc.config.base_url))
    assert page.status_code == 200
