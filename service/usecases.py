"""The use cases: plain functions that the web views, the Celery tasks, the
command line and the tests all call.

Moves follow one pipeline whatever way they come in (link, mail, web, bot):
:func:`submit_move` writes a :class:`MoveRequest` row and commits, and only
then enqueues its id; :func:`apply_move_request` takes the game under a lock,
checks the version the farmer saw, applies the move, appends the log, stores
the snapshot and writes the notifications, all in one transaction.
"""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass
from email.utils import parseaddr

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from engine.bots import BOTS, make_bot
from engine.core import MoveError, Rng
from service import clocks, notify
from service.errors import InvalidInput, NotFound
from service.models import Game, Invitation, MoveLogEntry, MoveRequest, Seat, utcnow
from service.notify import Work
from service.retries import count_failure, database_away, reason_of
from service.rules import rules_for
from service.services import Services

log = logging.getLogger(__name__)

SOURCES = ("link", "mail", "web", "bot")
ACTIONS = ("move", "undo", "resign")
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+\Z")


@dataclass(frozen=True)
class FarmerSpec:
    """One seat as the host fills it in: a person (name, email) or a bot."""

    name: str
    email: str | None = None
    bot: str | None = None


@dataclass(frozen=True)
class CreatedGame:
    game_id: int
    #: the host's seat page (None when the host does not sit at the table)
    host_url: str | None


# --------------------------------------------------------------------------- helpers


def dispatch(svc: Services, work: Work) -> None:
    """Enqueue what a committed transaction produced."""
    for request_id in work.requests:
        enqueue(svc, "request", request_id)
    for mail_id in work.mails:
        enqueue(svc, "mail", mail_id)


def enqueue(svc: Services, kind: str, ident: int) -> None:
    """Hand an id to the queue. If the broker is away the row stays pending in
    the database and the beat sweeper enqueues it later: nothing is lost, and
    the farmer is not shown an error for it."""
    try:
        if kind == "request":
            svc.queue.enqueue_request(ident)
        else:
            svc.queue.enqueue_mail(ident)
    except Exception as error:  # any broker failure: the sweeper is the fallback
        log.warning("could not enqueue %s #%s (%s); the sweeper will pick it up", kind, ident, error)


def lock_game(session: Session, game_id: int) -> Game:
    """The game row, locked until the end of the transaction (PostgreSQL: FOR
    UPDATE; SQLite: the transaction already holds the write lock)."""
    game = session.execute(
        select(Game).where(Game.id == game_id).with_for_update().execution_options(populate_existing=True)
    ).scalar_one_or_none()
    if game is None:
        raise NotFound(f"There is no game #{game_id}.")
    return game


def load_game(session: Session, game_id: int) -> Game:
    game = session.execute(
        select(Game).where(Game.id == game_id)
        .options(selectinload(Game.seats).selectinload(Seat.clock), selectinload(Game.clock))
    ).scalar_one_or_none()
    if game is None:
        raise NotFound(f"There is no game #{game_id}.")
    return game


def seat_of(game: Game, position: int) -> Seat:
    for seat in game.seats:
        if seat.position == position:
            return seat
    raise NotFound(f"Game #{game.id} has no seat {position}.")


def live_log(session: Session, game_id: int) -> list[MoveLogEntry]:
    return list(session.scalars(
        select(MoveLogEntry).where(MoveLogEntry.game_id == game_id, MoveLogEntry.undone.is_(False))
        .order_by(MoveLogEntry.seq)
    ))


def current_turn(log: list[MoveLogEntry]) -> list[MoveLogEntry]:
    """The trailing run of log entries made by one seat: the turn in progress
    (or the turn just ended)."""
    run: list[MoveLogEntry] = []
    for entry in reversed(log):
        if run and entry.seat != run[0].seat:
            break
        run.insert(0, entry)
    return run


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def new_reply_key() -> str:
    return secrets.token_hex(10)  # lower-case hex: case-insensitive by construction


# --------------------------------------------------------------------------- creating and joining


