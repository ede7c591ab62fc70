"""Sentences of the game kept translatable: what ``describe`` says of a move.

The engine speaks English and never translates (it stays pure: no catalogs
here). A :class:`Phrase` is an English text with ``%(name)s`` placeholders
and its parameters: numbers, notation as written (``b2``, ``(0, 1)``), or
other phrases (a tile's name, a Vegetable, a list of them). ``str(phrase)``
is the English sentence; the rendering floor (:mod:`boards.game_phrases`)
looks each text up in the ``game`` catalog and fills in the translated
parts. A sentence about a farmer's move carries the text told to that
farmer too (``you``: "placed … in your Plot", under the catalog context
"you"), so both can be translated.

A part may be :class:`Typed`: a move or a command word as the farmer
types it ("take b2", "done"), shown in the reader's words ("prendre b2").
The reasons the rules give when they refuse a move are phrases too
(``MoveError.phrase``, :mod:`engine.core`).

Every text is marked where it is written, for extraction: :func:`N_`, and
:func:`pgettext` for the texts told to the farmer.
"""

from __future__ import annotations

from dataclasses import dataclass, field


def N_(text: str) -> str:
    """Mark ``text`` for the ``game`` catalog (extraction only)."""
    return text


def pgettext(context: str, text: str) -> str:
    """Mark ``text`` for the ``game`` catalog under ``context`` (extraction
    only): ``pgettext("you", "took %(tile)s")`` is a sentence told to the
    farmer who played it, which French and German conjugate otherwise
    ("Vous avez pris", "Sie haben genommen")."""
    return text


@dataclass(frozen=True)
class Phrase:
    text: str
    params: dict = field(default_factory=dict)
    #: the text told to the farmer it speaks of ("your Plot"), when it speaks of them
    you: str | None = None

    def __str__(self) -> str:
        return self.render(lambda phrase: phrase.text)

    def render(self, text_of) -> str:
        """The sentence with each phrase's text given by ``text_of(phrase)``."""
        values = {key: _render(value, text_of) for key, value in self.params.items()}
        text = text_of(self)
        return text % values if values else text


@dataclass(frozen=True)
class Listed:
    """Phrases or words written one after the other: "Carrot, Carrot, Corn"."""

    items: tuple
    separator: str = ", "

    def __str__(self) -> str:
        return self.render(lambda phrase: phrase.text)

    def render(self, text_of) -> str:
        return _render(self, text_of)


@dataclass(frozen=True)
class Typed:
    """A move's text or a verb in the English words of the game ``game``
    (its registry name): "take b2", "done". ``str()`` is the English; the
    rendering floor writes it in the reader's words, as the game reads it
    back (:func:`engine.words.in_language`)."""

    text: str
    game: str
    #: the text starts with a verb ("take b2"); else it is nouns only ("fields 3")
    verb: bool = True

    def __str__(self) -> str:
        return self.text

    def render(self, text_of) -> str:
        return text_of(self)


def told(text: str, you: str, params: dict | None = None) -> Phrase:
    """A sentence about a farmer's move: ``text`` for the others, ``you``
    for the farmer who played it (the same English, most often)."""
    return Phrase(text, params or {}, you=you)


def _render(value, text_of) -> str:
    if isinstance(value, (Phrase, Typed)):
        return value.render(text_of)
    if isinstance(value, Listed):
        return value.separator.join(_render(item, text_of) for item in value.items)
    return str(value)


def name(english: str) -> Phrase:
    """A game element's name (``"Carrot"``), translated by the catalog."""
    return Phrase(english)


def quoted_or(words) -> Phrase:
    """Typed words offered one or another: "“take” or “tend”"."""
    parts = [Phrase(N_("“%(word)s”"), {"word": word}) for word in words]
    listed = parts[0]
    for part in parts[1:]:
        listed = Phrase(N_("%(first)s or %(last)s"), {"first": listed, "last": part})
    return listed


def did_you_mean(words) -> Phrase | None:
    """The hint "; did you mean “a” or “b”?" after a reason (None without
    words): a :class:`~engine.core.MoveError`'s ``hint``."""
    words = list(words)
    return Phrase(N_("; did you mean %(words)s?"), {"words": quoted_or(words)}) if words else None
