"""How the board in words is laid out on the end-game report's pages: what
sits beside what, and how large the farmers' grids print.

The arrangement is decided at the base size (printsize.py) from the
board's lines, and so is an estimate of how much of the page the board
fills; the PDF is then laid out at the root size that estimate calls for,
so most boards are laid out once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from boards.printsize import BASE_PT, SMALL_EM
from boards.textgrid import LINE_HEIGHT, MONO_ADVANCE, Line, pt_to_fit, width_of

#: width of a full-width and of a half column of a snapshot page, in points
FULL_PT, HALF_PT = 520, 250
#: the small text of a board at the base root size
BASE_SMALL_PT = BASE_PT * SMALL_EM
#: room the farmer's facts need to run beside their grid, in ems of small text
FACTS_BESIDE_EM = 20


@dataclass(frozen=True)
class GridFit:
    """How a farmer's grid prints in a column: its size in points and
    whether the farmer's facts run beside it or above it."""

    size_pt: float
    beside: bool


def fit_grid(lines: Sequence[Line], width_pt: float, grid_pt: float, scale: float = 1.0) -> GridFit:
    """A farmer's grid prints at ``grid_pt`` beside the farmer's facts if,
    at the base size, it leaves them :data:`FACTS_BESIDE_EM` of the column,
    otherwise across the column (facts above); smaller if it must.
    ``scale``: the grid's size over the small text (``GRID_SCALES``).

    The choice is made at the base size, so a board that grows or shrinks
    keeps the arrangement its page fill was estimated for. Beside its
    facts, a farmer takes the height of the taller of the two instead of
    the sum: what makes four farmers fit a page."""
    room = width_pt - FACTS_BESIDE_EM * BASE_SMALL_PT
    if pt_to_fit(lines, room) >= BASE_SMALL_PT * scale:
        return GridFit(min(grid_pt, pt_to_fit(lines, room)), True)
    return GridFit(min(grid_pt, pt_to_fit(lines, width_pt)), False)


def share_of_row(lines: Sequence[Line], size_pt: float, most: int = 56) -> int:
    """The percentage of a full-width row that the grid takes at
    ``size_pt`` (rounded up), at most ``most``: the top of a snapshot gives
    its first grid just that and the rest of the row to what stands beside
    it (a grid given less prints smaller)."""
    return min(most, int(MONO_ADVANCE * max(width_of(lines), 1) * size_pt * 100 / FULL_PT) + 2)


def farmer_print_height(lines: Sequence[Line], width_pt: float, fact_lines: int, grid_scale: float = 1.0) -> float:
    """About how tall a farmer prints at the base size in a column
    ``width_pt`` wide, in points: a title, ``fact_lines`` lines of facts
    (as they wrap across a full-width column) and the grid at
    ``grid_scale`` times the small text; beside the grid, the facts wrap
    into almost twice as many lines."""
    small = BASE_SMALL_PT
    fit = fit_grid(lines, width_pt, small * grid_scale, grid_scale)
    grid = fit.size_pt * len(lines) * LINE_HEIGHT
    facts = fact_lines * small * 1.25
    if fit.beside:
        return small * 2.4 + max(grid, 1.8 * facts)
    return small * 2.9 + facts + grid


def line_pt(grid_scale: float = 1.0) -> float:
    """The height of a grid line at the base size, ``grid_scale`` times the small text."""
    return BASE_SMALL_PT * grid_scale * LINE_HEIGHT


def top_grid_scale(grid_scale: float) -> float:
    """The scale of the top part's grids when it is stacked: as the farmers'
    grids, short of dwarfing the text around them."""
    return min(grid_scale, TOP_GRID_SCALE)


def fits_half(lines: Sequence[Line]) -> bool:
    """Whether a farmer's grid prints in half a row at the base size."""
    return pt_to_fit(lines, HALF_PT) >= BASE_SMALL_PT


#: how much larger than the small text a sparse board may print its farmers' grids,
#: and the grids of its top part when it is stacked
GRID_SCALES = (1.0, 1.15, 1.3, 1.45, 1.6)
TOP_GRID_SCALE = 1.3


def print_fill(fill_at: Callable[[float, bool], float], aim: float) -> dict:
    """How a board prints: ``fill_at(scale, stacked)`` estimates how much of
    the page it fills at the base size with the farmers' grids ``scale``
    times the small text, and its top part side by side or, ``stacked``,
    each block across the page with its grid as large as the farmers' (up
    to :data:`TOP_GRID_SCALE`).
    A sparse board whose farmers' grids are already at the largest scale
    stacks its top part if that still fits ``aim`` with all grids at
    :data:`TOP_GRID_SCALE` or more, so the page is used.
    Returns the board's ``print_grid_scale``, ``print_top_stacked`` and
    estimated fill ``print_height``."""
    scale, fill = grid_scale_to_fill(lambda k: fill_at(k, False), aim)
    stacked = False
    if scale == GRID_SCALES[-1]:
        stacked_scale, stacked_fill = grid_scale_to_fill(lambda k: fill_at(k, True), aim)
        if fill < stacked_fill <= aim and stacked_scale >= TOP_GRID_SCALE:
            scale, fill, stacked = stacked_scale, stacked_fill, True
    return {"print_grid_scale": scale, "print_top_stacked": stacked, "print_height": fill}


def grid_scale_to_fill(fill_at: Callable[[float], float], aim: float) -> tuple[float, float]:
    """The largest of :data:`GRID_SCALES` at which the board is estimated
    to fill at most ``aim`` of the page (``fill_at(scale)``), and that
    estimate; the smallest scale if none does."""
    best = (GRID_SCALES[0], fill_at(GRID_SCALES[0]))
    for scale in GRID_SCALES[1:]:
        fill = fill_at(scale)
        if fill > aim:
            break
        best = (scale, fill)
    return best
