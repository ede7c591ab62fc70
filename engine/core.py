"""The contract every Farmpost game implements.

A game is a sequence of atomic *moves*. A move is one small decision by the
seat to act and has two spellings:

* its **code**, compact and position-free, used in links and the move log
  (``take:b:2``), read back with :meth:`Game.from_code`;
* its **text**, what a farmer types in a mail (``take b2``), read back with
  :meth:`Game.parse`, which needs the position (like SAN in chess).

State is plain data: dicts with string keys, lists, ints, strings, booleans
and None. No floats, no tuples, so a JSON round trip is exact. By convention
every state has two reserved keys:

* ``"hidden"``: what no farmer may see (deck and pile order, the random
  generator). It changes only when a move draws from it.
* ``"private"``: ``{"<seat>": {...}}``, what only that seat may see.

Everything else is public. :meth:`Game.view` removes ``hidden`` and the other
seats' ``private`` parts, and :meth:`Game.reveals_information` says whether a
move drew on hidden information (which is what makes a move impossible to undo).

All randomness comes from :class:`Rng`, whose whole state is one integer kept
in ``state["hidden"]["rng"]``: replaying the move log from :meth:`Game.setup`
with the same seed rebuilds the same state, bit for bit.
"""

from __future__ import annotations

import difflib
import marshal
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.phrases import N_, Listed, Phrase, Typed
from engine.words import Vocabulary

State = dict[str, Any]


# --------------------------------------------------------------------------- errors


class MoveError(ValueError):
    """A move a farmer chose or typed cannot be used: ``phrase`` says why,
    for the farmer (:mod:`engine.phrases`: told in their language by the
    rendering floor); ``reason`` is its English, for logs and tests.

    ``hint`` is "; did you mean …?" after the reason (a phrase, or None),
    which ``reason`` ends with too. ``suggestions`` are texts of legal moves
    close to what was asked for. A reason given as plain text is a phrase
    whose text is not in any catalog (it is shown as it is).
    """

    def __init__(self, reason: str | Phrase, *, suggestions: Sequence[str] = (), hint: Phrase | None = None):
        self.phrase = reason if isinstance(reason, Phrase) else Phrase(reason)
        self.hint = hint
        self.reason = str(self.phrase) + (str(hint) if hint else "")
        super().__init__(self.reason)
        self.suggestions = list(suggestions)


class InvalidMove(MoveError):
    """The text or code is not a move of this game at all (bad syntax)."""


class IllegalMove(MoveError):
    """A well-formed move that the rules do not allow in this position."""


class AmbiguousMove(MoveError):
    """Several legal moves match the text; ``candidates`` are their texts."""

    def __init__(self, reason: str | Phrase, *, candidates: Sequence[str]):
        super().__init__(reason, suggestions=candidates)
        self.candidates = list(candidates)


# --------------------------------------------------------------------------- moves


_INT = re.compile(r"-?\d+\Z")


class Move(NamedTuple):
    """One atomic decision: a verb and its arguments (ints or words).

    Word arguments must never look like integers, so that the code
    ``kind:arg:arg`` reads back unambiguously.

    A move is an immutable value, a named tuple: comparing, hashing and
    building moves, which bots and legality checks do at every step, costs
    no more than for a tuple (moves order by verb, then arguments).
    """

    kind: str
    args: tuple[int | str, ...] = ()

    def code(self) -> str:
        return ":".join([self.kind, *map(str, self.args)])

    @classmethod
    def from_code(cls, code: str) -> Move:
        if not isinstance(code, str) or not code or len(code) > 200:
            raise InvalidMove(Phrase(N_("not a move code: %(code)s"), {"code": repr(code)}))
        kind, *raw = code.split(":")
        if not re.fullmatch(r"[a-z][a-z_]*", kind) or any(a == "" for a in raw):
            raise InvalidMove(Phrase(N_("not a move code: %(code)s"), {"code": repr(code)}))
        return cls(kind, tuple(int(a) if _INT.match(a) else a for a in raw))

    def __repr__(self) -> str:
        return f"Move.from_code({self.code()!r})"


# --------------------------------------------------------------------------- randomness


_MASK64 = (1 << 64) - 1


