"""Finding a game, its seats and its log inside a transaction: the lookups
every use case starts from."""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session, joinedload, selectinload

from mail.sentence import N_
from service.core.errors import NotFound
from service.storage.models import Game, MoveLogEntry, MoveRequest, Seat


def lock_game(session: Session, game_id: int) -> Game:
    """The game row, locked until the end of the transaction (PostgreSQL: FOR
    UPDATE; SQLite: the transaction already holds the write lock)."""
    game = session.execute(
        select(Game).where(Game.id == game_id).with_for_update().execution_options(populate_existing=True)
    ).scalar_one_or_none()
    if game is None:
        raise NotFound(N_("There is no game #%(game)s."), game=game_id)
    return game


def lock_request(session: Session, request_id: int) -> tuple[MoveRequest, Game]:
    """A move request and its game, the game row locked, its seats and
    clocks loaded with it, so deciding the move asks the database nothing more.

    On PostgreSQL the lock (FOR UPDATE OF games) is taken first and the rows
    are read after it, in a statement of their own: in READ COMMITTED, a
    statement that waited for a row lock sees the newest version of the
    locked row only, and the rows joined to it as they were when it began.
    A worker that waited while another applied the same request (delivered
    twice: the broker's redelivery after a worker died, and the sweeper's)
    read it still pending beside the game's new version and turned the
    applied move stale; one that waited for another request of the game
    would decide on the seats and clocks of before it. SQLite's transaction
    already holds the database's write lock (``BEGIN IMMEDIATE``): one statement."""
    if not _locked_before(session):
        game_id = session.execute(
            select(Game.id).join(MoveRequest, MoveRequest.game_id == Game.id).where(MoveRequest.id == request_id)
            .with_for_update(of=Game)
        ).scalar_one_or_none()
        if game_id is None:
            raise NotFound(f"There is no move request #{request_id}.")
    row = session.execute(
        select(MoveRequest, Game).join(Game, Game.id == MoveRequest.game_id).where(MoveRequest.id == request_id)
        .options(joinedload(Game.seats).joinedload(Seat.clock), joinedload(Game.clock))
        .execution_options(populate_existing=True)
    ).unique().one_or_none()
    if row is None:
        raise NotFound(N_("There is no move request #%(request)s."), request=request_id)
    return row[0], row[1]


def _locked_before(session: Session) -> bool:
    """Whether the transaction holds the write lock from its start (SQLite)."""
    return session.get_bind().dialect.name == "sqlite"


def load_game(session: Session, game_id: int) -> Game:
    """The game with its seats and clocks, in two statements: the game with
    its clock, then its seats with theirs (joining the seats to the game
    would send its state once per seat)."""
    game = session.execute(
        select(Game).where(Game.id == game_id)
        .options(selectinload(Game.seats).joinedload(Seat.clock), joinedload(Game.clock))
    ).scalar_one_or_none()
    if game is None:
        raise NotFound(N_("There is no game #%(game)s."), game=game_id)
    return game


def game_of_reply_key(session: Session, reply_key: str) -> Game | None:
    """The game with the seat whose reply address has ``reply_key``, its
    seats and clocks loaded with it in one statement, or None."""
    return session.execute(
        select(Game).where(Game.id == select(Seat.game_id).where(Seat.reply_key == reply_key).scalar_subquery())
        .options(joinedload(Game.seats).joinedload(Seat.clock), joinedload(Game.clock))
    ).unique().scalar_one_or_none()


def seat_of(game: Game, position: int) -> Seat:
    for seat in game.seats:
        if seat.position == position:
            return seat
    raise NotFound(N_("Game #%(game)s has no seat %(seat)s."), game=game.id, seat=position)


def live_log(session: Session, game_id: int) -> list[MoveLogEntry]:
    return list(session.scalars(
        select(MoveLogEntry).where(MoveLogEntry.game_id == game_id, MoveLogEntry.undone.is_(False))
        .order_by(MoveLogEntry.seq)
    ))


def turn_in_progress(session: Session, game_id: int) -> list[MoveLogEntry]:
    """The live entries of the turn in progress (or just ended), in one query
    that reads only them, not the whole log: those after the last live entry
    of another seat than the last live entry's."""
    last, other = MoveLogEntry.__table__.alias("last"), MoveLogEntry.__table__.alias("other")
    last_seat = (select(last.c.seat).where(last.c.game_id == game_id, last.c.undone.is_(False))
                 .order_by(last.c.seq.desc()).limit(1).scalar_subquery())
    before = (select(func.coalesce(func.max(other.c.seq), -1))
              .where(other.c.game_id == game_id, other.c.undone.is_(False), other.c.seat != last_seat)
              .scalar_subquery())
    return list(session.scalars(select(MoveLogEntry).where(
        MoveLogEntry.game_id == game_id, MoveLogEntry.undone.is_(False), MoveLogEntry.seq > before)
        .order_by(MoveLogEntry.seq)))


def current_turn(log: list[MoveLogEntry]) -> list[MoveLogEntry]:
    """The trailing run of log entries made by one seat: the turn in progress
    (or the turn just ended)."""
    run: list[MoveLogEntry] = []
    for entry in reversed(log):
        if run and entry.seat != run[0].seat:
            break
        run.insert(0, entry)
    return run
