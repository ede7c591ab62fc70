"""HTML to PDF with WeasyPrint: the end-game report.

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


def _document(html: str, stylesheets: tuple[str, ...], root_size: str | None):
    return HTML(string=html, base_url=str(TEMPLATES)).render(
        stylesheets=_sheets(tuple(stylesheets), root_size), font_config=fonts()
    )
