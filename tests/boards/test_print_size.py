"""The snapshot PDF prints its text at a size a farmer reads without a lens.

The snapshot is the drawn board, its panels packed as the report's: on as
few pages as the drawing's smallest text allows at 7.5 pt at least, never
smaller than that floor.
"""

from __future__ import annotations

import io

import pytest

import boards
from tests.boards.conftest import STAGES

#: no text of a snapshot prints smaller, in points
FLOOR_PT = 7.5


def smallest_text_pt(data: bytes) -> float:
    """The smallest font size any visible text of the PDF (on every page)
    is drawn at: the
    font size times the scale of the text and transformation matrices."""
    from pypdf import PdfReader

    sizes = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            sizes.append(size * (tm[2] ** 2 + tm[3] ** 2) ** 0.5 * (cm[2] ** 2 + cm[3] ** 2) ** 0.5)

    for page in PdfReader(io.BytesIO(data)).pages:
        page.extract_text(visitor_text=visit)
    return min(sizes)


@pytest.mark.parametrize("stage", STAGES)
def test_snapshot_text_never_prints_below_the_floor(sample, stage):
    meta = {"title": "Sunday game", "game_id": "g42", "version": 17, "names": sample.names}
    data = boards.snapshot_pdf(sample.game_name, sample.view(stage, 0), 0, meta)
    assert smallest_text_pt(data) >= FLOOR_PT - 0.01


def test_a_long_board_takes_more_pages_rather_than_smaller_text():
    from pypdf import PdfReader

    from tests.boards.conftest import game

    solo, crowded = game("harvest", 1), game("harvest", 4)
    pdfs = [boards.snapshot_pdf("harvest", s.view("middle", 0), 0,
                                {"title": "t", "game_id": "g", "version": 1, "names": s.names})
            for s in (solo, crowded)]
    pages = [len(PdfReader(io.BytesIO(data)).pages) for data in pdfs]
    assert pages[0] < pages[1]
    assert min(smallest_text_pt(data) for data in pdfs) >= FLOOR_PT - 0.01


def test_the_smallest_size_is_measured_from_the_drawn_text():
    from boards.htmlpdf import write_pdf

    data = write_pdf("<p style='font-size: 6pt'>tiny</p><p style='font-size: 12pt'>large</p>")
    assert abs(smallest_text_pt(data) - 6) < 0.01
