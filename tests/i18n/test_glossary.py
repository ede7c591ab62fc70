"""The glossary of docs/i18n.md is the one source of the game terms: the
names farmers may type (engine/harvest/notation.py) and the `game`
catalog's translations of a term say what the glossary says."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from boards import catalogs
from boards.i18n import catalog_source
from engine.harvest import content as C
from engine.harvest import notation

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "i18n.md"
_ROW = re.compile(r"^\| (?!English|---)([^|]+?) \| ([^|]+?) \| ([^|]+?) \|$")


def glossary() -> dict[str, dict[str, str]]:
    """English term -> {"fr": ..., "de": ...}, from the glossary's tables."""
    text = GLOSSARY.read_text(encoding="utf-8").split("## Glossary", 1)[1]
    rows = (_ROW.match(line) for line in text.splitlines())
    return {m.group(1): {"fr": m.group(2), "de": m.group(3)} for m in rows if m}


def test_the_glossary_names_the_terms_of_the_brief():
    terms = glossary()
    for term in ("Plot", "Field tile", "Wheelbarrow", "Medal", "Reputation tile", "Seed", "Livestock card",
                 "Broccoli", "Carrot", "Eggplant", "Corn", "Sheep", "Pig", "Cow", "Wheat", "Pumpkin",
                 "Fertilizer", "General Store", "Trading Post"):
        assert term in terms, term
    assert any(term.startswith("Client") for term in terms)


@pytest.mark.parametrize("kind, english", [("buildings", C.BUILDINGS), ("characters", C.CHARACTERS),
                                           ("farmhouses", C.FARMHOUSES)])
@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_names_farmers_type_are_the_glossarys(kind, english, language):
    terms = glossary()
    for key, item in english.items():
        assert notation.NAMES[language][kind][key] == terms[item["name"]][language], item["name"]


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_game_catalog_translates_a_glossary_term_as_the_glossary_does(language):
    terms = glossary()
    catalog = catalogs.read(catalog_source(language, "game"), language)
    differing = [(m.id, m.string, terms[m.id][language]) for m in catalog
                 if isinstance(m.id, str) and m.id in terms and m.string and m.string != terms[m.id][language]]
    assert differing == []
