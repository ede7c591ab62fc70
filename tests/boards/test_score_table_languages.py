"""The score sheet in words (the final mail's table, ``boards.score_table``)
in the reader's language: its lines, total and tie-break through the
catalog, for both games; in the pseudo-locale no label is left unmarked."""

from __future__ import annotations

import pytest

from boards import sample_game, score_note, score_table
from boards.i18n import PSEUDO, translator
from engine import get_game
from tests.pseudo import unmarked_text


def final_sheet(game_name: str, seats: int) -> tuple[dict, list[str]]:
    game = sample_game(game_name, seats, seed=2)
    return get_game(game_name).score_sheet(game.states[-1]), game.names


@pytest.mark.parametrize("game_name,seats", [("sunfield", 2), ("sunfield", 4), ("harvest", 1), ("harvest", 3)])
def test_given_a_final_score_sheet_in_the_pseudo_locale_then_every_label_of_its_table_is_marked(game_name, seats):
    sheet, names = final_sheet(game_name, seats)
    assert unmarked_text(score_table(sheet, names, translator(PSEUDO)), names) == []
    assert unmarked_text("\n".join(score_note(translator(PSEUDO), note) for note in sheet.get("notes", [])), names) == []


def test_given_a_french_or_german_farmer_then_the_score_table_reads_in_their_language():
    sheet, names = final_sheet("sunfield", 2)
    french, german = (score_table(sheet, names, translator(language)) for language in ("fr", "de"))
    assert "Médailles" in french and "Graines (départage)" in french and "Total" in french
    assert "Medaillen" in german and "Samen (Gleichstand)" in german and "Summe" in german
    assert "Seeds (tie-break)" in score_table(sheet, names)


def test_given_a_solo_harvest_then_gairys_rating_is_told_in_the_readers_language():
    sheet, _ = final_sheet("harvest", 1)
    (note,) = sheet["notes"]
    assert score_note(translator("de"), note).startswith("Gairys Wertung: ")
    assert score_note(translator("fr"), note).startswith("Note de Gairy : ")
    assert score_note(translator("en"), note) == note


def test_given_a_french_final_mail_then_its_score_table_is_french():
    from mail.outgoing import templates

    sheet, names = final_sheet("sunfield", 2)
    mail = templates.environment().from_string("{% autoescape false %}{{ s | score_table(n) }}{% endautoescape %}")
    table = mail.render(s=sheet, n=names, i18n=translator("fr"))
    assert table == score_table(sheet, names, translator("fr")) and "Médailles" in table
