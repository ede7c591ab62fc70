"""The notation help and the plan examples a game gives (its
``notation_help()`` and ``plan_examples()``: English examples, and meanings
that are ``game`` catalog msgids) as the reader sees them: each example in
the reader's command words, where the game reads them ("garder personnage
2", "next: placer champs 3, planter blé a1 | …"), each meaning in the
reader's language. A plan's own words (``next:``, ``plan:``, ``stop if``)
and its separators stay as typed: every farmer writes them in English
(mail/inbound/plans.py)."""

from __future__ import annotations

import re

from boards.i18n import Translator
from engine.words import in_language

#: a plan line's word before its moves
_PLAN_WORD = re.compile(r"^((?:next|plan):\s*)(.*)$")
#: where a plan's stop conditions start
_STOP = re.compile(r";\s*stop if\b.*$")
#: between a plan's moves: alternatives (|, >) and steps (,)
_BETWEEN = re.compile(r"(\s*[|>]\s*|,\s*)")


def typed(rules, example: str, language: str) -> str:
    """``example`` (a move, or a plan of moves) as a farmer writing
    ``language`` types it."""
    plan = _PLAN_WORD.match(example)
    if plan is None:
        return in_language(rules, example, language)
    word, body = plan.groups()
    stop = _STOP.search(body)
    moves, tail = (body[:stop.start()], stop.group()) if stop else (body, "")
    pieces = _BETWEEN.split(moves)
    # the pieces at even places are moves, those between them separators
    return word + "".join(in_language(rules, piece, language) if i % 2 == 0 else piece
                          for i, piece in enumerate(pieces)) + tail


def notation_help(rules, t: Translator) -> list[tuple[str, str]]:
    """The game's notation help in ``t``'s language: (example, meaning) pairs."""
    return [(typed(rules, example, t.language), t.gettext(meaning)) for example, meaning in rules.notation_help()]


def plan_examples(rules, t: Translator) -> list[tuple[str, str]]:
    """The game's plan examples in ``t``'s language: (plan, meaning) pairs."""
    return [(typed(rules, example, t.language), t.gettext(meaning)) for example, meaning in rules.plan_examples()]
