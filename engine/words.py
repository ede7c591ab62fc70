"""Words a farmer may type, in every language Farmpost speaks.

A :class:`Vocabulary` holds, per language, the words of each meaning (a
move's verb, a service command, a Vegetable): ``{"fr": {"take": ("prendre",
"prends")}}``. The first word of a meaning in a language is the one an
answer suggests to a farmer who writes that language. Every word is known
in all the ways people type it (:func:`spellings`): accents optional
(``déplacer``, ``deplacer``), German umlauts and ß also as ae/oe/ue and ss
(``säen``, ``saeen``, ``saen``; ``schließen``, ``schliessen``).

A word that would mean two things (two meanings, in one language or in
two) is refused when the vocabulary is made: :class:`Vocabulary` raises
ValueError, so a table that collides fails at import and in the tests.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def plain(word: str) -> str:
    """``word`` without accents (``é`` → ``e``, ``ä`` → ``a``, ``ß`` → ``ss``)."""
    decomposed = unicodedata.normalize("NFKD", word.replace("ß", "ss"))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def spellings(word: str) -> set[str]:
    """Every way ``word`` (lower case) is typed: as written, without
    accents, and with umlauts as ae/oe/ue and ß as ss."""
    word = unicodedata.normalize("NFC", word.lower())
    return {word, plain(word), plain(word.translate(_GERMAN))}


class Vocabulary:
    """Words by language and meaning; see the module docstring."""

    def __init__(self, by_language: Mapping[str, Mapping[str, Iterable[str]]]):
        self.by_language = {lang: {meaning: tuple(words) for meaning, words in table.items()}
                            for lang, table in by_language.items()}
        self._meaning: dict[str, str] = {}
        self._language: dict[str, str] = {}
        for lang, table in self.by_language.items():
            for meaning, words in table.items():
                for word in words:
                    for spelled in spellings(word):
                        known = self._meaning.setdefault(spelled, meaning)
                        if known != meaning:
                            raise ValueError(f"“{spelled}” means both {known!r} and {meaning!r}")
                        self._language.setdefault(spelled, lang)

    def table(self) -> dict[str, str]:
        """Every spelling of every word -> its meaning."""
        return dict(self._meaning)

    def meaning(self, word: str) -> str | None:
        return self._meaning.get(unicodedata.normalize("NFC", word.lower()))

    def language_of(self, word: str) -> str | None:
        """The language ``word`` is a word of (the first that has it)."""
        return self._language.get(unicodedata.normalize("NFC", word.lower()))

    def word(self, meaning: str, language: str) -> str:
        """The word a farmer writing ``language`` is offered for ``meaning``
        (English when that language has none)."""
        for lang in (language, "en"):
            words = self.by_language.get(lang, {}).get(meaning)
            if words:
                return words[0]
        return meaning

    def meanings(self) -> set[str]:
        return {meaning for table in self.by_language.values() for meaning in table}

    def __contains__(self, word: str) -> bool:
        return self.meaning(word) is not None


def spelled(table: Mapping[str, str]) -> dict[str, str]:
    """``table`` (word -> meaning) with every spelling of each word
    (ValueError where two words spelled alike mean two things)."""
    out: dict[str, str] = {}
    for word, meaning in table.items():
        for spelling in spellings(word):
            if out.setdefault(spelling, meaning) != meaning:
                raise ValueError(f"“{spelling}” means both {out[spelling]!r} and {meaning!r}")
    return out


def in_language(rules, text: str, language: str) -> str:
    """A move's text with its verb and nouns in ``language`` ("take b2" ->
    "prendre b2", "plant wheat a1" -> "planter blé a1"): what the farmer who
    writes that language is offered (the game reads it back as the same move;
    tests/i18n/test_typed_lines.py). Each step of a chain on its own; a text
    that starts with a noun (a plan's ``store``, where to go) keeps it a noun."""
    if language == "en" or language not in rules.verbs().by_language:
        return text
    if ", " in text:
        return ", ".join(in_language(rules, step, language) for step in text.split(", "))
    verb, _, rest = text.partition(" ")
    nouns = rules.nouns()
    english = nouns.by_language.get("en", {})
    words = [nouns.word(word, language) if word in english else word for word in rest.split(" ")] if rest else []
    if verb in english and verb not in rules.verbs().by_language.get("en", {}):  # a plan's "store": a place
        return " ".join([nouns.word(verb, language), *words])
    return " ".join([rules.verbs().word(verb, language), *words])
