"""The clock by mail (docs/clocks.md): the commands ``more time 1d``,
``pause clock``, ``resume clock`` and ``time zone Europe/Berlin`` in a reply,
the clock lines of a mail to new@ (``clock 3d``, ``on timeout pause``, …), and
a first guess at a farmer's time zone from the Date header of their mail.

The command splitter (mail.inbound.commands) reads these lines as clock
commands (:class:`~mail.inbound.commands.ClockCommand`); the decide step
hands them here first, to be done, and keeps the rest.
"""

from __future__ import annotations

from email.utils import parsedate_to_datetime

from boards.i18n import Translator
from mail.inbound import commands as cmd
from mail.inbound.commands import ClockCommand, Commands
from mail.inbound.pipeline import Reading
from mail.sentence import told
from service.core.errors import ServiceError
from service.core.services import Services
from service.game.clocks import ClockSettings, read_settings
from service.storage import lookup
from service.storage.models import Game
from service.usecases import clock_actions


def take_clock_commands(svc: Services, reading: Reading, game: Game, position: int,
                        t: Translator) -> tuple[Commands, list[str]]:
    """Do the clock commands of a farmer's mail; (the other commands, the
    answers, in ``t``'s language). ``game``: as the mail found it, with its
    seats and their clocks."""
    game_id = game.id
    guess_zone(svc, reading, game, position)
    rest, answers = [], []
    for command in reading.commands.commands:
        if command.kind != cmd.CLOCK:
            rest.append(command)
            continue
        try:
            answers.append(_do(svc, game_id, position, command.clock, f"{reading.dedupe_key}:{command.line}"))
        except (ServiceError, ValueError) as error:
            answers.append(t.gettext("“%(line)s”: %(why)s", line=command.line, why=told(error, t)))
    errors = []
    for error in reading.commands.errors:
        if error.kind == cmd.CLOCK:  # answered; the rest of the mail is still done
            answers.append(t.gettext("“%(line)s”: %(why)s", line=error.line, why=error.why.told(t)))
        else:
            errors.append(error)
    return Commands(tuple(rest), tuple(errors)), answers


def _do(svc: Services, game_id: int, position: int, clock: ClockCommand, key: str) -> str:
    """One clock command of the seat's farmer, done; the answer. ``key``
    names the request (a mail and its line): the same more time twice grants once."""
    if clock.what == cmd.MORE_TIME:
        return clock_actions.grant(svc, game_id, position, clock.seconds, key)
    if clock.what == cmd.PAUSE_CLOCK:
        return clock_actions.pause(svc, game_id, position)
    if clock.what == cmd.RESUME_CLOCK:
        return clock_actions.resume(svc, game_id, position)
    return clock_actions.set_time_zone(svc, game_id, position, clock.zone)


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
    values = {c.clock.setting: c.clock.value for c in commands.commands if c.kind == cmd.CLOCK}
    settings = read_settings(values) if values else ClockSettings()
    return settings, Commands(tuple(c for c in commands.commands if c.kind != cmd.CLOCK), commands.errors)
