"""The snapshot page's layout: what sits beside what, how large grids print."""

from boards.printlayout import FACTS_BESIDE_EM, GRID_SCALES, fit_grid, print_fill, share_of_row
from boards.textgrid import MONO_ADVANCE, cell_lines, corner, grid, width_of


def two_by_one():
    """A row of two cells: a blue tile and an empty place."""
    blue = cell_lines(["Bl Cow", "*Ca.co"], 8, 2, "blue")
    return grid(["a", "b"], [("1", [blue, cell_lines([], 8, 2)])], width=8, label_width=3, corner=corner("1", "a"))


def test_a_narrow_grid_prints_beside_the_farmers_facts_and_a_wide_one_across_the_row():
    narrow = two_by_one()  # 17 characters
    wide = grid([str(i) for i in range(10)], [("1", [cell_lines(["x"], 10, 1, "blue")] * 10)], 10, 3, corner=corner("1", "a"))
    assert fit_grid(narrow, 520, 8.5).beside and fit_grid(narrow, 520, 8.5).size_pt == 8.5
    across = fit_grid(wide, 520, 8.5)
    assert not across.beside
    assert across.size_pt * MONO_ADVANCE * width_of(wide) <= 520 + 0.01
    # beside means the facts keep their room
    assert 520 - 8.5 * MONO_ADVANCE * width_of(narrow) >= FACTS_BESIDE_EM * 8.5


def test_the_top_grid_takes_its_share_of_the_row_and_leaves_the_rest():
    lines = two_by_one()
    share = share_of_row(lines, 8.5)
    assert share * 520 / 100 >= 8.5 * MONO_ADVANCE * width_of(lines)
    assert share_of_row(lines * 1, 40.0) == 56  # never more than the most it may take


def test_a_crowded_board_keeps_its_grids_at_the_small_size_and_its_top_side_by_side():
    layout = print_fill(lambda scale, stacked: 1.2 * scale + (0.2 if stacked else 0), 0.95)
    assert layout == {"print_grid_scale": 1.0, "print_top_stacked": False, "print_height": 1.2}


def test_a_sparse_board_grows_its_grids_then_stacks_its_top_part_while_it_fits():
    def fill(scale, stacked):
        return 0.4 + 0.1 * scale + (0.2 if stacked else 0)

    layout = print_fill(fill, 0.95)
    assert layout["print_top_stacked"] and layout["print_grid_scale"] == GRID_SCALES[-1]
    assert layout["print_height"] == fill(GRID_SCALES[-1], True) <= 0.95


def test_a_board_that_cannot_stack_at_a_readable_grid_size_stays_side_by_side():
    def fill(scale, stacked):
        return 0.5 + 0.1 * scale + (0.35 if stacked else 0)  # stacked fits only at scale 1.0

    layout = print_fill(fill, 0.95)
    assert not layout["print_top_stacked"] and layout["print_grid_scale"] == GRID_SCALES[-1]
