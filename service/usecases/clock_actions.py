"""What a game's clock does as time passes, and what farmers and hosts do to
it (docs/clocks.md).

Beat calls :func:`run_clocks`. Every effect (a reminder, the notice that a
turn is overdue, a timeout) happens in one transaction that holds the game
lock and writes a :class:`ClockEvent` with a unique key along with the
effect: two beats at once, a worker killed half way or a restart cannot do it
twice, because the second one either waits for the lock and then finds the
event, or fails on the unique key and rolls back. A timeout plays the late
turn through :func:`playing.apply_locked` with the version the clock saw, so
a farmer's move and a timeout in the same second are one or the other.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from boards.i18n import N_, Translator, translator
from engine.bots import make_bot
from engine.core import Rng
from mail.sentence import Refused
from service.core import wall_time
from service.core.errors import InvalidInput, NotFound
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.game import clocks
from service.game.clocks import duration_text, local_text
from service.jobs import dispatching
from service.jobs.work import Work
from service.notify import changes
from service.notify.notices import game_mail, tell_others
from service.storage import lookup
from service.storage.models import ClockEvent, Game, GameClock, MoveRequest, OutgoingMail, Seat, SeatClock, as_utc
from service.usecases import playing

log = logging.getLogger(__name__)

#: the longest grant of more time one request gives
MAX_GRANT = 7 * clocks.DAY
#: why the clock treats a farmer differently: their address bounces
#: (service/inbound/bounces.py), so they may never have heard it was their turn
UNREACHABLE = "unreachable: mail bounces"


def _unreachable(seat: Seat) -> bool:
    """The farmer's address is marked bouncing: reminders cannot reach them,
    and a timeout is not held against them as silence (docs/clocks.md)."""
    return seat.bouncing_since is not None


def run_clocks(svc: Services) -> dict:
    """Beat: everything due on every running clock. Returns counts by event
    kind. One read finds the clocks that owe something (no game state is
    loaded, nothing is locked); only those games are locked and ticked."""
    now = wall_time.now()
    with svc.db.transaction() as session:
        rows = session.execute(
            select(GameClock, Seat.away_until, SeatClock.vacation_used)
            .join(Game, Game.id == GameClock.game_id)
            .join(Seat, (Seat.game_id == GameClock.game_id) & (Seat.position == GameClock.turn_seat))
            .outerjoin(SeatClock, SeatClock.seat_id == Seat.id)
            .where(GameClock.per_turn.is_not(None), GameClock.paused_at.is_(None), Game.status == "active")
            .order_by(GameClock.game_id)).all()
        sent: dict[int, set[str]] = {}
        for game_id, key in session.execute(
                select(ClockEvent.game_id, ClockEvent.key).join(GameClock, (GameClock.game_id == ClockEvent.game_id)
                                                                & (GameClock.turn == ClockEvent.turn))
                .where(GameClock.turn_seat.is_not(None))):
            sent.setdefault(game_id, set()).add(key)
        owing = [clock.game_id for clock, away_until, used in rows
                 if _owed(clock, away_until, used or 0, sent.get(clock.game_id, set()), now) is not None]
    counts: dict[str, int] = {}
    for game_id in owing:
        for kind in tick(svc, game_id):
            counts[kind] = counts.get(kind, 0) + 1
    return counts


def tick(svc: Services, game_id: int) -> list[str]:
    """Do what is due on one game's clock, one event per transaction."""
    done = []
    for _ in range(8):  # following the turn, leave, a reminder, a notice and a timeout at most
        try:
            with dispatching.unit_of_work(svc) as (session, work):
                game = lookup.lock_game(session, game_id)
                kind = _next_event(session, svc, game, work)
        except IntegrityError:  # another beat recorded this event first: it is done
            log.info("clock event of game #%s already recorded", game_id)
            continue
        if kind is None:
            break
        done.append(kind)
    return done


