"""The type sizes of the board in words in the end-game report.

The board is laid out at a root size (every length of the board
stylesheets is in em); the farmers' facts, legends and grids are the
board's small text, 0.85 of the root. A sparse board prints its farmers'
grids larger (printlayout.GRID_SCALES), from the estimate of how much of a
page it fills (``print_height`` of the game's board module).
"""

from __future__ import annotations

#: the root size a board is laid out and estimated at
BASE_PT = 10.0
#: the board's small text, in em of the root
SMALL_EM = 0.85
#: a sparse board prints its farmers' grids larger until it is estimated
#: to fill FILL_AIM of a page (the estimate is within ~10%)
FILL_AIM = 0.95
#: the page height a board in words has, in points (A4 less the margins of page.css)
PAGE_PT = 737.0


def small_pt(root_pt: float) -> float:
    """The size of the small text at a root size."""
    return root_pt * SMALL_EM

