"""Clocks for slow games (docs/clocks.md): deadlines, reminders, timeouts,
pauses, more time, vacation. Time is moved with the service's clock seam
(service/core/wall_time.py), never by sleeping."""

from __future__ import annotations

import threading
from datetime import timedelta
from email import message_from_bytes, policy

import pytest
from sqlalchemy import select

from service.core import wall_time
from service.core.errors import InvalidInput
from service.core.wall_time import ENVIRONMENT_VARIABLE, travel_to
from service.game import clocks
from service.game.clocks import ClockSettings, read_settings
from service.storage import lookup
from service.storage.models import ClockEvent, as_utc
from service.usecases import clock_actions, creation, playing
from service.usecases.creation import FarmerSpec
from tests.service.helpers import game_row, log_of, mails

DAY = timedelta(days=1)


@pytest.fixture
def travel(tmp_path, monkeypatch):
    """Move the service's clock: ``travel(moment)``."""
    path = tmp_path / "clock-offset"
    monkeypatch.setenv(ENVIRONMENT_VARIABLE, str(path))
    return lambda moment: travel_to(path, moment)


def clock_game(svc, **settings) -> int:
    """Pebbles for Ann (host, seat 0) and Bob (seat 1), on a clock; both joined."""
    clock = ClockSettings(**{"per_turn": 3 * 24 * 3600, **settings})
    created = creation.create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.com"),
                                                FarmerSpec("Bob", "bob@example.com")], host=0, seed=7, clock=clock)
    creation.join(svc, created.game_id, 1)
    return created.game_id


def clock_of(svc, game_id=1):
    with svc.db.transaction() as session:
        game = lookup.load_game(session, game_id)
        clock = game.clock
        seats = {s.position: s.clock for s in game.seats}
        session.expunge_all()
    return clock, seats


def events(svc, kind=None):
    with svc.db.transaction() as session:
        query = select(ClockEvent).order_by(ClockEvent.id)
        if kind:
            query = query.where(ClockEvent.kind == kind)
        return list(session.scalars(query))


def play(svc, position, *codes, game_id=1):
    version = game_row(svc, game_id).version
    request_id = playing.submit_move(svc, game_id, position, list(codes), source="web", base_version=version)
    assert playing.wait_for(svc, request_id, 0).status == "applied"


# --------------------------------------------------------------------------- settings


def test_clock_settings_are_read_from_text_as_the_form_the_command_line_and_mail_give_them():
    settings = read_settings({"clock": "36h", "bank": "2d", "on-timeout": "replace", "replace-after": "2",
                              "reminders": "25%, 12h", "vacation": "1 week"})
    assert settings == ClockSettings(per_turn=36 * 3600, bank=2 * 86400, on_timeout="replace", replace_after=2,
                                     reminders=("25%", "12h"), vacation_budget=7 * 86400)
    assert read_settings({"clock": "none"}).per_turn is None
    assert read_settings({"clock": "3d"}).reminders == ("50%", "24h")


@pytest.mark.parametrize("values, complaint", [
    ({"clock": "soon"}, "not a duration"),
    ({"clock": "10m"}, "at least an hour"),
    ({"clock": "3d", "on-timeout": "shrug"}, "choose bot, pause, replace"),
    ({"clock": "3d", "reminders": "often"}, "share of the time"),
    ({"bank": "1d"}, "Choose a time per turn"),
])
def test_clock_settings_that_make_no_sense_are_refused_with_a_reason(values, complaint):
    with pytest.raises(ValueError, match=complaint):
        read_settings(values)


def test_reminder_moments_of_a_deadline_fall_inside_the_turn():
    start = as_utc(wall_time.now())
    moments = clocks.reminder_moments(start, start + 3 * DAY, ["50%", "24h"])
    assert moments == [("50%", start + 1.5 * DAY), ("24h", start + 2 * DAY)]
    assert clocks.reminder_moments(start, start + DAY / 2, ["24h"]) == []


