"""HTML to PDF with WeasyPrint, and the one-page guarantee for snapshots.

One :class:`FontConfiguration` is kept for the process: building it scans the
system fonts, which costs more than laying out a small board. The fonts are
DejaVu (Debian's fonts-dejavu-core), named in the stylesheets, so a PDF looks
the same on every machine that runs Farmpost. WeasyPrint needs Debian's
libharfbuzz-subset0 to subset fonts quickly; without it every PDF is 3-5x
slower.
"""

from __future__ import annotations

from functools import lru_cache

from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from service.boards.templating import TEMPLATES

#: root font sizes tried in turn until a snapshot fits on one page; every
#: length in the board stylesheets is in rem/em, so the whole board shrinks
ONE_PAGE_SCALES = ("10pt", "8.5pt", "7.2pt", "6pt", "5pt")


@lru_cache(maxsize=1)
def fonts() -> FontConfiguration:
    return FontConfiguration()


@lru_cache(maxsize=len(ONE_PAGE_SCALES))
def _root_size(size: str) -> CSS:
    return CSS(string=f"html {{ font-size: {size}; }}", font_config=fonts())


def write_pdf(html: str) -> bytes:
    """A PDF of ``html`` (any number of pages)."""
    return _document(html, None).write_pdf()


def write_one_page_pdf(html: str) -> bytes:
    """A one-page PDF of ``html``, shrinking the type until it fits.

    A board with four farmers at the end of a long game is much larger than
    one at the start; shrinking is better than a second page that a farmer
    might never open. If even the smallest size overflows, the PDF keeps every
    page rather than dropping part of the board.
    """
    for size in ONE_PAGE_SCALES:
        document = _document(html, size)
        if len(document.pages) == 1:
            break
    return document.write_pdf()


def page_count(html: str, root_size: str | None = None) -> int:
    return len(_document(html, root_size).pages)


def _document(html: str, root_size: str | None):
    stylesheets = [_root_size(root_size)] if root_size else []
    return HTML(string=html, base_url=str(TEMPLATES)).render(stylesheets=stylesheets, font_config=fonts())
