"""The end-game PDF score report: ranking with the tie-break explained, every
score line, the score chart, the final boards, the move log, the game facts."""

from __future__ import annotations

import pytest

import boards
from engine import get_game
from tests.boards.conftest import inked_share, pdf_text, rasterise


@pytest.fixture(scope="module")
def reports():
    """One rendered report per sample case, shared by the tests below."""
    return {}


def rendered(sample, reports):
    key = (sample.game_name, sample.seats)
    if key not in reports:
        report = sample.report()
        reports[key] = (report, boards.report_pdf(sample.game_name, report))
    return reports[key]


def test_report_lists_every_farmer_every_score_line_and_every_total(sample, reports):
    report, data = rendered(sample, reports)
    _, text = pdf_text(data)
    sheet = report["score_sheet"]
    assert "Final ranking" in text and "Score sheet" in text
    for name in sample.names:
        assert name in text
    for line in sheet["lines"]:
        assert line["label"] in text
        assert " ".join(map(str, line["points"])) in text, line
    assert "Total " + " ".join(map(str, sheet["total"])) in text
    assert sheet["tiebreak"]["label"] in text
    for note in sheet.get("notes", []):
        assert note in text


def test_report_ranks_farmers_in_the_engines_order_and_explains_the_tie_break(sample, reports):
    report, data = rendered(sample, reports)
    _, text = pdf_text(data)
    ranking = report["ranking"]
    order = [sample.names[seat] for group in ranking for seat in group]
    ranking_text = text[text.index("Final ranking"):text.index("Score sheet")]
    positions = [ranking_text.index(f" {name} ") for name in order]
    assert positions == sorted(positions)
    assert "tie-break" in ranking_text


def test_report_has_the_move_log_the_chart_and_the_facts(sample, reports):
    report, data = rendered(sample, reports)
    pages, text = pdf_text(data)
    assert pages >= 2
    assert "Appendix: move log" in text and "Final boards" in text
    first, last = report["moves"][0], report["moves"][-1]
    assert f"{sample.names[first['seat']]}: {first['text']}" in text
    assert f"{sample.names[last['seat']]}: {last['text']}" in text
    assert "Score over the game" in text
    final_totals = report["score_sheet"]["total"]
    for seat, name in enumerate(sample.names):
        assert f"{name[:14]} {final_totals[seat]}" in text  # the chart labels each line's end
    assert f"Moves {len(report['moves'])}" in text and "Median time per move" in text


def test_report_pages_rasterise_with_ink_on_every_page(sample, reports):
    _, data = rendered(sample, reports)
    pages, _ = pdf_text(data)
    images = rasterise(data, resolution=20)
    assert len(images) == pages
    assert all(inked_share(image) > 0.002 for image in images)  # a short last page of the log is fine, a blank one is not


def test_a_tie_on_points_is_explained_with_the_tie_break_values():
    from tests.boards.conftest import game as sample_of

    sample = sample_of("sunfield", 2)
    report = sample.report()
    sheet = report["score_sheet"]
    tied = dict(sheet, total=[30, 30], tiebreak={"label": "Seeds", "values": [2, 5]})
    report = dict(report, score_sheet=tied, ranking=[[1], [0]])
    _, text = pdf_text(boards.report_pdf("sunfield", report))
    assert "Céline and Yoann tied on 30 points" in text or "Yoann and Céline tied on 30 points" in text
    assert "Seeds (Yoann 5, Céline 2)" in text
    assert get_game("sunfield").title in text


def test_a_report_without_rounds_times_or_moves_still_renders_and_says_so():
    from tests.boards.conftest import game as sample_of

    report = sample_of("sunfield", 2).report()
    bare = dict(report, rounds=[], moves=[], started_at=None, finished_at=None)
    del bare["title"]
    pages, text = pdf_text(boards.report_pdf("sunfield", bare))
    assert pages >= 2
    assert "No per-round scores were recorded for this game." in text
    assert "Moves 0" in text and "Started" not in text
    assert "Sunfield Farm — final report" in text


