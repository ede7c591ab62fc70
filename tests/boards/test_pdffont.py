"""The turn mail's PDF embeds DejaVu Sans Mono without its hinting
(boards.pdffont): the same outlines and metrics, a third of the bytes."""

from __future__ import annotations

import io

from fontTools.ttLib import TTFont

import boards
from boards import pdffont


def embedded_fonts(data: bytes) -> list[TTFont]:
    from pypdf import PdfReader

    fonts = {}
    for page in PdfReader(io.BytesIO(data)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            fonts[font["/BaseFont"]] = font["/FontDescriptor"]["/FontFile2"].get_data()
    return [TTFont(io.BytesIO(d)) for d in fonts.values()]


def test_stripping_the_hinting_keeps_every_outline_and_advance():
    source = pdffont.system_file(pdffont.FAMILY)
    hinted = TTFont(str(source))
    stripped = TTFont(io.BytesIO(pdffont.strip_hinting(source.read_bytes())))
    assert not {"fpgm", "prep", "cvt "} & set(stripped.keys())
    assert {"fpgm", "prep", "cvt "} <= set(hinted.keys())
    assert stripped["name"].getDebugName(1) == "DejaVu Sans Mono"
    for name in ["a", "W", "zero", "periodcentered", "arrowright", "uni25B6", "multiply"]:
        a, b = hinted["glyf"][name], stripped["glyf"][name]
        assert a.getCoordinates(hinted["glyf"])[0] == b.getCoordinates(stripped["glyf"])[0], name
        assert hinted["hmtx"][name] == stripped["hmtx"][name]
        assert not getattr(b, "program", None) or not b.program.getBytecode()


def test_the_snapshot_embeds_the_face_without_hinting():
    from tests.boards.conftest import game as sample_of

    sample = sample_of("harvest", 4)
    meta = {"title": "t", "game_id": "g", "version": 1, "names": sample.names}
    [font] = embedded_fonts(boards.snapshot_pdf("harvest", sample.view("end", 0), 0, meta))
    assert not {"fpgm", "prep", "cvt "} & set(font.keys())
    assert len(font.getGlyphOrder()) > 40
    assert all(not getattr(g, "program", None) or not g.program.getBytecode() for g in font["glyf"].glyphs.values())


def test_the_unhinted_copy_is_made_once_in_the_cache_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("FARMPOST_FONT_CACHE", str(tmp_path))
    source = pdffont.system_file(pdffont.FAMILY)
    made = pdffont.unhinted(source)
    assert made.parent == tmp_path and made.stat().st_size < source.stat().st_size
    stamp = made.stat().st_mtime_ns
    assert pdffont.unhinted(source) == made and made.stat().st_mtime_ns == stamp
    assert [p.name for p in tmp_path.iterdir()] == [made.name]  # no temporary file left
