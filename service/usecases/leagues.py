"""Leagues that always finish (docs/leagues.md): an organiser creates a
league, farmers sign up, and beat does the rest. A season starts when its
sign-up closes: the farmers are split into divisions, each division into
tables (made by the creation use case, every farmer seated, on a clock whose
``replace`` policy lets the bot keep a silent farmer's seat), and each ended
table adds its ranking's points to the standings and mails them. When every
table has ended the season is over: promotion and relegation set the order
of the next season, whose sign-up opens at once.

Every step is idempotent and driven by :func:`advance`, which beat's sweep
calls: a table is made once (its creation key), counted once (``counted_at``
under the season's lock), a mail written once (its key)."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from boards.i18n import DEFAULT_LANGUAGE, translator
from service.core import wall_time
from service.core.errors import InvalidInput, NotFound
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.game import seasons
from service.game.clocks import DAY, ClockSettings
from service.jobs.dispatching import unit_of_work
from service.notify import league_mail
from service.storage.models import (
    Game,
    League,
    LeagueEntry,
    LeagueSeason,
    LeagueTable,
    Seat,
    as_utc,
)
from service.usecases import sign_ups
from service.usecases.creation import FarmerSpec, check_farmer, create_game

#: a newcomer's standing before their first season: after everyone who played before
NEWCOMER = 1_000_000


@dataclass(frozen=True)
class CreatedLeague:
    league_id: int
    organiser_url: str
    signup_url: str


def create_league(svc: Services, name: str, kind: str, *, options: dict | None = None, per_turn: int = 3 * DAY,
                  replace_after: int = 2, division_size: int = 8, rounds: int = 2, movers: int = 2,
                  signup_days: int = 3, organiser_email: str | None = None) -> CreatedLeague:
    """A league and its first season, open for sign-up for ``signup_days``;
    the organiser (``organiser_email``) is mailed their page's link."""
    name = (name or "").strip()
    if not name or len(name) > 80:
        raise InvalidInput("A league needs a name (at most 80 characters).")
    rules = rules_for(kind)
    if rules.min_seats > 2:
        raise InvalidInput(f"{rules.title} needs {rules.min_seats} farmers at a table; a league seats 2 to 4.")
    try:
        options = rules.normalize_options(options)
        ClockSettings(per_turn=per_turn, on_timeout="replace", replace_after=replace_after)
    except ValueError as error:
        raise InvalidInput(str(error)) from None
    if not 2 <= division_size <= 64:
        raise InvalidInput("A division has 2 to 64 farmers.")
    if not 1 <= rounds <= 8:
        raise InvalidInput("A season has 1 to 8 rounds of tables.")
    if not 0 <= movers <= division_size // 2:
        raise InvalidInput("At most half of a division goes up or down.")
    if not 0 <= signup_days <= 60:
        raise InvalidInput("The sign-up stays open 0 to 60 days.")
    if organiser_email:
        check_farmer(FarmerSpec(name, organiser_email), is_host=False, utf8=svc.config.smtputf8)
    with unit_of_work(svc) as (session, work):
        league = League(name=name, kind=kind, options=options, per_turn=per_turn, replace_after=replace_after,
                        division_size=division_size, rounds=rounds, movers=movers, signup_days=signup_days,
                        organiser_email=organiser_email or None, secret=secrets.token_urlsafe(24))
        session.add(league)
        session.flush()
        session.add(LeagueSeason(league_id=league.id, number=1, status="signup",
                                 starts_at=wall_time.now() + timedelta(days=signup_days)))
        created = CreatedLeague(league.id, organiser_url(svc, league.id, league.secret), signup_url(svc, league.id))
        if league.organiser_email:
            t = _reader()
            league_mail.add_mail(
                session, svc, work, kind="league", to=league.organiser_email, name="",
                subject=t.gettext("%(league)s: your organiser's page", league=name),
                text="\n".join([t.gettext("Your league %(league)s is open for sign-up. Your organiser's page (keep "
                                           "it to yourself):", league=name), created.organiser_url, "",
                                 t.gettext("Share the sign-up page:"), created.signup_url]),
                key=f"league-created:{league.id}")
    return created


