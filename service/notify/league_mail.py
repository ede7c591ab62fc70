"""The mails of leagues and duplicate events (docs/leagues.md): a season
started (your tables), a table ended (your division's standings), a season
ended (the final standings, where you go, the sign-up link), a duplicate
event's results. Plain text from plain data, written in the caller's
transaction; the Message-ID comes from a key, so the same mail written twice
(a sweep run again) is one mail."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from service.jobs.work import Work
from service.notify.notices import plain_mail
from service.storage.models import OutgoingMail


def add_mail(session: Session, svc, work: Work, *, kind: str, to: str, name: str, subject: str, text: str,
             key: str) -> bool:
    """Write one mail unless the mail of ``key`` was written before. True: written now."""
    digest = hashlib.sha256(key.encode()).hexdigest()[:24]
    message_id = f"<{kind}.{digest}@{svc.config.mail_domain}>"
    with session.no_autoflush:  # the mails written before in this transaction have other keys: no flush each
        if session.scalar(select(OutgoingMail.id).where(OutgoingMail.message_id == message_id)) is not None:
            return False
    mail = plain_mail(svc, kind=kind, to=to, text=text, subject=subject, thread=None, game_id=None,
                      message_id=message_id, auto_submitted="auto-generated", to_name=name)
    session.add(mail)
    work.mails.append(mail)
    return True


def standings_lines(rows: Sequence[tuple[int, str, str, int]]) -> list[str]:
    """(place, name, points, tables played) -> "  1. Ann — 4.5 points, 2 tables"."""
    return [f"  {place}. {name} — {points} point{'' if points == '1' else 's'}, "
            f"{played} table{'' if played == 1 else 's'}" for place, name, points, played in rows]


def table_over_text(league: str, season: int, division: int, table: int, ranking: Sequence[str],
                    rows: Sequence[tuple[int, str, str, int]], url: str) -> str:
    return "\n".join([
        f"Table {table} of {league}, season {season}, division {division}, is over: {', '.join(ranking)}.", "",
        f"Division {division} now stands:", *standings_lines(rows), "", f"The standings: {url}"])


def season_started_text(league: str, season: int, division: int, tables: Sequence[tuple[int, list[str], str]],
                        turn_time: str, replace_after: int, url: str) -> str:
    lines = [f"Season {season} of {league} has started. You play in division {division}, "
             f"at {len(tables)} table{'' if len(tables) == 1 else 's'} at once:", ""]
    for number, others, seat_url in tables:
        lines += [f"Table {number}, with {', '.join(others)}:", seat_url, ""]
    lines += [f"Each turn has {turn_time} on the clock. When it runs out a bot plays the turn; after "
              f"{replace_after} timeouts the bot keeps the seat, so every table ends.", "",
              f"The standings: {url}"]
    return "\n".join(lines)


def season_over_text(league: str, season: int, division: int, rows: Sequence[tuple[int, str, str, int]],
                     place: int, move: str, starts: str, signup_url: str, url: str) -> str:
    return "\n".join([
        f"Season {season} of {league} is over. Division {division} finished:", *standings_lines(rows), "",
        f"You finished {place}. {move}", "",
        f"Season {season + 1} starts on {starts}. To play in it, open this link before then:", signup_url, "",
        f"The standings: {url}"])


def duplicate_text(title: str, week: str, line: str, best: str, url: str) -> str:
    return "\n".join([f"The {title} seed of the week {week} is over: every entrant played the same shuffle.", "",
                      line, "", best, "", f"Every seat's results: {url}"])
