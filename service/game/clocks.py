"""Clocks for slow games (docs/clocks.md): the settings a host chooses, the
deadlines they give, and how a farmer reads them.

The functions that compute take ``now`` as an argument; the ones that keep a
game's clock in step with its turns (:func:`follow_turn`, :func:`count_leave`)
change the ORM rows they are given, inside the caller's transaction, and
write no mail. What the clock *does* when time passes (reminders, notices,
timeouts) is in :mod:`service.usecases.clock_actions`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from boards.i18n import DEFAULT_LANGUAGE, Translator, translator
from engine.bots import BOTS
from mail.inbound.clock_words import SETTING_NAMES, parse_duration
from mail.sentence import N_, Refused
from service.core import wall_time
from service.core.game_kinds import rules_for
from service.storage.models import Game, GameClock, Seat, SeatClock, as_utc, date_text

HOUR = 3600
DAY = 24 * HOUR
POLICIES = ("bot", "pause", "replace")
#: half of the time to the deadline gone, and one day before it
DEFAULT_REMINDERS = ("50%", "24h")
DEFAULT_VACATION_BUDGET = 14 * DAY
DEFAULT_REPLACE_AFTER = 3
#: the strongest bot engine.bots has (ISMCTS, docs/engine.md); a late turn is rare, so its CPU is well spent
DEFAULT_BOT = "search"
#: the shortest turn time: beat checks clocks every 15 s, mail is slower still
MIN_PER_TURN = HOUR


def duration_text(seconds: float, t: Translator | None = None) -> str:
    """"3 days", "1 day 12 hours", "5 hours 20 minutes", "under a minute",
    in the language of ``t`` (English without one)."""
    t = t or translator(DEFAULT_LANGUAGE)
    seconds = int(max(0, seconds))
    days, rest = divmod(seconds, DAY)
    hours, rest = divmod(rest, HOUR)
    minutes = rest // 60
    units = {"day": lambda n: t.ngettext("%(n)s day", "%(n)s days", n),
             "hour": lambda n: t.ngettext("%(n)s hour", "%(n)s hours", n),
             "minute": lambda n: t.ngettext("%(n)s minute", "%(n)s minutes", n)}
    parts = [(days, "day"), (hours, "hour")] if days else [(hours, "hour"), (minutes, "minute")]
    words = [units[unit](n) for n, unit in parts if n]
    return " ".join(words) or t.gettext("under a minute")


@dataclass(frozen=True)
class ClockSettings:
    """What the host chose. ``per_turn`` None: no clock."""

    per_turn: int | None = None
    bank: int = 0
    on_timeout: str = "bot"
    replace_after: int = DEFAULT_REPLACE_AFTER
    bot: str = DEFAULT_BOT
    reminders: tuple[str, ...] = DEFAULT_REMINDERS
    vacation_budget: int = DEFAULT_VACATION_BUDGET

    def __post_init__(self):
        if self.per_turn is not None and self.per_turn < MIN_PER_TURN:
            raise Refused(N_("A turn needs at least an hour on the clock."))
        if self.on_timeout not in POLICIES:
            raise Refused(N_("When time runs out: choose %(policies)s (not “%(policy)s”)."), policies=", ".join(POLICIES),
                          policy=self.on_timeout)
        if self.bot not in BOTS:
            raise Refused(N_("There is no bot called “%(bot)s”; choose one of %(bots)s."), bot=self.bot,
                          bots=", ".join(BOTS))
        if not 1 <= self.replace_after <= 99:
            raise Refused(N_("The seat goes to the bot after 1 to 99 timeouts."))
        for point in self.reminders:
            reminder_offset(point)


def read_settings(values: dict[str, str | None]) -> ClockSettings:
    """Settings from text, as typed on the command line, in the web form or in
    a mail to new@ (keys from SETTING_NAMES; missing or empty: the default)."""
    unknown = set(values) - set(SETTING_NAMES)
    if unknown:
        raise Refused(N_("Unknown clock setting: %(settings)s."), settings=", ".join(sorted(unknown)))
    given = {k: (v or "").strip() for k, v in values.items() if v is not None and str(v).strip()}
    clock = given.get("clock", "").lower()
    if clock in ("", "none", "no", "off"):
        if set(given) - {"clock"}:
            raise Refused(N_("Choose a time per turn (e.g. “clock 3d”) for the other clock settings to apply."))
        return ClockSettings()
    settings: dict = {"per_turn": parse_duration(clock)}
    if "bank" in given:
        settings["bank"] = 0 if given["bank"].lower() in ("0", "none", "no") else parse_duration(given["bank"])
    if "on-timeout" in given:
        settings["on_timeout"] = given["on-timeout"].lower()
    if "replace-after" in given:
        if not given["replace-after"].isdigit():
            raise Refused(N_("“replace-after” is a number of timeouts, e.g. 3."))
        settings["replace_after"] = int(given["replace-after"])
    if "reminders" in given:
        words = given["reminders"].replace(",", " ").split()
        settings["reminders"] = () if words in (["none"], ["no"]) else tuple(w.lower() for w in words)
    if "vacation" in given:
        text = given["vacation"].lower()
        settings["vacation_budget"] = 0 if text in ("0", "none", "no") else parse_duration(text)
    if "timeout-bot" in given:
        settings["bot"] = given["timeout-bot"].lower()
    return ClockSettings(**settings)


def reminder_offset(point: str) -> tuple[str, float]:
    """("share", 0.5) for "50%", ("before", 86400) for "24h"."""
    if point.endswith("%") and point[:-1].isdigit() and 0 < int(point[:-1]) < 100:
        return "share", int(point[:-1]) / 100
    try:
        return "before", parse_duration(point)
    except ValueError:
        raise Refused(N_("A reminder is a share of the time (“50%%”) or a time before the deadline (“24h”), "
                         "not “%(point)s”."), point=point) from None


def reminder_moments(started: datetime, deadline: datetime, points: list[str]) -> list[tuple[str, datetime]]:
    """When each reminder of a turn is due: strictly after the turn started
    and before the deadline (a "24h" reminder in a 12-hour turn is dropped)."""
    started, deadline = as_utc(started), as_utc(deadline)
    moments = []
    for point in points:
        how, amount = reminder_offset(point)
        moment = started + (deadline - started) * amount if how == "share" else deadline - timedelta(seconds=amount)
        if started < moment < deadline:
            moments.append((point, moment))
    return sorted(moments, key=lambda pair: pair[1])


# --------------------------------------------------------------------------- time zones


#: the offsets in use on Earth run from UTC−12:00 to UTC+14:00
MAX_OFFSET = timedelta(hours=14)
_OFFSET = re.compile(r"([+-])(\d{2}):?(\d{2})")


def _offset(name: str) -> timedelta | None:
    """The offset "+02:00" (or "+0200") names, None when ``name`` is not one
    or names none that exists (ValueError: "+99:00", "+05:75")."""
    match = _OFFSET.fullmatch(name)
    if not match:
        return None
    hours, minutes = int(match.group(2)), int(match.group(3))
    offset = (1 if match.group(1) == "+" else -1) * timedelta(hours=hours, minutes=minutes)
    if minutes >= 60 or not -timedelta(hours=12) <= offset <= MAX_OFFSET:
        raise Refused(N_("“%(name)s” is not a time zone: offsets run from −12:00 to +14:00; "
                         "write e.g. “Europe/Berlin” or “+02:00”."), name=name)
    return offset


def zone(name: str | None):
    """A tzinfo for an IANA name or a "+02:00" offset; UTC for None or junk
    (also a stored offset that exists nowhere: a page never fails on it)."""
    if not name:
        return UTC
    try:
        offset = _offset(name)
        return timezone(offset) if offset is not None else ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return UTC


def check_zone(name: str) -> str:
    """``name`` if it is a time zone Farmpost knows, else ValueError."""
    if _offset(name) is not None or name.upper() == "UTC":
        return name
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise Refused(N_("“%(name)s” is not a time zone; write e.g. “Europe/Berlin” or “+02:00”."),
                      name=name) from None
    return name


def zone_of_date_header(moment: datetime | None) -> str | None:
    """The offset a mail's Date header was written in ("+02:00"), a sensible
    first guess at the farmer's time zone."""
    if moment is None or moment.utcoffset() is None:
        return None
    minutes = int(moment.utcoffset().total_seconds() // 60)
    sign = "-" if minutes < 0 else "+"
    return f"{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


#: a moment with its weekday, per language (CLDR patterns; the others: English's)
_LOCAL_PATTERNS = {"de": "EEEE, d. MMMM y, HH:mm"}
_LOCAL_PATTERN = "EEEE d MMMM y, HH:mm"


def local_text(moment: datetime, zone_name: str | None, t: Translator | None = None) -> str:
    """"Tuesday 1 December 2026, 17:40 (Europe/Berlin)" in the farmer's zone
    and the language of ``t`` (English without one): "mardi 1 décembre
    2026, 17:40 (Europe/Berlin)", "Dienstag, 1. Dezember 2026, 17:40 (Europe/Berlin)"."""
    t = t or translator(DEFAULT_LANGUAGE)
    local = as_utc(moment).astimezone(zone(zone_name)).replace(tzinfo=None)  # formatted as it reads there
    label = zone_name if zone(zone_name) is not UTC else "UTC"
    return t.datetime(local, None, format=f"{_LOCAL_PATTERNS.get(t.locale, _LOCAL_PATTERN)} '({label})'")


def seat_time(moment: datetime, reader: Seat | None, t: Translator | None = None) -> str:
    """A moment told to the farmer at ``reader``: in their time zone when
    they set one (``time zone Europe/Berlin``: :func:`local_text`), else as
    UTC ("6 December 2026, 15:40 UTC")."""
    name = reader.clock.time_zone if reader is not None and reader.clock is not None else None
    return local_text(moment, name, t) if name else date_text(moment, t)


# --------------------------------------------------------------------------- keeping the clock in step


def attach(game: Game, settings: ClockSettings, host: int | None) -> None:
    """Give a new game its clock row (also when it has no clock: it records the host)."""
    game.clock = GameClock(host=host, per_turn=settings.per_turn, bank=settings.bank, on_timeout=settings.on_timeout,
                           replace_after=settings.replace_after, bot=settings.bot, reminders=list(settings.reminders),
                           vacation_budget=settings.vacation_budget, turn=0)
    for seat in game.seats:
        seat.clock = SeatClock(game_id=game.id, bank_left=settings.bank, timeouts=0, vacation_used=0)


def is_running(game: Game) -> bool:
    return game.clock is not None and game.clock.per_turn is not None


def timed_seat(game: Game) -> Seat | None:
    """The farmer the clock times now: the one to act, if a person."""
    if game.status != "active":
        return None
    to_act = rules_for(game.kind).to_act(game.state)
    seat = next((s for s in game.seats if s.position == to_act), None)
    return seat if seat is not None and seat.bot is None else None


def follow_turn(game: Game, now: datetime | None = None) -> bool:
    """Keep the clock on the farmer to act: when that changes, the turn that
    ended gives back the bank it did not spend, and a new turn starts with a
    new deadline. Returns whether a new turn started. Call it before the
    change's mails are written, so they can say the new deadline."""
    if not is_running(game):
        return False
    clock, now = game.clock, now or wall_time.now()
    seat = timed_seat(game)
    position = seat.position if seat is not None else None
    if position == clock.turn_seat:
        return False
    _close_turn(game, now)
    clock.turn_seat, clock.leave_until = position, None
    if seat is None:
        clock.turn_started = clock.due = clock.deadline = None
        return False
    clock.turn += 1
    clock.turn_started = now
    bank = seat.clock.bank_left if seat.clock else 0
    if clock.paused_at is not None:
        clock.due = clock.deadline = None
        clock.paused_left = clock.per_turn + bank
    else:
        clock.due = now + timedelta(seconds=clock.per_turn)
        clock.deadline = clock.due + timedelta(seconds=bank)
        count_leave(game, now)
    return True


def restart_turn(game: Game, now: datetime) -> None:
    """The farmer to act gets a fresh turn time from now (a substitute took the seat)."""
    game.clock.turn_seat = None
    follow_turn(game, now)


def _close_turn(game: Game, now: datetime) -> None:
    clock = game.clock
    seat = next((s for s in game.seats if s.position == clock.turn_seat), None)
    if seat is None or seat.clock is None:
        return
    if clock.paused_at is not None:
        left = clock.paused_left or 0
    elif clock.deadline is not None:
        left = (as_utc(clock.deadline) - now).total_seconds()
    else:
        return
    # the bank pays for the time beyond the turn time: what is left of the
    # deadline after the turn, and never more than the bank was
    seat.clock.bank_left = int(min(seat.clock.bank_left, max(0, left)))


def away_sentence(game: Game, seat: Seat, t: Translator) -> str:
    """What a vacation means for the game, for the other farmers, in ``t``'s language."""
    if not is_running(game) or seat.clock is None:
        return t.gettext("The game waits for them when it is their turn.")
    left = max(0, game.clock.vacation_budget - seat.clock.vacation_used)
    if not left:
        return t.gettext("Their vacation time in this game is used up, so their clock keeps running.")
    return t.gettext("Their clock stops while they are away, for at most %(time)s more in this game; then it runs "
                     "again.", time=duration_text(left, t))


def count_leave(game: Game, now: datetime) -> int:
    """Vacation stops the clock (docs/clocks.md): while the farmer to act is
    away, their deadline moves on with the vacation, up to the game's budget
    per farmer; if they come back early the unused part is taken back.
    Returns the seconds added (negative: taken back)."""
    clock = game.clock
    seat = timed_seat(game) if is_running(game) else None
    if seat is None or seat.clock is None or clock.paused_at is not None or clock.deadline is None:
        return 0
    counted = as_utc(clock.leave_until) if clock.leave_until else now
    away = as_utc(seat.away_until) if seat.away_until else None
    change = 0
    if away is not None and away > max(counted, now):
        start = max(counted, now)
        room = max(0, clock.vacation_budget - seat.clock.vacation_used)
        change = int(min((away - start).total_seconds(), room))
        clock.leave_until = start + timedelta(seconds=change)
    elif counted > now:  # back before the counted leave ran out
        back = max(now, away) if away is not None else now
        change = -int((counted - back).total_seconds())
        clock.leave_until = back
    if change:
        seat.clock.vacation_used += change
        clock.due = as_utc(clock.due) + timedelta(seconds=change)
        clock.deadline = as_utc(clock.deadline) + timedelta(seconds=change)
    return change


# --------------------------------------------------------------------------- what farmers read


def describe(game: Game, reader: Seat | None, now: datetime | None = None, t: Translator | None = None) -> dict | None:
    """The clock for a page or a mail, in the reader's time zone and language
    (``t``; without one the reader's, English for nobody); None: no clock."""
    if not is_running(game):
        return None
    t = t or translator(reader.language if reader is not None else None)
    clock, now = game.clock, now or wall_time.now()
    zone_name = reader.clock.time_zone if reader is not None and reader.clock else None
    policy = {"bot": lambda: t.gettext("the %(bot)s bot plays the late turn", bot=clock.bot),
              "pause": lambda: t.gettext("the game's clock stops until the host resumes it or a farmer gives more "
                                         "time"),
              "replace": lambda: t.ngettext("the %(bot)s bot plays the late turn; after %(n)s timeout it keeps the seat",
                                            "the %(bot)s bot plays the late turn; after %(n)s timeouts it keeps the "
                                            "seat", clock.replace_after, bot=clock.bot)}[clock.on_timeout]()
    lines = []
    for seat in game.seats:
        timing = seat.position == clock.turn_seat
        line = {"position": seat.position, "name": seat.name, "to_act": timing, "bot": seat.bot,
                "bank_left": duration_text(seat.clock.bank_left, t) if seat.clock else "",
                "timeouts": seat.clock.timeouts if seat.clock else 0, "deadline": None, "left": None}
        if timing and clock.paused_at is None and clock.deadline is not None:
            line["deadline"] = local_text(clock.deadline, zone_name, t)
            line["left"] = duration_text((as_utc(clock.deadline) - now).total_seconds(), t)
        elif timing and clock.paused_at is not None:
            line["left"] = t.gettext("%(time)s (paused)", time=duration_text(clock.paused_left or 0, t))
        # the deadline already counts the farmer's extra time: say "included", never as if it came on top
        banked = bool(line["bank_left"] and clock.bank)
        line["summary"] = ", ".join(part for part in (
            line["left"] and (t.gettext("%(time)s left, extra time included", time=line["left"])
                              if banked and line["deadline"] else t.gettext("%(time)s left", time=line["left"])),
            banked and not line["deadline"] and t.gettext("extra time %(time)s", time=line["bank_left"]),
            line["timeouts"] and t.ngettext("%(n)s timeout", "%(n)s timeouts", line["timeouts"])) if part) or "–"
        lines.append(line)
    mine = reader is not None and reader.position == clock.turn_seat
    acting = next((line for line in lines if line["to_act"]), None)
    if clock.paused_at is not None:
        summary = t.gettext("the clock is stopped since %(moment)s.", moment=local_text(clock.paused_at, zone_name, t))
    elif acting is not None and acting["deadline"] and acting["bank_left"] and clock.bank:
        summary = (t.gettext("your deadline is %(deadline)s, with your %(time)s of extra time included.",
                             deadline=acting["deadline"], time=acting["bank_left"]) if mine else
                   t.gettext("%(name)s's deadline is %(deadline)s, with their %(time)s of extra time included.",
                             name=acting["name"], deadline=acting["deadline"], time=acting["bank_left"]))
    elif acting is not None and acting["deadline"]:
        summary = (t.gettext("your deadline is %(deadline)s.", deadline=acting["deadline"]) if mine else
                   t.gettext("%(name)s's deadline is %(deadline)s.", name=acting["name"], deadline=acting["deadline"]))
    else:
        summary = t.gettext("%(time)s per turn.", time=duration_text(clock.per_turn, t))
    return {
        "per_turn": duration_text(clock.per_turn, t),
        "bank": duration_text(clock.bank, t) if clock.bank else None,
        "policy": policy,
        "paused": clock.paused_at is not None,
        "paused_since": local_text(clock.paused_at, zone_name, t) if clock.paused_at else None,
        "deadline": acting["deadline"] if acting else None,
        "extra_included": bool(acting and acting["deadline"] and acting["bank_left"] and clock.bank),
        "summary": summary,
        "yours": mine,
        "zone": zone_name or "UTC",
        "seats": lines,
        "host": clock.host,
        "turn": clock.turn,
    }