def _due(session: Session, game: Game, now: datetime) -> tuple[str, list[str]] | None:
    """What the clock of the locked ``game`` owes now: ("follow", []) it
    missed a change of turn, or what :func:`_owed` says; None: nothing."""
    clock = game.clock
    if not clocks.is_running(game) or game.status != "active":
        return None
    seat = clocks.timed_seat(game)
    if clock.turn_seat != (seat.position if seat is not None else None):
        return "follow", []
    if seat is None:
        return None
    sent = set(session.scalars(select(ClockEvent.key).where(ClockEvent.game_id == game.id,
                                                             ClockEvent.turn == clock.turn)))
    return _owed(clock, seat.away_until, seat.clock.vacation_used if seat.clock else 0, sent, now)


def _owed(clock: GameClock, away_until: datetime | None, vacation_used: int, sent: set[str],
          now: datetime) -> tuple[str, list[str]] | None:
    """What a running clock owes its farmer to act, from plain values:
    ("leave", []) a vacation to count, ("timeout", []), ("overdue", []),
    ("remind", the points due and not yet sent); or None."""
    if clock.paused_at is not None or clock.deadline is None:
        return None
    away = as_utc(away_until) if away_until else None
    counted = as_utc(clock.leave_until) if clock.leave_until else None
    if away is not None and away > now and (counted is None or counted < away) and vacation_used < clock.vacation_budget:
        return "leave", []
    deadline, due = as_utc(clock.deadline), as_utc(clock.due)
    if now >= deadline and _key(clock, "timeout") not in sent:
        return "timeout", []
    if due < deadline and now >= due and _key(clock, "overdue") not in sent:
        return "overdue", []
    if away is not None and away > now:
        return None  # no reminders on vacation: the clock has stopped
    moments = clocks.reminder_moments(clock.turn_started, deadline, clock.reminders)
    missing = [point for point, moment in moments if moment <= now and _key(clock, "remind", point) not in sent]
    return ("remind", missing) if missing else None


def _next_event(session: Session, svc: Services, game: Game, work: Work) -> str | None:
    """Do the first thing :func:`_due` finds, on the locked game."""
    now = wall_time.now()
    due = _due(session, game, now)
    if due is None:
        return None
    kind, points = due
    seat = clocks.timed_seat(game)
    if kind == "follow":
        clocks.follow_turn(game, now)
    elif kind == "leave":
        clocks.count_leave(game, now)
    elif kind == "timeout":
        _timeout(session, svc, game, seat, work)
    elif kind == "overdue":
        _overdue(session, svc, game, seat, work)
    else:
        for point in points[:-1]:  # beat was away: only the latest reminder still makes sense
            _record(session, game, "remind", seat, point, detail="skipped: a later reminder was due")
        _remind(session, svc, game, seat, points[-1], work)
    return kind


def _key(clock: GameClock, kind: str, point: str = "") -> str:
    """The unique key of a clock event of the turn ``clock`` is timing."""
    return f"g{clock.game_id}:t{clock.turn}:{kind}" + (f":{point}" if point else "")


def _record(session: Session, game: Game, kind: str, seat: Seat | None, point: str = "",
            detail: str | None = None) -> None:
    """The event, in the caller's transaction; a second one with the same key
    fails on the unique constraint (IntegrityError) and rolls its effect back."""
    session.add(ClockEvent(game_id=game.id, key=_key(game.clock, kind, point), kind=kind,
                           seat=seat.position if seat is not None else None, turn=game.clock.turn, detail=detail))
    session.flush()


def _zone(seat: Seat) -> str | None:
    return seat.clock.time_zone if seat.clock else None


# --------------------------------------------------------------------------- reminders and notices


def _remind(session: Session, svc: Services, game: Game, seat: Seat, point: str, work: Work) -> None:
    if _unreachable(seat):  # the reminder would bounce too: recorded, not mailed
        _record(session, game, "remind", seat, point, detail=f"not sent: {UNREACHABLE}")
        return
    _record(session, game, "remind", seat, point)
    if not changes.wants_mail(seat):
        return
    t = translator(seat.language)
    deadline = game.clock.deadline
    left = duration_text((as_utc(deadline) - wall_time.now()).total_seconds(), t)
    options = "\n".join(f"* {o['text']} → {o['outcome']}\n  {o['url']}" for o in changes.options_for(svc, game, seat))
    title = f"{rules_for(game.kind).title} #{game.id}"
    text = t.gettext("It is your turn in %(game)s, and %(left)s are left: your deadline is %(deadline)s.\n\n"
                     "Your options:\n%(options)s\n\nYour page: %(url)s\n"
                     "Reply with your move, or “vacation <days>” if you are away.",
                     game=title, left=left,
                     deadline=local_text(deadline, _zone(seat), t), options=options,
                     url=svc.links.seat_url(game.id, seat.position, seat.secret))
    _add_mail(session, work, game_mail(svc, game, seat, kind="remind",
                                       what=t.gettext("reminder: your turn (%(left)s left)", left=left),
                                       text=text, key=_key(game.clock, "remind", point)))