def create_game(svc: Services, kind: str, farmers: list[FarmerSpec], *, options: dict | None = None,
                host: int | None = 0, seed: int | None = None, creation_key: str | None = None,
                clock: clocks.ClockSettings | None = None) -> CreatedGame:
    """Set up a game. The host's seat and bot seats are joined at once; every
    other farmer gets an invitation mail, and the game starts when all joined.

    ``creation_key`` names what asked for the game where it may ask twice
    (``inbound:<id>`` for a new@ mail processed again after a crash): the
    second call returns the game the first one made, and nothing is mailed again.
    ``clock``: the game's clock (docs/clocks.md); None: no clock."""
    if creation_key is not None:
        if len(creation_key) > 255:
            creation_key = "sha256:" + hashlib.sha256(creation_key.encode()).hexdigest()
        existing = _created_by(svc, creation_key, host)
        if existing is not None:
            return existing
    rules = rules_for(kind)
    if not rules.min_seats <= len(farmers) <= rules.max_seats:
        raise InvalidInput(f"{rules.title} is played by {rules.min_seats} to {rules.max_seats} farmers.")
    if host is not None and not 0 <= host < len(farmers):
        raise InvalidInput("The host must be one of the farmers.")
    for position, farmer in enumerate(farmers):
        check_farmer(farmer, is_host=position == host)
    try:
        options = rules.normalize_options(options)
    except ValueError as error:
        raise InvalidInput(str(error)) from None
    seed = secrets.randbits(62) if seed is None else seed
    try:
        state = rules.setup(len(farmers), options, seed)
    except ValueError as error:
        raise InvalidInput(str(error)) from None

    work = Work()
    try:
        created = _insert_game(svc, kind, farmers, options, host, seed, state, creation_key, clock, work)
    except IntegrityError:
        if creation_key is None:
            raise
        return _created_by(svc, creation_key, host)  # made a moment ago by the same ask
    dispatch(svc, work)
    return created


def _created_by(svc: Services, creation_key: str, host: int | None) -> CreatedGame | None:
    with svc.db.transaction() as session:
        game = session.scalar(select(Game).where(Game.creation_key == creation_key).options(selectinload(Game.seats)))
        if game is None:
            return None
        host_seat = seat_of(game, host) if host is not None else None
        return CreatedGame(game.id, svc.links.seat_url(game.id, host, host_seat.secret) if host_seat else None)


def _insert_game(svc: Services, kind: str, farmers: list[FarmerSpec], options: dict, host: int | None, seed: int,
                 state: dict, creation_key: str | None, clock: clocks.ClockSettings | None,
                 work: Work) -> CreatedGame:
    with svc.db.transaction() as session:
        game = Game(kind=kind, options=options, seed=seed, status="inviting", version=0, state=state,
                    creation_key=creation_key)
        session.add(game)
        now = utcnow()
        for position, farmer in enumerate(farmers):
            joined = position == host or farmer.bot is not None
            game.seats.append(Seat(
                position=position, name=farmer.name.strip(), email=(farmer.email or "").strip() or None,
                secret=new_secret(), reply_key=new_reply_key(), preferences=dict(notify.DEFAULT_PREFERENCES),
                bot=farmer.bot, joined_at=now if joined else None,
            ))
        session.flush()
        clocks.attach(game, clock or clocks.ClockSettings(), host)
        host_seat = game.seats[host] if host is not None else None
        for seat in game.seats:
            if seat.joined_at is None:
                session.add(Invitation(game_id=game.id, seat_id=seat.id, email=seat.email))
                notify.invite(session, svc, game, seat, host_seat, work)
        if all(seat.joined_at for seat in game.seats):
            _start(session, svc, game, work)
        host_url = svc.links.seat_url(game.id, host, host_seat.secret) if host_seat else None
        return CreatedGame(game.id, host_url)


def check_farmer(farmer: FarmerSpec, *, is_host: bool) -> None:
    name = (farmer.name or "").strip()
    if not name or len(name) > 80:
        raise InvalidInput("Every farmer needs a name (at most 80 characters).")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in name):
        raise InvalidInput(f"The name “{name.splitlines()[0]}…” has a line break or a control character; "
                           "names go into mail headers, so use letters, digits and punctuation only.")
    if farmer.bot is not None:
        if farmer.bot not in BOTS:
            raise InvalidInput(f"There is no bot called “{farmer.bot}”; choose one of {', '.join(BOTS)}.")
        return
    email = (farmer.email or "").strip()
    if email:
        check_address(email)
    elif not is_host:
        raise InvalidInput(f"{name} needs an email address to be invited.")