def organiser_url(svc: Services, league_id: int, secret: str) -> str:
    return f"{svc.links.base_url}/league/{league_id}/organise/{secret}"


def signup_url(svc: Services, league_id: int) -> str:
    return f"{svc.links.base_url}/league/{league_id}/signup"


def standings_url(svc: Services, league_id: int) -> str:
    return f"{svc.links.base_url}/league/{league_id}"


def again_url(svc: Services, league_id: int, entry: LeagueEntry) -> str:
    return f"{svc.links.base_url}/league/{league_id}/again/{entry.id}/{entry.secret}"


def load_league(session: Session, league_id: int, secret: str | None = None) -> League:
    """The league; with ``secret``, only for its organiser."""
    league = session.get(League, league_id)
    if league is None or (secret is not None and not secrets.compare_digest(secret, league.secret)):
        raise NotFound(_reader().gettext("There is no such league, or this link is not its organiser's."))
    return league


def _signup_season(session: Session, league_id: int) -> LeagueSeason | None:
    return session.scalar(select(LeagueSeason).where(LeagueSeason.league_id == league_id,
                                                     LeagueSeason.status == "signup"))


def sign_up(svc: Services, league_id: int, name: str, email: str, language: str | None = None) -> str:
    """A farmer signs up for the season whose sign-up is open, their mails
    in ``language`` (English by default). Twice is harmless."""
    name, email = (name or "").strip(), (email or "").strip()
    check_farmer(FarmerSpec(name, email), is_host=False, utf8=svc.config.smtputf8)
    with svc.db.transaction() as session:
        league = load_league(session, league_id)
        season = _signup_season(session, league_id)
        if season is None:
            raise InvalidInput(_mid_season(league.name, language))
        known = session.scalar(select(LeagueEntry).where(LeagueEntry.season_id == season.id,
                                                         LeagueEntry.email == email))
        if known is None:
            session.add(LeagueEntry(season_id=season.id, name=name, email=email, secret=secrets.token_urlsafe(24),
                                    language=translator(language).language))
        t = _reader(language)
        return t.gettext("%(name)s is signed up for season %(season)s of %(league)s, which starts on %(starts)s.",
                         name=name, season=season.number, league=league.name,
                         starts=t.datetime(season.starts_at, "UTC"))


def _mid_season(league: str, language: str | None = None) -> str:
    return _reader(language).gettext("%(league)s is in the middle of a season; the sign-up for the next one opens when it "
                             "ends.", league=league)


def ask_to_sign_up(svc: Services, league_id: int, name: str, email: str, language: str | None = None) -> str:
    """The public sign-up page: mail the link that confirms it (service/usecases/sign_ups.py)."""
    with svc.db.transaction() as session:
        league = load_league(session, league_id)
        if _signup_season(session, league_id) is None:
            raise InvalidInput(_mid_season(league.name, language))
        key, title = league.secret, league.name
    return sign_ups.mail_confirmation(svc, what="league", key=key, name=name, email=email, title=title,
                                      url=f"{signup_url(svc, league_id)}", language=language)


def confirmation(svc: Services, league_id: int, token: str) -> tuple[str, str, str]:
    """(name, email, language) of a sign-up confirmation link of this league."""
    with svc.db.transaction() as session:
        key = load_league(session, league_id).secret
    return sign_ups.read_confirmation(svc, what="league", key=key, token=token)


def again_entry(svc: Services, league_id: int, entry_id: int, secret: str) -> LeagueEntry:
    """The entry a season-over mail's sign-up link names (checked)."""
    with svc.db.transaction() as session:
        entry = session.get(LeagueEntry, entry_id)
        season = session.get(LeagueSeason, entry.season_id) if entry is not None else None
        if entry is None or season.league_id != league_id or not secrets.compare_digest(secret, entry.secret):
            raise NotFound(_reader().gettext("This sign-up link is not one of this league's."))
        session.expunge(entry)
        return entry


def sign_up_again(svc: Services, league_id: int, entry_id: int, secret: str) -> str:
    """The link of the season-over mail: the same farmer, for the next season."""
    entry = again_entry(svc, league_id, entry_id, secret)
    return sign_up(svc, league_id, entry.name, entry.email, entry.language)


