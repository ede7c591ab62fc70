"""The engine's sentences (:mod:`engine.phrases`) in the reader's language:
each part looked up in the ``game`` catalog, the farmer who played a move
told it in the second person ("You placed … in your Plot"); an option's
outcome ("Sheep tile (Carrot), costs 1 Seed") too."""

from __future__ import annotations

from boards.i18n import Translator
from engine.phrases import Listed, Phrase


def say(phrase: Phrase | Listed, t: Translator, *, you: bool = False) -> str:
    """``phrase`` in ``t``'s language; ``you``: told to the farmer it speaks of."""
    return phrase.render(lambda part: t.pgettext("you", part.you) if you and part.you else t.gettext(part.text))


def you_said(t: Translator) -> str:
    """The farmer reading about their own move, as the sentence's subject ("You")."""
    return t.gettext("You")


def progress(rules, state, t: Translator) -> str:
    """Where the game stands ("round 2 of 6": a subject's, a page's) in
    ``t``'s language: the engine's :meth:`~engine.core.Game.progress_phrase`."""
    return say(rules.progress_phrase(state), t)
