"""Moves as text: the canonical typed form, and a forgiving parser.

Typed (what a farmer writes in a mail) and code (links, move log)::

    take b2                  take:b:2
    place 1 -1               place:1:-1
    put carrot 0 1           put:carrot:0:1
    exchange carrot corn     exchange:carrot:corn
    buy corn                 buy:corn
    deliver 3                deliver:3
    deliver reserved         deliver:reserved
    end                      end
    draw                     draw
    reserve 2                reserve:2
    swap 0 1 cow             swap:0:1:cow
    herd 0 1 to 2 0          herd:0:1:2:0
    trade carrot corn        trade:carrot:corn
    gain corn                gain:corn
    pick carrot 0 1          pick:carrot:0:1
    shift carrot 0 1 to 1 1  shift:carrot:0:1:1:1
    sow corn 0 1             sow:corn:0:1
    move 0 1 to 2 1          move:0:1:2:1

The parser accepts any case, plurals, synonyms ("brocoli", "aubergine",
"maize"), unique abbreviations ("ex car co"), filler words ("take the tile
at b2", "put a carrot on (0, 1)"), rows by animal ("take b cow") and
coordinates written "1,-1", "(1 -1)", "1 / -1" or "x=1 y=-1". A partial
command that fits one legal move is that move; several are an AmbiguousMove.

Its words are English, French and German, in any mix (``prendre b2``,
``nimm b2``, ``mettre carotte 0 1``, ``lege Karotte auf 0 1``), accents and
umlauts optional (:mod:`engine.words`); the canonical text stays English.
"""

from __future__ import annotations

import re
from functools import lru_cache

from engine.core import (
    AmbiguousMove,
    IllegalMove,
    InvalidMove,
    Move,
    State,
    closest,
    game_over,
    normalize,
    not_your_turn,
)
from engine.phrases import N_, Phrase, Typed, did_you_mean
from engine.sunfield import content as C
from engine.sunfield.turns import explain_verb
from engine.words import Vocabulary, spellings

#: verb -> (argument pattern, ...): c column, n integer, v vegetable, a animal,
#: r the word "reserved"; a verb may have several patterns (deliver)
PATTERNS = {
    "take": ("cn",),
    "place": ("nn",),
    "put": ("vnn",),
    "exchange": ("vv",),
    "buy": ("v",),
    "deliver": ("n", "r"),
    "end": ("",),
    "draw": ("",),
    "reserve": ("n",),
    "swap": ("nna",),
    "herd": ("nnnn",),
    "trade": ("vv",),
    "gain": ("v",),
    "pick": ("vnn",),
    "shift": ("vnnnn",),
    "sow": ("vnn",),
    "move": ("nnnn",),
}

