"""Duplicate farming's arithmetic (docs/leagues.md), from plain values: the
seat an entrant takes at a rotated table, and each entrant's score against
the field of those who played the same seat of the same seed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


def rotated_seat(arrival: int, table: int, seats: int) -> int:
    """The seat of the ``arrival``-th entrant of table ``table`` (both from 0):
    each table turns the seats by one, so the first to arrive at table 0 sits
    first, at table 1 second, and so on."""
    return (arrival + table) % seats


@dataclass(frozen=True)
class Played:
    entry: int
    seat: int
    score: int


@dataclass(frozen=True)
class Compared:
    entry: int
    seat: int
    score: int
    #: how many played this seat (the entrant included)
    field: int
    #: the field's mean score in this seat
    mean: float
    #: score minus the mean
    difference: float
    #: 2 for every other score in the seat beaten, 1 for every tie
    matchpoints: int
    #: matchpoints out of the most possible; None with nobody to compare with
    percent: float | None
    #: 1 is best; shared places get the same number
    place: int = 0


def compare(played: Sequence[Played]) -> list[Compared]:
    """Each score against its seat's field, best first (matchpoint percent,
    then difference to the mean; nobody to compare with counts as 50 %)."""
    by_seat: dict[int, list[int]] = {}
    for p in played:
        by_seat.setdefault(p.seat, []).append(p.score)
    out = []
    for p in played:
        field = by_seat[p.seat]
        mean = sum(field) / len(field)
        points = sum(2 if p.score > other else 1 if p.score == other else 0 for other in field) - 1
        percent = 100 * points / (2 * (len(field) - 1)) if len(field) > 1 else None
        out.append(Compared(p.entry, p.seat, p.score, len(field), mean, p.score - mean, points, percent))

    def key(c: Compared) -> tuple:
        return -(50.0 if c.percent is None else c.percent), -c.difference

    out.sort(key=key)
    placed, previous = [], None
    for index, c in enumerate(out):
        place = placed[-1].place if previous == key(c) else index + 1
        placed.append(Compared(**{**c.__dict__, "place": place}))
        previous = key(c)
    return placed


def best_in_seat(played: Sequence[Played]) -> dict[int, Played]:
    """The highest score of each seat (the first entrant on a tie): whose line is shown."""
    best: dict[int, Played] = {}
    for p in played:
        if p.seat not in best or p.score > best[p.seat].score:
            best[p.seat] = p
    return best
