"""Duplicate farming (docs/leagues.md): a seed of the week for a game kind.
Every entrant plays the same shuffle: alone (``seats`` 1: solo Harvest, on
Gairy's scale), or at tables of ``seats`` farmers that all share the seed,
the seats turned by one from table to table. Each score is compared with
the field of those who played the same seat: matchpoints and the difference
to the field's mean, and the best line found in each seat.

What other tables did stays hidden from an entrant until their own game is
over (:func:`results`); the games are not watchable, and a running game's
record carries no seed. Beat's sweep calls :func:`advance`: it closes the
events whose week has passed (the entrants still waiting for a table sit
with bots), and when every game of a closed event has ended, mails each
entrant their results, once."""

from __future__ import annotations

import secrets
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from boards.i18n import DEFAULT_LANGUAGE, translator
from service.core import wall_time
from service.core.errors import InvalidInput, NotFound
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.game.clocks import DAY, ClockSettings
from service.game.duplicate_scores import Compared, Played, best_in_seat, compare, rotated_seat
from service.jobs.dispatching import unit_of_work
from service.notify import league_mail
from service.storage.models import DuplicateEntry, DuplicateEvent, Game, MoveLogEntry, as_utc
from service.usecases import sign_ups
from service.usecases.creation import FarmerSpec, check_farmer, create_game

#: the bot that fills the seats of a table the week's entrants left short
FILLER = "greedy"


def week_of(moment) -> str:
    """"2026-W49": the ISO week of ``moment``."""
    year, week, _ = moment.isocalendar()
    return f"{year}-W{week:02d}"


def create_event(svc: Services, kind: str, seats: int, *, week: str | None = None, days: int = 7,
                 per_turn: int = DAY, options: dict | None = None, seed: int | None = None) -> int:
    """A week's event for ``kind`` at tables of ``seats``; open for ``days``."""
    rules = rules_for(kind)
    if not rules.min_seats <= seats <= rules.max_seats:
        raise InvalidInput(f"{rules.title} is played by {rules.min_seats} to {rules.max_seats} farmers.")
    if not 1 <= days <= 28:
        raise InvalidInput("An event stays open 1 to 28 days.")
    try:
        options = rules.normalize_options(options)
        ClockSettings(per_turn=per_turn, on_timeout="replace")
    except ValueError as error:
        raise InvalidInput(str(error)) from None
    now = wall_time.now()
    week = week or week_of(now)
    try:
        with svc.db.transaction() as session:
            event = DuplicateEvent(kind=kind, options=options, seats=seats, week=week, per_turn=per_turn,
                                   seed=secrets.randbits(62) if seed is None else seed, status="open",
                                   closes_at=now + timedelta(days=days))
            session.add(event)
            session.flush()
            return event.id
    except IntegrityError:
        raise InvalidInput(f"The {rules.title} event of {week} at tables of {seats} exists already.") from None


def event_url(svc: Services, event_id: int) -> str:
    return f"{svc.links.base_url}/duplicate/{event_id}"


def entry_url(svc: Services, event_id: int, entry: DuplicateEntry) -> str:
    return f"{svc.links.base_url}/duplicate/{event_id}/{entry.id}/{entry.secret}"


def enter(svc: Services, event_id: int, name: str, email: str, language: str | None = None) -> str:
    """An entrant signs up, their results mailed in ``language``; alone they
    play at once, at tables once the table fills. Twice is harmless. Returns
    the answer."""
    name, email = (name or "").strip(), (email or "").strip()
    check_farmer(FarmerSpec(name, email), is_host=False, utf8=svc.config.smtputf8)
    with svc.db.transaction() as session:
        event = session.get(DuplicateEvent, event_id, with_for_update=True)
        if event is None:
            raise NotFound(_reader(language).gettext("There is no such event."))
        if event.status != "open":
            raise InvalidInput(_closed(event.week, language))
        known = session.scalar(select(DuplicateEntry).where(DuplicateEntry.event_id == event_id,
                                                            DuplicateEntry.email == email))
        if known is None:
            session.add(DuplicateEntry(event_id=event_id, name=name, email=email, secret=secrets.token_urlsafe(24),
                                       language=translator(language).language))
            session.flush()
            _seat_waiting(session, event, fill=False)
        t = _reader(language)
        answer = t.gettext("%(name)s is in the seed of the week %(week)s; the game's mails come to %(email)s. It "
                           "closes on %(closes)s.", name=name, week=event.week, email=email,
                           closes=t.datetime(event.closes_at, "UTC"))
    seat_tables(svc, event_id)
    return answer