#: the reply address of a season-over mail: ``play+lg<entry id>-<signature>@``, the signature
#: made with the service's secret key and the entry's own secret, so only that mail's
#: address can be answered (docs/leagues.md)
_REPLY_KEY = re.compile(r"lg(\d{1,12})-([0-9a-f]{24})")


def reply_key(svc: Services, entry: LeagueEntry) -> str:
    return f"lg{entry.id}-{_signature(svc, entry)}"


def _signature(svc: Services, entry: LeagueEntry) -> str:
    message = f"league-reply:{entry.id}:{entry.secret}".encode()
    return hmac.new(svc.config.secret_key.encode(), message, hashlib.sha256).hexdigest()[:24]


def is_reply_key(key: str) -> bool:
    """Whether a reply key has the shape of a season-over mail's (not whether it is valid)."""
    return bool(_REPLY_KEY.fullmatch(key))


def entry_of_reply_key(svc: Services, key: str) -> tuple[int, LeagueEntry] | None:
    """(league id, entry) of a season-over mail's reply key; None when the
    key is not one of ours (unknown entry, wrong signature)."""
    match = _REPLY_KEY.fullmatch(key)
    if match is None:
        return None
    with svc.db.transaction() as session:
        entry = session.get(LeagueEntry, int(match.group(1)))
        if entry is None or not hmac.compare_digest(match.group(2), _signature(svc, entry)):
            return None
        league_id = session.get(LeagueSeason, entry.season_id).league_id
        session.expunge(entry)
        return league_id, entry


def start_now(svc: Services, league_id: int, secret: str | None = None) -> str:
    """The organiser closes the sign-up and starts the season at once."""
    with svc.db.transaction() as session:
        load_league(session, league_id, secret)
        season = _signup_season(session, league_id)
        if season is None:
            raise InvalidInput(_reader().gettext("No season is open for sign-up; a running season ends by itself."))
        season.starts_at = wall_time.now()
        season_id = season.id
    if not start_season(svc, season_id):
        raise InvalidInput(_reader().gettext("A season needs at least two farmers signed up."))
    return _reader().gettext("The season has started: every farmer has their tables.")


# --------------------------------------------------------------------------- a season starts


def start_season(svc: Services, season_id: int) -> bool:
    """Freeze the sign-up (divisions set, status running), then make every
    table and mail each farmer theirs. False: fewer than two signed up (the
    start waits a day)."""
    with svc.db.transaction() as session:
        season = session.get(LeagueSeason, season_id, with_for_update=True)
        if season.status == "signup":
            entries = list(session.scalars(select(LeagueEntry).where(LeagueEntry.season_id == season_id)
                                           .order_by(LeagueEntry.id)))
            if len(entries) < 2:
                season.starts_at = wall_time.now() + timedelta(days=1)
                return False
            before = _order_from_last_season(session, season)
            entries.sort(key=lambda e: (before.get(e.email, NEWCOMER), e.id))
            league = session.get(League, season.league_id)
            start = 0
            for division, size in enumerate(seasons.division_sizes(len(entries), league.division_size), 1):
                for index, entry in enumerate(entries[start:start + size]):
                    entry.division, entry.standing_before = division, start + index
                start += size
            season.status = "running"
    make_tables(svc, season_id)
    return True


def _order_from_last_season(session: Session, season: LeagueSeason) -> dict[str, int]:
    """Where each farmer of the previous season stands for this one (by address)."""
    last = session.scalar(select(LeagueSeason).where(LeagueSeason.league_id == season.league_id,
                                                     LeagueSeason.number == season.number - 1))
    if last is None:
        return {}
    league = session.get(League, season.league_id)
    order = seasons.promoted_order([[e.id for e in d] for d in _divisions(session, last.id)], league.movers)
    emails = {e.id: e.email for d in _divisions(session, last.id) for e in d}
    return {emails[entry_id]: place for place, entry_id in enumerate(order)}


