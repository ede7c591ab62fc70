"""The geometry of a farm board: cells, shapes, what is free, what touches.

Cells are named like a spreadsheet: column letter then row number, ``b3``.
A shape is placed at an anchor (its top-left cell) in an orientation:
``h`` (lying, anchor and the cell to its right) or ``v`` (standing, anchor
and the cell below). Single-cell shapes have no orientation.
"""

from __future__ import annotations

from engine.harvest.content import COLUMNS, ROWS

CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, ROWS + 1) for c in COLUMNS)
CELL_SET = frozenset(CELLS)


def _neighbours(cell: str) -> tuple[str, ...]:
    col, row = COLUMNS.index(cell[0]), int(cell[1:])
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = col + dc, row + dr
        if 0 <= c < len(COLUMNS) and 1 <= r <= ROWS:
            out.append(f"{COLUMNS[c]}{r}")
    return tuple(out)


NEIGHBOURS: dict[str, tuple[str, ...]] = {cell: _neighbours(cell) for cell in CELLS}


def _domino(anchor: str, orientation: str) -> tuple[str, ...] | None:
    col, row = COLUMNS.index(anchor[0]), int(anchor[1:])
    if orientation == "h":
        return (anchor, f"{COLUMNS[col + 1]}{row}") if col + 1 < len(COLUMNS) else None
    return (anchor, f"{anchor[0]}{row + 1}") if row + 1 <= ROWS else None


#: (anchor, orientation) -> cells of every domino that fits on the board.
DOMINOES: dict[tuple[str, str], tuple[str, ...]] = {
    (cell, o): shape for cell in CELLS for o in ("h", "v") if (shape := _domino(cell, o))
}


def _block(anchor: str) -> tuple[str, ...] | None:
    col, row = COLUMNS.index(anchor[0]), int(anchor[1:])
    if col + 1 >= len(COLUMNS) or row + 1 > ROWS:
        return None
    right = COLUMNS[col + 1]
    return (anchor, f"{right}{row}", f"{anchor[0]}{row + 1}", f"{right}{row + 1}")


#: anchor -> the four cells of a 2x2 block (buildings).
BLOCKS: dict[str, tuple[str, ...]] = {cell: shape for cell in CELLS if (shape := _block(cell))}


def cell_sort_key(cell: str) -> tuple[int, int]:
    return int(cell[1:]), COLUMNS.index(cell[0])


def occupied(farm: dict) -> set[str]:
    """Cells covered by a Forest, a building or a crop tile."""
    taken = set(farm["forests"])
    for building in farm["buildings"]:
        taken.update(building["cells"])
    for tile in farm["crops"]:
        taken.update(tile["cells"])
    return taken


def touching(cells: tuple[str, ...] | list[str], other: tuple[str, ...] | list[str]) -> bool:
    """Whether some cell of ``cells`` is orthogonally adjacent to one of ``other``."""
    others = set(other)
    return any(n in others for cell in cells for n in NEIGHBOURS[cell])


def placements(shape: str, free: set[str]) -> list[tuple[str, str | None, tuple[str, ...]]]:
    """Every (anchor, orientation, cells) of ``shape`` that fits on ``free`` cells."""
    if shape == "single":
        return [(cell, None, (cell,)) for cell in CELLS if cell in free]
    return [(a, o, cells) for (a, o), cells in DOMINOES.items() if cells[0] in free and cells[1] in free]
