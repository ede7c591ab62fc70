"""The words of Farmpost's own commands, in English, French and German.

Any farmer may write any of the three (``board``, ``plateau``, ``Brett``;
``undo``, ``annuler``, ``rückgängig``), accents and umlauts optional
(:mod:`engine.words`). :data:`COMMANDS` holds the first word of each
command, :data:`PHRASES` the commands of several words (``my games``,
``mes parties``, ``meine Spiele``), and the words that answer a command
(``resign yes``, ``vacation off``). The clock commands' phrases are read by
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
    },
    "fr": {
        "board": ("plateau",), "moves": ("coups", "aide", "options"), "undo": ("annuler", "annule"),
        "stop": ("arrêter", "arrête"), "resign": ("abandonner", "abandonne"), "say": ("dire", "dis"),
        "preview": ("aperçu", "essayer", "essaie"), "vacation": ("vacances",), "games": ("parties",),
        "rematch": ("revanche",), "new": ("nouvelle", "nouveau"),
        "clock:more": ("prolonger", "prolonge"), "clock:resume": ("reprendre", "reprends"),
        "clock:zone": ("fuseau",),
    },
    "de": {
        "board": ("brett", "spielbrett"), "moves": ("züge", "hilfe", "optionen"), "undo": ("rückgängig", "zurück"),
        "stop": ("aufhören", "abmelden"), "resign": ("aufgeben",), "say": ("sag", "sage", "sagen"),
        "preview": ("vorschau",), "vacation": ("urlaub",), "games": ("spiele",), "rematch": ("revanche",),
        "new": ("neu", "neues"),
        "clock:more": ("verlängern", "verlängere"), "clock:pause": ("pausieren",),
        "clock:resume": ("fortsetzen",), "clock:zone": ("zeitzone",),
    },
})


def _phrases(*words: str) -> frozenset[str]:
    return frozenset(spelling for word in words for spelling in spellings(word))


#: whole lines that are one command
MY_GAMES = _phrases("my games", "mes parties", "meine spiele")
PLAY_AGAIN = _phrases("play again", "rejouer", "nochmal spielen", "noch einmal spielen")
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