def _divisions(session: Session, season_id: int) -> list[list[LeagueEntry]]:
    """The season's divisions, top first, each in standings order."""
    entries = session.scalars(select(LeagueEntry).where(LeagueEntry.season_id == season_id,
                                                        LeagueEntry.division.is_not(None))).all()
    out: dict[int, list[LeagueEntry]] = {}
    for entry in sorted(entries, key=lambda e: seasons.standing_key(e.quarters, e.wins, e.score,
                                                                      e.standing_before)):
        out.setdefault(entry.division, []).append(entry)
    return [out[d] for d in sorted(out)]


def _plan(session: Session, season: LeagueSeason) -> list[tuple[int, int, list[int]]]:
    """(division, round, entry ids by seat) of every table, numbered from 1 in
    this order: the same plan every time it is asked (it reads frozen rows)."""
    league = session.get(League, season.league_id)
    entries = session.scalars(select(LeagueEntry).where(LeagueEntry.season_id == season.id,
                                                        LeagueEntry.division.is_not(None))
                              .order_by(LeagueEntry.standing_before)).all()
    divisions: dict[int, list[int]] = {}
    for entry in entries:
        divisions.setdefault(entry.division, []).append(entry.id)
    plan = []
    for division in sorted(divisions):
        rounds = seasons.seatings(divisions[division], league.rounds, f"league:{season.id}:{division}")
        for number, tables in enumerate(rounds, 1):
            plan += [(division, number, table) for table in tables]
    return plan


def make_tables(svc: Services, season_id: int) -> int:
    """Make the tables of a running season that are missing (all of them the
    first time; those a crash left unmade after that), then mail each farmer
    their tables once. Returns how many were made."""
    with svc.db.transaction() as session:
        season = session.get(LeagueSeason, season_id)
        league = session.get(League, season.league_id)
        plan = _plan(session, season)
        made = set(session.scalars(select(LeagueTable.number).where(LeagueTable.season_id == season_id)))
        names = {e.id: (e.name, e.email, e.language) for e in session.scalars(
            select(LeagueEntry).where(LeagueEntry.season_id == season_id))}
        kind, options, clock = league.kind, league.options, ClockSettings(
            per_turn=league.per_turn, on_timeout="replace", replace_after=league.replace_after)
    count = 0
    for number, (division, round_, seated) in enumerate(plan, 1):
        if number in made:
            continue
        farmers = [FarmerSpec(name, email, language=language)  # each farmer's seat speaks their language
                   for name, email, language in (names[entry_id] for entry_id in seated)]
        created = create_game(svc, kind, farmers, options=options, host=None, clock=clock, seated=True,
                              creation_key=f"league:{season_id}:{number}")
        try:
            with svc.db.transaction() as session:
                session.add(LeagueTable(season_id=season_id, number=number, division=division, round=round_,
                                        game_id=created.game_id, entries=list(seated)))
            count += 1
        except IntegrityError:  # another beat recorded it a moment ago
            continue
    try:
        _mail_tables(svc, season_id)
    except IntegrityError:  # another beat wrote these mails a moment ago
        pass
    return count


def _mail_tables(svc: Services, season_id: int) -> None:
    with unit_of_work(svc) as (session, work):
        season = session.get(LeagueSeason, season_id)
        league = session.get(League, season.league_id)
        entries = {e.id: e for e in session.scalars(select(LeagueEntry).where(LeagueEntry.season_id == season_id))}
        tables = session.scalars(select(LeagueTable).where(LeagueTable.season_id == season_id)
                                 .order_by(LeagueTable.number)).all()
        seats = {(s.game_id, s.position): s for s in session.scalars(
            select(Seat).where(Seat.game_id.in_([t.game_id for t in tables])))}
        mine: dict[int, list] = {}
        for table in tables:
            for position, entry_id in enumerate(table.entries):
                seat = seats[(table.game_id, position)]
                others = [entries[e].name for e in table.entries if e != entry_id]
                mine.setdefault(entry_id, []).append(
                    (table.number, others, svc.links.seat_url(table.game_id, position, seat.secret)))
        for entry_id, listed in mine.items():
            entry = entries[entry_id]
            t = _reader(entry.language)
            league_mail.add_mail(
                session, svc, work, kind="league", to=entry.email, name=entry.name,
                subject=t.gettext("%(league)s: season %(season)s has started", league=league.name,
                                  season=season.number),
                text=league_mail.season_started_text(t, league.name, season.number, entry.division, listed,
                                                     t.duration(league.per_turn), league.replace_after,
                                                     standings_url(svc, league.id)),
                key=f"league-start:{season_id}:{entry_id}")