def _reader(language: str | None = None):
    """The translator of what an entrant reads (English without a language)."""
    return translator(language or DEFAULT_LANGUAGE)


def _closed(week: str, language: str | None = None) -> str:
    return _reader(language).gettext("The event of %(week)s is closed: entries are taken until it closes.", week=week)


def ask_to_enter(svc: Services, event_id: int, name: str, email: str, language: str | None = None) -> str:
    """The event's page: mail the link that confirms the entry (service/usecases/sign_ups.py)."""
    with svc.db.transaction() as session:
        event = _event(session, event_id)
        if event.status != "open":
            raise InvalidInput(_closed(event.week, language))
        key = str(event.seed)
        title = _reader(language).gettext("the %(game)s seed of the week %(week)s", game=rules_for(event.kind).title,
                                          week=event.week)
    return sign_ups.mail_confirmation(svc, what="duplicate", key=key, name=name, email=email, title=title,
                                      url=f"{event_url(svc, event_id)}/enter", language=language)


def confirmation(svc: Services, event_id: int, token: str) -> tuple[str, str, str]:
    """(name, email, language) of an entry's confirmation link of this event."""
    with svc.db.transaction() as session:
        key = str(_event(session, event_id).seed)
    return sign_ups.read_confirmation(svc, what="duplicate", key=key, token=token)


def _event(session, event_id: int) -> DuplicateEvent:
    event = session.get(DuplicateEvent, event_id)
    if event is None:
        raise NotFound(_reader().gettext("There is no such event."))
    return event


def _seat_waiting(session, event: DuplicateEvent, *, fill: bool) -> None:
    """Give the waiting entrants a table and a seat, a full table at a time
    (``fill``: the last, short table too, to be filled with bots)."""
    waiting = session.scalars(select(DuplicateEntry).where(DuplicateEntry.event_id == event.id,
                                                           DuplicateEntry.table_no.is_(None))
                              .order_by(DuplicateEntry.id)).all()
    tables = len(set(session.scalars(select(DuplicateEntry.table_no).where(
        DuplicateEntry.event_id == event.id, DuplicateEntry.table_no.is_not(None)))))
    while len(waiting) >= event.seats or (fill and waiting):
        group, waiting = waiting[:event.seats], waiting[event.seats:]
        for arrival, entry in enumerate(group):
            entry.table_no, entry.seat = tables, rotated_seat(arrival, tables, event.seats)
        tables += 1


def seat_tables(svc: Services, event_id: int) -> int:
    """Make the games of the tables that have none (a crash between seating
    and making is healed by the next call): the same seed at every table,
    every farmer seated, on a clock. Returns how many were made."""
    with svc.db.transaction() as session:
        event = session.get(DuplicateEvent, event_id)
        unmade = session.scalars(select(DuplicateEntry).where(DuplicateEntry.event_id == event_id,
                                                              DuplicateEntry.table_no.is_not(None),
                                                              DuplicateEntry.game_id.is_(None))).all()
        tables: dict[int, dict[int, tuple[int, str, str, str]]] = {}
        for entry in unmade:
            tables.setdefault(entry.table_no, {})[entry.seat] = (entry.id, entry.name, entry.email, entry.language)
        kind, options, seats, seed, per_turn = event.kind, event.options, event.seats, event.seed, event.per_turn
        if tables:  # the seats of a table already made are never among the unmade
            for entry in session.scalars(select(DuplicateEntry).where(
                    DuplicateEntry.event_id == event_id, DuplicateEntry.table_no.in_(list(tables)))):
                tables[entry.table_no][entry.seat] = (entry.id, entry.name, entry.email, entry.language)
    for table_no, sitting in sorted(tables.items()):
        farmers = [FarmerSpec(sitting[s][1], sitting[s][2], language=sitting[s][3]) if s in sitting else
                   FarmerSpec(f"Bot {s + 1}", bot=FILLER) for s in range(seats)]
        created = create_game(svc, kind, farmers, options=options, host=None, seed=seed, seated=True,
                              clock=ClockSettings(per_turn=per_turn, on_timeout="replace"),
                              creation_key=f"duplicate:{event_id}:{table_no}")
        with svc.db.transaction() as session:
            for entry_id, *_ in sitting.values():
                session.get(DuplicateEntry, entry_id).game_id = created.game_id
    return len(tables)


