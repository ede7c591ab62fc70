"""Tell a line meant as a move from prose the farmer wrote around it.

Every line that is not a Farmpost command reaches the game as a move. A
name, a job title or a phone number left above the sign-off would then fail
the whole mail. The rule (docs/mail.md, "Prose"): a line is **prose**, and
ignored, when none of these holds:

1. the game reads it as a move (the service asks the game first, when it is
   the farmer's turn);
2. its first word is a **move word**: a word of the game's notation (its
   ``move_words()``, its notation examples and the moves legal now) or a
   Farmpost command word;
3. its first word is a number or a board coordinate ("1", "-1", "b2",
   "(0,"), unless the line is a phone number (seven digits or more, and
   nothing but digits, spaces and ``+-./()``);
4. its first word is a **likely typo** of a move word — three letters or
   longer, the same first letter (people rarely mistype it), at most one
   edit away (a letter wrong, missing, added, or two swapped; two edits for
   words of seven letters or more) — and the rest of the line looks like a
   move: nothing, or at least half of its words move words, numbers or
   coordinates. "tkae b2" is a typo of "take b2" and gets "did you mean";
   "And another reply" is prose, though "and" is one letter from "end"; so
   are "Here is another email" and "Head of Operations, Carter & Sons Ltd",
   though "here" and "head" are one letter from "herd".

Prose lines are ignored; a mail of nothing but prose has no command.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from engine.core import AmbiguousMove, Game, IllegalMove, MoveError, State
from mail.inbound.command_words import COMMANDS

#: the words of the commands every game has, in every language (mail.inbound.command_words); not
#: those of the questions about the board (a signature's "Farm Manager", an address's "Hof 3")
#: nor of the clock and the language, which are commands only as whole lines or with their words
_PROSE_MEANINGS = {"board", "moves", "undo", "stop", "resign", "say", "preview", "vacation", "games", "rematch", "new"}
COMMAND_WORDS = frozenset(w for w, meaning in COMMANDS.table().items() if w.isalpha() and meaning in _PROSE_MEANINGS)

_PHONE = re.compile(r"^(?:\+|00)?[\d\s().\-/]+$")
_COORDINATE = re.compile(r"^[(\[]?[+-]?(?:\d+|[a-z]\d{1,2}|\d{1,2}[a-z])[,)\]]?$")


@dataclass(frozen=True)
class MoveWords:
    """The words that start a move of one game, in one position."""

    words: frozenset[str]

    @classmethod
    def of(cls, texts: Iterable[str]) -> MoveWords:
        """From move texts ("take b2", "deliver 3", "put carrot 0 1")."""
        return cls(frozenset(w for text in texts for w in _words(text) if not _COORDINATE.match(w)))

    @classmethod
    def for_game(cls, game: Game, state: State) -> MoveWords:
        """The move words of ``game`` in ``state``: its ``move_words()``, the
        words of its notation examples and of the moves legal now (whoever's
        turn it is: they are the game's words all the same)."""
        texts = [example for example, _ in game.notation_help()] + [game.text(m) for m in game.legal_moves(state)]
        return cls(cls.of(texts).words | {w.lower() for w in game.move_words()})

    def known(self, word: str) -> bool:
        return word in self.words or word in COMMAND_WORDS


def is_prose(line: str, move_words: MoveWords) -> bool:
    """Whether ``line`` is prose by rules 2 to 4 above (rule 1, the game's
    reading, is the caller's)."""
    if _is_phone_number(line):
        return True
    words = line.lower().split()
    if not words:
        return True
    first = words[0].strip(".,;:!?\"'")
    if _COORDINATE.match(first) or move_words.known(first):
        return False
    if len(first) >= 3 and any(_near(first, known) for known in move_words.words | COMMAND_WORDS):
        return not _rest_looks_like_a_move(_words(" ".join(words[1:])), move_words)
    return True


def is_prose_for_game(line: str, game: Game, state: State, seat: int, move_words: MoveWords) -> bool:
    """The whole rule: the game's reading first (when it is ``seat``'s turn),
    then :func:`is_prose`."""
    if game.to_act(state) == seat and game_reads(game, state, seat, line):
        return False
    return is_prose(line, move_words)


def game_reads(game: Game, state: State, seat: int, line: str) -> bool:
    """The game reads ``line`` as a move, or as one it cannot make now or
    that could mean several (rule 1)."""
    try:
        game.parse(state, seat, line)
    except (IllegalMove, AmbiguousMove):
        return True
    except MoveError:
        return False
    return True


def likely_typo_of(word: str, move_words: MoveWords) -> list[str]:
    """The move words ``word`` is a likely typo of (rule 4's first half)."""
    word = word.lower()
    if len(word) < 3:
        return []
    return sorted(known for known in move_words.words | COMMAND_WORDS if _near(word, known))


def _rest_looks_like_a_move(rest: list[str], move_words: MoveWords) -> bool:
    fitting = [w for w in rest if move_words.known(w) or _COORDINATE.match(w)]
    return len(fitting) * 2 >= len(rest)


def _is_phone_number(line: str) -> bool:
    text = line.strip()
    return bool(_PHONE.match(text)) and len(re.sub(r"\D", "", text)) >= 7


def _words(text: str) -> list[str]:
    return [w for w in re.split(r"[^\w+-]+", text.lower()) if w]


def _near(word: str, known: str) -> bool:
    """The same first letter and at most one edit apart (two for words of
    seven letters or more), where swapping two neighbouring letters is one
    edit."""
    if word == known:
        return True
    if word[:1] != known[:1]:
        return False
    limit = 2 if max(len(word), len(known)) >= 7 else 1
    if abs(len(word) - len(known)) > limit:
        return False
    return _edit_distance(word, known) <= limit


def _edit_distance(a: str, b: str) -> int:
    """Damerau-Levenshtein (optimal string alignment) distance."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = ca != cb
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]