# --------------------------------------------------------------------------- tables end, seasons end


def advance(svc: Services) -> dict:
    """Beat: start the seasons whose sign-up has closed, make tables a crash
    left unmade, count every ended table once, and end the seasons whose
    tables have all ended. Returns counts."""
    now = wall_time.now()
    with svc.db.transaction() as session:
        starting = session.scalars(select(LeagueSeason.id).where(LeagueSeason.status == "signup",
                                                                 LeagueSeason.starts_at <= now)).all()
        running = session.scalars(select(LeagueSeason.id).where(LeagueSeason.status == "running")).all()
        ended = session.scalars(select(LeagueTable.id).join(Game, Game.id == LeagueTable.game_id)
                                .where(LeagueTable.counted_at.is_(None), Game.status == "over")
                                .order_by(LeagueTable.id)).all()
    counts = {"started": sum(start_season(svc, season_id) for season_id in starting), "counted": 0, "over": 0}
    for season_id in running:
        make_tables_if_missing(svc, season_id)
    counts["counted"] = sum(count_table(svc, table_id) for table_id in ended)
    for season_id in running:
        counts["over"] += end_season_if_done(svc, season_id)
    return counts


def make_tables_if_missing(svc: Services, season_id: int) -> None:
    with svc.db.transaction() as session:
        planned = len(_plan(session, session.get(LeagueSeason, season_id)))
        made = len(session.scalars(select(LeagueTable.id).where(LeagueTable.season_id == season_id)).all())
    if made < planned:
        make_tables(svc, season_id)


def count_table(svc: Services, table_id: int) -> bool:
    """Add an ended table's ranking to the standings, once, and mail its
    division the standings. True: counted now."""
    with unit_of_work(svc) as (session, work):
        table = session.get(LeagueTable, table_id)
        season = session.get(LeagueSeason, table.season_id, with_for_update=True)
        session.refresh(table)
        if table.counted_at is not None:
            return False
        game = session.get(Game, table.game_id)
        rules = rules_for(game.kind)
        ranking = rules.ranking(game.state)
        totals = rules.score_sheet(game.state)["total"]
        points = seasons.table_quarters(ranking)
        entries = {e.id: e for e in session.scalars(select(LeagueEntry).where(LeagueEntry.season_id == season.id))}
        for position, entry_id in enumerate(table.entries):
            entry = entries[entry_id]
            entry.quarters += points[position]
            entry.wins += position in ranking[0]
            entry.score += int(totals[position])
            entry.played += 1
        table.counted_at = wall_time.now()
        session.flush()
        league = session.get(League, season.league_id)
        placed = [entries[table.entries[p]].name for group in ranking for p in group]
        division = _division_rows(_divisions(session, season.id)[table.division - 1])
        for *_, entry in division:
            t = _reader(entry.language)
            league_mail.add_mail(
                session, svc, work, kind="league", to=entry.email, name=entry.name,
                subject=t.gettext("%(league)s: table %(table)s is over", league=league.name, table=table.number),
                text=league_mail.table_over_text(t, league.name, season.number, table.division, table.number, placed,
                                                 [row[:4] for row in division], standings_url(svc, league.id)),
                key=f"league-table:{table.id}:{entry.id}")
    return True


def _division_rows(division: list[LeagueEntry]) -> list[tuple[int, str, str, int, LeagueEntry]]:
    """(place, name, points, tables played, entry); equal standings share a place."""
    rows, previous = [], None
    for index, entry in enumerate(division):
        key = seasons.standing_key(entry.quarters, entry.wins, entry.score, 0)
        place = rows[-1][0] if key == previous else index + 1
        rows.append((place, entry.name, seasons.points_text(entry.quarters), entry.played, entry))
        previous = key
    return rows