def check_address(email: str) -> None:
    """An address Farmpost can mail: one addr-spec, at most 254 characters
    (RFC 5321), no control characters, ASCII only for now. The outbox and the
    SMTP transport carry internationalised addresses where the server offers
    SMTPUTF8 (service/mail_transport.py); the notifications do not write them
    into a To header yet (mail.outgoing.addresses.format_address does), so
    until then such an address is refused here, clearly."""
    if len(email) > 254:
        raise InvalidInput(f"“{email[:40]}…” is longer than an email address can be (254 characters).")
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in email):
        raise InvalidInput("An email address cannot hold line breaks or control characters.")
    if not _EMAIL.match(email) or parseaddr(email)[1] != email:
        raise InvalidInput(f"“{email}” does not look like an email address.")
    if not email.isascii():
        raise InvalidInput(f"“{email}” has characters beyond ASCII; Farmpost cannot mail such an address yet. "
                           "Please give an address in plain ASCII letters.")


def join(svc: Services, game_id: int, position: int) -> str:
    """Accept an invitation (the caller has checked the join link). Returns the
    seat link. Joining twice is harmless."""
    work = Work()
    with svc.db.transaction() as session:
        game = lock_game(session, game_id)
        seat = seat_of(game, position)
        if seat.joined_at is None:
            seat.joined_at = utcnow()
            invitation = session.scalar(select(Invitation).where(Invitation.seat_id == seat.id))
            if invitation is not None:
                invitation.accepted_at = seat.joined_at
            if game.status == "inviting" and all(s.joined_at for s in game.seats):
                _start(session, svc, game, work)
            elif game.status == "active" and rules_for(game.kind).to_act(game.state) == seat.position:
                notify.turn_mail(session, svc, game, seat, [], work)  # a substitute joins on their turn
        url = svc.links.seat_url(game.id, seat.position, seat.secret)
    dispatch(svc, work)
    return url


def _start(session: Session, svc: Services, game: Game, work: Work) -> None:
    game.status = "active"
    clocks.follow_turn(game)
    notify.turn_changed(session, svc, game, None, [], work)
    _queue_bot(session, game, work)


# --------------------------------------------------------------------------- moves


def submit_move(svc: Services, game_id: int, position: int, codes: list[str], *, source: str,
                base_version: int | None, dedupe_key: str | None = None, action: str = "move") -> int:
    """Write a move request (the inbox), commit, then enqueue it. Returns its id.

    The same ``dedupe_key`` submitted twice (a double click, a mail delivered
    twice) gives the id of the first request and enqueues nothing new.
    """
    if source not in SOURCES or action not in ACTIONS:
        raise ValueError(f"bad source {source!r} or action {action!r}")
    if action == "move" and not codes:
        raise InvalidInput("No move was given.")
    try:
        with svc.db.transaction() as session:
            game = load_game(session, game_id)
            seat_of(game, position)
            request = MoveRequest(game_id=game_id, seat=position, action=action, codes=list(codes), source=source,
                                  base_version=base_version, dedupe_key=dedupe_key, status="pending")
            session.add(request)
            session.flush()
            request_id = request.id
    except IntegrityError:
        if dedupe_key is None:
            raise
        with svc.db.transaction() as session:
            return session.scalar(select(MoveRequest.id).where(MoveRequest.dedupe_key == dedupe_key))
    enqueue(svc, "request", request_id)
    return request_id


def apply_move_request(svc: Services, request_id: int) -> MoveRequest:
    """Apply a pending request under the game lock. Applying it again is a no-op.

    A request whose applying fails (anything but the database being away,
    which the task queue retries) counts a failed try and waits
    (service/retries.py); past the bound it is ``failed``, with the reason."""
    try:
        return _apply_move_request(svc, request_id)
    except NotFound:
        raise
    except Exception as error:
        if database_away(error):
            raise
        return _count_failed_try(svc, request_id, reason_of(error))


def _count_failed_try(svc: Services, request_id: int, reason: str) -> MoveRequest:
    with svc.db.transaction() as session:
        request = session.get(MoveRequest, request_id, with_for_update=True)
        if request.status != "pending":
            return request
        request.last_error = reason
        if count_failure(svc.config, request, reason, what=f"move request #{request_id}"):
            request.status, request.processed_at = "failed", utcnow()
            request.result = "This could not be applied because of a fault on our side; nothing was changed."
        return request


