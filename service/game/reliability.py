"""A farmer's record on the clock (docs/ratings.md, "Reliability"): of the
turns a clock timed for them, how many they answered before the deadline;
their timeouts; their resignations. Read from what the clock and the move
log already keep, per address, over every game (finished or not) of two
farmers or more: nobody waits for a farmer playing alone.

* A timed turn is a turn of the farmer in a game with a clock: a run of
  their own moves in the log (by link, mail or web), or a timeout (the
  clock's ``timeout`` event: the bot played it, or the clock stopped).
* A timeout whose event says the farmer's mail bounced is not counted: they
  may never have heard it was their turn (docs/clocks.md).
* A seat handed to a substitute counts from the hand-over on: what was
  played before was someone else's.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.storage.models import ClockEvent, Game, GameClock, MoveLogEntry, Seat, as_utc

#: the sources of a move the farmer made themselves
OWN = ("link", "mail", "web")
#: the detail of a timeout that is not held against the farmer (service/usecases/clock_actions.py)
UNREACHABLE = "unreachable"


@dataclass(frozen=True)
class Reliability:
    address: str
    #: timed turns answered before the deadline
    in_time: int = 0
    timeouts: int = 0
    resignations: int = 0

    @property
    def turns(self) -> int:
        return self.in_time + self.timeouts

    @property
    def share(self) -> int | None:
        """Per cent of timed turns answered in time (rounded down: 99.6 % is not 100 %); None: no timed turn yet."""
        return self.in_time * 100 // self.turns if self.turns else None

    def text(self, language: str | None = None) -> str:
        """"answered 96 % of 50 timed turns in time; 2 timeouts; no resignation", in ``language``."""
        from boards.i18n import translator

        t = translator(language)
        if self.share is None:
            turns = t.gettext("no timed turn yet")
        else:
            turns = t.gettext("answered %(share)s %% of %(turns)s in time", share=self.share,
                              turns=t.ngettext("%(n)s timed turn", "%(n)s timed turns", self.turns))
        timeouts = (t.gettext("no timeout") if not self.timeouts
                    else t.ngettext("%(n)s timeout", "%(n)s timeouts", self.timeouts))
        resignations = (t.gettext("no resignation") if not self.resignations
                        else t.ngettext("%(n)s resignation", "%(n)s resignations", self.resignations))
        return "; ".join([turns, timeouts, resignations])

    def meets(self, minimum: int | None) -> bool:
        """Whether the record meets a host's minimum share. A farmer with no
        timed turn yet meets it: no record is not a bad record."""
        return minimum is None or self.share is None or self.share >= minimum


def reliability_of(session: Session, addresses: list[str]) -> dict[str, Reliability]:
    """The record of each address (lower-cased), in three queries whatever their number."""
    wanted = sorted({a.strip().lower() for a in addresses if a})
    if not wanted:
        return {}
    seats = session.execute(
        select(Seat.game_id, Seat.position, func.lower(Seat.email), Seat.resigned, GameClock.per_turn)
        .join(Game, Game.id == Seat.game_id).outerjoin(GameClock, GameClock.game_id == Seat.game_id)
        .where(func.lower(Seat.email).in_(wanted))).all()
    games = {game_id for game_id, *_ in seats}
    shared = set(session.scalars(select(Seat.game_id).where(Seat.game_id.in_(games)).group_by(Seat.game_id)
                                 .having(func.count() > 1)))
    seats = [row for row in seats if row[0] in shared]
    owner = {(game_id, position): address for game_id, position, address, _, _ in seats}
    timed = {game_id for game_id, _, _, _, per_turn in seats if per_turn is not None}
    handed: dict[tuple[int, int], datetime] = {}
    timeouts: dict[tuple[int, int], list[tuple[datetime, str | None]]] = {}
    for game_id, seat, kind, created, detail in session.execute(
            select(ClockEvent.game_id, ClockEvent.seat, ClockEvent.kind, ClockEvent.created_at, ClockEvent.detail)
            .where(ClockEvent.game_id.in_(timed), ClockEvent.kind.in_(("substitute", "timeout")))
            .order_by(ClockEvent.id)):
        if kind == "substitute":
            handed[game_id, seat] = as_utc(created)
        else:
            timeouts.setdefault((game_id, seat), []).append((as_utc(created), detail))
    in_time: dict[str, int] = {}
    previous: tuple[int, int] | None = None
    for game_id, seat, source, created in session.execute(
            select(MoveLogEntry.game_id, MoveLogEntry.seat, MoveLogEntry.source, MoveLogEntry.created_at)
            .where(MoveLogEntry.game_id.in_(timed), MoveLogEntry.undone.is_(False))
            .order_by(MoveLogEntry.game_id, MoveLogEntry.seq)):
        starts_turn = previous != (game_id, seat)
        previous = (game_id, seat)
        address = owner.get((game_id, seat))
        if not starts_turn or address is None or source not in OWN or _before_hand_over(handed, game_id, seat,
                                                                                         created):
            continue
        in_time[address] = in_time.get(address, 0) + 1
    late: dict[str, int] = {}
    for (game_id, seat), events in timeouts.items():
        address = owner.get((game_id, seat))
        if address is None:
            continue
        held = [1 for created, detail in events
                if not (detail or "").startswith(UNREACHABLE) and not _before_hand_over(handed, game_id, seat, created)]
        late[address] = late.get(address, 0) + len(held)
    resigned: dict[str, int] = {}
    for _, _, address, was_resigned, _ in seats:
        resigned[address] = resigned.get(address, 0) + bool(was_resigned)
    return {a: Reliability(a, in_time.get(a, 0), late.get(a, 0), resigned.get(a, 0)) for a in wanted}


def _before_hand_over(handed: dict, game_id: int, seat: int, moment: datetime) -> bool:
    since = handed.get((game_id, seat))
    return since is not None and as_utc(moment) < since


def reliability_one(session: Session, address: str) -> Reliability:
    return reliability_of(session, [address]).get(address.strip().lower(), Reliability(address.strip().lower()))
