"""A league season's arithmetic (docs/leagues.md), from plain values: how
farmers split into divisions and tables, the points a table's ranking gives,
the order of standings, and promotion and relegation. Nothing here reads the
database or the clock."""

from __future__ import annotations

import random
from collections.abc import Sequence

#: the most farmers at one league table
TABLE = 4
#: points are kept in quarters: a win is worth 3 points at any table size
WIN = 12


def table_sizes(farmers: int) -> list[int]:
    """The fewest tables of at most four, as even as possible, largest first:
    8 -> [4, 4], 7 -> [4, 3], 6 -> [3, 3], 5 -> [3, 2], 9 -> [3, 3, 3]."""
    if farmers < 2:
        raise ValueError("A table needs at least two farmers.")
    tables = -(-farmers // TABLE)
    small, extra = divmod(farmers, tables)
    return [small + 1] * extra + [small] * (tables - extra)


def division_sizes(farmers: int, size: int) -> list[int]:
    """Divisions of ``size`` farmers, top first; the last takes what is left,
    and a last one of a single farmer joins the division above it."""
    if farmers < 2:
        raise ValueError("A season needs at least two farmers.")
    sizes = [size] * (farmers // size) + ([farmers % size] if farmers % size else [])
    if len(sizes) > 1 and sizes[-1] < 2:
        alone = sizes.pop()
        sizes[-1] += alone
    return sizes


def seatings(entries: Sequence[int], rounds: int, seed: str) -> list[list[list[int]]]:
    """Each round's tables of one division, the farmers by seat. The first
    round seats the division in standing order (the strongest meet); later
    rounds shuffle it (seeded, so a season made again is the same season)."""
    sizes = table_sizes(len(entries))
    out = []
    for number in range(rounds):
        order = list(entries)
        if number:
            random.Random(f"{seed}:{number}").shuffle(order)
        tables, start = [], 0
        for size in sizes:
            tables.append(order[start:start + size])
            start += size
        out.append(tables)
    return out


def table_quarters(ranking: Sequence[Sequence[int]]) -> dict[int, int]:
    """Quarter points for each seat from a table's ranking (groups share a
    place): 2 for each farmer beaten and 1 for each tie, scaled so that a
    win is 3 points at any table size. Four farmers: 3, 2, 1, 0 points;
    three: 3, 1.5, 0; two: 3, 0; two tied first of four: 2.5 each."""
    farmers = sum(len(group) for group in ranking)
    out, below = {}, farmers
    for group in ranking:
        below -= len(group)
        for seat in group:
            out[seat] = WIN * (2 * below + len(group) - 1) // (2 * (farmers - 1))
    return out


def points_text(quarters: int) -> str:
    """12 -> "3", 6 -> "1.5", 9 -> "2.25"."""
    return f"{quarters / 4:.2f}".rstrip("0").rstrip(".")


def standing_key(quarters: int, wins: int, score: int, before: int) -> tuple:
    """Standings: points, then first places, then the sum of game scores,
    then where the farmer stood before the season."""
    return -quarters, -wins, -score, before


def promoted_order(divisions: Sequence[Sequence[int]], movers: int) -> list[int]:
    """Everyone in the order the next season seats them: each division's
    standings, with the bottom ``movers`` of a division swapped for the top
    ``movers`` of the one below (at most half of either)."""
    divisions = [list(d) for d in divisions]
    for upper, lower in zip(divisions, divisions[1:], strict=False):
        count = min(movers, len(upper) // 2, len(lower) // 2)
        if count:
            upper[-count:], lower[:count] = lower[:count], upper[-count:]
    return [entry for division in divisions for entry in division]
