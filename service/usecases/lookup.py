"""Finding a game, its seats and its log inside a transaction: the lookups
every use case starts from."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from service.errors import NotFound
from service.models import Game, MoveLogEntry, Seat


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
