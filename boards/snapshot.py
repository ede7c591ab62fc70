"""The turn mail's PDF: the farmer's board drawn, then the board in words,
on one cairo PDF surface.

The drawn panels are packed as in the end-game report
(:func:`boards.svg.pdfdraw.draw_panels`: as few pages as the 7.5 pt text
floor allows), and the words (:func:`boards.wordspdf.draw_words`) follow
on the drawing's last page when enough of it is left, else on a new page.
One surface, so each font is subset once and nothing is joined after.

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
from boards.svg.pdfdraw import BOTTOM, LEFT, PAGE_H, PAGE_W, TOP, WIDTH, draw_panels, heading
from boards.wordspdf import SMALLEST_PT, draw_words

#: the words start on the drawing's last page if this much of it is left
#: (their heading and a dozen lines at the smallest size), else on the next
WORDS_ROOM = 40 + 12 * SMALLEST_PT * 1.2


def one_face(bold: bool, italic: bool):
    """The drawing's text in the snapshot's one face, whatever its weight
    (DejaVu Sans Mono without its hinting, :mod:`boards.pdffont`)."""
    return mono_face()


def snapshot_pdf(panels: Sequence[Panel], lines: list[str], title: str, note: str) -> bytes:
    """The ``panels`` (the drawing) then ``lines`` (the text board) under
    the heading ``title`` and its ``note``, on A4 pages."""
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, PAGE_W, PAGE_H)
    ctx = cairo.Context(surface)
    end = draw_panels(ctx, panels, heading(ctx, title, note, bold=False, faces=one_face), one_face)
    if BOTTOM - end < WORDS_ROOM:
        ctx.show_page()
        end = TOP - 12
    draw_words(ctx, lines, _words_heading(ctx, end + 12))
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


def _words_heading(ctx, y: float) -> float:
    """"The board in words" over a rule at ``y``; returns where the words start."""
    ctx.set_font_face(mono_face())
    ctx.set_font_size(11)
    ctx.set_source_rgb(0.1, 0.1, 0.1)
    ctx.move_to(LEFT, y + 11)
    ctx.show_text("The board in words")
    ctx.set_line_width(0.8)
    ctx.move_to(LEFT, y + 16)
    ctx.line_to(LEFT + WIDTH, y + 16)
    ctx.stroke()
    return y + 22
