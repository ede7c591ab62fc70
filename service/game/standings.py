"""A farmer's record, per address: the finished games they played, how many
they won, their average score, overall and per game kind.

An address is the farmer (there are no accounts): every seat that holds it,
in every game, counts. Only finished games count. A win is first place,
shared or not: the engine ranks seats in groups, and a farmer in the first
group of a game of two or more farmers won it (a tie for first is a win for
each of them, as the final mail says "shared place"). A solo game (one
farmer) is played and scored but neither won nor lost, and a farmer who
resigned did not win, whatever the bot that finished their seat scored.
A solo game keeps a personal best per kind, with what the game's own scale
says of it (Harvest: Gairy's rating); ratings are kept apart
(:mod:`service.game.rating_store`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import func, select
from sqlalchemy.orm import Session, selectinload

from service.core.game_kinds import rules_for, title_of
from service.core.services import Services
from service.storage.models import Game, Seat


@dataclass
class Tally:
    """Finished games of one kind (or of all kinds): played, won, solo, points."""

    title: str
    played: int = 0
    won: int = 0
    #: games the farmer played alone (not counted as won)
    solo: int = 0
    points: int = 0
    #: the best score of a solo game, and what the game's own scale says of it ("Gairy's rating: Legendairy")
    best_solo: int | None = None
    best_solo_notes: list[str] = field(default_factory=list)

    @property
    def average(self) -> float | None:
        return round(self.points / self.played, 1) if self.played else None

    def add(self, *, won: bool, solo: bool, points: int) -> None:
        self.played += 1
        self.won += won
        self.solo += solo
        self.points += points


@dataclass
class Record:
    address: str
    total: Tally = field(default_factory=lambda: Tally("All games"))
    #: one tally per game kind, by title
    kinds: list[Tally] = field(default_factory=list)


def seats_of(session: Session, address: str) -> list[Seat]:
    """Every seat a farmer holds under ``address`` (case-insensitive), their
    games (with all seats) loaded, newest game first."""
    return list(session.scalars(
        select(Seat).join(Game).where(func.lower(Seat.email) == address.strip().lower())
        .options(selectinload(Seat.game).selectinload(Game.seats))
        .order_by(Game.created_at.desc(), Game.id.desc())
    ))


def tally(seats: list[Seat], address: str) -> Record:
    """The record of the finished games among ``seats``."""
    record = Record(address)
    by_kind: dict[str, Tally] = {}
    for seat in seats:
        game = seat.game
        if game.status != "over":
            continue
        rules = rules_for(game.kind)
        sheet = rules.score_sheet(game.state)
        points = sheet["total"][seat.position]
        solo = len(game.seats) == 1
        won = not solo and not seat.resigned and seat.position in rules.ranking(game.state)[0]
        kind = by_kind.setdefault(game.kind, Tally(title_of(game.kind)))
        for into in (record.total, kind):
            into.add(won=won, solo=solo, points=points)
        if solo and (kind.best_solo is None or points > kind.best_solo):
            kind.best_solo, kind.best_solo_notes = points, list(sheet.get("notes") or [])
    record.kinds = sorted(by_kind.values(), key=lambda t: t.title)
    return record


def record_of(svc: Services, address: str) -> Record:
    with svc.db.transaction() as session:
        return tally(seats_of(session, address), address.strip().lower())