def close(svc: Services, event_id: int) -> str:
    """No more entries: the entrants still waiting sit at a last table, with bots."""
    with svc.db.transaction() as session:
        event = session.get(DuplicateEvent, event_id, with_for_update=True)
        if event is None:
            raise NotFound("There is no such event.")
        if event.status == "open":
            event.status = "closed"
            _seat_waiting(session, event, fill=True)
        week = event.week
    seat_tables(svc, event_id)
    return f"The event of {week} is closed; its results are mailed when every game has ended."


def advance(svc: Services) -> dict:
    """Beat: close the events whose time is up, make games a crash left
    unmade, and finish the closed events whose games have all ended."""
    now = wall_time.now()
    with svc.db.transaction() as session:
        due = session.scalars(select(DuplicateEvent.id).where(DuplicateEvent.status == "open",
                                                              DuplicateEvent.closes_at <= now)).all()
        closed = session.scalars(select(DuplicateEvent.id).where(DuplicateEvent.status == "closed")).all()
    for event_id in due:
        close(svc, event_id)
    over = 0
    for event_id in closed:
        seat_tables(svc, event_id)
        over += finish(svc, event_id)
    return {"closed": len(due), "over": over}


def finish(svc: Services, event_id: int) -> bool:
    """A closed event whose games have all ended is over: each entrant is
    mailed their results, once. True: finished now."""
    with unit_of_work(svc) as (session, work):
        event = session.get(DuplicateEvent, event_id, with_for_update=True)
        if event.status != "closed":
            return False
        statuses = session.execute(select(DuplicateEntry.game_id, Game.status)
                                   .outerjoin(Game, Game.id == DuplicateEntry.game_id)
                                   .where(DuplicateEntry.event_id == event_id)).all()
        if any(game_id is None or status != "over" for game_id, status in statuses):
            return False
        event.status = "over"
        data = _results(session, event)
        title = rules_for(event.kind).title
        for entry in session.scalars(select(DuplicateEntry).where(DuplicateEntry.event_id == event_id)):
            t = _reader(entry.language)
            mine = data["by_entry"][entry.id]
            best = data["best"][mine["seat"]]
            league_mail.add_mail(
                session, svc, work, kind="duplicate", to=entry.email, name=entry.name,
                subject=t.gettext("%(game)s, seed of the week %(week)s: your results", game=title, week=event.week),
                text=league_mail.duplicate_text(
                    t, title, event.week, _line(t, mine, event.seats),
                    t.gettext("The best line found in seat %(seat)s (%(name)s, %(score)s): %(line)s",
                              seat=mine["seat"] + 1, name=best["name"], score=best["score"], line=best["line"]),
                    entry_url(svc, event_id, entry)),
                key=f"duplicate:{event_id}:{entry.id}")
    return True