def test_every_numbered_page_of_the_report_counts_the_drawn_pages_too(sample, reports):
    """Given a report with the final boards drawn on pages of their own,
    then a page that says "page i of N" is the i-th of N pages."""
    import io
    import re

    from pypdf import PdfReader

    _, data = rendered(sample, reports)
    pages = PdfReader(io.BytesIO(data)).pages
    numbered = {}
    for index, page in enumerate(pages, start=1):
        found = re.search(r"page (\d+) of (\d+)", page.extract_text())
        if found:
            numbered[index] = (int(found[1]), int(found[2]))
    assert numbered and len(numbered) < len(pages)  # the drawn pages carry none
    assert all(said == (index, len(pages)) for index, said in numbered.items()), numbered


def test_joining_the_drawn_pages_logs_no_repeated_dictionary_keys(caplog):
    """Given cairo's drawn pages, which name a form once per paint in a
    page's resources, when the report joins them to its own pages, then
    pypdf finds every key once and logs no "Multiple definitions" line
    (35-180 of them a report flooded the worker's log)."""
    import logging

    from tests.boards.conftest import game as sample_of

    report = sample_of("sunfield", 2).report()
    with caplog.at_level(logging.DEBUG, logger="pypdf"):
        boards.report_pdf("sunfield", report)
    repeated = [r.getMessage() for r in caplog.records if "Multiple definitions" in r.getMessage()]
    assert repeated == []


def test_the_drawn_pdf_names_each_form_once_and_keeps_its_length():
    import re

    from boards.svg.pdfdraw import unrepeated_xobjects

    data = b"3 0 obj\n<<\n   /XObject << /x8 8 0 R /x12 12 0 R /x8 8 0 R /x12 12 0 R /x9 9 0 R >>\n>>\nendobj\n"
    fixed = unrepeated_xobjects(data)
    assert len(fixed) == len(data)  # the cross-reference table's offsets stay true
    names = re.findall(rb"/x\d+ \d+ 0 R", fixed)
    assert names == [b"/x8 8 0 R", b"/x12 12 0 R", b"/x9 9 0 R"]


def test_the_move_log_lists_every_move_in_order(sample, reports):
    report, data = rendered(sample, reports)
    _, text = pdf_text(data)
    log = text[text.index("Appendix: move log") :]
    at = 0
    for number, move in enumerate(report["moves"], start=1):
        line = f"{number}. {sample.names[move['seat']]}: {move['text']}"
        at = log.index(line, at) + len(line)


def test_a_long_move_log_fills_its_pages_without_overflowing_and_the_page_numbers_stay_true():
    """Given 500 moves, some too wide for a column, by a farmer of a long
    name, then the log takes exactly the pages move_log_pages laid out,
    every move is in it in order, and "page i of N" is true."""
    import io
    import re

    from pypdf import PdfReader

    from boards.report import move_log_pages
    from tests.boards.conftest import game as sample_of

    report = sample_of("sunfield", 2).report()
    names = ["Maximiliana Wolkenstein-Ober", "Bo"]
    moves = [{"seat": i % 2, "text": "exchange eggplant carrot broccoli corn " * (i % 3 + 1), "at": None}
             for i in range(500)]
    without_log, _ = pdf_text(boards.report_pdf("sunfield", dict(report, moves=[])))
    data = boards.report_pdf("sunfield", dict(report, names=names, moves=moves))
    pages, text = pdf_text(data)
    assert pages == without_log - 1 + len(move_log_pages(names, moves))  # the heading's page is the log's first
    log = text[text.index("Appendix: move log") :]
    at = 0
    for number, move in enumerate(moves, start=1):
        at = log.index(f"{number}. {names[move['seat']]}: exchange", at) + 1
    reader = PdfReader(io.BytesIO(data))
    for index, page in enumerate(reader.pages[-3:], start=pages - 2):
        assert re.search(rf"page {index} of {pages}\b", page.extract_text())
