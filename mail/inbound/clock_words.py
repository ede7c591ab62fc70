"""What a farmer writes about a game's clock, whichever way it comes in (a
reply, a mail to new@, the web form, the command line): durations ("3d",
"1d12h", "2 days") and the names of the clock settings. Read here once, for
:mod:`mail.inbound.commands` and for the service's clock settings."""

from __future__ import annotations

import re

from mail.sentence import N_, Refused

_HOUR = 3600
_DAY = 24 * _HOUR
#: the longest duration a farmer may write
MAX_DURATION = 365 * _DAY

_UNITS = {"w": 7 * _DAY, "week": 7 * _DAY, "weeks": 7 * _DAY, "d": _DAY, "day": _DAY, "days": _DAY,
          "h": _HOUR, "hour": _HOUR, "hours": _HOUR, "m": 60, "min": 60, "minute": 60, "minutes": 60,
          # French and German ("2 jours", "3 Tage", "36 Stunden")
          "semaine": 7 * _DAY, "semaines": 7 * _DAY, "j": _DAY, "jour": _DAY, "jours": _DAY, "heure": _HOUR,
          "heures": _HOUR, "woche": 7 * _DAY, "wochen": 7 * _DAY, "tag": _DAY, "tage": _DAY, "tagen": _DAY,
          "std": _HOUR, "stunde": _HOUR, "stunden": _HOUR, "minuten": 60}
_PART = re.compile(r"(\d{1,4})\s*([a-z]+)")

#: the names of the settings, as `farmpost new` flags, form fields and new@ lines use them
SETTING_NAMES = ("clock", "bank", "on-timeout", "replace-after", "reminders", "vacation", "timeout-bot")


def parse_duration(text: str) -> int:
    """Seconds in "3d", "36h", "1d12h", "2 days", "1 week 2 days", "90m"
    (also "2 jours", "3 Tage", "1 Woche und 2 Tage").
    Raises :class:`~mail.sentence.Refused` (a ValueError) with a sentence for the farmer."""
    cleaned = (text or "").strip().lower().replace(",", " ")
    cleaned = re.sub(r"\s(?:and|et|und)\s", " ", f" {cleaned} ").strip()
    parts = _PART.findall(cleaned)
    if not parts or _PART.sub("", cleaned).strip() or any(unit not in _UNITS for _, unit in parts):
        raise Refused(N_("“%(text)s” is not a duration; write e.g. “3d”, “36h” or “1d12h”."), text=text)
    seconds = sum(int(number) * _UNITS[unit] for number, unit in parts)
    if not 0 < seconds <= MAX_DURATION:
        raise Refused(N_("“%(text)s” is not a duration between a minute and a year."), text=text)
    return seconds