class Rng:
    """SplitMix64, a small generator whose whole state is one 64-bit integer.

    Usage inside ``apply``: ``rng = Rng(state["hidden"]["rng"])``, draw, then
    store ``rng.state`` back. Python's ``random`` is not used because its state
    is a 625-tuple and its algorithms are not a documented, frozen contract.
    """

    def __init__(self, state: int):
        self.state = state & _MASK64

    @classmethod
    def from_seed(cls, seed: int | str) -> Rng:
        if isinstance(seed, str):
            value = 0
            for ch in seed.encode():
                value = (value * 131 + ch) & _MASK64
            seed = value
        return cls(seed ^ 0x5DEECE66D)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias; ``next64``
        written out (the same draws: a random bot draws at every move)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        state = self.state
        while True:
            state = (state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            value = z ^ (z >> 31)
            if value < limit:
                self.state = state
                return value % n

    def shuffle(self, items: list) -> list:
        """A shuffled copy (Fisher-Yates); ``below`` and ``next64`` written
        out (the same draws, for the bots' samples that shuffle every deck)."""
        out = list(items)
        state = self.state
        for i in range(len(out) - 1, 0, -1):
            n = i + 1
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                state = (state + 0x9E3779B97F4A7C15) & _MASK64
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                value = z ^ (z >> 31)
                if value < limit:
                    break
            j = value % n
            out[i], out[j] = out[j], out[i]
        self.state = state
        return out

    def sample(self, items: Sequence, k: int) -> list:
        return self.shuffle(list(items))[:k]


# --------------------------------------------------------------------------- helpers


def clone(state: State) -> State:
    """A deep copy of plain data, several times faster than copy.deepcopy."""
    return marshal.loads(marshal.dumps(state))


#: what autocorrect makes of a typed "-": hyphens, dashes and the minus sign
DASHES = re.compile("[\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe63\uff0d]")


def normalize(text: str) -> str:
    """Lower case, single spaces, no surrounding punctuation; every dash or
    minus sign autocorrect may produce ("–1", "−1") becomes "-"; accents
    are composed (NFC), however the mail spelled them ("é" as e + ´)."""
    text = DASHES.sub("-", unicodedata.normalize("NFC", text.strip().lower()))
    text = re.sub(r"[\s,;]+", " ", text)
    return text.strip(" .!?")


_THIRD_PERSON = {"they": "you", "their": "your", "theirs": "yours", "themselves": "yourself"}
_PRONOUN = re.compile(r"\b(they|their|theirs|themselves)\b", re.IGNORECASE)


def second_person(sentence: str) -> str:
    """A :meth:`Game.describe` sentence told to the farmer who played it:
    "placed … in their Plot" -> "placed … in your Plot".

    Describe sentences speak of the farmer as "they"/"their" and use those
    words for nothing else ("them" may mean Vegetables, so it is left alone).
    """
    def swap(match: re.Match) -> str:
        word = match.group(1)
        out = _THIRD_PERSON[word.lower()]
        return out.capitalize() if word[0].isupper() else out

    return _PRONOUN.sub(swap, sentence)


def closest(word: str, vocabulary: Iterable[str], n: int = 3, cutoff: float = 0.6) -> list[str]:
    """The words of ``vocabulary`` that look most like ``word`` (typo suggestions)."""
    return difflib.get_close_matches(word, list(vocabulary), n=n, cutoff=cutoff)


@dataclass(frozen=True)
class Option:
    """A game option a host may choose at creation (e.g. advanced mode)."""

    key: str
    label: str
    default: bool | int | str
    help: str = ""
    #: its name in a list of options ("Sunfield Farm, Advanced mode"); the label when empty
    short: str = ""


# --------------------------------------------------------------------------- the contract


class Game:
    """The rules of one game. Subclasses are stateless singletons.

    Every method is pure: plain data in, plain data out, no clock, no I/O.
    """

    name: str = ""  # registry key and URL word, e.g. "sunfield"
    title: str = ""  # e.g. "Sunfield Farm"
    min_seats: int = 1
    max_seats: int = 4
    options: tuple[Option, ...] = ()

    # --- lifecycle ---------------------------------------------------------

    def setup(self, seats: int, options: dict, seed: int) -> State:
        """The state before the first move. Raises ValueError on bad parameters."""
        raise NotImplementedError

    def normalize_options(self, options: dict | None) -> dict:
        """Fill in defaults and reject unknown keys (ValueError)."""
        options = dict(options or {})
        unknown = set(options) - {o.key for o in self.options}
        if unknown:
            raise ValueError(f"unknown option(s): {', '.join(sorted(unknown))}")
        return {o.key: options.get(o.key, o.default) for o in self.options}

    def to_act(self, state: State) -> int | None:
        """The seat that must decide now, or None when the game is over."""
        raise NotImplementedError

    def legal_moves(self, state: State) -> list[Move]:
        """Every move the seat to act may make now; empty only when over."""
        raise NotImplementedError

    def apply(self, state: State, move: Move) -> State:
        """A new state (the given one is not changed). Raises IllegalMove."""
        raise NotImplementedError

    def apply_legal(self, state: State, move: Move) -> State:
        """As :meth:`apply` for a move taken from ``legal_moves(state)``,
        without checking it again: for bots, which apply every legal move of
        a position to judge it. The result is the same as ``apply``'s; a
        move that is not legal gives an undefined state, not an error."""
        return self.apply(state, move)

    def is_over(self, state: State) -> bool:
        return self.to_act(state) is None

    def whole_turns(self, state: State, limit: int = 12) -> list:
        """At most ``limit`` whole turns of the farmer to act, best first: the
        steps of a turn offered as one choice (a list of
        :class:`engine.whole_turns.WholeTurn`, each with its moves, their
        outcomes and a rank). None by default: a game offers its steps one
        by one."""
        return []

    def closing_moves(self, state: State) -> list[Move]:
        """The moves a farmer means by writing nothing more in a mail: when
        the turn waits only for optional steps, what ends it (Sunfield's
        ``end`` after the action). A mail that stops there plays them, so a
        farmer who wants nothing more never needs a second mail."""
        return []

    # --- text ------------------------------------------------------------

    def text(self, move: Move) -> str:
        """The canonical typed form of a move, which :meth:`parse` reads back."""
        raise NotImplementedError

    def parse(self, state: State, seat: int, text: str) -> Move:
        """Read what a farmer typed.

        Raises InvalidMove (not a command of this game), IllegalMove (not
        allowed now, or not this seat's turn) or AmbiguousMove (candidates).
        """
        raise NotImplementedError

    def code(self, move: Move) -> str:
        return move.code()

    def from_code(self, code: str) -> Move:
        return Move.from_code(code)

    def describe(self, state: State, move: Move) -> str:
        """A sentence for the other farmers about ``move`` played in ``state``
        (the state before it), without the farmer's name: "took Field tile b2".
        It speaks of the farmer as "they"/"their" and uses those words for
        nothing else, so :func:`second_person` can tell it to the farmer."""
        return self.text(move)

    def describe_phrase(self, state: State, move: Move) -> Phrase:
        """:meth:`describe` kept translatable (:mod:`engine.phrases`): its
        English text and the parts the rendering floor translates. By
        default the English sentence as it is."""
        return Phrase(self.describe(state, move))

    def outcome(self, state: State, move: Move) -> str:
        """What ``move`` (legal in ``state``) will do, in a few words, for the
        farmer about to choose it: "Carrot on (1, 1), Broccoli lost".

        Computed by applying the move to the state, but it says only what the
        farmer's own view already shows or will show and cannot depend on
        hidden information: never a card drawn, a tile revealed or a die
        rolled (a game that draws says that it draws, not what). Pure and
        deterministic; never empty. The default knows nothing of the game but
        whether the move draws on hidden information and, if not, whether the
        turn goes on (after a draw even that could depend on what was drawn).
        """
        after = self.apply(state, move)
        if self.reveals_information(state, after):
            return "draws on hidden information (cannot be undone)"
        return "ends your turn" if self.to_act(after) != self.to_act(state) else "your turn goes on"

    def outcome_phrase(self, state: State, move: Move) -> Phrase | Listed:
        """:meth:`outcome` kept translatable (:mod:`engine.phrases`); by
        default the English words as they are."""
        return Phrase(self.outcome(state, move))

    def notation_help(self) -> list[tuple[str, str]]:
        """(example, meaning) pairs that teach the typed notation: the
        example as typed in English, the meaning a ``game`` catalog msgid
        (``N_``), both shown in the reader's language by :mod:`boards.notation_help`."""
        return []

    def move_words(self) -> set[str]:
        """The words a typed move may start with, synonyms included ("take",
        "grab", "pass"): what tells a move from prose in a farmer's mail.
        By default the first words of the notation examples."""
        return {example.split()[0].lower() for example, _ in self.notation_help() if example.split()}

    def verbs(self) -> Vocabulary:
        """The words of the game's verbs in every language it reads
        (:mod:`engine.words`): what tells the language a farmer typed, and
        the word to suggest in it. By default :meth:`move_words`, English."""
        return Vocabulary({"en": {word: (word,) for word in self.move_words()}})

    def nouns(self) -> Vocabulary:
        """The nouns a move's text names (``broccoli``, ``store``) in every
        language the game reads, the first word of each offered to a farmer
        who writes that language, as :meth:`verbs`. By default none: a
        move's text keeps its nouns as written."""
        return Vocabulary({})

    def progress(self, state: State) -> str:
        """Where the game stands, for subjects: "round 5"."""
        return ""

    def progress_phrase(self, state: State) -> Phrase:
        """:meth:`progress` kept translatable (:mod:`engine.phrases`): the
        English text and its numbers, for a subject or a page in the
        reader's language. By default the English words as they are."""
        return Phrase(self.progress(state))

    # --- information -----------------------------------------------------

    def view(self, state: State, seat: int | None) -> State:
        """What ``seat`` may see (None: a spectator who sees public data only)."""
        out = {k: v for k, v in state.items() if k not in ("hidden", "private")}
        private = state.get("private", {})
        out["private"] = {str(seat): clone(private[str(seat)])} if str(seat) in private else {}
        return clone(out)

    def reveals_information(self, before: State, after: State) -> bool:
        """Whether the step from ``before`` to ``after`` drew on hidden
        information (a card drawn, a die rolled): such a move cannot be undone."""
        return before.get("hidden") != after.get("hidden")

    # --- plans -----------------------------------------------------------

    def names(self, state: State, move: Move) -> str:
        """What ``move`` refers to in ``state`` beyond its text, which a later
        state may hold differently: the Field tile at b2 (its id, "S16").
        A plan keeps what its moves named in the view it was made on; when
        the name differs as the plan plays, the move is no longer the one
        the farmer chose. Reads public data only. Empty: the text says all."""
        return ""

    def plan_examples(self) -> list[tuple[str, str]]:
        """(example, meaning) pairs that teach plans in this game's notation
        (docs/plans.md): ``next: …`` for the next turn, ``plan: …`` for the
        rest of the round. Their moves are read when the plan plays."""
        return []

    def amounts(self, state: State, seat: int) -> dict[str, int]:
        """What ``seat`` counts, by lower-case singular name ("seed", "coin"):
        what a plan's stop condition may name ("stop if Seeds < 3"; the
        service reads the plural too). Read from the seat's own view (public
        data and its own private part); none by default."""
        return {}

    # --- scoring ---------------------------------------------------------

    def score_sheet(self, state: State) -> dict:
        """Every scoring line of the rulebook, per farmer, valid at any time::

            {"lines": [{"key": "clients", "label": "Clients", "points": [19, 12]}, ...],
             "total": [43, 30],
             "tiebreak": {"label": "Seeds", "values": [5, 2]},
             "notes": ["..."]}   # optional, e.g. a solo rating
        """
        raise NotImplementedError

    def score_of(self, state: State, seat: int) -> int:
        """One farmer's total of :meth:`score_sheet` (what a bot weighs for
        every move it considers); a game may compute it alone, cheaper."""
        return self.score_sheet(state)["total"][seat]

    def totals(self, state: State) -> list[int]:
        """Every farmer's total of :meth:`score_sheet` (what the search bot
        weighs at every step of its playouts); a game may compute them
        without the sheet's lines and labels, cheaper."""
        return self.score_sheet(state)["total"]

    def ranking(self, state: State) -> list[list[int]]:
        """Seats grouped by place, best first; a group of several shares it."""
        sheet = self.score_sheet(state)
        tiebreak = (sheet.get("tiebreak") or {}).get("values") or [0] * len(sheet["total"])
        keys = {seat: (sheet["total"][seat], tiebreak[seat]) for seat in range(len(sheet["total"]))}
        groups: list[list[int]] = []
        for seat in sorted(keys, key=lambda s: keys[s], reverse=True):
            if groups and keys[groups[-1][0]] == keys[seat]:
                groups[-1].append(seat)
            else:
                groups.append([seat])
        return groups

    # --- replay ----------------------------------------------------------

    def replay(self, seats: int, options: dict, seed: int, codes: Iterable[str]) -> State:
        """Rebuild a game from its parameters, seed and move log."""
        state = self.setup(seats, options, seed)
        for code in codes:
            state = self.apply(state, self.from_code(code))
        return state


def match_text(game: Game, state: State, wanted: str, candidates: Iterable[Move] | None = None) -> Move:
    """Find the legal move whose canonical text is ``wanted`` (already normalised
    by the game's parser), or raise with suggestions.

    A helper for parsers: they translate synonyms and spellings into the
    canonical text, and this does the matching and the error messages.
    """
    moves = list(game.legal_moves(state) if candidates is None else candidates)
    texts = {game.text(m): m for m in moves}
    if wanted in texts:
        return texts[wanted]
    prefixed = [t for t in texts if t.startswith(wanted + " ")]
    if len(prefixed) == 1:
        return texts[prefixed[0]]
    if len(prefixed) > 1:
        raise AmbiguousMove(Phrase(N_("“%(move)s” could mean several moves"), {"move": Typed(wanted, game.name)}),
                            candidates=sorted(prefixed))
    suggestions = closest(wanted, texts, n=3, cutoff=0.5)
    raise IllegalMove(not_possible(game, wanted), suggestions=suggestions)


def not_possible(game: Game, text: str) -> Phrase:
    """"“take 7” is not possible now": a move's text (in the game's English
    words) that names no legal move."""
    return Phrase(N_("“%(move)s” is not possible now"), {"move": Typed(text, game.name)})


def game_over() -> Phrase:
    return Phrase(N_("the game is over"))


def not_your_turn(seat: int) -> Phrase:
    """"it is not your turn: farmer 2 is to play" (``seat`` counted from 0)."""
    return Phrase(N_("it is not your turn: farmer %(farmer)s is to play"), {"farmer": seat + 1})
