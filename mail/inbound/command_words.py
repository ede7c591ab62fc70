"""The words of Farmpost's own commands, in English, French and German.

Any farmer may write any of the three (``board``, ``plateau``, ``Brett``;
``undo``, ``annuler``, ``rückgängig``), accents and umlauts optional
(:mod:`engine.words`). :data:`COMMANDS` holds the first word of each
command, :data:`PHRASES` the commands of several words (``my games``,
``mes parties``, ``meine Spiele``), and the words that answer a command
(``resign yes``, ``vacation off``), and the questions about the board
(:data:`ASKING`: ``market``, ``my plot``, ``clients``, ``scores``, ``what
changed``, and ``marché``, ``ma parcelle``, ``Markt``, ``Punkte``, ...). The
clock commands' phrases are read by
:mod:`mail.inbound.commands` with patterns; their first words are here so
that no word of a game means one of them too (tests/mail/test_command_words.py).
"""

from __future__ import annotations

import unicodedata

from engine.words import Vocabulary, spellings

#: the meaning of a word is a command kind of :mod:`mail.inbound.commands`
#: ("help" is answered with the moves) or, for the clock's, "clock:<what>"
COMMANDS = Vocabulary({
    "en": {
        "board": ("board",), "moves": ("moves", "help", "options", "?"), "undo": ("undo",), "stop": ("stop",),
        "resign": ("resign",), "say": ("say",), "preview": ("preview",), "vacation": ("vacation",),
        "games": ("games",), "rematch": ("rematch",), "new": ("new",),
        "clock:more": ("extend",), "clock:pause": ("pause",), "clock:resume": ("resume",), "clock:zone": ("tz",),
        "market": ("market",), "plot": ("plot", "farm"), "clients": ("clients",), "scores": ("scores", "score"),
        "changes": ("changes",), "language": ("language", "lang"),
    },
    "fr": {
        "board": ("plateau",), "moves": ("coups", "aide", "options"), "undo": ("annuler", "annule"),
        "stop": ("arrêter", "arrête"), "resign": ("abandonner", "abandonne"), "say": ("dis",),
        "preview": ("aperçu", "essayer", "essaie"), "vacation": ("vacances",), "games": ("parties",),
        "rematch": ("revanche",), "new": ("nouvelle", "nouveau"),
        "clock:more": ("prolonger", "prolonge"), "clock:resume": ("reprendre", "reprends"),
        "clock:zone": ("fuseau",),
        "market": ("marché",), "plot": ("parcelle",), "changes": ("changements",), "language": ("langue",),
    },
    "de": {
        "board": ("brett", "spielbrett"), "moves": ("züge", "hilfe", "optionen"), "undo": ("rückgängig", "zurück"),
        "stop": ("aufhören", "abmelden"), "resign": ("aufgeben",), "say": ("sag", "sage"),
        "preview": ("vorschau",), "vacation": ("urlaub",), "games": ("spiele",), "rematch": ("revanche",),
        "new": ("neu", "neues"),
        "clock:more": ("verlängern", "verlängere"), "clock:pause": ("pausieren",),
        "clock:resume": ("fortsetzen",), "clock:zone": ("zeitzone",),
        "market": ("markt",), "plot": ("parzelle", "hof"), "clients": ("kunden",),
        "scores": ("punkte", "punktestand"), "changes": ("änderungen",), "language": ("sprache",),
    },
})


def _phrases(*words: str) -> frozenset[str]:
    return frozenset(spelling for word in words for spelling in spellings(word))


#: the board asked about in words (boards/in_words.py), by whole lines, per language
_ASKING = {
    "market": {"en": ("market", "the market"), "fr": ("marché", "le marché"), "de": ("markt", "der markt")},
    "plot": {"en": ("my plot", "plot", "my farm", "farm"), "fr": ("ma parcelle", "parcelle", "ma ferme"),
             "de": ("meine parzelle", "parzelle", "mein hof", "hof")},
    "clients": {"en": ("clients", "the clients"), "fr": ("les clients",), "de": ("kunden", "die kunden")},
    "scores": {"en": ("scores", "score", "points", "who leads", "who is leading"), "fr": ("qui mène", "qui gagne"),
               "de": ("punkte", "punktestand", "wer führt")},
    "changes": {"en": ("what changed", "what's new", "changes", "what happened"),
                "fr": ("quoi de neuf", "qu'est-ce qui a changé", "changements"),
                "de": ("was ist neu", "was hat sich geändert", "änderungen")},
}


def asked(line: str) -> tuple[str, str] | None:
    """(the question, its language) when ``line`` asks about the board
    (``market``, ``ma parcelle``, ``Punkte``, ...); else None."""
    for kind, by_language in _ASKING.items():
        for language, phrases in by_language.items():
            if line_is(line, _phrases(*phrases)):
                return kind, language
    return None


#: whole lines that are one command
MY_GAMES = _phrases("my games", "mes parties", "meine spiele")
PLAY_AGAIN = _phrases("play again", "rejouer", "nochmal spielen", "noch einmal spielen")
#: the first words that ask for the whole list of commands (the others of "moves" ask for the options)
HELP = _phrases("help", "?", "aide", "hilfe")
#: ``resign yes``
CONFIRM = _phrases("yes", "y", "confirm", "oui", "confirmer", "ja", "bestätigen")
#: ``vacation off``: back from vacation
VACATION_OFF = _phrases("off", "end", "over", "stop", "0", "fin", "fini", "terminé", "aus", "ende", "vorbei")


def meaning(word: str) -> str | None:
    """The command ``word`` starts, in any of the languages (None: not one)."""
    return COMMANDS.meaning(word)


def line_is(line: str, phrases: frozenset[str]) -> bool:
    """Whether ``line`` (any case, spaces) is one of ``phrases``."""
    return " ".join(unicodedata.normalize("NFC", line.lower()).split()) in phrases
