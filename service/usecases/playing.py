"""Playing: moves, undo and resign, whichever way they come in (link, mail,
web, bot), follow one pipeline. :func:`submit_move` writes a
:class:`MoveRequest` row and commits, and only then enqueues its id;
:func:`apply_move_request` takes the game under a lock, checks the version
the farmer saw, applies the move, appends the log, stores the snapshot and
writes the notifications, all in one transaction; the bots' moves that
answer it are applied in that transaction too, each in a savepoint of its
own (:func:`bots_answer`)."""

from __future__ import annotations

import logging
import time

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from boards.game_phrases import refusal
from boards.i18n import Translator, translator
from engine.core import MoveError
from mail.sentence import N_, both
from service.core.errors import InvalidInput, NotFound
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.core.wall_time import now
from service.game import clocks
from service.jobs.dispatching import enqueue, unit_of_work
from service.jobs.work import Work
from service.notify import changes
from service.storage.lookup import current_turn, live_log, lock_request, seat_of, turn_in_progress
from service.storage.models import Game, MoveLogEntry, MoveRequest, Seat
from service.storage.retries import count_failure, database_away, reason_of
from service.usecases import plans
from service.usecases.bot_turns import queue_bot

log = logging.getLogger(__name__)

SOURCES = ("link", "mail", "web", "bot", "plan")
ACTIONS = ("move", "undo", "resign")


def submit_move(svc: Services, game_id: int, position: int, codes: list[str], *, source: str,
                base_version: int | None, dedupe_key: str | None = None, action: str = "move") -> int:
    """Write a move request (the inbox), commit, then enqueue it. Returns its id.

    The same ``dedupe_key`` submitted twice (a double click, a mail delivered
    twice) gives the id of the first request and enqueues nothing new.
    """
    if source not in SOURCES or action not in ACTIONS:
        raise ValueError(f"bad source {source!r} or action {action!r}")
    if action == "move" and not codes:
        raise InvalidInput(N_("No move was given."))
    try:
        with svc.db.transaction() as session:
            if session.scalar(select(Seat.id).where(Seat.game_id == game_id, Seat.position == position)) is None:
                raise NotFound(N_("Game #%(game)s has no seat %(seat)s."), game=game_id, seat=position)
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
    (service/storage/retries.py); past the bound it is ``failed``, with the reason."""
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
            seat = session.scalar(select(Seat).where(Seat.game_id == request.game_id, Seat.position == request.seat))
            t = translator(seat.language if seat is not None else None)
            request.status, request.processed_at = "failed", now()
            request.result = t.gettext("This could not be applied because of a fault on our side; nothing was "
                                       "changed.")
        return request


def _apply_move_request(svc: Services, request_id: int) -> MoveRequest:
    with unit_of_work(svc) as (session, work):
        request, game = lock_request(session, request_id)
        apply_locked(session, svc, game, request, work)
        answered = bots_answer(session, svc, game, work)
        if answered and request.status == "applied":
            request.result = f"{request.result} {_then(game, answered, request.seat)}"
    return request


def _then(game: Game, positions: list[int], seat: int) -> str:
    """What the farmer's answer adds when bots played after their move, in
    the same transaction: the page they see next is already the board after
    the bots, and without this line the bots' turns would pass unseen."""
    t = translator(seat_of(game, seat).language)
    who = both(t, list(dict.fromkeys(seat_of(game, p).name for p in positions)))
    to_act = rules_for(game.kind).to_act(game.state)
    if to_act is None:
        return t.gettext("Then %(who)s played; the game is over.", who=who)
    if to_act == seat:
        return t.gettext("Then %(who)s played; it is your turn again.", who=who)
    if seat_of(game, to_act).bot is not None:  # past the bound: the rest of the bots' moves follow in a moment
        return t.gettext("Then %(who)s played; %(name)s plays on.", who=who, name=seat_of(game, to_act).name)
    return t.gettext("Then %(who)s played.", who=who)


#: the most bots' moves applied in the transaction of the move they answer:
#: three bots' turns of up to five steps each, so a farmer's answer
#: (:func:`_then`) finds her turn come back; the next goes in as a request of
#: its own (a game of bots holds its lock for a few turns at a time, not for
#: the whole game). A bot's move here is 2-3 ms of the lock.
BOTS_IN_ONE_TRANSACTION = 16