#: the verbs in English, French and German; the first word of each is the
#: one offered to a farmer who writes that language
VERBS = Vocabulary({
    "en": {
        "take": ("take", "grab"), "place": ("place", "lay"), "put": ("put",),
        "exchange": ("exchange", "change", "swap_vegetable"), "buy": ("buy", "purchase"),
        "deliver": ("deliver", "serve", "fulfil", "fulfill"), "end": ("end", "done", "pass", "finish"),
        "draw": ("draw",), "reserve": ("reserve",), "swap": ("swap",), "herd": ("herd",), "trade": ("trade",),
        "gain": ("gain",), "pick": ("pick",), "shift": ("shift",), "sow": ("sow", "plant"), "move": ("move",),
    },
    "fr": {
        "take": ("prendre", "prends", "prend"), "place": ("placer", "place", "poser", "pose"),
        "put": ("mettre", "mets", "met"), "exchange": ("échanger", "échange"),
        "buy": ("acheter", "achète", "achete"), "deliver": ("livrer", "livre"),
        "end": ("fin", "finir", "fini", "terminer", "termine", "terminé", "passer", "passe"),
        "draw": ("piocher", "pioche"), "reserve": ("réserver", "réserve"), "swap": ("remplacer", "remplace"),
        "herd": ("mener", "mène"), "trade": ("troquer", "troque"), "gain": ("gagner", "gagne", "obtenir"),
        "pick": ("cueillir", "cueille", "ramasser", "ramasse"), "shift": ("glisser", "glisse"),
        "sow": ("semer", "sème", "planter", "plante"), "move": ("déplacer", "déplace", "bouger", "bouge"),
    },
    "de": {
        "take": ("nimm", "nehmen", "nehme"), "place": ("setze", "setzen", "setz"),
        "put": ("lege", "legen", "leg"), "exchange": ("tausche", "tauschen", "tausch"),
        "buy": ("kaufe", "kaufen", "kauf"), "deliver": ("liefere", "liefern", "liefer", "beliefere"),
        "end": ("ende", "fertig", "beenden", "beende"), "draw": ("ziehe", "ziehen", "zieh"),
        "reserve": ("reserviere", "reservieren"), "swap": ("wechsle", "wechseln", "wechsel"),
        "herd": ("treibe", "treiben", "treib"), "trade": ("handle", "handeln"),
        "gain": ("erhalte", "erhalten", "bekomme"), "pick": ("pflücke", "pflücken", "pflück"),
        "shift": ("verschiebe", "verschieben", "schiebe"), "sow": ("säe", "säen", "pflanze", "pflanzen"),
        "move": ("bewege", "bewegen", "beweg"),
    },
})
VERB_WORDS = VERBS.table()
VEGETABLES = Vocabulary({
    "en": {"broccoli": ("broccoli", "brocoli", "brocolli", "broccolli"), "carrot": ("carrot", "carot"),
           "eggplant": ("eggplant", "aubergine", "egg"), "corn": ("corn", "maize", "sweetcorn")},
    "fr": {"broccoli": ("brocolis",), "carrot": ("carotte", "carottes"),
           "eggplant": ("aubergines",), "corn": ("maïs",)},
    "de": {"broccoli": ("brokkoli",), "carrot": ("karotte", "karotten", "möhre", "möhren"),
           "eggplant": ("auberginen",), "corn": ("mais",)},
})
VEGETABLE_WORDS = VEGETABLES.table()
ANIMALS = Vocabulary({
    "en": {"sheep": ("sheep", "ewe", "lamb"), "pig": ("pig", "hog"), "cow": ("cow", "cattle")},
    "fr": {"sheep": ("mouton", "moutons", "brebis"), "pig": ("cochon", "cochons", "porc"), "cow": ("vache", "vaches")},
    "de": {"sheep": ("schaf", "schafe"), "pig": ("schwein", "schweine"), "cow": ("kuh", "kühe")},
})
ANIMAL_WORDS = ANIMALS.table()
#: the nouns of a move's text, for :meth:`engine.core.Game.nouns` (``deliver reserved``'s
#: word too, read among RESERVED_WORDS)
_RESERVED = {"en": ("reserved",), "fr": ("réservé",), "de": ("reserviert",)}
NOUNS = Vocabulary({language: {**VEGETABLES.by_language[language], **ANIMALS.by_language[language],
                               "reserved": _RESERVED[language]}
                    for language in VEGETABLES.by_language})
RESERVED_WORDS = set().union(*map(spellings, (
    "reserved", "reserve", "hidden", "facedown", "réservé", "réservée", "cachée", "caché", "reserviert",
    "reservierte", "verdeckt", "verdeckte",
)))
#: the nouns that tell what a loose verb ("move") moves
VEGETABLE_NOUNS = set().union(*map(spellings, ("vegetable", "veg", "légume", "légumes", "gemüse")))
TILE_NOUNS = set().union(*map(spellings, ("tile", "field", "tuile", "champ", "plättchen", "feld")))
ANIMAL_NOUNS = set().union(*map(spellings, ("animal", "animals", "animaux", "tier", "tiere")))
FILLER = set().union(*map(spellings, (
    "a", "an", "the", "at", "to", "on", "onto", "into", "in", "from", "for", "with", "and", "of", "my", "i",
    "tile", "field", "column", "col", "row", "space", "client", "x", "y", "position", "pos", "turn",
    "animal", "animals", "vegetable", "veg", "please", "it", "card", "number", "no",
    # the sentences name a tile by colour and face: "the blue Pig tile at (0, 0)"
    "blue", "brown", "green", "yellow", "pasture", "face",
    # French ("prendre la tuile b2", "mettre une carotte sur 0 1", "livrer le client 3")
    "le", "la", "les", "l", "un", "une", "de", "du", "des", "d", "à", "au", "aux", "sur", "dans", "en", "vers",
    "pour", "avec", "contre", "mon", "ma", "mes", "je", "tuile", "champ", "colonne", "ligne", "case", "tour",
    "animaux", "légume", "légumes", "s'il", "svp", "stp", "carte", "numéro", "bleu", "bleue", "marron", "vert",
    "verte", "jaune", "pâture", "pâturage", "côté", "s", "il", "vous", "plaît", "te",
    # German ("nimm das Plättchen b2", "lege eine Karotte auf 0 1", "liefere Kunde 3")
    "der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "auf", "an", "im", "nach", "von",
    "vom", "zu", "zum", "zur", "für", "gegen", "mit", "mein", "meine", "meinen", "ich", "plättchen", "feld",
    "spalte", "reihe", "zeile", "kunde", "kunden", "kundin", "zug", "tier", "tiere", "gemüse", "bitte", "karte",
    "nummer", "nr", "blau", "blaue", "braun", "braune", "grün", "grüne", "gelb", "gelbe", "weide", "seite",
)))
#: verbs whose tiles are named by place: an Animal word only describes the tile
_PLACED_VERBS = {"place", "put", "pick", "shift", "sow"}
ROW_OF_ANIMAL = {animal: row + 1 for row, animal in enumerate(C.ROWS)}

