"""A farmer's reliability record (docs/ratings.md): the share of timed
turns answered in time, timeouts, resignations, read from the clock's
events and the move log. The service's clock is moved, never slept on."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from service.core.errors import InvalidInput
from service.core.wall_time import ENVIRONMENT_VARIABLE, now, travel_to
from service.game.clocks import ClockSettings
from service.game.reliability import Reliability, reliability_of, reliability_one
from service.ops.sweep import beat_round
from service.storage import lookup
from service.storage.models import as_utc
from service.usecases import clock_actions, creation, open_tables, playing
from service.usecases.creation import FarmerSpec
from tests.service.helpers import csrf_token, game_row, mailbox, mails, path_of, text_part

ANN, BOB = FarmerSpec("Ann", "ann@example.com"), FarmerSpec("Bob", "bob@example.com")


@pytest.fixture
def travel(tmp_path, monkeypatch):
    path = tmp_path / "clock-offset"
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(path))
    return lambda moment: travel_to(path, moment)


def clock_game(svc, clock: bool = True) -> int:
    settings = ClockSettings(per_turn=3 * 24 * 3600) if clock else None
    created = creation.create_game(svc, "toy", [ANN, BOB], host=0, seed=7, clock=settings)
    creation.join(svc, created.game_id, 1)
    return created.game_id


def play(svc, game_id, position, *codes):
    version = game_row(svc, game_id).version
    request_id = playing.submit_move(svc, game_id, position, list(codes), source="web", base_version=version)
    assert playing.wait_for(svc, request_id, 0).status == "applied"


def record(svc, address):
    with svc.db.transaction() as session:
        return reliability_one(session, address)


def deadline(svc, game_id):
    with svc.db.transaction() as session:
        return as_utc(lookup.load_game(session, game_id).clock.deadline)


def test_given_turns_answered_and_one_timeout_then_the_reliability_share_counts_both(svc, travel):
    game_id = clock_game(svc)
    play(svc, game_id, 0, "take:1", "end")  # Ann: in time (one turn of two moves)
    play(svc, game_id, 1, "take:1", "end")  # Bob: in time
    travel(deadline(svc, game_id) + timedelta(seconds=1))
    clock_actions.run_clocks(svc)  # Ann's second turn: the bot played it
    ann, bob = record(svc, "Ann@Example.com"), record(svc, "bob@example.com")
    assert (ann.in_time, ann.timeouts, ann.turns, ann.share) == (1, 1, 2, 50)
    assert (bob.in_time, bob.timeouts, bob.share) == (1, 0, 100)
    assert ann.text() == "answered 50 % of 2 timed turns in time; 1 timeout; no resignation"


def test_given_a_game_without_a_clock_then_its_turns_are_not_in_the_reliability_record(svc):
    game_id = clock_game(svc, clock=False)
    play(svc, game_id, 0, "take:1", "end")
    assert record(svc, "ann@example.com") == Reliability("ann@example.com")
    assert record(svc, "ann@example.com").text() == "no timed turn yet; no timeout; no resignation"


def test_given_a_resignation_then_the_reliability_record_counts_it(svc):
    game_id = clock_game(svc)
    playing.wait_for(svc, playing.submit_move(svc, game_id, 1, [], source="web", base_version=0,
                                              action="resign"), 0)
    assert record(svc, "bob@example.com").resignations == 1
    assert record(svc, "ann@example.com").resignations == 0


def test_given_a_timeout_while_the_mail_bounced_then_the_reliability_record_does_not_hold_it(svc, travel):
    game_id = clock_game(svc)
    with svc.db.transaction() as session:
        lookup.load_game(session, game_id).seats[0].bouncing_since = as_utc(deadline(svc, game_id))
    travel(deadline(svc, game_id) + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    assert record(svc, "ann@example.com").timeouts == 0


def test_given_a_host_minimum_then_a_reliability_record_below_it_does_not_meet_it():
    assert Reliability("a", in_time=9, timeouts=1).meets(90)
    assert not Reliability("a", in_time=8, timeouts=1).meets(90)  # 88 %
    assert Reliability("a").meets(90)  # no timed turn yet: no record is not a bad record
    assert Reliability("a", in_time=1, timeouts=9).meets(None)


def test_given_several_addresses_then_the_reliability_records_come_in_one_call(svc):
    clock_game(svc)
    with svc.db.transaction() as session:
        found = reliability_of(session, ["ANN@example.com", "bob@example.com", "zoe@example.com"])
    assert sorted(found) == ["ann@example.com", "bob@example.com", "zoe@example.com"]


# --------------------------------------------------------------------------- open tables


def test_given_an_open_table_then_it_shows_the_host_reliability_record_and_the_minimum(svc):

    created = creation.create_game(svc, "toy", [ANN, FarmerSpec("", open=True)], host=0, seed=1, listing="listed",
                                   min_in_time=90)
    [table] = open_tables.listed_tables(svc)
    assert table.host_record == "no timed turn yet; no timeout; no resignation"
    assert table.min_in_time == 90
    page = open_tables.table(svc, created.game_id, svc.links.table_url(created.game_id).rsplit("/", 1)[1])
    assert page.host_record == table.host_record


def test_given_a_host_minimum_then_a_farmer_below_it_cannot_take_the_open_seat_and_reliability_names_the_rule(
        svc, travel):


    game_id = clock_game(svc)  # Bob times out once, answers never: 0 % of 1 timed turn
    play(svc, game_id, 0, "take:1", "end")
    travel(deadline(svc, game_id) + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    assert record(svc, "bob@example.com").share == 0
    table = creation.create_game(svc, "toy", [FarmerSpec("Cat", "cat@example.com"), FarmerSpec("", open=True)],
                                 host=0, seed=1, listing="listed", min_in_time=75).game_id
    token = svc.links.table_url(table).rsplit("/", 1)[1]
    outcomes = []
    for email in ("bob@example.com", "dan@example.com"):  # Dan has no timed turn yet: no record is not a bad one
        open_tables.ask_for_seat(svc, table, token, email[:3].title(), email)
        url = re.search(r"http://\S+/t/\d+/confirm/\d+/\S+", text_part(mailbox(svc, email)[-1])).group(0)
        parts = re.search(r"/t/(\d+)/confirm/(\d+)/(\S+)", url).groups()
        outcomes.append(open_tables.confirm(svc, int(parts[0]), int(parts[1]), parts[2]))
    assert outcomes[0].outcome == "unreliable" and "at least 75 %" in outcomes[0].message
    assert "answered 0 % of 1 timed turn in time" in outcomes[0].message
    assert outcomes[1].outcome == "seated"


def test_given_a_minimum_without_open_seats_then_creation_refuses_it_naming_the_reliability_rule(svc):

    with pytest.raises(InvalidInput, match="for open seats, from 1 to 100"):
        creation.create_game(svc, "toy", [ANN, BOB], host=0, min_in_time=90)


# --------------------------------------------------------------------------- still in? before turn 1


def seat_and_confirm(svc, game_id, name, email):


    open_tables.ask_for_seat(svc, game_id, svc.links.table_url(game_id).rsplit("/", 1)[1], name, email)
    return confirm_last_claim(svc, email)


def confirm_last_claim(svc, email):


    url = re.search(r"http://\S+/t/\d+/confirm/\d+/\S+", text_part(mailbox(svc, email)[-1])).group(0)
    game, claim, token = re.search(r"/t/(\d+)/confirm/(\d+)/(\S+)", url).groups()
    return open_tables.confirm(svc, int(game), int(claim), token)


def full_table(svc, waiting: tuple[str, str] | None = None) -> int:
    """Ann hosts; Bob and Cat take the two open seats, Cat last. ``waiting``
    (name, address) asks too, between them, and confirms too late."""

    open_seat = FarmerSpec("", open=True)
    game_id = creation.create_game(svc, "toy", [ANN, open_seat, open_seat], host=0, seed=1, listing="listed").game_id
    assert seat_and_confirm(svc, game_id, "Bob", "bob@example.com").outcome == "seated"
    if waiting:
        open_tables.ask_for_seat(svc, game_id, svc.links.table_url(game_id).rsplit("/", 1)[1], *waiting)
    assert seat_and_confirm(svc, game_id, "Cat", "cat@example.com").outcome == "seated"
    if waiting:
        assert confirm_last_claim(svc, waiting[1]).outcome == "full"
    return game_id


def test_given_a_full_open_table_then_the_earlier_farmers_are_asked_still_in_before_turn_one(svc, client):

    game_id = full_table(svc)
    assert game_row(svc, game_id).status == "inviting"  # waits for Bob's answer
    assert [m.to_addr for m in mails(svc, "stillin")] == ["bob@example.com"]  # Cat confirmed a moment ago
    url = mails(svc, "stillin")[0].context["still_in_url"]
    assert url.startswith(f"http://farmpost.test/g/{game_id}/1/") and url.endswith("/still-in")
    page = client.get(path_of(url))
    assert page.status_code == 200 and "I'm in" in page.get_data(as_text=True)
    done = client.post(path_of(url), data={"csrf_token": csrf_token(page.get_data(as_text=True))})
    assert done.status_code == 303
    assert game_row(svc, game_id).status == "active"
    assert open_tables.still_in(svc, game_id, 1, url.split("/")[-2]).startswith("Nothing to confirm")


def test_given_a_still_in_left_unanswered_then_the_seat_goes_to_the_next_in_line(svc, travel):

    game_id = full_table(svc, waiting=("Dan", "dan@example.com"))  # Dan is next in line
    travel(now() + open_tables.STILL_IN_WAIT + timedelta(minutes=1))
    assert beat_round(svc)["still_in_lapsed"] == 1
    game = game_row(svc, game_id)
    assert (game.seats[1].open, game.seats[1].email, game.status) == (True, None, "inviting")
    assert [m.to_addr for m in mails(svc, "claim")][-1] == "dan@example.com"
    assert confirm_last_claim(svc, "dan@example.com").outcome == "seated"
    assert game_row(svc, game_id).seats[1].email == "dan@example.com"
    assert [m.to_addr for m in mails(svc, "stillin")] == ["bob@example.com", "cat@example.com"]
    cat = game_row(svc, game_id).seats[2]
    open_tables.still_in(svc, game_id, 2, svc.links.seat_url(game_id, 2, cat.secret).rsplit("/", 1)[1])
    assert game_row(svc, game_id).status == "active"
    assert beat_round(svc)["still_in_lapsed"] == 0

