"""The turn mail's PDF in the reader's language: its heading's note and the
drawing in it (boards/pdf.py, boards/svg/harvest.py) through the
translator, read back from the PDF's text layer with pypdf."""

from __future__ import annotations

import io

import pypdf
import pytest

from boards import sample_game, snapshot_pdf


def pdf_text(language: str) -> str:
    game = sample_game("harvest", 2, seed=2)
    meta = {"title": "Spring table", "game_id": "g1", "version": 7, "names": game.names, "language": language}
    pdf = snapshot_pdf("harvest", game.view("middle", 0), 0, meta)
    return " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


@pytest.mark.parametrize("language,words", [
    ("fr", ["partie g1 · version du plateau 7 · pour Céline", "Plateau de la ville", "Légende", "manche 2 sur 4"]),
    ("de", ["Partie g1 · Brettversion 7 · für Céline", "Stadtplan", "Legende", "Runde 2 von 4"]),
])
def test_given_a_french_or_german_farmer_then_the_snapshot_pdf_reads_in_their_language(language, words):
    text = pdf_text(language)
    assert all(word in text for word in words), text[:400]


def test_given_the_pseudo_locale_then_the_snapshot_pdf_has_none_of_the_drawings_english_labels():
    # the PDF's font has no glyphs for the pseudo-locale's letters, so its
    # marks cannot be read back; the English labels must be gone
    text = pdf_text("qps")
    for english in ("board version", "Town board", "Key", "changed since your last turn", "Turn order", "round 2 of 4"):
        assert english not in text
    assert "Town board" in pdf_text("en")