_SEPARATORS = re.compile(r"->|=>|→|[()\[\]{}/=:#'’]|(?<!\S)-(?!\S)")  # "l'animal" is two words; a dash between spaces separates too
#: a count typed before a Vegetable ("buy 1 corn", "buy corn x1"): a move is always one
_COUNT_WORDS = {"one": "1", "x1": "1", "1x": "1", "x": ""}
_GLUED = re.compile(r"([abc])-?(\d+)\Z|(\d+)([abc])\Z")  # "b2", "b-2", "2b": a market tile
_INT = re.compile(r"[+-]?\d+\Z")


# --------------------------------------------------------------------------- text


def text(move: Move) -> str:
    kind, a = move.kind, move.args
    if kind == "take":
        return f"take {a[0]}{a[1]}"
    if kind in ("herd", "move"):
        return f"{kind} {a[0]} {a[1]} to {a[2]} {a[3]}"
    if kind == "shift":
        return f"shift {a[0]} {a[1]} {a[2]} to {a[3]} {a[4]}"
    return " ".join([kind, *map(str, a)])


def check_shape(move: Move) -> None:
    """InvalidMove unless ``move`` has a known verb and arguments of the right kinds."""
    if not _well_formed(move.kind, move.args, tuple(map(type, move.args))):
        raise InvalidMove(Phrase(N_("not a Sunfield Farm move: %(code)s"), {"code": repr(move.code())}))


@lru_cache(maxsize=8192)
def _well_formed(kind: str, args: tuple, types: tuple) -> bool:
    """(Cached, by the arguments and their types: the same few hundred moves
    are checked over and over.)"""
    patterns = PATTERNS.get(kind)
    return patterns is not None and any(_fits(args, p) for p in patterns)


def _fits(args: tuple, pattern: str) -> bool:
    if len(args) != len(pattern):
        return False
    for arg, kind in zip(args, pattern):
        if kind == "n":
            ok = isinstance(arg, int)
        elif kind == "c":
            ok = arg in C.COLUMNS
        elif kind == "v":
            ok = arg in C.VEGETABLES
        elif kind == "a":
            ok = arg in C.ANIMALS
        else:
            ok = arg == "reserved"
        if not ok:
            return False
    return True


# --------------------------------------------------------------------------- parsing


def _tokens(typed: str) -> list[str]:
    cleaned = _SEPARATORS.sub(" ", normalize(typed))
    out = []
    for token in cleaned.split():
        token = _COUNT_WORDS.get(token, token)
        if not token:
            continue
        glued = _GLUED.match(token)
        if glued:
            letter, number = (glued.group(1), glued.group(2)) if glued.group(1) else (glued.group(4), glued.group(3))
            out += [letter, number]
        else:
            out.append(token.strip(".!?'\""))
    return [t for t in out if t]


def _lookup(word: str, words: dict[str, str]) -> str | None:
    """Exact word, its singular, or a unique abbreviation (2+ letters)."""
    for candidate in (word, word[:-1] if word.endswith("s") else None, word[:-2] if word.endswith("es") else None):
        if candidate and candidate in words:
            return words[candidate]
    if len(word) >= 2:
        found = {meaning for w, meaning in words.items() if w.startswith(word)}
        if len(found) == 1:
            return found.pop()
    return None


def _verb(tokens: list[str]) -> tuple[str, list[str]]:
    if not tokens:
        raise InvalidMove(Phrase(N_("empty command; try “%(take)s” or “%(deliver)s”"),
                                 {"take": _typed("take b2"), "deliver": _typed("deliver 3")}),
                          suggestions=["take b2", "deliver 3"])
    word, rest = tokens[0], tokens[1:]
    if word in C.COLUMNS:  # "b2": a tile to take
        return "take", tokens
    if _INT.match(word):  # "1 -1": where the tile (or Vegetable) goes
        return "place", tokens
    if _lookup(word, VEGETABLE_WORDS):  # "carrot 0 1": where a gained Vegetable goes
        return "put", tokens
    verb = VERB_WORDS.get(word) or _lookup(word, VERB_WORDS)
    if verb is None:
        hints = (sorted({VERB_WORDS[w] for w in VERB_WORDS if w.startswith(word)})
                 or _one_per_meaning(closest(word, VERB_WORDS, n=9, cutoff=0.6), VERB_WORDS)[:3])
        raise InvalidMove(Phrase(N_("unknown command “%(word)s”"), {"word": word}),
                          suggestions=[VERB_WORDS[h] for h in hints], hint=did_you_mean(hints))
    return verb, rest