def test_deadlines_are_written_in_the_farmers_time_zone():
    moment = as_utc(wall_time.now()).replace(year=2026, month=12, day=1, hour=16, minute=40)
    assert clocks.local_text(moment, "Europe/Berlin") == "Tuesday 1 December 2026, 17:40 (Europe/Berlin)"
    assert clocks.local_text(moment, "-05:00") == "Tuesday 1 December 2026, 11:40 (-05:00)"
    assert clocks.local_text(moment, None) == "Tuesday 1 December 2026, 16:40 (UTC)"


# --------------------------------------------------------------------------- deadlines and reminders


def test_deadline_starts_with_the_turn_and_includes_the_bank(svc, travel):
    game_id = clock_game(svc, bank=24 * 3600)
    clock, seats = clock_of(svc, game_id)
    assert clock.turn_seat == 0 and clock.turn == 1
    assert as_utc(clock.due) - as_utc(clock.turn_started) == 3 * DAY
    assert as_utc(clock.deadline) - as_utc(clock.due) == DAY
    play(svc, 0, "take:1", "end")
    clock, seats = clock_of(svc, game_id)
    assert clock.turn_seat == 1 and clock.turn == 2
    assert seats[0].bank_left == 24 * 3600  # Ann played in time: her bank is whole


def test_turn_mail_says_the_deadline(svc, travel):
    clock_game(svc)
    [turn] = mails(svc, "turn", "ann@example.com")
    assert turn.context["clock"]["yours"] and turn.context["clock"]["deadline"].endswith("(UTC)")


