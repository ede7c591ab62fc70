"""The end-game report explains the ranking and states the game facts."""

import itertools
from datetime import timedelta

from boards.chart import score_chart
from boards.report import (
    duration,
    game_facts,
    ordinal,
    places,
    tiebreak_explanations,
)

NAMES = ["Céline", "Yoann", "Floriane"]


def sheet(totals, seeds):
    return {"lines": [], "total": totals, "tiebreak": {"label": "Seeds", "values": seeds}}


def test_given_two_farmers_on_equal_points_when_one_has_more_seeds_then_the_report_says_who_and_why():
    s = sheet([43, 43, 30], [2, 5, 1])
    ranking = [[1], [0], [2]]
    assert [(p.place, p.name) for p in places(NAMES, s, ranking)] == [(1, "Yoann"), (2, "Céline"), (3, "Floriane")]
    [sentence] = tiebreak_explanations(NAMES, s, ranking)
    assert "Yoann and Céline tied on 43 points" in sentence
    assert "Seeds (Yoann 5, Céline 2)" in sentence
    assert "1st Yoann; 2nd Céline" in sentence


def test_given_a_tie_on_points_and_seeds_then_the_farmers_share_the_place_and_the_next_is_third():
    s = sheet([43, 43, 30], [5, 5, 1])
    ranking = [[0, 1], [2]]
    assert [p.place for p in places(NAMES, s, ranking)] == [1, 1, 3]
    [sentence] = tiebreak_explanations(NAMES, s, ranking)
    assert "share 1st place" in sentence


def test_given_no_tie_then_the_report_says_the_tie_break_was_not_needed():
    s = sheet([50, 43, 30], [0, 5, 1])
    assert tiebreak_explanations(NAMES, s, [[0], [1], [2]]) == [
        "No farmers tied on points, so the tie-break (Seeds) was not needed."
    ]


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]


def test_game_facts_give_dates_move_count_and_time_per_move_per_farmer():
    report = {
        "names": ["Ann", "Bob"],
        "started_at": "2026-11-20T09:00:00+00:00",
        "finished_at": "2026-11-21T11:00:00+00:00",
        "moves": [
            {"seat": 0, "text": "take a1", "at": "2026-11-20T10:00:00+00:00"},  # Ann: 1 h
            {"seat": 1, "text": "take b1", "at": "2026-11-20T13:00:00+00:00"},  # Bob: 3 h
            {"seat": 0, "text": "deliver 2", "at": "2026-11-20T14:00:00+00:00"},  # Ann: 1 h
            {"seat": 1, "text": "pass", "at": None},
        ],
    }
    facts = dict(game_facts(report))
    assert facts["Started"] == "20 Nov 2026 09:00 UTC"
    assert facts["Length"] == "1 d 2 h"
    assert facts["Moves"] == "4"
    assert facts["Median time per move"] == "1 h 0 min"
    assert facts["Average time per move"] == "Ann 1 h 0 min · Bob 3 h 0 min"


def test_durations_read_like_a_person_says_them():
    assert duration(timedelta(seconds=40)) == "40 s"
    assert duration(timedelta(minutes=5, seconds=3)) == "5 min"
    assert duration(timedelta(days=3, hours=4, minutes=9)) == "3 d 4 h"


def test_score_chart_draws_one_line_per_farmer_rising_with_the_score():
    rounds = [{"label": f"R{i}", "totals": [i * 10, i * 5]} for i in range(1, 5)]
    chart = score_chart(["Ann", "Bob"], rounds)
    ann, bob = chart.series
    assert [p[2] for p in ann.points] == [10, 20, 30, 40]
    ys = [p[1] for p in ann.points]
    assert ys == sorted(ys, reverse=True)  # higher score, higher on the page (smaller y)
    assert ann.style.marker != bob.style.marker and ann.style.dash != bob.style.dash
    assert [label for _, label in chart.x_ticks] == ["R1", "R2", "R3", "R4"]


def test_score_chart_keeps_names_apart_when_farmers_end_level():
    rounds = [{"label": "R1", "totals": [5, 5, 5]}]
    chart = score_chart(["A", "B", "C"], rounds)
    labels = sorted(s.label_y for s in chart.series)
    assert all(b - a >= 13 for a, b in itertools.pairwise(labels))


def test_chart_labels_are_short_enough_to_sit_under_their_tick():
    from boards.chart import short_label

    assert short_label("round 5 (last round)") == "R5"
    assert short_label("round 2 of 4") == "R2"
    assert short_label("setup: keeping Characters and Farmhouses") == "setup"
    assert short_label("End") == "End"
    assert short_label("Stage 12 of the harvest") == "Stage 12"
    assert len(short_label("a very long stage name")) <= 8


def test_the_move_log_reads_down_each_column_numbered_and_fills_a_page_before_the_next():
    from boards.report import LOG_COLUMNS, LOG_FIRST_ROWS, LOG_ROWS, move_log_pages

    moves = [{"seat": i % 3, "text": f"take b{i}"} for i in range(1, 501)]
    pages = move_log_pages(NAMES, moves)
    rows = [" ".join(row.split()) for page in pages for column in page for row in column]
    assert rows == [f"{i}. {NAMES[i % 3]}: take b{i}" for i in range(1, 501)]
    assert [len(column) for column in pages[0]] == [LOG_FIRST_ROWS] * LOG_COLUMNS
    assert all([len(column) for column in page] == [LOG_ROWS] * LOG_COLUMNS for page in pages[1:-1])
    last = [len(column) for column in pages[-1]]
    assert len(last) == LOG_COLUMNS and max(last) - min(last) <= 1  # shared out evenly
    assert rows[0].startswith("1. ") and pages[0][0][0].startswith("\u2007\u2007")  # numbers line up on the right


def test_a_move_log_line_too_wide_for_its_column_goes_on_indented_below_and_never_splits_across_columns():
    from boards.report import LOG_FIRST_ROWS, LOG_LINE_WIDTH_PT, LOG_TYPE_PT, move_log_pages, text_em

    names = ["Maximiliana Wolkenstein-Ober", "Bo"]
    moves = [{"seat": i % 2, "text": "exchange eggplant carrot broccoli corn " * (i % 3 + 1)} for i in range(300)]
    pages = move_log_pages(names, moves)
    for page in pages:
        for column in page:
            assert len(column) <= LOG_FIRST_ROWS or page is not pages[0]
            assert not column[0].startswith("\u2007" * 5)  # a column starts with a move, not its continuation
            assert all(text_em(row) <= LOG_LINE_WIDTH_PT / LOG_TYPE_PT for row in column)
    text = " ".join(" ".join(column) for page in pages for column in page).split()
    assert " ".join(text).count("Maximiliana Wolkenstein-Ober:") == 150
    assert " ".join(text).count("exchange eggplant carrot broccoli corn") == sum(i % 3 + 1 for i in range(300))


def test_a_short_move_log_shares_its_moves_out_over_three_columns_and_an_empty_one_has_no_page():
    from boards.report import move_log_pages

    assert move_log_pages(NAMES, []) == []
    [page] = move_log_pages(NAMES, [{"seat": 0, "text": "take a1"}] * 7)
    assert [len(column) for column in page] == [3, 3, 1]
