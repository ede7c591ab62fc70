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

from functools import lru_cache

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from service.boards.templating import TEMPLATES

#: root font sizes tried in turn until a snapshot fits on one page; every
#: length in the board stylesheets is in rem/em, so the whole board shrinks
ONE_PAGE_SCALES = ("10pt", "8.5pt", "7.2pt", "6pt", "5pt")

#: stylesheets of each kind of PDF, from templates/pdf/
SNAPSHOT = ("page.css", "print.css")
REPORT = ("page.css", "report.css", "print.css")


@lru_cache(maxsize=1)
def fonts() -> FontConfiguration:
    return FontConfiguration()


@lru_cache(maxsize=None)
def _sheet(name: str) -> CSS:
    if name.startswith("html {"):
        text = name
    else:
        text = (TEMPLATES / "pdf" / name).read_text(encoding="utf-8")
    return CSS(string=text, font_config=fonts())


def _sheets(names: tuple[str, ...], root_size: str | None) -> list[CSS]:
    extra = (f"html {{ font-size: {root_size}; }}",) if root_size else ()
    return [_sheet(n) for n in names + extra]


def write_pdf(html: str, stylesheets: tuple[str, ...] = ()) -> bytes:
    """A PDF of ``html`` (any number of pages)."""
    return _document(html, stylesheets, None).write_pdf()


def write_one_page_pdf(html: str, stylesheets: tuple[str, ...], first: int = 0) -> bytes:
    """A one-page PDF of ``html``, shrinking the type until it fits.

    ``first`` is the index in :data:`ONE_PAGE_SCALES` to start from, for a
    caller that knows its board is large (each try is a full layout). A board
    with four farmers at the end of a long game is much larger than one at the
    start; shrinking is better than a second page that a farmer might never
    open. If even the smallest size overflows, the PDF keeps every page
    rather than dropping part of the board.
    """
    for size in ONE_PAGE_SCALES[first:]:
        document = _document(html, stylesheets, size)
        if len(document.pages) == 1:
            break
    return document.write_pdf()


def _document(html: str, stylesheets: tuple[str, ...], root_size: str | None):
    return HTML(string=html, base_url=str(TEMPLATES)).render(
        stylesheets=_sheets(tuple(stylesheets), root_size), font_config=fonts()
    )