def test_each_reminder_is_sent_once(svc, travel):
    clock_game(svc)
    clock, _ = clock_of(svc)
    start = as_utc(clock.turn_started)
    travel(start + 1.5 * DAY + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    clock_actions.run_clocks(svc)
    [half] = mails(svc, "remind")
    assert half.to_addr == "ann@example.com" and b"Your options" in half.raw and b"/m/1/0/" in half.raw
    travel(start + 2 * DAY + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    clock_actions.run_clocks(svc)
    assert len(mails(svc, "remind")) == 2
    assert [e.detail for e in events(svc, "remind")] == [None, None]


# --------------------------------------------------------------------------- timeouts


def test_deadline_passing_lets_the_bot_play_the_late_turn_once(svc, travel):
    clock_game(svc)
    clock, _ = clock_of(svc)
    travel(as_utc(clock.deadline) + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    clock_actions.run_clocks(svc)
    played = [e for e in log_of(svc) if e.source == "clock"]
    assert played and {e.seat for e in played} == {0} and played[-1].code == "end"
    assert len(events(svc, "timeout")) == 1
    clock, seats = clock_of(svc)
    assert clock.turn_seat == 1 and seats[0].timeouts == 1
    # Bob hears it in his turn mail; Ann gets one notice
    bob_turn = mails(svc, "turn", "bob@example.com")[-1]
    assert bob_turn.context["account"][0]["text"] == "out of time"
    assert "Ann ran out of time" in bob_turn.subject
    assert bob_turn.context["account"][0]["description"].startswith("ran out of time (deadline ")
    [notice] = mails(svc, "timeout", "ann@example.com")
    assert b"You ran out of time" in notice.raw and b"played your turn" in notice.raw


def test_move_just_before_the_deadline_wins_over_the_timeout(svc, travel):
    clock_game(svc)
    clock, _ = clock_of(svc)
    travel(as_utc(clock.deadline) - timedelta(seconds=1))
    play(svc, 0, "take:2", "end")
    travel(as_utc(clock.deadline) + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    assert events(svc, "timeout") == []
    assert [e.source for e in log_of(svc)] == ["web", "web"]


def test_timeout_seen_by_a_stale_move_leaves_the_move_stale(svc, travel):
    """The move was made on the version before the timeout: it is stale, never both."""
    clock_game(svc)
    clock, _ = clock_of(svc)
    version = game_row(svc).version
    travel(as_utc(clock.deadline) + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    request_id = playing.submit_move(svc, 1, 0, ["take:1"], source="web", base_version=version)
    assert playing.wait_for(svc, request_id, 0).status in ("stale", "rejected")
    assert {e.source for e in log_of(svc) if e.seat == 0} == {"clock"}


def test_timeout_interrupted_before_commit_is_played_once_when_run_again(svc, travel, monkeypatch):
    clock_game(svc)
    clock, _ = clock_of(svc)
    travel(as_utc(clock.deadline) + timedelta(seconds=1))
    applied = playing.apply_locked

    def killed(*args, **kwargs):
        applied(*args, **kwargs)  # the bot's turn is chosen and applied in the transaction...
        raise SystemExit("worker killed")  # ...and the worker dies before the commit

    monkeypatch.setattr(playing, "apply_locked", killed)
    with pytest.raises(SystemExit):
        clock_actions.run_clocks(svc)
    assert log_of(svc) == [] and events(svc) == [] and mails(svc, "timeout") == []
    monkeypatch.setattr(playing, "apply_locked", applied)
    clock_actions.run_clocks(svc)
    clock_actions.run_clocks(svc)
    assert len(events(svc, "timeout")) == 1
    assert {e.seat for e in log_of(svc)} == {0} and log_of(svc)[-1].code == "end"


def test_two_beats_at_once_play_one_timeout_and_send_each_reminder_once(svc, travel):
    clock_game(svc)
    clock, _ = clock_of(svc)
    start = as_utc(clock.turn_started)

    def two_beats():
        errors = []

        def beat():
            try:
                clock_actions.run_clocks(svc)
            except Exception as error:  # noqa: BLE001 - reported below
                errors.append(error)

        threads = [threading.Thread(target=beat) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []

    travel(start + 1.5 * DAY + timedelta(seconds=1))
    two_beats()
    assert len(mails(svc, "remind")) == 1
    travel(as_utc(clock.deadline) + timedelta(seconds=1))
    two_beats()
    assert len(events(svc, "timeout")) == 1
    assert len([e for e in log_of(svc) if e.code == "end"]) == 1


def test_timeout_pauses_the_clock_and_the_host_resumes_it(svc, travel):
    clock_game(svc, on_timeout="pause")
    clock, _ = clock_of(svc)
    late = as_utc(clock.deadline) + timedelta(seconds=1)
    travel(late)
    clock_actions.run_clocks(svc)
    clock_actions.run_clocks(svc)
    clock, _ = clock_of(svc)
    assert clock.paused_at is not None and log_of(svc) == []
    assert sorted(m.to_addr for m in mails(svc, "timeout")) == ["ann@example.com", "bob@example.com"]
    with pytest.raises(InvalidInput, match="Only the host"):
        clock_actions.resume(svc, 1, 1)
    travel(late + DAY)
    assert clock_actions.resume(svc, 1, 0).startswith("The clock runs again")
    clock, _ = clock_of(svc)
    assert clock.paused_at is None and as_utc(clock.deadline) - (late + DAY) >= 3 * DAY - timedelta(minutes=1)


def test_clock_paused_by_the_host_keeps_the_time_left_for_resume(svc, travel):
    clock_game(svc)
    clock, _ = clock_of(svc)
    start = as_utc(clock.turn_started)
    travel(start + DAY)
    clock_actions.pause(svc, 1, 0)
    travel(start + 10 * DAY)
    clock_actions.run_clocks(svc)
    assert events(svc, "timeout") == []
    clock_actions.resume(svc, 1, 0)
    clock, _ = clock_of(svc)
    left = as_utc(clock.deadline) - (start + 10 * DAY)
    assert 2 * DAY - timedelta(minutes=1) < left <= 2 * DAY + timedelta(minutes=1)
    assert len(mails(svc, "clock", "bob@example.com")) == 2  # stopped, runs again


def test_after_n_timeouts_the_bot_keeps_the_seat(svc, travel):
    clock_game(svc, on_timeout="replace", replace_after=2)
    for _ in range(2):
        clock, _ = clock_of(svc)
        travel(as_utc(clock.deadline) + timedelta(seconds=1))
        clock_actions.run_clocks(svc)
        if clock_of(svc)[0].turn_seat == 1:
            play(svc, 1, "take:1", "end")
    game = game_row(svc)
    assert game.seats[0].bot == "search" and game.seats[1].bot is None
    assert len(events(svc, "timeout")) == 2


def test_grant_more_time_moves_the_deadline_and_tells_the_others(svc, travel):
    clock_game(svc)
    before, _ = clock_of(svc)
    answer = clock_actions.grant(svc, 1, 1, 24 * 3600, key="mail-1:more time 1d")
    assert answer.startswith("Ann now has 1 day more")
    again = clock_actions.grant(svc, 1, 1, 24 * 3600, key="mail-1:more time 1d")
    assert again == "That was done already."
    after, _ = clock_of(svc)
    assert as_utc(after.deadline) - as_utc(before.deadline) == DAY
    [told] = mails(svc, "grant")
    assert told.to_addr == "ann@example.com" and b"Bob gave you 1 day more" in told.raw
    with pytest.raises(InvalidInput):
        clock_actions.grant(svc, 1, 1, 30 * 24 * 3600)


def test_vacation_inside_a_clock_stops_it_within_the_budget(svc, travel):
    from service.usecases import vacation

    clock_game(svc, vacation_budget=5 * 24 * 3600)
    clock, _ = clock_of(svc)
    start, deadline = as_utc(clock.turn_started), as_utc(clock.deadline)
    travel(start + DAY)
    vacation.start_vacation(svc, 1, 0, 7)
    clock, seats = clock_of(svc)
    assert as_utc(clock.deadline) - deadline == 5 * DAY  # the budget, not the 7 days asked
    assert seats[0].vacation_used == 5 * 24 * 3600
    [told] = mails(svc, "away")
    body = message_from_bytes(told.raw, policy=policy.default).get_content()
    assert told.to_addr == "bob@example.com" and "Their clock stops while they are away, for at most 5 days" in body
    travel(start + 2 * DAY)
    vacation.end_vacation(svc, 1, 0)  # back after one day: four days go back to the budget
    clock, seats = clock_of(svc)
    assert abs((as_utc(clock.deadline) - deadline - DAY).total_seconds()) < 60
    assert abs(seats[0].vacation_used - 24 * 3600) < 60


def test_overdue_notice_goes_to_the_others_once_while_the_clock_bank_is_spent(svc, travel):
    clock_game(svc, bank=2 * 24 * 3600)
    clock, _ = clock_of(svc)
    travel(as_utc(clock.due) + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    clock_actions.run_clocks(svc)
    [notice] = mails(svc, "overdue")
    assert notice.to_addr == "bob@example.com" and b"Ann's turn is overdue since" in notice.raw
    assert events(svc, "timeout") == []
    travel(as_utc(clock.due) + DAY)
    play(svc, 0, "take:1", "end")  # a day into her bank
    _, seats = clock_of(svc)
    assert 24 * 3600 - 60 < seats[0].bank_left < 24 * 3600


def test_reminders_missed_while_beat_was_down_send_only_the_latest(svc, travel):
    clock_game(svc)
    clock, _ = clock_of(svc)
    travel(as_utc(clock.deadline) - timedelta(hours=12))
    clock_actions.run_clocks(svc)
    [remind] = mails(svc, "remind")
    assert b"12 hours" in remind.raw or b"11 hours" in remind.raw
    assert [e.detail for e in events(svc, "remind")] == ["skipped: a later reminder was due", None]


def test_more_time_after_a_pausing_timeout_starts_the_clock_again(svc, travel):
    clock_game(svc, on_timeout="pause")
    clock, _ = clock_of(svc)
    late = as_utc(clock.deadline) + timedelta(seconds=1)
    travel(late)
    clock_actions.run_clocks(svc)
    assert clock_actions.grant(svc, 1, 1, 24 * 3600).startswith("Ann now has 1 day more")
    clock, _ = clock_of(svc)
    assert clock.paused_at is None and abs((as_utc(clock.deadline) - late - DAY).total_seconds()) < 60
    [told] = mails(svc, "grant")
    assert told.to_addr == "ann@example.com" and b"Bob gave you 1 day more" in told.raw


# --------------------------------------------------------------------------- a farmer whose mail bounces


def mark_bouncing(svc, position, game_id=1):
    with svc.db.transaction() as session:
        seat = lookup.seat_of(lookup.load_game(session, game_id), position)
        seat.bouncing_since = wall_time.now()


def test_no_reminder_is_mailed_to_a_farmer_whose_mail_bounces(svc, travel):
    # given Ann's turn on a clock, and her address bounces
    clock_game(svc)
    mark_bouncing(svc, 0)
    clock, _ = clock_of(svc)
    # when both reminder points pass
    travel(as_utc(clock.turn_started) + 2 * DAY + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    # then no reminder is mailed, and the event says why
    assert mails(svc, "remind") == []
    assert [e.detail for e in events(svc, "remind")][-1] == "not sent: unreachable: mail bounces"


def test_a_timeout_of_a_farmer_whose_mail_bounces_moves_the_game_but_is_not_a_silent_miss(svc, travel):
    # given Ann's turn on a clock with a bank, and her address bounces
    clock_game(svc, bank=24 * 3600)
    mark_bouncing(svc, 0)
    clock, _ = clock_of(svc)
    # when her turn time and then her deadline pass
    travel(as_utc(clock.due) + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    travel(as_utc(clock.deadline) + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    # then the others hear that her mail bounces, the bot still plays her turn,
    # the event names the reason and her timeouts do not count it
    [overdue] = mails(svc, "overdue")
    assert b"Ann's mail bounces" in overdue.raw
    clock, seats = clock_of(svc)
    assert clock.turn_seat == 1 and seats[0].timeouts == 0
    [timeout] = events(svc, "timeout")
    assert timeout.detail == "unreachable: mail bounces"
    bob_turn = mails(svc, "turn", "bob@example.com")[-1]
    assert "their mail bounces" in bob_turn.context["account"][0]["description"]


def test_a_farmer_whose_mail_bounces_is_not_replaced_after_n_timeouts(svc, travel):
    # given a clock that replaces after one timeout, and Ann's address bounces
    clock_game(svc, on_timeout="replace", replace_after=1)
    mark_bouncing(svc, 0)
    clock, _ = clock_of(svc)
    # when her deadline passes
    travel(as_utc(clock.deadline) + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    # then the bot played her turn but does not keep her seat (the host may substitute her)
    assert clock_of(svc)[0].turn_seat == 1
    assert game_row(svc).seats[0].bot is None


def test_a_pausing_timeout_of_a_farmer_whose_mail_bounces_tells_the_others_why(svc, travel):
    # given a clock that pauses at a timeout, and Ann's address bounces
    clock_game(svc, on_timeout="pause")
    mark_bouncing(svc, 0)
    clock, _ = clock_of(svc)
    # when her deadline passes
    travel(as_utc(clock.deadline) + timedelta(seconds=1))
    clock_actions.run_clocks(svc)
    # then the clock stops, Bob hears that her mail bounces, and it is not counted as her timeout
    clock, seats = clock_of(svc)
    assert clock.paused_at is not None and seats[0].timeouts == 0
    [bobs] = mails(svc, "timeout", "bob@example.com")
    assert "Ann's mail bounces" in bobs.text_part
