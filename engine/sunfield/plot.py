"""Geometry of a farmer's Plot: a square grid of Field tiles keyed "x,y".

The convention of both games: x grows to the right, y grows downward (a
smaller y is higher up, as rows are numbered on a page). Two tiles are
adjacent when they share a side (no diagonals).
"""

from __future__ import annotations

from functools import lru_cache

from engine.sunfield import content as C

#: right, left, up, down (y grows downward)
_STEPS = ((1, 0), (-1, 0), (0, -1), (0, 1))


@lru_cache(maxsize=4096)
def neighbours(k: str) -> tuple[str, ...]:
    """The four cells sharing a side with cell ``k`` (cached: Plots are small
    and this is on the hot path of legal_moves)."""
    x, y = k.split(",")
    x, y = int(x), int(y)
    return tuple(f"{x + dx},{y + dy}" for dx, dy in _STEPS)


def free_spaces(tile: dict, veg: str) -> int:
    """Free ``veg`` spaces of a Vegetable-face tile."""
    if tile["pasture"]:
        return 0
    filled = tile["filled"]
    return sum(1 for index in SPACES[tile["tile"]].get(veg, ()) if not filled[index])


#: tile id -> Vegetable -> the indices of its spaces of that Vegetable
SPACES = {tile_id: {veg: tuple(i for i, space in enumerate(face.vegetables) if space == veg)
                    for veg in set(face.vegetables)} for tile_id, face in C.TILES.items()}


def open_positions(plot: dict, without: str | None = None) -> list[str]:
    """Empty grid cells adjacent to a tile of the Plot (ignoring ``without``),
    in a stable order: where a tile may be placed."""
    seen: dict[str, None] = {}
    if without is None:  # the common case, without the checks for ``without``
        for k in plot:
            for n in neighbours(k):
                if n not in plot:
                    seen[n] = None
        return list(seen)
    for k in plot:
        if k == without:
            continue
        for n in neighbours(k):
            if (n not in plot or n == without) and n not in seen:
                seen[n] = None
    return list(seen)


def is_connected(cells: set[str]) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def largest_rectangle(cells: set[tuple[int, int]]) -> int:
    """Area of the largest axis-aligned rectangle made only of ``cells``."""
    if not cells:
        return 0
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    best = 0
    heights = {x: 0 for x in range(min(xs), max(xs) + 1)}
    for y in range(min(ys), max(ys) + 1):
        for x in heights:
            heights[x] = heights[x] + 1 if (x, y) in cells else 0
        row = list(heights.values())
        for i in range(len(row)):
            low = row[i]
            for j in range(i, len(row)):
                low = min(low, row[j])
                if not low:
                    break
                best = max(best, low * (j - i + 1))
    return best


def empty_pastures(plot: dict) -> set[tuple[int, int]]:
    """The cells of the Pasture-face tiles without Animals."""
    cells = set()
    for k, t in plot.items():
        if t["pasture"] and not t["animal"]:
            x, y = k.split(",")
            cells.add((int(x), int(y)))
    return cells


def largest_empty_pasture(plot: dict) -> int:
    """Tiles in the largest rectangle of Pasture-face tiles without Animals."""
    return largest_rectangle(empty_pastures(plot))
