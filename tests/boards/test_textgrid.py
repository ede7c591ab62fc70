"""Monospace grids: the plain-text board and the coloured cells of PDF boards."""

from boards.textgrid import (
    MONO_ADVANCE,
    Seg,
    cell_lines,
    corner,
    fit,
    grid,
    plain,
    print_block,
    runs,
    score_table,
    width_of,
)


def two_by_one():
    """A row of two cells: a blue tile and an empty place."""
    blue = cell_lines(["Bl Cow", "*Ca.co"], 8, 2, "blue")
    empty = cell_lines([], 8, 2)
    return grid(["a", "b"], [("1", [blue, empty])], width=8, label_width=3, corner=corner("1", "a"))


def test_a_grid_prints_the_axes_and_column_names_then_each_row_with_its_label():
    assert plain(two_by_one()).split("\n") == [
        " a→    a        b",
        " 1↓",
        "1   Bl Cow",
        "    *Ca.co",
        "",
    ]


def test_every_grid_prints_the_convention_of_both_games_right_and_down():
    # Given the corner of a Sunfield Plot: x grows to the right, y downward
    lines = plain(grid(["-1", "0"], [("-1", [cell_lines(["x"], 3, 1)])], width=3, label_width=3, corner=corner("y", "x")))
    # Then the header names x with a right arrow and the line under it y with a down arrow
    header, axis = lines.split("\n")[:2]
    assert header.startswith(" x→") and axis == " y↓"


def test_each_coloured_cell_becomes_one_rectangle_over_exactly_its_characters():
    lines = two_by_one()
    [(column, line, width, height, colour)] = runs(lines)
    assert (column, line, width, height, colour) == (4, 2, 8, 2, "blue")
    text = plain(lines).splitlines()
    assert text[2][column:column + width].rstrip() == "Bl Cow"


def test_long_words_are_cut_with_a_mark_and_short_ones_padded():
    assert fit("Greenhouse", 8) == "Greenho~"
    assert fit("Barn", 8) == "Barn    "


def printed_size(html: str) -> float:
    return float(html.split("font-size: ")[1].split("pt")[0])


def test_print_block_prints_at_the_size_asked_when_the_grid_fits_its_column():
    html = str(print_block(two_by_one(), width_pt=500, size_pt=8.5))
    assert html.startswith('<pre class="pb-grid" style="font-size: ')
    assert printed_size(html) == 8.5
    assert "data:image/svg+xml" in html and "%23c7def0" in html  # the blue tile's fill
    assert "Bl Cow" in html


def test_print_block_shrinks_a_grid_too_wide_for_its_column_to_fill_it_exactly():
    lines = two_by_one()
    size = printed_size(str(print_block(lines, width_pt=50, size_pt=8.5)))
    assert size < 8.5
    assert abs(size * MONO_ADVANCE * width_of(lines) - 50) < 0.1


def test_rows_of_a_print_grid_without_blank_lines_keep_separate_rectangles():
    blue = cell_lines(["Bl Cow", "*Ca"], 6, 2, "blue")
    lines = grid(["a"], [("1", [blue]), ("2", [blue])], width=6, label_width=2, spaced=False, corner=corner("1", "a"))
    assert len(lines) == 5  # the axes with the column names, and two rows of two lines: no blank line
    assert plain(lines).split("\n")[0].startswith("1↓a→")
    assert [(first, height) for _, first, _, height, _ in runs(lines)] == [(1, 2), (3, 2)]


def test_cells_of_the_same_colour_on_different_rows_stay_separate_rectangles():
    blue = cell_lines(["x"], 3, 1, "blue")
    lines = grid(["a"], [("1", [blue]), ("2", [blue])], width=3, label_width=2, corner=corner("1", "a"))
    assert [(c, first, h) for c, first, _, h, _ in runs(lines)] == [(3, 2, 1), (3, 4, 1)]


def test_segments_without_colour_draw_nothing():
    assert runs([[Seg("plain text")]]) == []


def test_the_plain_text_score_sheet_has_a_column_per_farmer_headed_by_their_name():
    sheet = {"lines": [{"key": "clients", "label": "Clients", "points": [19, 4]},
                       {"key": "wheelbarrow", "label": "Wheelbarrow Vegetables (1 per 3)", "points": [2, 10]}],
             "total": [21, 14], "tiebreak": {"label": "Seeds", "values": [5, 0]}}
    assert score_table(sheet, ["Ann", "Bartholomew"]).split("\n") == [
        "                                  Ann  Bartholomew",
        "Clients                            19            4",
        "Wheelbarrow Vegetables (1 per 3)    2           10",
        "Total                              21           14",
        "Seeds (tie-break)                   5            0",
    ]
