"""The type sizes of a PDF snapshot, and how far a crowded board may shrink.

A snapshot is laid out at a root size (every length of the board
stylesheets is in em); the farmers' facts, legends and grids are the
board's small text, 0.85 of the root. A sparse board prints its farmers'
grids larger (printlayout.GRID_SCALES). A crowded board first lowers the
root, then keeps its small text at :data:`FLOOR_PT` while headings and
spacing go on shrinking; only a board that fits no other way prints its
small text smaller, rather than on a second page.
"""

from __future__ import annotations

#: the root size a board is estimated at, the largest a sparse board grows
#: to and the smallest a crowded one shrinks to
BASE_PT, LARGEST_PT, SMALLEST_PT = 10.0, 12.0, 5.0
#: the board's small text, in em of the root
SMALL_EM = 0.85
#: small text never prints below this while the board can fit otherwise
FLOOR_PT = 7.5
#: the smallest root under the floor: lower, headings and spacing would
#: shrink for little gain, and the whole page shrinks instead
FLOORED_SMALLEST_PT = 6.5
#: a sparse board prints its farmers' grids larger, then its root, until it
#: is estimated to fill FILL_AIM of the page (the estimate is within ~10%);
#: a crowded one estimated to fill more than SHRINK_ABOVE starts at the root
#: that fills that much
FILL_AIM, SHRINK_ABOVE = 0.95, 0.97
#: the page height a snapshot's board has, in points (A4 less the margins of page.css)
PAGE_PT = 737.0


def small_pt(root_pt: float, floor: bool) -> float:
    """The size of the small text at a root size."""
    return max(root_pt * SMALL_EM, FLOOR_PT) if floor else root_pt * SMALL_EM


def needs_floor(root_pt: float) -> bool:
    return root_pt * SMALL_EM < FLOOR_PT - 0.001
