"""HTML to PDF with WeasyPrint, and the one-page guarantee for snapshots.

Costly things are done once per process: the font configuration (building it
scans the system fonts) and the parsed stylesheets (passed to WeasyPrint as
ready objects instead of ``<style>`` text that would be parsed again for
every PDF). The fonts are DejaVu (Debian's fonts-dejavu-core), named in the
stylesheets, so a PDF looks the same on every machine that runs Farmpost.
WeasyPrint needs Debian's libharfbuzz-subset0 to subset fonts quickly;
without it every PDF is 3-5x slower.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from functools import cache, lru_cache

from pypdf import PdfReader, PdfWriter
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from boards import printsize
from boards.printsize import BASE_PT, FILL_AIM, FLOORED_SMALLEST_PT, LARGEST_PT, SHRINK_ABOVE, SMALLEST_PT
from boards.templating import TEMPLATES

#: small text held at the floor while the root shrinks (see printsize.py)
FLOOR = (f".pb p, .pdf-head .pdf-meta, .pb .pb-private {{ font-size: {printsize.FLOOR_PT}pt !important; }} "
         f".pb h3 {{ font-size: {printsize.FLOOR_PT + 0.5}pt !important; }} "
         f".pb h2 {{ font-size: {printsize.FLOOR_PT + 1.5}pt !important; }}")



#: stylesheets of each kind of PDF, from templates/pdf/
SNAPSHOT = ("page.css", "print.css")
REPORT = ("page.css", "report.css", "print.css")


@lru_cache(maxsize=1)
def fonts() -> FontConfiguration:
    return FontConfiguration()


@cache
def _sheet(name: str) -> CSS:
    if name in (FLOOR,) or name.startswith("html {"):
        text = name
    else:
        text = (TEMPLATES / "pdf" / name).read_text(encoding="utf-8")
    return CSS(string=text, font_config=fonts())


def _sheets(names: tuple[str, ...], root_size: str | None, floor: bool = False) -> list[CSS]:
    extra = (f"html {{ font-size: {root_size}; }}",) if root_size else ()
    return [_sheet(n) for n in names + extra + ((FLOOR,) if floor else ())]


def write_pdf(html: str, stylesheets: tuple[str, ...] = (), root_pt: float | None = None,
              insert: tuple[str, bytes] | None = None) -> bytes:
    """A PDF of ``html`` (any number of pages); ``root_pt``: the root font
    size the layout is drawn for (boards: :data:`BASE_PT`). ``insert``:
    ``(anchor id, pdf)``: that PDF's pages go before the page holding the
    element of that id (the drawn board in the report)."""
    document = _document(html, stylesheets, f"{root_pt}pt" if root_pt else None)
    data = document.write_pdf()
    if insert is None:
        return data
    anchor, pages = insert
    at = next((i for i, page in enumerate(document.pages) if anchor in page.anchors), len(document.pages))
    return join_pdfs([(data, 0, at), (pages, 0, None), (data, at, None)])


def join_pdfs(parts: list[tuple[bytes, int, int | None]]) -> bytes:
    """One PDF of page ranges ``(pdf, first, end)`` of other PDFs, in order."""
    writer = PdfWriter()
    for data, first, end in parts:
        reader = PdfReader(io.BytesIO(data))
        for page in reader.pages[first:end]:
            writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def write_one_page_pdf(html_at: Callable[[float, float], str], stylesheets: tuple[str, ...],
                       expected_fill: float | None = None) -> bytes:
    """A one-page PDF of the HTML that ``html_at(root_pt, small_pt)`` gives
    for a root size and a size of small text (grids are sized in points
    for them), at the size that fills the page.

    A board with four farmers at the end of a long game is much larger than
    one at the start: it shrinks rather than print a second page a farmer
    might never open; a sparse one grows up to :data:`LARGEST_PT`.
    ``expected_fill`` (how much of the page the board
    fills at :data:`BASE_PT`, if the caller can tell) sets the first try;
    each try is a full layout, so the next size is worked out from how far
    the last one overflowed (the layout scales with the root size) instead
    of stepping down a ladder. Under the floor of small text
    (:mod:`printsize`), headings and spacing shrink on alone; if even that
    overflows at :data:`FLOORED_SMALLEST_PT`, everything shrinks, and if
    the smallest size overflows the PDF keeps every page rather than drop
    part of the board.
    """
    size = BASE_PT
    if expected_fill and not FILL_AIM <= expected_fill <= SHRINK_ABOVE:
        aim = FILL_AIM if expected_fill < FILL_AIM else SHRINK_ABOVE
        size = min(LARGEST_PT, max(SMALLEST_PT, _quarter(BASE_PT * aim / expected_fill)))
    may_floor = True
    floor = printsize.needs_floor(size)
    document = _layout(html_at, stylesheets, size, floor)
    while len(document.pages) > 1 and size > SMALLEST_PT:
        wanted = max(SMALLEST_PT, _quarter(size * _fill_ratio(document) * 0.97))
        if floor and size <= FLOORED_SMALLEST_PT:
            # the last resort: everything shrinks from where the floor began, small
            # text too, rather than a second page
            may_floor, wanted = False, _quarter(printsize.FLOOR_PT / printsize.SMALL_EM)
        floor = may_floor and printsize.needs_floor(wanted)
        size = max(wanted, FLOORED_SMALLEST_PT) if floor else wanted
        document = _layout(html_at, stylesheets, size, floor)
    return document.write_pdf()


def _layout(html_at, stylesheets, size: float, floor: bool):
    return _document(html_at(size, printsize.small_pt(size, floor)), stylesheets, f"{size}pt", floor)


def _fill_ratio(document) -> float:
    """The page's height over the height the content needs (below 1 when it
    overflows): the sum of how far down each page the content reaches (a
    farmer's block is not split, so the first page may end early).
    WeasyPrint keeps the laid-out boxes on ``Page._page_box``; without
    them, shrink by a sixth."""
    try:
        boxes = [page._page_box for page in document.pages]
        needed = sum(_content_bottom(box.children[0]) - box.content_box_y() for box in boxes)
        return min(boxes[0].height / needed, 0.97)
    except (AttributeError, IndexError, ZeroDivisionError):
        return 0.85


def _content_bottom(box) -> float:
    """How far down the page a box's content reaches (its lowest text or grid)."""
    bottom = box.position_y + box.margin_height() if not getattr(box, "children", None) else 0.0
    for child in getattr(box, "children", ()):
        bottom = max(bottom, _content_bottom(child))
    return bottom


def _quarter(points: float) -> float:
    """Round down to a quarter point, so few distinct stylesheets are made."""
    return int(points * 4) / 4


def _document(html: str, stylesheets: tuple[str, ...], root_size: str | None, floor: bool = False):
    return HTML(string=html, base_url=str(TEMPLATES)).render(
        stylesheets=_sheets(tuple(stylesheets), root_size, floor), font_config=fonts()
    )
