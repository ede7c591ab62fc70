"""HTML to PDF with WeasyPrint, and PDFs joined page by page: the steps of the
end-game report (:func:`boards.pdf.report_pdf`) that lay out its pages and
lay the drawn pages in.

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
from functools import cache, lru_cache

from pypdf import PdfReader, PdfWriter
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration

from boards.templating import TEMPLATES

#: the stylesheets of the report, from templates/pdf/
REPORT = ("page.css", "report.css", "print.css")


@lru_cache(maxsize=1)
def fonts() -> FontConfiguration:
    return FontConfiguration()


@cache
def _sheet(name: str) -> CSS:
    if name.startswith("html {"):
        text = name
    else:
        text = (TEMPLATES / "pdf" / name).read_text(encoding="utf-8")
    return CSS(string=text, font_config=fonts())


def _sheets(names: tuple[str, ...], root_size: str | None) -> list[CSS]:
    extra = (f"html {{ font-size: {root_size}; }}",) if root_size else ()
    return [_sheet(n) for n in names + extra]


#: the id prefix of the pages an HTML document keeps for another PDF's pages
#: (:func:`write_pdf`): ``<div class="pdf-break" id="pdf-page-0"></div>``, ...
PAGE_KEPT = "pdf-page-"


def page_count(data: bytes) -> int:
    return len(PdfReader(io.BytesIO(data)).pages)


def write_pdf(html: str, stylesheets: tuple[str, ...] = (), root_pt: float | None = None,
              onto: bytes | None = None) -> bytes:
    """A PDF of ``html`` (any number of pages); ``root_pt``: the root font
    size the layout is drawn for (boards: :data:`BASE_PT`). ``onto``: a PDF
    whose page K takes the place of the page the HTML keeps for it (an
    empty element of id ``pdf-page-K`` alone on its page): the drawn board
    in the report. Keeping the pages in the HTML counts them with the
    others, so "page 7 of 9" is true on every page after them. (The drawn
    pages themselves carry no number: laying them onto the kept pages with
    pypdf's merge wrote dictionaries with repeated keys.)"""
    document = _document(html, stylesheets, f"{root_pt}pt" if root_pt else None)
    data = document.write_pdf()
    if onto is None:
        return data
    kept = {int(anchor.removeprefix(PAGE_KEPT)): i for i, page in enumerate(document.pages)
            for anchor in page.anchors if anchor.startswith(PAGE_KEPT)}
    if sorted(kept) != list(range(page_count(onto))):
        raise ValueError(f"the HTML keeps pages {sorted(kept)} for a PDF of {page_count(onto)}")
    first, last = kept[0], kept[len(kept) - 1]
    if last - first != len(kept) - 1:
        raise ValueError("the pages kept for another PDF must follow each other")
    return join_pdfs([(data, 0, first), (onto, 0, None), (data, last + 1, None)])


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


def _document(html: str, stylesheets: tuple[str, ...], root_size: str | None):
    return HTML(string=html, base_url=str(TEMPLATES)).render(
        stylesheets=_sheets(tuple(stylesheets), root_size), font_config=fonts()
    )
