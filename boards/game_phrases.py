"""The engine's sentences (:mod:`engine.phrases`) in the reader's language:
each part looked up in the ``game`` catalog, the farmer who played a move
told it in the second person ("You placed … in your Plot"); an option's
outcome ("Sheep tile (Carrot), costs 1 Seed") too; a refused move's reason
(:func:`refusal`), its typed parts ("take b2", "done") in the reader's
words."""

from __future__ import annotations

from boards.i18n import Translator
from engine import get_game
from engine.core import MoveError
from engine.phrases import Listed, Phrase, Typed
from engine.words import in_language


def say(phrase: Phrase | Listed, t: Translator, *, you: bool = False) -> str:
    """``phrase`` in ``t``'s language; ``you``: told to the farmer it speaks of."""
    def text_of(part) -> str:
        if isinstance(part, Typed):
            return typed(part, t.language)
        return t.pgettext("you", part.you) if you and part.you else t.gettext(part.text)
    return phrase.render(text_of)


def refusal(error: MoveError, t: Translator, *, hint: bool = False) -> str:
    """Why the rules refused a move, in ``t``'s language; ``hint``: with
    the engine's "; did you mean …?" (an answer that offers legal moves
    itself leaves it out)."""
    told = say(error.phrase, t)
    return told + say(error.hint, t) if hint and error.hint else told


def typed(part: Typed, language: str) -> str:
    """A move's text or a verb in ``language``'s words (``fields 3`` →
    ``champs 3``); as it is for a game the registry does not know."""
    try:
        rules = get_game(part.game)
    except KeyError:
        return part.text
    if part.verb:
        return in_language(rules, part.text, language)
    nouns = rules.nouns()
    english = nouns.by_language.get("en", {})
    known = language in nouns.by_language
    return " ".join(nouns.word(word, language) if known and word in english else word for word in part.text.split(" "))


def you_said(t: Translator) -> str:
    """The farmer reading about their own move, as the sentence's subject ("You")."""
    return t.gettext("You")


def progress(rules, state, t: Translator) -> str:
    """Where the game stands ("round 2 of 6": a subject's, a page's) in
    ``t``'s language: the engine's :meth:`~engine.core.Game.progress_phrase`."""
    return say(rules.progress_phrase(state), t)