def _one_per_meaning(words: list[str], table: dict[str, str]) -> list[str]:
    """``words`` (closest first) without those that mean what an earlier one does."""
    seen: set[str] = set()
    return [w for w in words if not (table[w] in seen or seen.add(table[w]))]


def _drop_counts(verb: str, rest: list[str]) -> list[str]:
    """Without the counts typed with a Vegetable ("buy 1 corn", "exchange 1
    carrot for 1 corn", "buy corn 1"): numbers beyond the coordinates the
    verb takes, next to a Vegetable word. Every such move moves one."""
    words = [w for w in rest if w not in FILLER]
    extra = sum(1 for w in words if _INT.match(w)) - max(p.count("n") for p in PATTERNS[verb])
    counts = set()
    for index, word in enumerate(words):
        if len(counts) == extra:
            break
        after = words[index + 1] if index + 1 < len(words) else None
        before = words[index - 1] if index else None
        if _INT.match(word) and ((after and _lookup(after, VEGETABLE_WORDS))
                                 or (after is None and before and _lookup(before, VEGETABLE_WORDS))):
            if int(word) != 1:
                raise InvalidMove(Phrase(N_("one Vegetable per move: for %(n)s, write the move %(n)s times, one a line"),
                                         {"n": word}))
            counts.add(index)
    return [w for i, w in enumerate(words) if i not in counts]


def _classify(verb: str, rest: list[str]) -> dict[str, list]:
    """Sort the words after the verb into columns, numbers, Vegetables, Animals."""
    found: dict[str, list] = {"c": [], "n": [], "v": [], "a": [], "r": []}
    if verb in _VEGETABLE_VERBS:
        rest = _drop_counts(verb, rest)
    for word in rest:
        if _INT.match(word):
            found["n"].append(int(word))
        elif verb == "take" and word in C.COLUMNS:
            found["c"].append(word)
        elif word in RESERVED_WORDS and verb == "deliver":
            found["r"].append("reserved")
        elif word in FILLER:
            continue
        elif (veg := _lookup(word, VEGETABLE_WORDS)) is not None:
            found["v"].append(veg)
        elif (animal := _lookup(word, ANIMAL_WORDS)) is not None:
            if verb not in _PLACED_VERBS:
                found["a"].append(animal)
        elif verb == "take" and re.fullmatch(r"[a-z]\d", word):
            raise InvalidMove(Phrase(N_("“%(word)s”: market columns are a, b and c, rows 1 to 3 (e.g. “%(example)s”)"),
                                     {"word": word, "example": _typed("take b2")}))
        else:
            vocabulary = list(VEGETABLE_WORDS) + list(ANIMAL_WORDS)
            hints = closest(word, vocabulary, n=3, cutoff=0.6)
            raise InvalidMove(Phrase(N_("“%(word)s” is not a word of Sunfield Farm moves"), {"word": word}),
                              hint=did_you_mean(hints))
    return found


def _refine(verb: str, found: dict[str, list], rest: list[str], phase: str) -> str:
    """Verbs a farmer may use loosely: "move" a Vegetable / an Animal, "put" a tile, ..."""
    if verb == "move" and (found["v"] or VEGETABLE_NOUNS & set(rest)):
        return "shift"
    if verb == "swap" and found["v"] and not found["n"]:  # "swap carrot for corn": the Seeds exchange
        return "exchange"
    if verb == "swap" and len(found["a"]) == 2:  # "swap the sheep at 0 0 for a cow": the coordinates say which
        found["a"] = found["a"][1:]
    if verb == "move" and found["a"] and TILE_NOUNS & set(rest):  # "move the blue Pig tile at ..."
        found["a"] = []
        return "move"
    if verb in ("move", "herd") and (found["a"] or ANIMAL_NOUNS & set(rest)):
        found["a"] = []  # "move pig 0 0 to 1 0": the coordinates say which Animal
        return "herd"
    if verb == "put" and not found["v"] and phase == "place":
        return "place"
    if verb == "place" and phase == "put":
        return "put"
    if verb == "take" and found["a"] and not found["n"]:
        found["n"] = [ROW_OF_ANIMAL[found["a"].pop()]]
    return verb