def end_season_if_done(svc: Services, season_id: int) -> bool:
    """When every table of a running season is counted: the season is over,
    the next one opens for sign-up, and every farmer gets the final
    standings, where they go and their sign-up link. True: ended now."""
    with unit_of_work(svc) as (session, work):
        season = session.get(LeagueSeason, season_id, with_for_update=True)
        if season.status != "running":
            return False
        planned = len(_plan(session, season))
        counted = session.scalars(select(LeagueTable.id).where(LeagueTable.season_id == season_id,
                                                               LeagueTable.counted_at.is_not(None))).all()
        if len(counted) < planned:
            return False
        league = session.get(League, season.league_id)
        now = wall_time.now()
        season.status, season.ended_at = "over", now
        following = LeagueSeason(league_id=league.id, number=season.number + 1, status="signup",
                                 starts_at=now + timedelta(days=league.signup_days))
        session.add(following)
        divisions = _divisions(session, season.id)
        moves = _moves(divisions, league.movers)
        for number, division in enumerate(divisions, 1):
            rows = _division_rows(division)
            for place, _, _, _, entry in rows:
                t = _reader(entry.language)
                up, down = moves[entry.id]
                league_mail.add_mail(
                    session, svc, work, kind="league", to=entry.email, name=entry.name,
                    subject=t.gettext("%(league)s: season %(season)s is over", league=league.name,
                                      season=season.number),
                    text=league_mail.season_over_text(
                        t, league.name, season.number, number, [row[:4] for row in rows], place,
                        league_mail.move_text(t, up, down, number), t.datetime(following.starts_at, "UTC"),
                        again_url(svc, league.id, entry), standings_url(svc, league.id)),
                    key=f"league-end:{season.id}:{entry.id}", reply_key=reply_key(svc, entry))
    return True


def _moves(divisions: list[list[LeagueEntry]], movers: int) -> dict[int, tuple[bool, bool]]:
    """Whether each farmer goes up or down for the next season (as
    :func:`seasons.promoted_order` moves them)."""
    out = {}
    for number, division in enumerate(divisions, 1):
        up = min(movers, len(division) // 2, len(divisions[number - 2]) // 2) if number > 1 else 0
        down = min(movers, len(division) // 2, len(divisions[number]) // 2) if number < len(divisions) else 0
        for index, entry in enumerate(division):
            out[entry.id] = (index < up, index >= len(division) - down)
    return out


def _reader(language: str | None = None):
    """The translator of what a farmer of a league reads (English without a language)."""
    return translator(language or DEFAULT_LANGUAGE)


# --------------------------------------------------------------------------- what pages show


def league_page(svc: Services, league_id: int, secret: str | None = None) -> dict:
    """The standings of the league's latest season that has any, and the sign-up."""
    with svc.db.transaction() as session:
        league = load_league(session, league_id, secret)
        all_seasons = session.scalars(select(LeagueSeason).where(LeagueSeason.league_id == league_id)
                                      .order_by(LeagueSeason.number)).all()
        shown = next((s for s in reversed(all_seasons) if s.status != "signup"), None)
        signup = next((s for s in all_seasons if s.status == "signup"), None)
        divisions = [[row[:4] for row in _division_rows(d)] for d in _divisions(session, shown.id)] if shown else []
        tables = []
        if shown is not None:
            for table in session.scalars(select(LeagueTable).where(LeagueTable.season_id == shown.id)
                                         .order_by(LeagueTable.number)):
                status = session.get(Game, table.game_id).status
                tables.append({"number": table.number, "division": table.division, "round": table.round,
                               "game_id": table.game_id, "over": status == "over"})
        signed = session.scalars(select(LeagueEntry.name).where(LeagueEntry.season_id == signup.id)
                                 .order_by(LeagueEntry.id)).all() if signup else []
        return {"name": league.name, "kind": league.kind, "title": rules_for(league.kind).title,
                "season": shown.number if shown else None, "season_status": shown.status if shown else None,
                "divisions": divisions, "tables": tables,
                "signup": {"number": signup.number, "starts": as_utc(signup.starts_at), "names": signed}
                if signup else None,
                "turn_time": league.per_turn, "replace_after": league.replace_after,
                "rounds": league.rounds, "movers": league.movers}
