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

from functools import cache, lru_cache

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from service.boards.templating import TEMPLATES

#: root font size of a snapshot's first layout and the smallest it may shrink to;
#: every length in the board stylesheets is in rem/em, so the whole board shrinks
BASE_PT = 10.0
SMALLEST_PT = 5.0
#: the smallest text of a snapshot (facts, grids, legends: 0.85 em) never
#: prints below this while the root shrinks; headings, rules and spacing
#: shrink on, so a crowded board still reads like print
TEXT_FLOOR_PT = 7.5
#: the smallest root under the floor: below it, spacing and headings would
#: shrink for little gain, and the whole page shrinks instead
FLOORED_SMALLEST_PT = 6.5
SMALL_TEXT_EM = 0.85
FLOOR = (f".pb p, .pdf-head .pdf-meta, .pb pre.pb-floor, .pb .pb-private, .pb h2, .pb h3 "
         f"{{ font-size: {TEXT_FLOOR_PT}pt !important; }}")


#: stylesheets of each kind of PDF, from templates/pdf/
SNAPSHOT = ("page.css", "print.css")
REPORT = ("page.css", "report.css", "print.css")


@lru_cache(maxsize=1)
def fonts() -> FontConfiguration:
    return FontConfiguration()


@cache
def _sheet(name: str) -> CSS:
    if name.startswith(("html {", ".pb p")):
        text = name
    else:
        text = (TEMPLATES / "pdf" / name).read_text(encoding="utf-8")
    return CSS(string=text, font_config=fonts())


def _sheets(names: tuple[str, ...], root_size: str | None, floor: bool = False) -> list[CSS]:
    extra = (f"html {{ font-size: {root_size}; }}",) if root_size else ()
    return [_sheet(n) for n in names + extra + ((FLOOR,) if floor else ())]


def write_pdf(html: str, stylesheets: tuple[str, ...] = (), root_pt: float | None = None) -> bytes:
    """A PDF of ``html`` (any number of pages); ``root_pt``: the root font
    size the layout is drawn for (boards: :data:`BASE_PT`)."""
    return _document(html, stylesheets, f"{root_pt}pt" if root_pt else None).write_pdf()


def write_one_page_pdf(html: str, stylesheets: tuple[str, ...], expected_fill: float | None = None) -> bytes:
    """A one-page PDF of ``html``, shrinking the type until it fits.

    A board with four farmers at the end of a long game is much larger than
    one at the start; shrinking is better than a second page that a farmer
    might never open. Each try is a full layout, so the next size is worked
    out from how much the last try overflowed (the layout scales with the
    root size) instead of stepping down a fixed ladder. ``expected_fill``
    (how much of the page the board fills at :data:`BASE_PT`, if the caller
    can tell) lets a large board start at its size. If even the smallest
    size overflows, the PDF keeps every page rather than dropping part of
    the board.
    """
    size = BASE_PT
    if expected_fill and expected_fill > 0.97:
        size = max(SMALLEST_PT, _quarter(BASE_PT * 0.97 / expected_fill))
    start, may_floor = size, True
    floor = size * SMALL_TEXT_EM < TEXT_FLOOR_PT
    document = _document(html, stylesheets, f"{size}pt", floor)
    while len(document.pages) > 1 and size > SMALLEST_PT:
        wanted = max(SMALLEST_PT, _quarter(size * _fill_ratio(document) * 0.97))
        if floor and size <= FLOORED_SMALLEST_PT:
            # the last resort: everything shrinks, small text too, rather than a second page
            may_floor, wanted = False, start
        floor = may_floor and wanted * SMALL_TEXT_EM < TEXT_FLOOR_PT
        size = max(wanted, FLOORED_SMALLEST_PT) if floor else wanted
        document = _document(html, stylesheets, f"{size}pt", floor)
    return document.write_pdf()


def _fill_ratio(document) -> float:
    """The page's height over the height the content needs (below 1 when it
    overflows); WeasyPrint keeps the laid-out boxes on ``Page._page_box``.
    Without them, shrink by a sixth."""
    try:
        boxes = [page._page_box for page in document.pages]
        needed = sum(box.children[0].margin_height() for box in boxes)
        return min(boxes[0].height / needed, 0.85)
    except (AttributeError, IndexError, ZeroDivisionError):
        return 0.85


def _quarter(points: float) -> float:
    """Round down to a quarter point, so few distinct stylesheets are made."""
    return int(points * 4) / 4


def _document(html: str, stylesheets: tuple[str, ...], root_size: str | None, floor: bool = False):
    return HTML(string=html, base_url=str(TEMPLATES)).render(
        stylesheets=_sheets(tuple(stylesheets), root_size, floor), font_config=fonts()
    )
