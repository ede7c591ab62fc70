""""Did you mean …?" for a move line the game could not use: only moves that
are legal now, closest to what was typed first.

The engine's suggestions may name a verb ("take") or a word of its
vocabulary; a verb stands for its legal moves, a move that is not legal now
is dropped, and with nothing left the legal moves closest to the line are
offered. The engine's own "; did you mean …?" hint is taken out of its
reason, so that the answer offers moves once, and only legal ones.
"""

from __future__ import annotations

import difflib
import re

from engine.core import MoveError, normalize

MAX_SUGGESTIONS = 3

_HINT = re.compile(r"[;,.]?\s*did you mean\b.*\?\s*$", re.IGNORECASE | re.DOTALL)


def reason(error: MoveError) -> str:
    """The engine's reason without its "did you mean" hint."""
    return _HINT.sub("", error.reason).strip() or error.reason


def legal_suggestions(rules, state: dict, line: str, error: MoveError) -> list[str]:
    """At most three texts of moves legal in ``state``, for ``line``."""
    legal = [rules.text(m) for m in rules.legal_moves(state)]
    picked: list[str] = []
    for suggestion in error.suggestions:
        if suggestion in legal:
            picked.append(suggestion)
        else:  # a verb or a word: the legal moves it starts
            picked += [text for text in legal if text.startswith(f"{suggestion} ")]
    typed = normalize(line)
    pool = list(dict.fromkeys(picked)) or difflib.get_close_matches(typed, legal, n=MAX_SUGGESTIONS, cutoff=0.5)
    return sorted(pool, key=lambda text: -difflib.SequenceMatcher(None, typed, text).ratio())[:MAX_SUGGESTIONS]


def did_you_mean(rules, state: dict, line: str, error: MoveError) -> str:
    """The reason, then "Did you mean …?" with legal moves (when there are any)."""
    suggestions = legal_suggestions(rules, state, line, error)
    hint = "\nDid you mean " + " or ".join(f"“{s}”" for s in suggestions) + "?" if suggestions else ""
    return f"{reason(error)}{hint}"
