"""The end-game report in the reader's language (``report["language"]``):
its headings, tables, sentences, game facts, chart, the final boards drawn
and in words (templates/pdf/report.html, boards/report.py, boards/chart.py,
templates/boards/*/print.html), read back from the PDF's text layer with
pypdf. In the pseudo-locale no word of it is left unmarked but notation
and the move log, which lists the moves as farmers type them."""

from __future__ import annotations

import io
import re
from functools import cache

import pypdf
import pytest

from boards import SnapshotKey, report_pdf, sample_game
from boards.catalogs import pseudo
from boards.i18n import translator
from engine import get_game
from engine.words import in_language
from tests.boards.test_picture_languages import pseudo_piece
from tests.pseudo import words_outside

#: what the report writes that is no word: Sunfield's signs and axes (its key
#: explains them), Harvest's spaces and cells as farmers type them
NOTATION = {"Bl", "Bn", "Gr", "Ye", "Br", "Ca", "Eg", "Co", "store", "fields", "workshop", "trading", "market",
            "a→", "1↓", "x→", "y↓", "y↓x→", "1↓a→"}


@cache
def report_text(game_name: str, seats: int, language: str) -> str:
    game = sample_game(game_name, seats, {"advanced": True} if game_name == "sunfield" else None, seed=2)
    pdf = report_pdf(game_name, game.report() | {"language": language})
    return "\n".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages)


def sunfield_sign(word: str) -> bool:
    """A Plot cell's spaces in print (``●Ca○Eg``)."""
    return all(part in NOTATION for part in re.split(r"[●○]", word) if part)


@pytest.mark.parametrize("game_name,seats", [("sunfield", 3), ("harvest", 1), ("harvest", 2)])
def test_given_a_report_in_the_pseudo_locale_then_every_word_but_the_move_log_is_marked(game_name, seats):
    game = sample_game(game_name, seats, seed=2)
    text = report_text(game_name, seats, "qps")
    before_log, log = text.split(pseudo("Appendix: move log"))  # the log: the moves as typed
    # the game's and the service's names, the sample's game id and title ("Harvest with Ann, Bob"), the solo bot
    allowed = [*game.names, "Sunfield Farm", "Harvest", "Farmpost", "UTC", f"{game_name}-2", "with", "Gairy"]
    left = set(words_outside(before_log, allowed))
    assert {w for w in left if len(w) > 1 and not pseudo_piece(w) and not sunfield_sign(w)} - NOTATION == set()
    assert log.strip()


@pytest.mark.parametrize("game_name,seats,language,words", [
    ("sunfield", 3, "fr", ["bilan de fin de partie", "Classement final", "Feuille de score", "La partie en chiffres",
                           "Médailles", "Plateaux finaux en mots", "Piste Élevage", "page 1 sur", "mode avancé", "M1"]),
    ("sunfield", 3, "de", ["Abschlussbericht", "Endstand", "Punkteblatt", "Zahlen zur Partie", "Medaillen",
                           "Spielbretter am Ende in Worten", "Viehleiste", "Seite 1 von", "Expertenmodus", "Größtes leeres Weiderechteck"]),
    ("harvest", 2, "fr", ["bilan de fin de partie", "Cultures non récoltées", "Plateau de la ville", "Bâtiments de l'Atelier",
                          "Annexe : journal des coups", "Commencée"]),
    ("harvest", 2, "de", ["Abschlussbericht", "Nicht geerntete Feldfrüchte", "Stadtplan", "Gebäude der Werkstatt",
                          "Anhang: Zugprotokoll", "Begonnen", "Dauer"]),
])
def test_given_a_french_or_german_farmer_then_the_report_reads_in_their_language(game_name, seats, language, words):
    text = " ".join(report_text(game_name, seats, language).split())
    assert [word for word in words if word not in text] == []
    for english in ("final report", "Final ranking", "Score sheet", "Game facts", "Final boards", "Town board", "Market"):
        assert english not in text


def test_given_an_english_farmer_then_the_report_stays_english():
    text = " ".join(report_text("sunfield", 3, "en").split())
    assert "final report" in text and "Final ranking" in text and "No farmers tied on points" in text


def test_the_report_is_kept_once_per_language():
    assert SnapshotKey("g1", 9, None, "report", "fr").filename == "public.fr.report"
    assert SnapshotKey("g1", 9, None, "report", "fr") != SnapshotKey("g1", 9, None, "report", "de")
    assert translator("fr").gettext("Final ranking") != translator("de").gettext("Final ranking")


@pytest.mark.parametrize("game_name,seats,language", [("sunfield", 3, "fr"), ("sunfield", 3, "de"),
                                                      ("harvest", 2, "fr"), ("harvest", 2, "de")])
def test_given_a_french_or_german_farmer_then_the_move_log_lists_each_move_in_their_command_words(
        game_name, seats, language):
    game = sample_game(game_name, seats, {"advanced": True} if game_name == "sunfield" else None, seed=2)
    rules = get_game(game_name)
    log = " ".join(report_text(game_name, seats, language).split(translator(language).gettext(
        "Appendix: move log"))[1].split())
    moves = game.report()["moves"]
    typed = [in_language(rules, move["text"], language) for move in moves]
    assert any(text != move["text"] for text, move in zip(typed, moves))
    missing = [f"{i}. {game.names[move['seat']]}: {text}" for i, (move, text) in enumerate(zip(moves, typed), start=1)
               if f"{i}. {game.names[move['seat']]}: {text}" not in log]
    assert missing == []