def _apply_move_request(svc: Services, request_id: int) -> MoveRequest:
    work = Work()
    with svc.db.transaction() as session:
        game_id = session.scalar(select(MoveRequest.game_id).where(MoveRequest.id == request_id))
        if game_id is None:
            raise NotFound(f"There is no move request #{request_id}.")
        game = lock_game(session, game_id)
        request = session.execute(
            select(MoveRequest).where(MoveRequest.id == request_id).execution_options(populate_existing=True)
        ).scalar_one()
        apply_locked(session, svc, game, request, work)
    dispatch(svc, work)
    return request


def apply_locked(session: Session, svc: Services, game: Game, request: MoveRequest, work: Work) -> None:
    """Decide a pending request on the game its caller has locked (the one
    path every move takes, the clock's timeouts too); a processed one is left alone."""
    if request.status == "pending":
        status, result = _decide(session, svc, game, request, work)
        request.status, request.result, request.processed_at = status, result, utcnow()
        if request.source == "mail":  # the farmer hears back by mail, whoever applied it
            notify.acknowledge(session, svc, game, seat_of(game, request.seat), request.action, status,
                               result, work)


def _decide(session: Session, svc: Services, game: Game, request: MoveRequest, work: Work) -> tuple[str, str]:
    """Apply ``request`` to the locked ``game``; (status, answer for the farmer)."""
    rules = rules_for(game.kind)
    seat = seat_of(game, request.seat)
    if game.status == "inviting":
        return "rejected", "The game has not started yet: not every farmer has joined."
    if game.status != "active":
        return "rejected", "This game is over."
    if request.base_version is not None and request.base_version != game.version:
        return "stale", "The board has moved on since this was sent."
    if seat.resigned and request.source != "bot":
        return "rejected", "You have resigned from this game."
    if request.action == "resign":
        return _resign(session, svc, game, seat, work)
    to_act = rules.to_act(game.state)
    if to_act != seat.position:
        return "rejected", f"It is not your turn: {seat_of(game, to_act).name} is to play."
    if request.action == "undo":
        return _undo(session, game, seat)

    state, steps = game.state, []
    for code in request.codes:
        if rules.to_act(state) != seat.position:
            return "rejected", "Your turn ended before the last of these moves; nothing was applied."
        try:
            move = rules.from_code(code)
            after = rules.apply(state, move)
        except MoveError as error:
            shown = _text_or_code(rules, code)
            return "rejected", f"“{shown}”: {error.reason} Nothing was applied."
        steps.append((state, move, after))
        state = after

    seq = session.scalar(select(MoveLogEntry.seq).where(MoveLogEntry.game_id == game.id)
                         .order_by(MoveLogEntry.seq.desc()).limit(1))
    seq = -1 if seq is None else seq
    for before, move, after in steps:
        seq += 1
        session.add(MoveLogEntry(
            game_id=game.id, seq=seq, seat=seat.position, code=rules.code(move), text=rules.text(move),
            description=rules.describe(before, move), source=request.source, request_id=request.id,
            revealed=rules.reveals_information(before, after),
        ))
    game.state = state
    game.version += 1
    session.flush()
    _after_change(session, svc, game, seat.position, to_act, work, source=request.source)
    texts = ", ".join(rules.text(m) for _, m, _ in steps)
    return "applied", f"Done: {texts}."


def _text_or_code(rules, code: str) -> str:
    try:
        return rules.text(rules.from_code(code))
    except MoveError:
        return code


def _after_change(session: Session, svc: Services, game: Game, actor: int, before_to_act: int | None,
                  work: Work, source: str | None = None) -> None:
    """Mails the change owes: the next farmer's turn mail when the seat to act
    changes, the end of game. A farmer who played by mail also hears back by
    mail: their turn goes on (a turn mail with the options left) or it passed
    (an account of what they did)."""
    rules = rules_for(game.kind)
    to_act = rules.to_act(game.state)
    log = live_log(session, game.id)
    turn = current_turn(log)
    if to_act is None:
        game.status = "over"
        clocks.follow_turn(game)
        notify.game_over(session, svc, game, log, turn, work)
        return
    clocks.follow_turn(game)  # before the mails: they say the new deadline
    if to_act != before_to_act:
        notify.turn_changed(session, svc, game, actor, turn, work)
        if source == "mail":
            notify.played(session, svc, game, seat_of(game, actor), turn, work)
    elif source == "mail":
        notify.turn_mail(session, svc, game, seat_of(game, actor), work, continued=True, steps=turn)
    _queue_bot(session, game, work)


