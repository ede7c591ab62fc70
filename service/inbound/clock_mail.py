"""The clock by mail (docs/clocks.md): the commands ``more time 1d``,
``pause clock``, ``resume clock`` and ``time zone Europe/Berlin`` in a reply,
the clock lines of a mail to new@ (``clock 3d``, ``on timeout pause``, …), and
a first guess at a farmer's time zone from the Date header of their mail.

The command splitter (mail.inbound.commands) reads these lines as moves; the
decide step hands them here first and keeps the rest.
"""

from __future__ import annotations

import re
from email.utils import parsedate_to_datetime

from mail.inbound import commands as cmd
from mail.inbound.commands import Commands
from mail.inbound.pipeline import Reading
from service.core.errors import ServiceError
from service.core.services import Services
from service.game.clocks import SETTING_NAMES, ClockSettings, parse_duration, read_settings
from service.storage import lookup
from service.storage.models import Game
from service.usecases import clock_actions

_MORE_TIME = re.compile(r"^(?:more time|extend|give more time)(?:\s+(.+))?$", re.IGNORECASE)
_PAUSE = re.compile(r"^(?:pause|stop)\s+(?:the\s+)?clock$|^pause$", re.IGNORECASE)
_RESUME = re.compile(r"^(?:resume|start)\s+(?:the\s+)?clock$|^resume$", re.IGNORECASE)
_ZONE = re.compile(r"^(?:time\s*zone|tz)\s*:?\s+(\S+)$", re.IGNORECASE)
_SETTING = re.compile(r"^(" + "|".join(n.replace("-", "[- ]") for n in SETTING_NAMES) + r")\s*:?\s+(.+)$",
                      re.IGNORECASE)


def take_clock_commands(svc: Services, reading: Reading, game: Game,
                        position: int) -> tuple[Commands, list[str]]:
    """Do the clock commands of a farmer's mail; (the other commands, the
    answers). ``game``: as the mail found it, with its seats and their clocks."""
    game_id = game.id
    guess_zone(svc, reading, game, position)
    rest, answers = [], []
    for command in reading.commands.commands:
        line = command.line.strip().rstrip(".!")
        key = f"{reading.dedupe_key}:{command.line}"
        try:
            if command.kind == cmd.MOVE and (match := _MORE_TIME.match(line)):
                answers.append(clock_actions.grant(svc, game_id, position, parse_duration(match.group(1) or "1d"), key))
            elif command.kind == cmd.MOVE and _PAUSE.match(line):
                answers.append(clock_actions.pause(svc, game_id, position))
            elif command.kind == cmd.MOVE and _RESUME.match(line):
                answers.append(clock_actions.resume(svc, game_id, position))
            elif command.kind == cmd.MOVE and (match := _ZONE.match(line)):
                answers.append(clock_actions.set_time_zone(svc, game_id, position, match.group(1)))
            else:
                rest.append(command)
        except (ServiceError, ValueError) as error:
            answers.append(f"“{command.line}”: {getattr(error, 'message', None) or error}")
    return Commands(tuple(rest), reading.commands.errors), answers


def guess_zone(svc: Services, reading: Reading, game: Game, position: int) -> None:
    """A farmer who has not chosen a time zone gets the one their mail was
    written in (a seat without a clock, or with a zone already, has nothing
    to guess: the game is not read again for it)."""
    clock = lookup.seat_of(game, position).clock
    if clock is None or clock.time_zone is not None:
        return
    date = reading.message.header("Date") if reading.message else ""
    try:
        moment = parsedate_to_datetime(date) if date else None
    except (TypeError, ValueError):
        moment = None
    clock_actions.guess_time_zone(svc, game.id, position, moment)


def new_game_clock(commands: Commands) -> tuple[ClockSettings, Commands]:
    """The clock lines of a mail to new@ ("clock 3d", "bank 2d", "on timeout
    pause", …) read as settings, and the commands without them. Raises
    ValueError with a sentence for the host."""
    values, errors = {}, []
    for error in commands.errors:
        match = _SETTING.match(error.line.strip().rstrip("."))
        if match:
            values[match.group(1).lower().replace(" ", "-")] = match.group(2)
        else:
            errors.append(error)
    settings = read_settings(values) if values else ClockSettings()
    return settings, Commands(commands.commands, tuple(errors))