def _overdue(session: Session, svc: Services, game: Game, seat: Seat, work: Work) -> None:
    """The turn time is over and the farmer spends their bank: the others hear once."""
    unreachable = _unreachable(seat)
    _record(session, game, "overdue", seat, detail=UNREACHABLE if unreachable else None)
    clock = game.clock
    for other in game.seats:
        if other.position == seat.position or not changes.wants_mail(other):
            continue
        t = translator(other.language)
        text = t.gettext("%(name)s's turn is overdue since %(due)s. They are using their extra time until "
                         "%(deadline)s; then %(policy)s.", name=seat.name, due=local_text(clock.due, _zone(other), t),
                         deadline=local_text(clock.deadline, _zone(other), t), policy=_policy_text(game, t))
        text = "\n\n".join([text, *([_bounce_sentence(seat, t)] if unreachable else []),
                             t.gettext("Any farmer may give them more time: reply “more time 1d”.")])
        _add_mail(session, work, game_mail(svc, game, other, kind="overdue",
                                           what=t.gettext("%(name)s's turn is overdue", name=seat.name),
                                           text=text, key=_key(game.clock, "overdue")))


def _bounce_sentence(seat: Seat, t: Translator) -> str:
    return t.gettext("%(name)s's mail bounces, so they may not know it is their turn; if you can, tell them another "
                     "way.", name=seat.name)


def _policy_text(game: Game, t: Translator) -> str:
    clock = game.clock
    if clock.on_timeout == "pause":
        return t.gettext("the game's clock stops until the host resumes it")
    return t.gettext("the %(bot)s bot plays their turn", bot=clock.bot)


def _add_mail(session: Session, work: Work, mail: OutgoingMail) -> None:
    if session.scalar(select(OutgoingMail.id).where(OutgoingMail.message_id == mail.message_id)) is None:
        session.add(mail)
        work.mails.append(mail)


# --------------------------------------------------------------------------- timeouts


def _timeout(session: Session, svc: Services, game: Game, seat: Seat, work: Work) -> None:
    """The policy, once: pause the clock, or the bot plays the late turn (and,
    with ``replace``, keeps the seat after N timeouts). Everybody hears in one mail."""
    clock, now = game.clock, wall_time.now()
    unreachable = _unreachable(seat)
    _record(session, game, "timeout", seat, detail=UNREACHABLE if unreachable else None)
    if unreachable:  # not a silent miss: the count of timeouts (and replace-after) is left alone
        log.info("timeout of game #%s seat %s: %s", game.id, seat.position, UNREACHABLE)
    else:
        seat.clock.timeouts += 1
    since = clock.deadline
    if clock.on_timeout == "pause":
        clock.paused_at, clock.paused_left = now, 0
        for other in game.seats:
            if not changes.wants_mail(other):
                continue
            t = translator(other.language)
            moment = local_text(since, _zone(other), t)
            text = (t.gettext("Your turn is overdue since %(moment)s. The game's clock is stopped: %(name)s can still "
                              "play, the host can resume the clock, and any farmer can give more time (reply “more "
                              "time 1d”).", moment=moment, name=seat.name) if other.position == seat.position else
                    t.gettext("%(name)s's turn is overdue since %(moment)s. The game's clock is stopped: %(name)s can "
                              "still play, the host can resume the clock, and any farmer can give more time (reply "
                              "“more time 1d”).", moment=moment, name=seat.name))
            if unreachable and other is not seat:
                text = f"{text} {_bounce_sentence(seat, t)}"
            _add_mail(session, work, game_mail(svc, game, other, kind="timeout",
                                               what=t.gettext("%(name)s's time ran out", name=seat.name),
                                               text=text, key=_key(game.clock, "timeout")))
        return

    takes_over = clock.on_timeout == "replace" and seat.clock.timeouts >= clock.replace_after
    codes = _bot_turn(game, clock.bot)
    request = MoveRequest(game_id=game.id, seat=seat.position, action="move", codes=codes, source="clock",
                          base_version=game.version, dedupe_key=f"timeout:{_key(game.clock, 'timeout')}", status="pending")
    session.add(request)
    session.flush()
    if takes_over:
        seat.bot = clock.bot
    first_mail = len(work.mails)
    playing.apply_locked(session, svc, game, request, work)
    if request.status != "applied":  # cannot happen on a locked, current game; never leave it half done
        raise RuntimeError(f"timeout of game #{game.id} was not applied: {request.result}")
    rules = rules_for(game.kind)
    played = ", ".join(rules.text(rules.from_code(code)) for code in codes)
    _fold_notice(session, svc, game, seat, since, played, takes_over, work, first_mail, unreachable)


