"""The clock commands, read once by the command splitter
(mail.inbound.commands): in a reply ``more time``, ``pause clock``, ``resume
clock`` and ``time zone`` in every spelling the splitter accepts, and at new@
the setting lines; a clock command that cannot be done as written is refused
with the reason."""

from __future__ import annotations

import pytest

from mail.inbound.clock_words import SETTING_NAMES
from mail.inbound.commands import (
    CLOCK,
    CLOCK_SETTING,
    MORE_TIME,
    MOVE,
    PAUSE_CLOCK,
    RESUME_CLOCK,
    STOP,
    TIME_ZONE,
    ClockCommand,
    split_commands,
)

DAY = 24 * 3600


def clock_of(text: str, **kw) -> ClockCommand:
    [command] = split_commands(text, **kw).commands
    assert command.kind == CLOCK
    return command.clock


@pytest.mark.parametrize("line, seconds", [
    ("more time 2d", 2 * DAY),
    ("more time 36h", 36 * 3600),
    ("more time 1d12h", 36 * 3600),
    ("more time 2 days", 2 * DAY),
    ("more time 1 week 2 days", 9 * DAY),
    ("more time 1 day and 6 hours", DAY + 6 * 3600),
    ("more time 90m", 90 * 60),
    ("extend 3d", 3 * DAY),
    ("give more time 12h", 12 * 3600),
    ("More Time 2D", 2 * DAY),
    ("more time 2d.", 2 * DAY),
    ("more time", DAY),  # a day when no duration is given
    ("extend", DAY),
    ("give more time", DAY),
    ("Hi, more time 1d thanks", DAY),
])
def test_more_time_is_read_with_its_duration_in_seconds(line, seconds):
    assert clock_of(line) == ClockCommand(MORE_TIME, seconds=seconds)


@pytest.mark.parametrize("line", ["pause clock", "pause the clock", "stop clock", "stop the clock", "pause",
                                  "Pause Clock", "stop the clock!"])
def test_pause_in_every_spelling(line):
    assert clock_of(line) == ClockCommand(PAUSE_CLOCK)


@pytest.mark.parametrize("line", ["resume clock", "resume the clock", "start clock", "start the clock", "resume",
                                  "RESUME CLOCK", "resume."])
def test_resume_in_every_spelling(line):
    assert clock_of(line) == ClockCommand(RESUME_CLOCK)


@pytest.mark.parametrize("line, zone", [
    ("time zone Europe/Berlin", "Europe/Berlin"),
    ("timezone Europe/Berlin", "Europe/Berlin"),
    ("time zone: America/New_York", "America/New_York"),
    ("Time Zone UTC", "UTC"),
    ("tz Asia/Tokyo", "Asia/Tokyo"),
    ("TZ: +02:00", "+02:00"),
])
def test_time_zone_keeps_the_zone_as_written_for_the_service_to_check(line, zone):
    assert clock_of(line) == ClockCommand(TIME_ZONE, zone=zone)


def test_the_line_of_a_clock_command_is_what_the_farmer_typed():
    [command] = split_commands("more time 2d").commands
    assert command.line == "more time 2d"


@pytest.mark.parametrize("line, says", [
    ("more time soon", "“soon” is not a duration; write e.g. “3d”, “36h” or “1d12h”."),
    ("extend 2 fortnights", "“2 fortnights” is not a duration"),
    ("more time 400d", "“400d” is not a duration between a minute and a year."),
    ("more time 0h", "between a minute and a year"),
])
def test_a_malformed_clock_command_is_refused_with_the_reason(line, says):
    result = split_commands(f"take b2\n{line}")
    assert [c.kind for c in result.commands] == [MOVE]
    [error] = result.errors
    assert (error.line, error.kind) == (line, CLOCK)
    assert says in error.reason


@pytest.mark.parametrize("line, kind", [("stop", STOP), ("pause game", MOVE), ("clock 3d", MOVE),
                                        ("time zone", MOVE), ("more timeout", MOVE)])
def test_what_is_no_clock_command_in_a_reply_stays_what_it_was(line, kind):
    [command] = split_commands(line).commands
    assert command.kind == kind and command.clock is None


@pytest.mark.parametrize("line, setting, value", [
    ("clock 36h", "clock", "36h"),
    ("Clock: 3d", "clock", "3d"),
    ("bank 2d", "bank", "2d"),
    ("on-timeout pause", "on-timeout", "pause"),
    ("on timeout: pause", "on-timeout", "pause"),
    ("replace-after 2", "replace-after", "2"),
    ("replace after: 2", "replace-after", "2"),
    ("reminders 50%, 24h", "reminders", "50%, 24h"),
    ("vacation 14d", "vacation", "14d"),
    ("timeout-bot random", "timeout-bot", "random"),
    ("timeout bot: search", "timeout-bot", "search"),
    ("clock soonish", "clock", "soonish"),  # read by the service with the others, which says why not
])
def test_a_clock_line_at_new_is_a_setting_with_its_value_as_written(line, setting, value):
    assert clock_of(line, new_game=True) == ClockCommand(CLOCK_SETTING, setting=setting, value=value)


def test_every_setting_has_a_line_at_new():
    for name in SETTING_NAMES:
        assert clock_of(f"{name} 1", new_game=True).setting == name


def test_at_new_the_clock_lines_come_beside_the_new_command():
    result = split_commands("new sunfield with bob@example.org\nclock 36h\non timeout: pause", new_game=True)
    assert [c.kind for c in result.commands] == ["new", CLOCK, CLOCK] and result.errors == ()