def parse(game, state: State, seat: int, typed: str) -> Move:
    if not isinstance(typed, str) or len(typed) > 300:
        raise InvalidMove(Phrase(N_("a move is a short line of text, like “%(example)s”"),
                                 {"example": _typed("take b2")}))
    if state["phase"] == "over":
        raise IllegalMove(game_over())
    if seat != state["seat"]:
        raise IllegalMove(not_your_turn(state["seat"]))
    verb, rest = _verb(_tokens(typed))
    found = _classify(verb, rest)
    verb = _refine(verb, found, rest, state["phase"])
    pattern = _pattern(verb, found)
    for kind in "cnvar":
        if len(found[kind]) > pattern.count(kind):
            raise InvalidMove(Phrase(N_("too many %(what)s for “%(verb)s”; e.g. “%(example)s”"),
                                     {"what": Phrase(_KIND_NAMES[kind]), "verb": _typed(verb),
                                      "example": _typed(_EXAMPLES[verb])}))

    legal = [m for m in game.legal_moves(state) if m.kind == verb]
    matching = [m for m in legal if _matches(m, found)]
    complete = all(len(found[kind]) == pattern.count(kind) for kind in "cnvar")
    if len(matching) == 1:
        return matching[0]
    if len(matching) > 1:
        texts = sorted(text(m) for m in matching)
        raise AmbiguousMove(Phrase(N_("“%(typed)s” could mean %(n)s moves: say which"),
                                   {"typed": typed.strip(), "n": len(texts)}), candidates=texts)
    texts = [text(m) for m in game.legal_moves(state)]
    if complete:
        move = Move(verb, tuple(_arrange(found, pattern)))
        check_shape(move)
        reason = game.explain(state, move)
        same_verb = [text(m) for m in legal]
        suggestions = closest(text(move), same_verb, n=3, cutoff=0.5) or same_verb[:3] or closest(text(move), texts, n=3, cutoff=0.3)
        raise IllegalMove(reason, suggestions=suggestions)
    if legal:
        raise IllegalMove(Phrase(N_("no “%(verb)s” move matches “%(typed)s” now"),
                                 {"verb": _typed(verb), "typed": typed.strip()}), suggestions=[text(m) for m in legal][:5])
    raise IllegalMove(explain_verb(state, verb), suggestions=texts[:5])


#: verbs whose Vegetable may be typed with a count of 1
_VEGETABLE_VERBS = {"put", "exchange", "buy", "trade", "gain", "pick", "shift", "sow", "swap", "place", "move"}
_KIND_NAMES = {"c": N_("columns"), "n": N_("numbers"), "v": N_("Vegetables"), "a": N_("Animals"), "r": N_("words")}
_EXAMPLES = {
    "take": "take b2", "place": "place 1 -1", "put": "put carrot 0 1", "exchange": "exchange carrot corn",
    "buy": "buy corn", "deliver": "deliver 3", "end": "end", "draw": "draw", "reserve": "reserve 2",
    "swap": "swap 0 1 cow", "herd": "herd 0 1 to 2 0", "trade": "trade carrot corn", "gain": "gain corn",
    "pick": "pick carrot 0 1", "shift": "shift carrot 0 1 to 1 1", "sow": "sow corn 0 1", "move": "move 0 1 to 2 1",
}


def _typed(text: str) -> Typed:
    """A move or a verb as the farmer types it, in the reader's words."""
    return Typed(text, "sunfield")


def _pattern(verb: str, found: dict[str, list]) -> str:
    patterns = PATTERNS[verb]
    if len(patterns) == 1:
        return patterns[0]
    return next((p for p in patterns if all(found[k] == [] or k in p for k in "cnvar")), patterns[0])


def _arrange(found: dict[str, list], pattern: str) -> list:
    taken = {kind: iter(values) for kind, values in found.items()}
    return [next(taken[kind]) for kind in pattern]


def _matches(move: Move, found: dict[str, list]) -> bool:
    """Whether what was typed is consistent with ``move``: each kind of
    argument typed is a prefix of the move's arguments of that kind."""
    typed_kinds = {
        "c": [a for a in move.args if a in C.COLUMNS],
        "n": [a for a in move.args if isinstance(a, int)],
        "v": [a for a in move.args if a in C.VEGETABLES],
        "a": [a for a in move.args if a in C.ANIMALS],
        "r": [a for a in move.args if a == "reserved"],
    }
    return all(typed_kinds[k][: len(found[k])] == found[k] for k in "cnvar")
