"""The turn mail's PDF: the farmer's board drawn, on one cairo PDF surface.

The drawn panels are packed as in the end-game report
(:func:`boards.svg.pdfdraw.draw_panels`: as few pages as the 7.5 pt text
floor allows). The board in words is not in it: the mail carries the
words twice already (its plain text and its HTML tables), and the words
pages were 7-8 KB of the largest turn mails, which kept them over 250 KB
(docs/boards.md, "The turn mail's PDF is the drawn board"). The end-game
report keeps its board in words.

Every text of the snapshot, the drawing's included, is set in the one face
of DejaVu Sans Mono (no bold, no italic: the drawing's titles stand out by
size and bars): each further face embedded costs 4-9 KB in every turn
mail. The face is embedded without its hinting (:mod:`boards.pdffont`), a
third of its size. The drawing's layout sizes text at 0.6 em a letter (:mod:`canvas
<boards.svg.canvas>`), which the mono face's 0.602 em matches.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence

import cairocffi as cairo

from boards.pdffont import mono_face
from boards.svg.canvas import Panel
from boards.svg.pdfdraw import PAGE_H, PAGE_W, draw_panels, heading


def one_face(bold: bool, italic: bool):
    """The drawing's text in the snapshot's one face, whatever its weight
    (DejaVu Sans Mono without its hinting, :mod:`boards.pdffont`)."""
    return mono_face()


def snapshot_pdf(panels: Sequence[Panel], title: str, note: str) -> bytes:
    """The ``panels`` (the drawing) under the heading ``title`` and its
    ``note``, on A4 pages."""
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, PAGE_W, PAGE_H)
    ctx = cairo.Context(surface)
    draw_panels(ctx, panels, heading(ctx, title, note, bold=False, faces=one_face), one_face)
    surface.finish()
    return tidied(out.getvalue())


#: a dictionary of references only, as a page's or a form's resources are
_REFERENCES = re.compile(rb"<<((?:\s*/[^\s/<>\[\]()]+ \d+ \d+ R)+)\s*>>")
_ENTRY = re.compile(rb"/([^\s/<>\[\]()]+) (\d+ \d+ R)")
_XREF = re.compile(rb"\nxref\n0 (\d+)\n")
_BLANKS = re.compile(rb"\s+")
#: a comment (cairo writes "% 1" after a page's type): to the end of its line, so not on one line with what follows
_COMMENT = re.compile(rb"%[^\r\n]*")


def tidied(pdf: bytes) -> bytes:
    """The PDF with each key of its resource dictionaries once and its
    objects' dictionaries on one line each: cairo 1.16 lists a form in a
    page's ``/XObject`` resources once per use (``/x7 7 0 R`` forty times
    on a page; PDF readers take one and warn) and indents its dictionaries,
    3.3 KB of a 4-farmer turn mail's PDF together. Streams' data and
    strings stay as they are; the cross-reference table is written anew.
    A PDF not laid out as cairo writes it (one cross-reference section
    after the objects) comes back as it is."""
    found = list(_XREF.finditer(pdf))
    if len(found) != 1:
        return pdf
    xref = found[0]
    count = int(xref.group(1))
    table = pdf[xref.end() : xref.end() + 20 * count]
    entries = [table[i : i + 20] for i in range(0, len(table), 20)]
    if len(entries) != count or not pdf[xref.end() + 20 * count :].startswith(b"trailer"):
        return pdf
    used = sorted((int(e[:10]), n) for n, e in enumerate(entries) if e[17:18] == b"n")
    if not used or any(not pdf.startswith(b"%d 0 obj" % n, offset) for offset, n in used):
        return pdf
    out = bytearray(pdf[: used[0][0]])
    offsets = {}
    for k, (offset, number) in enumerate(used):
        body = pdf[offset : used[k + 1][0] if k + 1 < len(used) else xref.start() + 1]
        head, _, rest = body.partition(b"\n")
        if b"stream" not in rest:
            if b"(" not in rest:  # no string (the document's information has its producer and date)
                rest = _BLANKS.sub(b" ", _REFERENCES.sub(_once, _COMMENT.sub(b"", rest))).strip() + b"\n"
            body = head + b"\n" + rest
        else:
            dictionary, _, data = rest.partition(b"stream\n")
            body = head + b"\n" + _BLANKS.sub(b" ", _COMMENT.sub(b"", dictionary)).strip() + b"\nstream\n" + data
        offsets[number] = len(out)
        out += body
    start = len(out)
    out += b"xref\n0 %d\n" % count
    for number, entry in enumerate(entries):
        out += b"%010d" % offsets[number] + entry[10:] if number in offsets else entry
    trailer = pdf[xref.end() + 20 * count :]
    out += trailer[: trailer.index(b"startxref")] + b"startxref\n%d\n%%%%EOF\n" % start
    return bytes(out)


def _once(match: re.Match) -> bytes:
    entries = dict(_ENTRY.findall(match.group(1)))
    return b"<< " + b" ".join(b"/" + key + b" " + value for key, value in entries.items()) + b" >>"