def bots_answer(session: Session, svc: Services, game: Game, work: Work) -> list[int]:
    """The moves of the bots to act after a move, applied under the lock
    that move holds, in its transaction: each bot's request (queued by
    :func:`queue_bot`, chosen from the seed and version as ever) is decided
    as its own task would, in a savepoint. A bot's move costs no lock,
    no reading of the game and no commit of its own, and the farmer's next
    turn mail is written with the farmer's move (a farmer and three bots:
    the next turn mail's row 50-90 ms sooner under load, bench/stack.py).
    A bot's move that fails is rolled back to its savepoint alone: the
    move it answers stands, and its request, still pending, goes to the
    queue for its own task (which counts the failure, service/storage/retries.py).
    Returns the seats of the bots' moves applied, in order."""
    played: list[int] = []
    for _ in range(BOTS_IN_ONE_TRANSACTION):
        bot = next((r for r in work.requests if r.source in ("bot", "plan") and r.game_id == game.id
                    and r.status == "pending"), None)
        if bot is None:
            return played
        mark = work.mark()
        try:
            with session.begin_nested():  # writes what is pending first: the bot's request stays if this fails
                apply_locked(session, svc, game, bot, work)
        except Exception as error:
            if database_away(error):
                raise
            work.back_to(mark)
            log.warning("bot move request #%s left to its own task: %s", bot.id, reason_of(error))
            return played
        work.requests.remove(bot)
        if bot.status == "applied":
            played.append(bot.seat)
    return played


def apply_locked(session: Session, svc: Services, game: Game, request: MoveRequest, work: Work) -> None:
    """Decide a pending request on the game its caller has locked (the one
    path every move takes, the clock's timeouts too); a processed one is left alone."""
    if request.status == "pending":
        status, result = _decide(session, svc, game, request, work)
        request.status, request.result, request.processed_at = status, result, now()
        if request.source == "mail":  # the farmer hears back by mail, whoever applied it
            changes.acknowledge(session, svc, game, seat_of(game, request.seat), request.action, status,
                               result, work)
        elif request.source == "plan" and status != "applied":  # the turn the plan took is the farmer's again
            planner = seat_of(game, request.seat)
            plans.tell(planner, translator(planner.language).gettext("Your plan could not be played: %(why)s",
                                                                     why=result))
            if rules_for(game.kind).to_act(game.state) == request.seat:
                changes.turn_mail(session, svc, game, seat_of(game, request.seat), work)


def _decide(session: Session, svc: Services, game: Game, request: MoveRequest, work: Work) -> tuple[str, str]:
    """Apply ``request`` to the locked ``game``; (status, answer for the
    farmer, in their language)."""
    rules = rules_for(game.kind)
    seat = seat_of(game, request.seat)
    t = translator(seat.language)
    if game.status == "inviting":
        return "rejected", t.gettext("The game has not started yet: not every farmer has joined.")
    if game.status != "active":
        return "rejected", t.gettext("This game is over.")
    if request.base_version is not None and request.base_version != game.version:
        return "stale", t.gettext("The board has moved on since this was sent.")
    if seat.resigned and request.source != "bot":
        return "rejected", t.gettext("You have resigned from this game.")
    if request.action == "resign":
        return _resign(session, svc, game, seat, work, t)
    to_act = rules.to_act(game.state)
    if to_act != seat.position:
        return "rejected", t.gettext("It is not your turn: %(name)s is to play.", name=seat_of(game, to_act).name)
    if request.action == "undo":
        return _undo(session, game, seat, t)

    state, steps = game.state, []
    for code in request.codes:
        if rules.to_act(state) != seat.position:
            return "rejected", t.gettext("Your turn ended before the last of these moves; nothing was applied.")
        try:
            move = rules.from_code(code)
            after = rules.apply(state, move)
        except MoveError as error:
            shown = _text_or_code(rules, code)
            return "rejected", t.gettext("“%(move)s”: %(why)s Nothing was applied.", move=shown, why=refusal(error, t))
        steps.append((state, move, after))
        state = after

    for before, move, after in steps:
        seq, game.next_seq = game.next_seq, game.next_seq + 1
        session.add(MoveLogEntry(
            game_id=game.id, seq=seq, seat=seat.position, code=rules.code(move), text=rules.text(move),
            description=rules.describe(before, move), source=request.source, request_id=request.id,
            revealed=rules.reveals_information(before, after),
        ))
    game.state = state
    game.version += 1
    texts = ", ".join(rules.text(m) for _, m, _ in steps)
    _after_change(session, svc, game, seat.position, to_act, work, source=request.source, request=request,
                  texts=texts)
    return "applied", t.gettext("Done: %(moves)s.", moves=texts)