def _line(t, row: dict, seats: int) -> str:
    """"You scored 52 in seat 1. The field's mean in seat 1 was 47.3, so you are +4.7; 75 % of the
    matchpoints; place 2 of 9." (alone: no seat, and Gairy's rating after the score)."""
    notes = f" ({'; '.join(row['notes'])})" if row["notes"] else ""
    figures = {"score": row["score"], "notes": notes, "mean": f"{row['mean']:.1f}",
               "difference": f"{row['difference']:+.1f}", "place": row["place"], "of": row["of"]}
    if seats == 1:
        line = t.gettext("You scored %(score)s%(notes)s. The field's mean was %(mean)s, so you are %(difference)s.",
                         **figures)
    else:
        line = t.gettext("You scored %(score)s in seat %(seat)s. The field's mean in seat %(seat)s was %(mean)s, "
                         "so you are %(difference)s.", seat=row["seat"] + 1, **figures)
    if row["percent"] is None:
        share = t.gettext("Nobody else played your seat.")
    else:
        share = t.gettext("%(percent)s %% of the matchpoints.", percent=round(row["percent"]))
    return " ".join([line, share, t.gettext("Place %(place)s of %(of)s.", **figures)])


def _results(session, event: DuplicateEvent, *, finished_only: bool = True) -> dict:
    """Every ended game's scores against the field, and the best line of each seat."""
    rules = rules_for(event.kind)
    rows = session.execute(select(DuplicateEntry, Game).join(Game, Game.id == DuplicateEntry.game_id)
                           .where(DuplicateEntry.event_id == event.id).order_by(DuplicateEntry.id)).all()
    played, sheets, names, games = [], {}, {}, {}
    for entry, game in rows:
        if finished_only and game.status != "over":
            continue
        sheet = rules.score_sheet(game.state)
        played.append(Played(entry.id, entry.seat, int(sheet["total"][entry.seat])))
        sheets[entry.id] = (sheet.get("notes") or []) if event.seats == 1 else []  # solo: Gairy's rating
        names[entry.id], games[entry.id] = entry.name, game.id
    compared = compare(played)
    by_entry = {c.entry: _row(c, names[c.entry], sheets[c.entry], len(compared)) for c in compared}
    best = {}
    for seat, p in best_in_seat(played).items():
        moves = session.scalars(select(MoveLogEntry.text).where(
            MoveLogEntry.game_id == games[p.entry], MoveLogEntry.seat == seat, MoveLogEntry.undone.is_(False))
            .order_by(MoveLogEntry.seq)).all()
        best[seat] = {"name": names[p.entry], "score": p.score, "line": ", ".join(moves)}
    return {"rows": [by_entry[c.entry] for c in compared], "by_entry": by_entry, "best": best}


def _row(c: Compared, name: str, notes: list[str], of: int) -> dict:
    return {"name": name, "seat": c.seat, "score": c.score, "field": c.field, "mean": c.mean,
            "difference": c.difference, "percent": c.percent, "place": c.place, "of": of, "notes": notes}


def results(svc: Services, event_id: int, entry_id: int | None = None, secret: str | None = None) -> dict:
    """The event's page. A stranger sees the results once the event is over;
    an entrant (their link) once their own game is over, the games that
    have ended so far; before that, nothing of the other tables."""
    with svc.db.transaction() as session:
        event = session.get(DuplicateEvent, event_id)
        if event is None:
            raise NotFound("There is no such event.")
        me = None
        if entry_id is not None:
            me = session.get(DuplicateEntry, entry_id)
            if me is None or me.event_id != event_id or not secrets.compare_digest(secret or "", me.secret):
                raise NotFound(_reader().gettext("This results link is not one of this event's."))
        mine_over = me is not None and me.game_id is not None and session.get(Game, me.game_id).status == "over"
        count = len(session.scalars(select(DuplicateEntry.id).where(DuplicateEntry.event_id == event_id)).all())
        shown = event.status == "over" or mine_over
        data = _results(session, event) if shown else {"rows": [], "best": {}, "by_entry": {}}
        return {"title": rules_for(event.kind).title, "kind": event.kind, "week": event.week, "seats": event.seats,
                "status": event.status, "closes": as_utc(event.closes_at), "entrants": count,
                "shown": shown, "rows": data["rows"], "best": [data["best"][s] | {"seat": s}
                                                               for s in sorted(data["best"])],
                "me": {"name": me.name, "over": mine_over, "row": data["by_entry"].get(me.id)} if me else None}
