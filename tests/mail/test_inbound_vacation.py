"""Vacations: given a game of Pebbles, when a farmer replies "vacation <days>",
then their turn and account mails are held back, the other farmers are told
once that they are away until a date, and when they are back ("vacation off",
or the date passing, which beat checks) they get one turn mail."""

from __future__ import annotations

import re
from datetime import timedelta
from email import message_from_bytes, policy
from urllib.parse import urlsplit

import pytest
from sqlalchemy import func, select, update

from service.core.wall_time import now
from service.inbound.receive import process_inbound, receive
from service.ops.sweep import beat_round
from service.storage.models import InboundMail, OutgoingMail, Seat, as_utc, date_text
from service.usecases import creation, preferences
from tests.mail.inbound_helpers import inbound_row, log_texts, reply

FARMERS = {"Anna": "anna@example.org", "Bob": "bob@example.org", "Cleo": "cleo@example.org"}


@pytest.fixture
def game(svc):
    """Anna (to play first), Bob and Cleo, all joined; returns the game id and reply keys."""
    created = creation.create_game(svc, "toy", [creation.FarmerSpec(n, e) for n, e in FARMERS.items()], host=0,
                                   seed=7)
    for position in (1, 2):
        creation.join(svc, created.game_id, position)
    with svc.db.transaction() as session:
        keys = dict(session.execute(select(Seat.name, Seat.reply_key).where(Seat.game_id == created.game_id)).all())
    return created.game_id, keys


def send(svc, keys, name: str, body: str) -> InboundMail:
    raw = reply(keys[name], body, sender=f"{name} <{FARMERS[name]}>")
    return inbound_row(svc, receive(svc, raw, source="ingest").id)


def mails(svc, kind: str, name: str) -> list[str]:
    with svc.db.transaction() as session:
        return list(session.scalars(select(OutgoingMail.subject).where(
            OutgoingMail.kind == kind, OutgoingMail.to_addr == FARMERS[name]).order_by(OutgoingMail.id)))


def seat(svc, game_id: int, name: str) -> Seat:
    with svc.db.transaction() as session:
        return session.scalar(select(Seat).where(Seat.game_id == game_id, Seat.name == name))


def test_vacation_sets_the_date_answers_it_and_tells_the_others_once(svc, game):
    game_id, keys = game
    before = now()
    row = send(svc, keys, "Bob", "vacation 7")
    until = as_utc(seat(svc, game_id, "Bob").away_until)
    assert before + timedelta(days=7) <= until <= now() + timedelta(days=7)
    assert row.outcome == "answered"
    assert f"You are away until {date_text(until)}" in row.answer
    assert "Anna, Cleo were told" in row.answer
    assert mails(svc, "away", "Anna") == mails(svc, "away", "Cleo") == [f"Pebbles #{game_id}: Bob is away"]
    assert mails(svc, "away", "Bob") == []
    with svc.db.transaction() as session:
        text = session.scalar(select(OutgoingMail.raw).where(OutgoingMail.kind == "away")).decode()
        session.get(InboundMail, row.id).outcome = "pending"  # the same mail processed again
    assert f"Bob is away until {date_text(until)}" in text
    process_inbound(svc, row.id)
    assert len(mails(svc, "away", "Anna")) == 1


def test_while_away_the_turn_mail_is_held_and_the_game_waits(svc, game):
    game_id, keys = game
    send(svc, keys, "Bob", "vacation 3")
    turn_mails = len(mails(svc, "turn", "Bob"))
    assert send(svc, keys, "Anna", "take 2\nend").outcome == "applied"
    assert len(mails(svc, "turn", "Bob")) == turn_mails
    assert seat(svc, game_id, "Bob").turn_held is True
    assert log_texts(svc, game_id) == ["take 2", "end"]


def test_while_away_account_mails_are_held_and_the_others_read_that_the_farmer_is_away(svc, game):
    game_id, keys = game
    preferences.set_preferences(svc, game_id, 2, accounts=True)  # Cleo opts in to the accounts
    preferences.set_preferences(svc, game_id, 1, accounts=True)
    send(svc, keys, "Bob", "vacation 3")
    send(svc, keys, "Anna", "take 2\nend")
    assert mails(svc, "account", "Bob") == []
    until = date_text(seat(svc, game_id, "Bob").away_until)
    with svc.db.transaction() as session:
        [raw] = session.scalars(select(OutgoingMail.raw).where(OutgoingMail.kind == "account",
                                                               OutgoingMail.to_addr == FARMERS["Cleo"])).all()
    text = message_from_bytes(raw, policy=policy.default).get_body(preferencelist=("plain",)).get_content()
    assert re.search(rf"Now it is Bob's turn \([^)]*\)\. Bob is away until {until}\.", text)


