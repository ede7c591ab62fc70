""""Did you mean …?" for a move line the game could not use: only moves that
are legal now, closest to what was typed first.

The engine's suggestions may name a verb ("take") or a word of its
vocabulary; a verb stands for its legal moves, a move that is not legal now
is dropped, and with nothing left the legal moves closest to the line are
offered. The engine's own "; did you mean …?" hint is left out of its
reason, so that the answer offers moves once, and only legal ones. The
reason is told in the reader's language (``boards.game_phrases.refusal``). A move
offered is in the language of the command word the farmer typed (English,
French or German): "prendee b2" is offered "prendre b2".
"""

from __future__ import annotations

import difflib
import re

from boards.game_phrases import refusal, say
from boards.i18n import Translator
from engine.core import MoveError, normalize
from engine.phrases import Listed
from engine.words import in_language
from mail.inbound import command_words
from mail.inbound.commands import plain_spaces, unquoted
from mail.inbound.signoffs import is_sign_off
from mail.sentence import either, quoted

MAX_SUGGESTIONS = 3

def legal_suggestions(rules, state: dict, line: str, error: MoveError) -> list[str]:
    """At most three texts of moves legal in ``state``, for ``line``."""
    legal = [rules.text(m) for m in rules.legal_moves(state)]
    picked: list[str] = []
    for suggestion in error.suggestions:
        if suggestion in legal:
            picked.append(suggestion)
        else:  # a verb or a word: the legal moves it starts
            picked += [text for text in legal if text.startswith(f"{suggestion} ")]
    typed, language = normalize(line), typed_language(rules, line)
    shown = {text: in_language(rules, text, language) for text in legal}  # compared in the farmer's words
    by_shown = {v: k for k, v in shown.items()}
    pool = list(dict.fromkeys(picked)) or [by_shown[t] for t in difflib.get_close_matches(
        typed, list(by_shown), n=MAX_SUGGESTIONS, cutoff=0.5)]
    return sorted(pool, key=lambda text: -difflib.SequenceMatcher(None, typed, shown[text]).ratio())[:MAX_SUGGESTIONS]


#: what a move's outcome says when it loses the farmer something (engine/*/outcome.py)
_LOSS = re.compile(r"\b(destroyed|removed|lost|discarded)\b", re.IGNORECASE)


def warned(rules, state: dict, text: str, t: Translator, shown: str | None = None) -> str:
    """A suggested move, quoted (as ``shown``: in the farmer's words), and
    what it costs when it destroys or loses something (a building put over
    a crop): never proposed without saying so, in ``t``'s language."""
    shown = shown or text
    try:
        move = next(m for m in rules.legal_moves(state) if rules.text(m) == text)
        outcome = rules.outcome_phrase(state, move)
    except (StopIteration, MoveError):
        return quoted(t, shown)
    parts = outcome.items if isinstance(outcome, Listed) else (outcome,)
    losses = [say(part, t) for part in parts if _LOSS.search(str(part))]
    return (t.gettext("“%(move)s” (careful: %(losses)s)", move=shown, losses=", ".join(losses)) if losses
            else quoted(t, shown))


def typed_language(rules, line: str) -> str:
    """The language of the command word ``line`` starts with: of the word
    itself, or of the game's or service's word closest to it (a typo);
    English when nothing tells."""
    words = normalize(line).split()
    if not words:
        return "en"
    first = words[0]
    for vocabulary in (rules.verbs(), command_words.COMMANDS):
        if (language := vocabulary.language_of(first)) is not None:
            return language
    known = {**{w: v for w, v in _words_by_language(rules.verbs()).items()},
             **_words_by_language(command_words.COMMANDS)}
    near = difflib.get_close_matches(first, list(known), n=1, cutoff=0.6)
    return known[near[0]] if near else "en"


def _words_by_language(vocabulary) -> dict[str, str]:
    """Every word of ``vocabulary`` as written -> its language."""
    return {word: language for language, table in vocabulary.by_language.items()
            for words in table.values() for word in words}


def did_you_mean(rules, state: dict, line: str, error: MoveError, t: Translator) -> str:
    """The reason, then "Did you mean …?" with legal moves (when there are
    any), in the language of the line's command word, each that destroys
    something saying so; in ``t``'s language."""
    suggestions = legal_suggestions(rules, state, line, error)
    if not suggestions:
        return refusal(error, t)
    language = typed_language(rules, line)
    return t.gettext("%(reason)s\nDid you mean %(moves)s?", reason=refusal(error, t),
                     moves=either(t, [warned(rules, state, s, t, in_language(rules, s, language))
                                      for s in suggestions]))


#: the commands of the service a first word may be a slip of (mail/inbound/commands.py), in every language
COMMAND_WORDS = tuple(w for w in _words_by_language(command_words.COMMANDS) if w.isalpha() and len(w) > 2)

#: "help" as farmers write it in other languages Farmpost is mailed in often
HELP_WORDS = {"aidez", "ayuda", "aiuto", "ajuda", "hulp", "pomoc", "hjälp", "hjelp", "apua"}

#: lines of a mail looked at for a command that was meant
LINES_LOOKED_AT = 3


def meant_commands(rules, state: dict, seat: int, text: str) -> list[tuple[str, list[str]]]:
    """For the first lines of a mail in which no command was found, the
    commands closest to each (``aide`` → help, ``nehmen a1`` → take a1 when
    that is legal): the first word against the service's commands and the
    game's verbs, the rest against the legal moves that take the same words."""
    legal = [rules.text(m) for m in rules.legal_moves(state)] if rules.to_act(state) == seat else []
    verbs = sorted({t.split()[0] for t in legal})
    found = []
    lines = [unquoted(plain_spaces(line).strip()) for line in text.splitlines()]
    for line in [line for line in lines if line and not is_sign_off(line)][:LINES_LOOKED_AT]:
        words = normalize(line).split()
        if not words or len(words) > 6:  # a sentence, not a slip of a command
            continue
        first, rest = words[0], words[1:]
        language = typed_language(rules, line)
        picked = ["help"] if first in HELP_WORDS else []
        if rest:
            picked += [in_language(rules, t, language) for t in legal if t.split()[1:] == rest]
        game_words = [*verbs, *_words_by_language(rules.verbs())]
        picked += difflib.get_close_matches(first, [*game_words, *COMMAND_WORDS], n=MAX_SUGGESTIONS, cutoff=0.6)
        picked = list(dict.fromkeys(picked))[:MAX_SUGGESTIONS]
        if picked:
            found.append((line, picked))
    return found