def _bot_turn(game: Game, bot_name: str) -> list[str]:
    """The codes of a whole turn chosen by the bot for the farmer to act
    (seeded by the game and its version: the same choice every time)."""
    rules = rules_for(game.kind)
    state, position, codes = game.state, rules.to_act(game.state), []
    bot = make_bot(bot_name)
    while rules.to_act(state) == position and len(codes) < 100:
        move = bot.choose(rules, state, Rng.from_seed(f"timeout:{game.seed}:{game.version}:{len(codes)}"))
        codes.append(rules.code(move))
        state = rules.apply(state, move)
    return codes


def _fold_notice(session: Session, svc: Services, game: Game, late: Seat, since: datetime, played: str,
                 keeps: bool, work: Work, first_mail: int, unreachable: bool = False) -> None:
    """Tell every farmer what the timeout did in one mail: the account or turn
    mail the bot's move already wrote for them gets the notice on top; a
    farmer who got none (the late one, or one who takes no accounts) gets the
    notice alone."""
    written = {}
    for mail in work.mails[first_mail:]:
        if mail.seat_id is not None:
            written[mail.seat_id] = mail
    for seat in game.seats:
        mine = seat.position == late.position
        t = translator(seat.language)
        told = _timeout_told(t, mine, late, local_text(since, _zone(seat), t), game.clock.bot, played, keeps,
                             unreachable)
        mail = written.get(seat.id)
        if mail is not None and not mine:
            context = dict(mail.context)
            context["account"] = [{"farmer": late.name, "text": t.gettext("out of time"), "description": told},
                                  *context.get("account", [])]
            mail.subject = t.gettext("%(subject)s (%(name)s ran out of time)", subject=mail.subject,
                                     name=late.name)[:255]
            context["envelope"] = {**context["envelope"], "subject": mail.subject}
            mail.context = context
        elif changes.wants_mail(seat):
            _add_mail(session, work, game_mail(svc, game, seat, kind="timeout",
                                               what=t.gettext("%(name)s's time ran out", name=late.name),
                                               text=told if mine else f"{late.name} {told}",
                                               key=_key(game.clock, "timeout") + f":v{game.version}"))


def _timeout_told(t: Translator, mine: bool, late: Seat, deadline: str, bot: str, played: str, keeps: bool,
                  unreachable: bool) -> str:
    """What a timeout did, for the late farmer (a sentence: "You ran out of
    time …") or for the others (what follows the late farmer's name, as an
    account line reads: "ran out of time …")."""
    facts = {"deadline": deadline, "bot": bot, "played": played, "name": late.name}
    if mine and unreachable:
        told = t.gettext("You ran out of time (deadline %(deadline)s; your mail bounces, so you may not have known "
                         "it was your turn); the %(bot)s bot played your turn: %(played)s.", **facts)
    elif mine:
        told = t.gettext("You ran out of time (deadline %(deadline)s); the %(bot)s bot played your turn: "
                         "%(played)s.", **facts)
    elif unreachable:
        told = t.gettext("ran out of time (deadline %(deadline)s; their mail bounces, so they may not have known it "
                         "was their turn); the %(bot)s bot played their turn: %(played)s.", **facts)
    else:
        told = t.gettext("ran out of time (deadline %(deadline)s); the %(bot)s bot played their turn: %(played)s.",
                         **facts)
    if not keeps:
        return told
    keeping = (t.ngettext("After %(n)s timeout the bot keeps your seat to the end of the game.",
                          "After %(n)s timeouts the bot keeps your seat to the end of the game.",
                          late.clock.timeouts) if mine else
               t.ngettext("After %(n)s timeout the bot keeps %(name)s's seat to the end of the game.",
                          "After %(n)s timeouts the bot keeps %(name)s's seat to the end of the game.",
                          late.clock.timeouts, name=late.name))
    return f"{told} {keeping}"