def _text_or_code(rules, code: str) -> str:
    try:
        return rules.text(rules.from_code(code))
    except MoveError:
        return code


def _after_change(session: Session, svc: Services, game: Game, actor: int, before_to_act: int | None,
                  work: Work, source: str | None = None, request: MoveRequest | None = None,
                  texts: str = "") -> None:
    """Mails the change owes: the next farmer's turn mail when the seat to act
    changes, the end of game. A farmer who played by mail also hears back by
    mail: their turn goes on (a turn mail with the options left) or it passed
    (an account of what they did)."""
    rules = rules_for(game.kind)
    to_act = rules.to_act(game.state)
    if to_act is None:
        game.status = "over"
        clocks.follow_turn(game)
        log = live_log(session, game.id)
        changes.game_over(session, svc, game, log, current_turn(log), work)
        return
    clocks.follow_turn(game)  # before the mails: they say the new deadline
    if to_act != before_to_act:
        # the farmer to act has a plan: it plays their turn (in this
        # transaction, as a bot's would), and no turn mail is owed
        planned = plans.plan_turn(session, svc, game, work)
        # the turn just played is read only when the others' accounts tell it;
        # the mails to a farmer who played by mail read it when composed
        turn = turn_in_progress(session, game.id) if changes.accounts_owed(game, actor) else []
        changes.turn_changed(session, svc, game, actor, turn, work, planned=planned)
        if source == "mail":
            changes.played(session, svc, game, seat_of(game, actor), work, request=request, texts=texts)
    elif source in ("mail", "plan"):  # a plan that stopped mid-turn: the rest is the farmer's, by mail
        changes.turn_mail(session, svc, game, seat_of(game, actor), work, continued=True, so_far=True)
    queue_bot(session, game, work)


def _undo(session: Session, game: Game, seat: Seat, t: Translator) -> tuple[str, str]:
    """Take back the farmer's last move of the turn in progress, unless it
    revealed hidden information. The state is rebuilt by replaying the log."""
    rules = rules_for(game.kind)
    log = live_log(session, game.id)
    turn = current_turn(log)
    if not turn or turn[-1].seat != seat.position:
        return "rejected", t.gettext("There is nothing of yours to undo in this turn.")
    last = turn[-1]
    if last.revealed:
        return "rejected", t.gettext("“%(move)s” revealed something hidden, so it cannot be undone.", move=last.text)
    last.undone = True
    game.state = rules.replay(len(game.seats), game.options, game.seed, [e.code for e in log[:-1]])
    game.version += 1
    plans.drop_after_undo(session, game, last)
    return "applied", t.gettext("Undone: %(move)s.", move=last.text)


def _resign(session: Session, svc: Services, game: Game, seat: Seat, work: Work, t: Translator) -> tuple[str, str]:
    """The farmer leaves; the greedy bot plays their seat to the end so the
    others can finish the game."""
    if seat.resigned:
        return "rejected", t.gettext("You have already resigned.")
    seat.resigned = True
    seat.bot = "greedy"
    game.version += 1
    clocks.follow_turn(game)
    session.flush()
    changes.resigned(session, svc, game, seat, work)
    queue_bot(session, game, work)
    return "applied", t.gettext("You have resigned; a bot plays your seat to the end of the game.")


def wait_for(svc: Services, request_id: int, timeout: float) -> MoveRequest:
    """The request once processed, or as it is after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        with svc.db.transaction() as session:
            request = session.get(MoveRequest, request_id)
        if request.status != "pending" or time.monotonic() >= deadline:
            return request
        time.sleep(0.05)