def test_vacation_off_brings_the_farmer_back_with_one_turn_mail(svc, game):
    game_id, keys = game
    send(svc, keys, "Bob", "vacation 3")
    send(svc, keys, "Anna", "take 2\nend")
    held = len(mails(svc, "turn", "Bob"))
    row = send(svc, keys, "Bob", "vacation off")
    assert "Welcome back" in row.answer and "Your turn mail follows" in row.answer
    assert len(mails(svc, "turn", "Bob")) == held + 1
    bob = seat(svc, game_id, "Bob")
    assert (bob.away_until, bob.turn_held) == (None, False)
    assert beat_round(svc)["vacations"] == 0
    assert len(mails(svc, "turn", "Bob")) == held + 1


def test_when_the_date_passes_beat_ends_the_vacation_and_sends_one_turn_mail(svc, game):
    game_id, keys = game
    send(svc, keys, "Bob", "vacation 3")
    send(svc, keys, "Anna", "take 2\nend")
    held = len(mails(svc, "turn", "Bob"))
    assert beat_round(svc)["vacations"] == 0  # not yet
    with svc.db.transaction() as session:
        session.execute(update(Seat).where(Seat.name == "Bob").values(away_until=now() - timedelta(minutes=1)))
    assert beat_round(svc)["vacations"] == 1
    assert len(mails(svc, "turn", "Bob")) == held + 1
    assert beat_round(svc)["vacations"] == 0
    assert len(mails(svc, "turn", "Bob")) == held + 1


def test_back_without_a_held_turn_mail_gets_no_mail(svc, game):
    game_id, keys = game
    send(svc, keys, "Cleo", "vacation 2")
    row = send(svc, keys, "Cleo", "vacation off")
    assert row.answer == "Welcome back: your vacation is over."
    assert mails(svc, "turn", "Cleo") == []


def test_vacation_off_when_not_away_changes_nothing(svc, game):
    game_id, keys = game
    assert send(svc, keys, "Bob", "vacation off").answer == "You were not away, so nothing changed."
    assert seat(svc, game_id, "Bob").away_until is None


@pytest.mark.parametrize("line", ["vacation 31", "vacation 0 days", "vacation soon"])
def test_a_vacation_outside_one_to_thirty_days_is_refused_and_nothing_changes(svc, game, line):
    game_id, keys = game
    row = send(svc, keys, "Bob", line)
    assert row.outcome == "bad-command"
    assert "1 to 30" in row.answer
    assert seat(svc, game_id, "Bob").away_until is None
    with svc.db.transaction() as session:
        assert session.scalar(select(func.count()).select_from(OutgoingMail).where(OutgoingMail.kind == "away")) == 0


def test_the_seat_pages_show_the_vacation(client, svc, game):
    game_id, keys = game
    send(svc, keys, "Bob", "vacation 5")
    send(svc, keys, "Anna", "take 2\nend")
    until = date_text(seat(svc, game_id, "Bob").away_until)

    def page(name: str) -> str:
        farmer = seat(svc, game_id, name)
        url = svc.links.seat_url(game_id, farmer.position, farmer.secret)
        return client.get(urlsplit(url).path).get_data(as_text=True)

    assert f"You are away until {until}" in page("Bob")
    annas = page("Anna")
    assert f"Bob (away until {until})" in annas
    assert f"It is Bob's turn. Bob is away until {until}." in annas


def test_a_turn_after_the_date_passed_is_mailed_at_once_and_beat_sends_no_second_one(svc, game):
    game_id, keys = game
    send(svc, keys, "Cleo", "vacation 1")
    with svc.db.transaction() as session:
        session.execute(update(Seat).where(Seat.name == "Cleo").values(away_until=now() - timedelta(minutes=1)))
    send(svc, keys, "Anna", "take 1\nend")
    send(svc, keys, "Bob", "take 1\nend")
    assert len(mails(svc, "turn", "Cleo")) == 1
    assert beat_round(svc)["vacations"] == 1
    assert len(mails(svc, "turn", "Cleo")) == 1
    assert seat(svc, game_id, "Cleo").away_until is None