# --------------------------------------------------------------------------- more time, pause, resume


def grant(svc: Services, game_id: int, by: int, seconds: int, key: str | None = None) -> str:
    """Any farmer gives the farmer to act more time (``more time 1d``); the
    others are told. Returns the answer for the giver. ``key`` names the
    request (a mail and its line): the same request twice grants once."""
    if not 0 < seconds <= MAX_GRANT:
        raise InvalidInput(N_("More time is a duration of up to %(days)s days, e.g. “more time 1d”."),
                           days=MAX_GRANT // clocks.DAY)
    with dispatching.unit_of_work(svc) as (session, work):
        game = lookup.lock_game(session, game_id)
        giver = lookup.seat_of(game, by)
        t = translator(giver.language)
        clock = _running_clock(game)
        seat = clocks.timed_seat(game)
        if seat is None:
            raise InvalidInput(N_("Nobody is on the clock now, so there is nobody to give more time to."))
        event_key = f"g{game.id}:grant:{key or wall_time.now().isoformat()}:{by}"
        if session.scalar(select(ClockEvent.id).where(ClockEvent.key == event_key)):
            return t.gettext("That was done already.")
        session.add(ClockEvent(game_id=game.id, key=event_key, kind="grant", seat=seat.position, turn=clock.turn,
                               detail=f"{seconds}s by seat {by}"))
        amount = timedelta(seconds=seconds)
        if clock.paused_at is not None and not clock.paused_left:
            # stopped because time ran out (the pause policy): more time starts it again
            clock.paused_at = clock.paused_left = None
            clock.due = clock.deadline = wall_time.now() + amount
        elif clock.paused_at is not None:
            clock.paused_left += seconds
        else:
            clock.due, clock.deadline = as_utc(clock.due) + amount, as_utc(clock.deadline) + amount
        for other in game.seats:
            if other.position != giver.position and changes.wants_mail(other):
                r = translator(other.language)
                facts = {"giver": giver.name, "name": seat.name, "time": duration_text(seconds, r)}
                gave = (r.gettext("%(giver)s gave you %(time)s more for this turn.", **facts) if other is seat
                        else r.gettext("%(giver)s gave %(name)s %(time)s more for this turn.", **facts))
                what = (r.gettext("%(giver)s gave themselves more time", **facts) if seat.position == giver.position
                        else r.gettext("%(giver)s gave %(name)s more time", **facts))
                _add_mail(session, work, game_mail(svc, game, other, kind="grant", key=event_key, what=what,
                                                   text=f"{gave} {_deadline_sentence(game, other, r)}"))
        time = duration_text(seconds, t)
        received = (t.gettext("You now have %(time)s more.", time=time) if seat is giver
                    else t.gettext("%(name)s now has %(time)s more.", name=seat.name, time=time))
        answer = f"{received} {_deadline_sentence(game, giver, t)}"
    return answer


def _deadline_sentence(game: Game, reader: Seat, t: Translator) -> str:
    clock = game.clock
    if clock.paused_at is not None:
        return t.gettext("The clock is stopped with %(time)s left.", time=duration_text(clock.paused_left or 0, t))
    return t.gettext("The deadline is now %(moment)s.", moment=local_text(clock.deadline, _zone(reader), t))


def pause(svc: Services, game_id: int, by: int) -> str:
    """The host stops the clock (the game goes on: moves are still taken)."""
    return _pause_or_resume(svc, game_id, by, stop=True)


def resume(svc: Services, game_id: int, by: int) -> str:
    """The host starts the clock again: the turn gets the time it had when
    paused (a turn paused by a timeout gets a fresh turn time)."""
    return _pause_or_resume(svc, game_id, by, stop=False)


def _pause_or_resume(svc: Services, game_id: int, by: int, *, stop: bool) -> str:
    with dispatching.unit_of_work(svc) as (session, work):
        game = lookup.lock_game(session, game_id)
        host = lookup.seat_of(game, by)
        t = translator(host.language)
        clock = _running_clock(game)
        if clock.host != by:
            raise InvalidInput(N_("Only the host can pause or resume the clock."))
        now = wall_time.now()
        if stop == (clock.paused_at is not None):
            return t.gettext("The clock is already stopped.") if stop else t.gettext("The clock is already running.")
        seat = None
        if stop:
            left = (as_utc(clock.deadline) - now).total_seconds() if clock.deadline else clock.per_turn
            clock.paused_at, clock.paused_left = now, int(max(0, left))
            clock.due = clock.deadline = None
            answer = t.gettext("The clock is stopped.")
        else:
            left = clock.paused_left or clock.per_turn
            clock.paused_at, clock.paused_left = None, None
            seat = clocks.timed_seat(game)
            if seat is not None:
                bank = seat.clock.bank_left
                clock.deadline = now + timedelta(seconds=left)
                clock.due = clock.deadline - timedelta(seconds=min(bank, left))
                clocks.count_leave(game, now)
            answer = t.gettext("The clock runs again.")
            if seat is not None:
                answer = f"{answer} {_deadline_sentence(game, host, t)}"
        session.add(ClockEvent(game_id=game.id, key=f"g{game.id}:{'pause' if stop else 'resume'}:{now.isoformat()}",
                               kind="pause" if stop else "resume", seat=by, turn=clock.turn))

        def text(r: Translator) -> str:
            if stop:
                return r.gettext("%(host)s, the host, stopped the clock. Moves are still taken; no deadline runs "
                                 "until it resumes.", host=host.name)
            started = r.gettext("%(host)s, the host, started the clock again.", host=host.name)
            if seat is None:
                return started
            return f"{started} " + r.gettext("%(name)s has %(time)s for this turn.", name=seat.name,
                                             time=duration_text(left, r))

        tell_others(session, svc, game, host, kind="clock", text=text, key=f"clock:{game.id}:{now.isoformat()}",
                    what=lambda r: r.gettext("the clock is stopped") if stop else r.gettext("the clock runs"),
                    work=work)
    return answer


def _running_clock(game: Game) -> GameClock:
    if not clocks.is_running(game):
        raise InvalidInput(N_("This game has no clock."))
    if game.status != "active":
        raise InvalidInput(N_("The clock runs only while the game is being played."))
    return game.clock


def set_time_zone(svc: Services, game_id: int, position: int, name: str) -> str:
    """A farmer's time zone for deadlines (``time zone Europe/Berlin``)."""
    try:
        name = clocks.check_zone(name.strip())
    except Refused as error:
        raise InvalidInput(error.sentence) from None
    with svc.db.transaction() as session:
        seat = lookup.seat_of(lookup.lock_game(session, game_id), position)
        if seat.clock is None:
            raise NotFound(N_("This game has no clock."))
        seat.clock.time_zone = name
        t = translator(seat.language)
    return t.gettext("Deadlines are shown in %(zone)s from now on.", zone=name)


def guess_time_zone(svc: Services, game_id: int, position: int, date: datetime | None) -> None:
    """First guess at a farmer's time zone: the offset of their mail's Date
    header, if they have not chosen one."""
    offset = clocks.zone_of_date_header(date)
    try:
        if offset is None or clocks.check_zone(offset) != offset:
            return
    except ValueError:  # a Date header's offset that exists nowhere: no guess
        return
    with svc.db.transaction() as session:
        seat = lookup.seat_of(lookup.load_game(session, game_id), position)
        if seat.clock is not None and seat.clock.time_zone is None:
            seat.clock.time_zone = offset
