"""What the end-game report says, worked out from the report dict.

Kept apart from the templates so that the ranking explanation and the game
facts can be tested as plain data.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from datetime import datetime, timedelta


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass
class Place:
    place: int  # 1-based; farmers sharing a place have the same number
    seat: int
    name: str
    total: int
    tiebreak: int | None


def places(names: list[str], sheet: dict, ranking: list[list[int]]) -> list[Place]:
    """Farmers in final order with their shared place numbers (1, 1, 3)."""
    tiebreak = (sheet.get("tiebreak") or {}).get("values")
    out, place = [], 1
    for group in ranking:
        for seat in group:
            out.append(Place(place, seat, names[seat], sheet["total"][seat], tiebreak[seat] if tiebreak else None))
        place += len(group)
    return out


def tiebreak_explanations(names: list[str], sheet: dict, ranking: list[list[int]]) -> list[str]:
    """Sentences saying where the tie-break decided a place, or that it was not needed."""
    rule = sheet.get("tiebreak") or {}
    label = rule.get("label", "tie-break")
    values = rule.get("values")
    ranked = places(names, sheet, ranking)
    sentences = []
    by_total: dict[int, list[Place]] = {}
    for p in ranked:
        by_total.setdefault(p.total, []).append(p)
    for total, tied in by_total.items():
        if len(tied) < 2:
            continue
        who = _join([p.name for p in tied])
        if values is None:
            sentences.append(f"{who} tied on {total} points and share {ordinal(tied[0].place)} place.")
            continue
        figures = ", ".join(f"{p.name} {p.tiebreak}" for p in tied)
        shared = {p.place for p in tied}
        if len(shared) == 1:
            sentences.append(
                f"{who} tied on {total} points and on the tie-break ({label}: {figures}); "
                f"they share {ordinal(tied[0].place)} place."
            )
        else:
            order = "; ".join(
                f"{ordinal(place)} {_join([p.name for p in tied if p.place == place])}" for place in sorted(shared)
            )
            sentences.append(f"{who} tied on {total} points; the tie-break is {label} ({figures}), so: {order}.")
    if not sentences:
        sentences.append(f"No farmers tied on points, so the tie-break ({label}) was not needed.")
    return sentences


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def parse_time(value) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value))


def duration(delta: timedelta) -> str:
    """A span as a person says it: "3 d 4 h", "2 h 5 min", "40 s"."""
    seconds = int(delta.total_seconds())
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return f"{days} d {hours} h"
    if hours:
        return f"{hours} h {minutes} min"
    if minutes:
        return f"{minutes} min"
    return f"{secs} s"


def game_facts(report: dict) -> list[tuple[str, str]]:
    """(label, value) lines: dates, length, number of moves, time per move."""
    moves = report.get("moves", [])
    names = report["names"]
    started, finished = parse_time(report.get("started_at")), parse_time(report.get("finished_at"))
    facts = []
    if started:
        facts.append(("Started", started.strftime("%d %b %Y %H:%M UTC")))
    if finished:
        facts.append(("Finished", finished.strftime("%d %b %Y %H:%M UTC")))
    if started and finished:
        facts.append(("Length", duration(finished - started)))
    facts.append(("Moves", str(len(moves))))
    waits = _waits(moves, started)
    if waits:
        facts.append(("Median time per move", duration(statistics.median(w for _, w in waits))))
        averages = []
        for seat, name in enumerate(names):
            own = [w for s, w in waits if s == seat]
            if own:
                averages.append(f"{name} {duration(sum(own, timedelta()) / len(own))}")
        facts.append(("Average time per move", " · ".join(averages)))
    return facts


def _waits(moves: list[dict], started: datetime | None) -> list[tuple[int, timedelta]]:
    """(seat, time since the previous move or the start) for every timed move."""
    waits, previous = [], started
    for move in moves:
        at = parse_time(move.get("at"))
        if at is None:
            continue
        if previous is not None:
            waits.append((move["seat"], max(timedelta(), at - previous)))
        previous = at
    return waits