def _queue_bot(session: Session, game: Game, work: Work) -> None:
    """If a bot is to act, its move goes in as a request like anyone's."""
    rules = rules_for(game.kind)
    to_act = rules.to_act(game.state)
    if to_act is None:
        return
    seat = seat_of(game, to_act)
    if seat.bot is None:
        return
    move = make_bot(seat.bot).choose(rules, game.state, Rng.from_seed(f"bot:{game.seed}:{game.version}"))
    request = MoveRequest(game_id=game.id, seat=to_act, action="move", codes=[rules.code(move)], source="bot",
                          base_version=game.version, dedupe_key=f"bot:{game.id}:{game.version}", status="pending")
    session.add(request)
    session.flush()
    work.requests.append(request.id)


def _undo(session: Session, game: Game, seat: Seat) -> tuple[str, str]:
    """Take back the farmer's last move of the turn in progress, unless it
    revealed hidden information. The state is rebuilt by replaying the log."""
    rules = rules_for(game.kind)
    log = live_log(session, game.id)
    turn = current_turn(log)
    if not turn or turn[-1].seat != seat.position:
        return "rejected", "There is nothing of yours to undo in this turn."
    last = turn[-1]
    if last.revealed:
        return "rejected", f"“{last.text}” revealed something hidden, so it cannot be undone."
    last.undone = True
    game.state = rules.replay(len(game.seats), game.options, game.seed, [e.code for e in log[:-1]])
    game.version += 1
    return "applied", f"Undone: {last.text}."


def _resign(session: Session, svc: Services, game: Game, seat: Seat, work: Work) -> tuple[str, str]:
    """The farmer leaves; the greedy bot plays their seat to the end so the
    others can finish the game."""
    if seat.resigned:
        return "rejected", "You have already resigned."
    seat.resigned = True
    seat.bot = "greedy"
    game.version += 1
    clocks.follow_turn(game)
    session.flush()
    notify.resigned(session, svc, game, seat, work)
    _queue_bot(session, game, work)
    return "applied", "You have resigned; a bot plays your seat to the end of the game."


def wait_for(svc: Services, request_id: int, timeout: float) -> MoveRequest:
    """The request once processed, or as it is after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        with svc.db.transaction() as session:
            request = session.get(MoveRequest, request_id)
        if request.status != "pending" or time.monotonic() >= deadline:
            return request
        time.sleep(0.05)


# --------------------------------------------------------------------------- seat links and preferences


def new_seat_link(svc: Services, game_id: int, position: int) -> tuple[str, bool]:
    """Replace the seat's secret and reply key: every older link and reply
    address of this farmer stops working. Returns (new seat link, mailed?)."""
    work = Work()
    with svc.db.transaction() as session:
        game = lock_game(session, game_id)
        seat = seat_of(game, position)
        seat.secret = new_secret()
        seat.reply_key = new_reply_key()
        session.flush()
        mailed = notify.new_link(session, svc, game, seat, work)
        url = svc.links.seat_url(game.id, seat.position, seat.secret)
    dispatch(svc, work)
    return url, mailed


def set_preferences(svc: Services, game_id: int, position: int, **changes: bool) -> dict:
    unknown = set(changes) - set(notify.DEFAULT_PREFERENCES)
    if unknown:
        raise InvalidInput(f"Unknown preference: {', '.join(sorted(unknown))}.")
    with svc.db.transaction() as session:
        seat = seat_of(lock_game(session, game_id), position)
        seat.preferences = {**notify.DEFAULT_PREFERENCES, **(seat.preferences or {}),
                            **{k: bool(v) for k, v in changes.items()}}
        seat.bouncing_since = None  # the farmer has looked at their mail settings
        return dict(seat.preferences)

