"""Monospace grids: the plain-text board and the coloured cells of PDF boards."""

from service.boards.textgrid import (
    Seg,
    cell_lines,
    fit,
    grid,
    plain,
    print_block,
    runs,
    width_of,
)


def two_by_one():
    """A row of two cells: a blue tile and an empty place."""
    blue = cell_lines(["Bl Cow", "*Ca.co"], 8, 2, "blue")
    empty = cell_lines([], 8, 2)
    return grid(["a", "b"], [("1", [blue, empty])], width=8, label_width=3)


def test_a_grid_prints_column_names_then_each_row_with_its_label():
    assert plain(two_by_one()).split("\n") == [
        "       a        b",
        "1   Bl Cow",
        "    *Ca.co",
        "",
    ]


def test_each_coloured_cell_becomes_one_rectangle_over_exactly_its_characters():
    lines = two_by_one()
    [(column, line, width, height, colour)] = runs(lines)
    assert (column, line, width, height, colour) == (4, 1, 8, 2, "blue")
    text = plain(lines).splitlines()
    assert text[1][column:column + width].rstrip() == "Bl Cow"


def test_long_words_are_cut_with_a_mark_and_short_ones_padded():
    assert fit("Greenhouse", 8) == "Greenho~"
    assert fit("Barn", 8) == "Barn    "


def test_print_block_sizes_the_grid_to_its_column_and_draws_cells_behind_the_text():
    lines = two_by_one()
    html = str(print_block(lines, width_pt=50))
    assert html.startswith('<pre class="pb-grid" style="font-size: ')
    size = float(html.split("font-size: ")[1].split("em")[0])
    assert abs(size * 10 * 0.602 * width_of(lines) - 50) < 0.5  # exactly fills 50 pt at the 10 pt root
    assert "data:image/svg+xml" in html and "%23c7def0" in html  # the blue tile's fill
    assert "Bl Cow" in html


def test_cells_of_the_same_colour_on_different_rows_stay_separate_rectangles():
    blue = cell_lines(["x"], 3, 1, "blue")
    lines = grid(["a"], [("1", [blue]), ("2", [blue])], width=3, label_width=2)
    assert [(c, first, h) for c, first, _, h, _ in runs(lines)] == [(3, 1, 1), (3, 3, 1)]


def test_segments_without_colour_draw_nothing():
    assert runs([[Seg("plain text")]]) == []
