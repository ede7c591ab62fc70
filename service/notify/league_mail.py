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

from boards.i18n import Translator
from service.jobs.work import Work
from service.notify.notices import plain_mail
from service.storage.models import OutgoingMail


def add_mail(session: Session, svc, work: Work, *, kind: str, to: str, name: str, subject: str, text: str,
             key: str, reply_key: str | None = None) -> bool:
    """Write one mail unless the mail of ``key`` was written before. True:
    written now. ``reply_key``: replies go to ``play+<reply_key>@`` (a
    season-over mail's, which a farmer answers with "sign up")."""
    digest = hashlib.sha256(key.encode()).hexdigest()[:24]
    message_id = f"<{kind}.{digest}@{svc.config.mail_domain}>"
    with session.no_autoflush:  # the mails written before in this transaction have other keys: no flush each
        if session.scalar(select(OutgoingMail.id).where(OutgoingMail.message_id == message_id)) is not None:
            return False
    mail = plain_mail(svc, kind=kind, to=to, text=text, subject=subject, thread=None, game_id=None,
                      message_id=message_id, auto_submitted="auto-generated", to_name=name,
                      reply_to=f"play+{reply_key}@{svc.config.mail_domain}" if reply_key else None)
    session.add(mail)
    work.mails.append(mail)
    return True


def standings_lines(t: Translator, rows: Sequence[tuple[int, str, str, int]]) -> list[str]:
    """(place, name, points, tables played) -> "  1. Ann — 4.5 points, 2 tables"."""
    return ["  " + t.gettext("%(place)s. %(name)s — %(points)s points, %(tables)s", place=place, name=name,
                             points=points, tables=t.ngettext("%(n)s table", "%(n)s tables", played))
            for place, name, points, played in rows]


def table_over_text(t: Translator, league: str, season: int, division: int, table: int, ranking: Sequence[str],
                    rows: Sequence[tuple[int, str, str, int]], url: str) -> str:
    return "\n".join([
        t.gettext("Table %(table)s of %(league)s, season %(season)s, division %(division)s, is over: %(ranking)s.",
                  table=table, league=league, season=season, division=division, ranking=", ".join(ranking)), "",
        t.gettext("Division %(division)s now stands:", division=division), *standings_lines(t, rows), "",
        t.gettext("The standings: %(url)s", url=url)])


def season_started_text(t: Translator, league: str, season: int, division: int,
                        tables: Sequence[tuple[int, list[str], str]], turn_time: str, replace_after: int,
                        url: str) -> str:
    lines = [t.gettext("Season %(season)s of %(league)s has started. You play in division %(division)s.",
                       season=season, league=league, division=division) + " "
             + t.ngettext("Your table:", "Your %(n)s tables, played at once:", len(tables)), ""]
    for number, others, seat_url in tables:
        lines += [t.gettext("Table %(table)s, with %(others)s:", table=number, others=", ".join(others)), seat_url, ""]
    lines += [t.gettext("Each turn has %(time)s on the clock; when it runs out, a bot plays the turn.",
                        time=turn_time) + " "
              + t.ngettext("After %(n)s timeout the bot keeps the seat, so every table ends.",
                           "After %(n)s timeouts the bot keeps the seat, so every table ends.", replace_after), "",
              t.gettext("The standings: %(url)s", url=url)]
    return "\n".join(lines)


def season_over_text(t: Translator, league: str, season: int, division: int,
                     rows: Sequence[tuple[int, str, str, int]], place: int, move: str, starts: str,
                     signup_url: str, url: str) -> str:
    return "\n".join([
        t.gettext("Season %(season)s of %(league)s is over. Division %(division)s finished:", season=season,
                  league=league, division=division), *standings_lines(t, rows), "",
        t.gettext("You finished in place %(place)s.", place=place) + " " + move, "",
        t.gettext("Season %(season)s starts on %(starts)s. To play in it, open this link before then:",
                  season=season + 1, starts=starts), signup_url,
        t.gettext("Or reply to this mail with “sign up”."), "",
        t.gettext("The standings: %(url)s", url=url)])


def move_text(t: Translator, up: bool, down: bool, division: int) -> str:
    """What the next season holds for a farmer, in words."""
    if up:
        return t.gettext("You go up to division %(division)s.", division=division - 1)
    if down:
        return t.gettext("You go down to division %(division)s.", division=division + 1)
    return t.gettext("You stay in division %(division)s.", division=division)


def duplicate_text(t: Translator, title: str, week: str, line: str, best: str, url: str) -> str:
    return "\n".join([t.gettext("The %(game)s seed of the week %(week)s is over: every entrant played the same "
                                 "shuffle.", game=title, week=week), "",
                      line, "", best, "", t.gettext("Every seat's results: %(url)s", url=url)])
