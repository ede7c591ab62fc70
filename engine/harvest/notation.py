"""Harvest's typed notation: the canonical text of a move, a forgiving reader
of what farmers type (sentences for the others: describe.py).

The canonical text is the move's words separated by spaces (``plant pumpkin
a1 h``); its code is the same words separated by colons. The reader turns
what a farmer wrote into that canonical text (synonyms, plurals, typos'
suggestions, coordinates written several ways) and leaves the matching
against the legal moves to :func:`engine.core.match_text`.
"""

from __future__ import annotations

import re

from engine.core import IllegalMove, InvalidMove, Move, State, closest, normalize
from engine.harvest import content as C
from engine.harvest.farm import CELL_SET, DOMINOES, cell_sort_key
from engine.harvest.state import MARKET_LABELS
from engine.phrases import N_, Phrase, Typed, did_you_mean
from engine.words import Vocabulary, spelled, spellings

#: the verbs in English, French and German; the first word of each is the
#: one offered to a farmer who writes that language
VERB_WORDS = Vocabulary({
    "en": {
        "keep": ("keep", "choose", "select"), "sunrise": ("sunrise", "sun"),
        "place": ("place", "go", "visit", "put", "send", "wheelbarrow", "barrow"), "bonus": ("bonus",),
        "pay": ("pay", "spend"), "gain": ("gain", "take", "get", "pick"), "fill": ("fill", "refill"),
        "buy": ("buy", "purchase"), "plant": ("plant", "sow"), "tend": ("tend", "grow"),
        "harvest": ("harvest", "reap"), "upgrade": ("upgrade", "improve", "swap"),
        "clear": ("clear", "chop", "cut"), "build": ("build", "construct"),
        "done": ("done", "pass", "end", "finish", "skip"),
    },
    "fr": {
        "keep": ("garder", "garde", "choisir", "choisis"), "sunrise": ("aube", "lever"),
        "place": ("placer", "place", "aller", "va", "vais", "poser", "pose", "envoyer", "brouette"),
        "pay": ("payer", "paye", "paie"), "gain": ("prendre", "prends", "gagner", "gagne", "obtenir"),
        "fill": ("remplir", "remplis"), "buy": ("acheter", "achète"), "plant": ("planter", "plante", "semer", "sème"),
        "tend": ("cultiver", "cultive", "soigner", "soigne"), "harvest": ("récolter", "récolte"),
        "upgrade": ("améliorer", "améliore"), "clear": ("défricher", "défriche", "abattre"),
        "build": ("construire", "construis", "bâtir"),
        "done": ("fini", "fin", "finir", "terminer", "terminé", "passer", "passe"),
    },
    "de": {
        "keep": ("behalte", "behalten", "wähle", "wählen"), "sunrise": ("sonnenaufgang",),
        "place": ("setze", "setzen", "gehe", "gehen", "geh", "schicke", "schubkarre"),
        "pay": ("zahle", "zahlen", "bezahle", "bezahlen"), "gain": ("nimm", "nehmen", "nehme", "erhalte", "bekomme"),
        "fill": ("fülle", "füllen", "füll"), "buy": ("kaufe", "kaufen", "kauf"),
        "plant": ("pflanze", "pflanzen", "säe", "säen"), "tend": ("pflege", "pflegen"),
        "harvest": ("ernte", "ernten"), "upgrade": ("verbessere", "verbessern", "werte"),
        "clear": ("rode", "roden"), "build": ("baue", "bauen", "bau"),
        "done": ("fertig", "ende", "beenden", "passe"),
    },
})
VERBS = VERB_WORDS.table()

WORDS = spelled({
    # seeds and crops
    "wheat": "wheat", "wheats": "wheat",
    "strawberry": "strawberry", "strawberries": "strawberry", "straw": "strawberry",
    "bush": "bush", "bushes": "bush", "blueberrybush": "bush", "blueberrybushes": "bush",
    "blueberry": "blueberry", "blueberries": "blueberry",
    "pumpkin": "pumpkin", "pumpkins": "pumpkin",
    "blé": "wheat", "blés": "wheat", "fraise": "strawberry", "fraises": "strawberry",
    "myrtillier": "bush", "myrtilliers": "bush", "buisson": "bush", "myrtille": "blueberry", "myrtilles": "blueberry",
    "citrouille": "pumpkin", "citrouilles": "pumpkin", "potiron": "pumpkin",
    "weizen": "wheat", "erdbeere": "strawberry", "erdbeeren": "strawberry", "strauch": "bush",
    "heidelbeerstrauch": "bush", "busch": "bush", "heidelbeere": "blueberry", "heidelbeeren": "blueberry",
    "blaubeere": "blueberry", "kürbis": "pumpkin", "kürbisse": "pumpkin",
    # resources
    "fertilizer": "fertilizer", "fertiliser": "fertilizer", "fertilizers": "fertilizer",
    "fertilisers": "fertilizer", "fert": "fertilizer", "manure": "fertilizer",
    "water": "water", "bucket": "bucket",
    "engrais": "fertilizer", "eau": "water", "seau": "bucket",
    "dünger": "fertilizer", "wasser": "water", "eimer": "bucket",
    "seed": "", "seeds": "", "graine": "", "graines": "", "samen": "",
    # areas
    "store": "store", "generalstore": "store", "general": "", "shop": "store",
    "fields": "fields", "field": "fields",
    "workshop": "workshop",
    "market": "market", "farmersmarket": "market", "farmer'smarket": "market", "farmers": "", "farmer's": "",
    "trading": "trading", "tradingpost": "trading", "post": "trading", "trade": "trading",
    "magasin": "store", "magasingénéral": "store", "champs": "fields", "atelier": "workshop",
    "marché": "market", "marchéfermier": "market", "comptoir": "trading",
    "laden": "store", "gemischtwarenladen": "store", "felder": "fields", "feldern": "fields", "werkstatt": "workshop",
    "markt": "market", "bauernmarkt": "market", "handelsposten": "trading",
    # other nouns
    "character": "character", "farmhouse": "farmhouse", "house": "farmhouse",
    "forest": "forest", "forests": "forest", "tile": "",
    "personnage": "character", "ferme": "farmhouse", "maison": "farmhouse", "forêt": "forest", "forêts": "forest",
    "tuile": "", "figur": "character", "bauernhaus": "farmhouse", "haus": "farmhouse", "wald": "forest",
    "plättchen": "",
    # orientation
    "h": "h", "horizontal": "h", "across": "h", "lying": "h", "sideways": "h", "horizontale": "h",
    "waagerecht": "h", "liegend": "h",
    "v": "v", "vertical": "v", "down": "v", "standing": "v", "upright": "v", "verticale": "v",
    "senkrecht": "v", "stehend": "v",
    # filler
    "please": "", "the": "", "a": "", "an": "", "my": "", "on": "", "at": "", "to": "", "in": "",
    "and": "", "with": "", "space": "", "spot": "", "i": "", "will": "", "wheelbarrow": "", "barrow": "",
    "for": "", "from": "", "of": "", "into": "", "growing": "", "all": "", "every": "", "everything": "",
    "crop": "", "crops": "", "one": "1", "two": "2", "three": "3",
    "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
    "le": "", "la": "", "les": "", "l'": "", "un": "1", "une": "1", "de": "", "du": "", "des": "", "d'": "",
    "à": "", "au": "", "sur": "", "dans": "", "en": "", "pour": "", "avec": "", "mon": "", "ma": "", "mes": "",
    "je": "", "case": "", "tout": "", "toutes": "", "tous": "", "culture": "", "cultures": "", "s'il": "",
    "vous": "", "plaît": "", "svp": "", "deux": "2", "trois": "3", "quatre": "4", "cinq": "5",
    "der": "", "die": "", "das": "", "den": "", "dem": "", "ein": "1", "eine": "1", "einen": "1", "auf": "",
    "im": "", "zu": "", "zum": "", "zur": "", "für": "", "mit": "", "von": "", "vom": "", "mein": "",
    "meine": "", "ich": "", "feld": "fields", "platz": "", "alle": "", "alles": "", "bitte": "", "zwei": "2",
    "drei": "3", "vier": "4", "fünf": "5",
})

#: a Building as a move's text names it, one word in each language (``build coop a1``,
#: ``construire poulailler a1``, ``baue hühnerstall a1``): the first word of each is
#: offered to a farmer who writes that language, and every one is read (:data:`BUILDING_WORDS`)
BUILDING_NOUNS = Vocabulary({
    "en": {key: (key,) for key in C.BUILDINGS},
    "fr": {"silo": ("silo",), "watertower": ("château",), "greenhouse": ("serre",), "barn": ("grange",),
           "beehive": ("ruche",), "cellar": ("cave",), "windmill": ("moulin",), "farmstand": ("étal",),
           "well": ("puits",), "compost": ("compost",), "coop": ("poulailler",), "toolshed": ("cabane",),
           "cottage": ("gîte",), "hall": ("halle",)},
    "de": {"silo": ("silo",), "watertower": ("wasserturm",), "greenhouse": ("gewächshaus",), "barn": ("scheune",),
           "beehive": ("bienenstock",), "cellar": ("keller",), "windmill": ("windmühle",), "farmstand": ("hofladen",),
           "well": ("brunnen",), "compost": ("kompost",), "coop": ("hühnerstall",), "toolshed": ("schuppen",),
           "cottage": ("gästehaus",), "hall": ("markthalle",)},
})

#: the nouns of a move's text in each language (all read through WORDS, the
#: Buildings through BUILDING_WORDS), the one offered to a farmer who writes
#: it: :meth:`engine.core.Game.nouns`
NOUN_WORDS = Vocabulary({language: {**nouns, **BUILDING_NOUNS.by_language[language]} for language, nouns in {
    "en": {noun: (noun,) for noun in ("wheat", "strawberry", "bush", "blueberry", "pumpkin", "fertilizer", "water",
                                      "bucket", "store", "fields", "workshop", "market", "trading", "character",
                                      "farmhouse", "forest")},
    "fr": {"wheat": ("blé",), "strawberry": ("fraise",), "bush": ("myrtillier",), "blueberry": ("myrtille",),
           "pumpkin": ("citrouille",), "fertilizer": ("engrais",), "water": ("eau",), "bucket": ("seau",),
           "store": ("magasin",), "fields": ("champs",), "workshop": ("atelier",), "market": ("marché",),
           "trading": ("comptoir",), "character": ("personnage",), "farmhouse": ("ferme",), "forest": ("forêt",)},
    "de": {"wheat": ("weizen",), "strawberry": ("erdbeere",), "bush": ("heidelbeerstrauch",),
           "blueberry": ("heidelbeere",), "pumpkin": ("kürbis",), "fertilizer": ("dünger",), "water": ("wasser",),
           "bucket": ("eimer",), "store": ("laden",), "fields": ("felder",), "workshop": ("werkstatt",),
           "market": ("markt",), "trading": ("handelsposten",), "character": ("figur",),
           "farmhouse": ("bauernhaus",), "forest": ("wald",)},
}.items()})

MULTIWORD = {
    "general store": "store", "trading post": "trading", "farmer's market": "market",
    "farmers market": "market", "blueberry bushes": "bush", "blueberry bush": "bush",
    "magasin général": "store", "marché fermier": "market",
}

#: the names of Buildings, Characters and Farmhouses in French and German
#: (English: content.py); a Character's article is left out when typed
NAMES = {
    "fr": {
        "buildings": {
            "silo": "Silo", "watertower": "Château d'eau", "greenhouse": "Serre", "barn": "Grange",
            "beehive": "Ruche", "cellar": "Cave à citrouilles", "windmill": "Moulin", "farmstand": "Étal",
            "well": "Puits", "compost": "Tas de compost", "coop": "Poulailler", "toolshed": "Cabane à outils",
            "cottage": "Gîte", "hall": "Halle du marché",
        },
        "characters": {
            "agronomist": "L'Agronome", "berrypicker": "La Cueilleuse", "carpenter": "Le Charpentier",
            "lumberjack": "Le Bûcheron", "merchant": "Le Marchand", "earlyriser": "Le Lève-tôt",
            "pumpkinqueen": "La Reine des citrouilles", "diviner": "Le Sourcier", "composter": "Le Composteur",
            "forager": "La Glaneuse",
        },
        "farmhouses": {
            "brick": "Ferme de brique", "windmill": "Maison du moulin", "wellhouse": "Maison du puits",
            "granary": "Maison du grenier", "orchard": "Maison du verger", "lakeside": "Maison du lac",
            "hilltop": "Manoir de la colline", "stone": "Chaumière de pierre",
        },
    },
    "de": {
        "buildings": {
            "silo": "Silo", "watertower": "Wasserturm", "greenhouse": "Gewächshaus", "barn": "Scheune",
            "beehive": "Bienenstock", "cellar": "Kürbiskeller", "windmill": "Windmühle", "farmstand": "Hofladen",
            "well": "Brunnen", "compost": "Komposthaufen", "coop": "Hühnerstall", "toolshed": "Geräteschuppen",
            "cottage": "Gästehaus", "hall": "Markthalle",
        },
        "characters": {
            "agronomist": "Die Agronomin", "berrypicker": "Der Beerenpflücker", "carpenter": "Der Zimmermann",
            "lumberjack": "Der Holzfäller", "merchant": "Die Händlerin", "earlyriser": "Der Frühaufsteher",
            "pumpkinqueen": "Die Kürbiskönigin", "diviner": "Der Wünschelrutengänger",
            "composter": "Die Komposterin", "forager": "Die Sammlerin",
        },
        "farmhouses": {
            "brick": "Backsteinhof", "windmill": "Mühlenhaus", "wellhouse": "Brunnenhaus",
            "granary": "Speicherhaus", "orchard": "Obsthof", "lakeside": "Seehaus", "hilltop": "Hügelgut",
            "stone": "Steinhaus",
        },
    },
}

_ARTICLE = re.compile(r"^(?:the|le|la|l'|der|die|das)\s*", re.IGNORECASE)


def _typed(name: str) -> str:
    """A name as the reader joins it: lower case, no article, no spaces."""
    return _ARTICLE.sub("", name.lower()).replace(" ", "")


def _names(kind: str, english: dict, nouns: Vocabulary | None = None) -> dict[str, str]:
    """Every typed form of the names of one kind (buildings, ...) -> its key
    (and the words of ``nouns``, a move's one-word names of them)."""
    names = {key: key for key in english} | {_typed(item["name"]): key for key, item in english.items()}
    for table in NAMES.values():
        names |= {_typed(name): key for key, name in table[kind].items()}
    if nouns is not None:
        names |= {word: key for table in nouns.by_language.values() for key, words in table.items() for word in words}
    return spelled(names)


BUILDING_WORDS = _names("buildings", C.BUILDINGS, BUILDING_NOUNS)
CHARACTER_WORDS = _names("characters", C.CHARACTERS)
FARMHOUSE_WORDS = _names("farmhouses", C.FARMHOUSES)
VOCABULARY = set(VERBS) | set(WORDS) | set(BUILDING_WORDS) | set(CHARACTER_WORDS) | set(FARMHOUSE_WORDS)

_CELL_LETTERS = C.COLUMNS
_ROW_DIGITS = "".join(str(r) for r in range(1, C.ROWS + 1))


def text(move: Move) -> str:
    return " ".join([move.kind, *map(str, move.args)])


def _canonical_cells(raw: str) -> str:
    """``B2``, ``b-2``, ``b 2``, ``2b``, ``(b,2)`` and ``a1h`` all become ``b2``-style words."""
    raw = re.sub(r"[()\[\]]", " ", raw)
    raw = _CELL.sub(r"\1\2", raw)
    raw = _ROW_FIRST.sub(r"\2\1", raw)
    return _GLUED_ORIENTATION.sub(r"\1 \2", raw)


def _phrases() -> list[str]:
    names = [*MULTIWORD, *(b["name"].lower() for b in C.BUILDINGS.values()),
             *(c["name"].lower().replace("the ", "") for c in C.CHARACTERS.values()),
             *(f["name"].lower() for f in C.FARMHOUSES.values()),
             *(_ARTICLE.sub("", name.lower()) for table in NAMES.values() for names in table.values()
               for name in names.values())]
    spelled_names = {spelling for name in names for spelling in spellings(name)}
    return sorted({n for n in spelled_names if " " in n}, key=len, reverse=True)


#: Names of several words ("general store", "water tower", "berry picker"),
#: longest first, joined into one word before reading.
_PHRASE = re.compile(r"\b(" + "|".join(re.escape(p) for p in _phrases()) + r")\b")
_CELL = re.compile(rf"\b([{_CELL_LETTERS}])\s*[-/:]?\s*([{_ROW_DIGITS}])\b")
_ROW_FIRST = re.compile(rf"\b([{_ROW_DIGITS}])\s*([{_CELL_LETTERS}])\b(?!\s*[-/:]?\s*[{_ROW_DIGITS}]\b)")
_GLUED_ORIENTATION = re.compile(rf"\b([{_CELL_LETTERS}][{_ROW_DIGITS}])([hv])\b")


#: ":" and arrows separate words, as in Sunfield ("place: fields 3", "tend wheat b2 -> b1")
_SEPARATORS = re.compile(r"->|=>|→|[:#]")
#: a Pumpkin's two cells as the sentences print them: "a1–b1" (any dash)
_CELL_PAIR = re.compile(rf"\b([{C.COLUMNS}][1-{C.ROWS}])-([{C.COLUMNS}][1-{C.ROWS}])\b")
#: a dash before a number (Harvest has no negative numbers): autocorrect's "–1"
_DASHED_NUMBER = re.compile(r"(?<![a-z0-9])-(\d)")
#: a French article or preposition elided before a word: "l'atelier", "d'engrais"
_ELISION = re.compile(r"\b(l|d|qu|s)'(?=\w)")
#: two cells, either way round -> (anchor, orientation)
DOMINO_OF = {frozenset(cells): key for key, cells in DOMINOES.items()}
AREAS = ("store", "fields", "workshop", "trading", "market")


def canonical(state: State, seat: int, raw: str) -> str:
    """What the farmer wrote, in canonical words (raises InvalidMove)."""
    raw = normalize(raw).replace("’", "'")
    raw = _SEPARATORS.sub(" ", raw)
    raw = _CELL_PAIR.sub(r"\1 \2", raw)
    raw = _DASHED_NUMBER.sub(r"\1", raw)
    raw = re.sub(r"\bx(\d)\b", r"\1", raw)  # buy wheat x2
    raw = _canonical_cells(raw)
    raw = _PHRASE.sub(lambda match: match.group(1).replace(" ", ""), raw)
    raw = _ELISION.sub(r"\1' ", raw)  # "l'atelier": "l'" and "atelier"
    tokens = [t for t in re.split(r"[\s,]+", raw) if t]
    while tokens and WORDS.get(tokens[0]) == "" and tokens[0] not in VERBS:  # "please", "i will", ...
        tokens.pop(0)
    if not tokens:
        raise InvalidMove(Phrase(N_("write a move, for example “%(example)s”"),
                                 {"example": Typed("place store 2", "harvest")}))
    if WORDS.get(tokens[0]) in AREAS or tokens[0] in MULTIWORD.values():  # "fields 3": where to go
        tokens.insert(0, "place")
    verb = VERBS.get(tokens[0]) or _abbreviation(tokens[0], VERBS)
    if verb is None:
        guess = closest(tokens[0], VERBS)  # in the language it was typed in
        raise InvalidMove(Phrase(N_("“%(word)s” is not a Harvest command"), {"word": tokens[0]}),
                          suggestions=[VERBS[g] for g in guess], hint=did_you_mean(guess[:1]))
    if len(tokens) > 1 and tokens[1] in VERBS and verb in ("gain", "place"):  # "take sunrise 3", "go place ..."
        tokens.pop(0)
        verb = VERBS[tokens[0]]
    words = []
    for token in tokens[1:]:
        if token in CELL_SET or token.isdigit() or (token in MARKET_LABELS and words[-1:] == ["market"]):
            words.append(token)
        elif token in WORDS:
            if WORDS[token]:
                words.append(WORDS[token])
        elif token in BUILDING_WORDS:
            words.append(BUILDING_WORDS[token])
        elif token in CHARACTER_WORDS or token in FARMHOUSE_WORDS:
            words.append(token)
        elif _abbreviation(token, WORDS):
            words.append(_abbreviation(token, WORDS))
        elif _abbreviation(token, BUILDING_WORDS):
            words.append(_abbreviation(token, BUILDING_WORDS))
        else:
            guess = closest(token, VOCABULARY)
            raise InvalidMove(Phrase(N_("“%(word)s” is not a word Harvest knows"), {"word": token}),
                              suggestions=guess, hint=did_you_mean(guess[:1]))
    return " ".join(_shape(state, seat, verb, words))


def _abbreviation(token: str, table: dict[str, str]) -> str | None:
    """The meaning of a word shortened to 3 letters or more, if only one fits."""
    if len(token) < 3:
        return None
    meanings = {value for key, value in table.items() if key.startswith(token) and value}
    return meanings.pop() if len(meanings) == 1 else None


def _shape(state: State, seat: int, verb: str, words: list[str]) -> list[str]:
    """Put the words of one command in canonical order and fill in what is implied."""
    turn = state.get("turn") or {}
    if verb == "gain":  # "take" and "pick" mean what the phase asks for
        verb = {"choose": "keep", "sunrise": "sunrise"}.get(state["phase"], "bonus" if turn.get("step") == "bonus"
                                                            else "gain")
    if verb == "keep":
        return ["keep", *_keep_words(state, seat, words)]
    if verb == "sunrise":
        return ["sunrise", *[w for w in words if w.isdigit()]]
    if verb == "pay":
        return ["pay", *[("bush" if w == "blueberry" else w) for w in words if not w.isdigit()]]
    if verb in ("gain", "bonus", "plant", "upgrade"):  # "gain 1 fertilizer", "plant 1 wheat c1": one at a time
        words = [w for w in words if not w.isdigit()]
    if verb == "place":  # "place 3 fields": the area, then its space
        words = sorted(words, key=lambda w: w not in AREAS)
    if verb in ("buy", "plant", "upgrade"):
        words = ["bush" if w == "blueberry" else w for w in words]
    if verb == "upgrade":
        if "bucket" in words:  # "upgrade the water bucket"
            return ["upgrade", "bucket"]
        seeds = [w for w in words if w in C.SEEDS]
        if len(seeds) == 2 and C.SEEDS.index(seeds[1]) == C.SEEDS.index(seeds[0]) + 1:
            words = seeds[:1]  # "upgrade wheat -> strawberry": what it becomes goes without saying
    if verb == "plant":
        words = _domino(words, 1)
    if verb == "buy":
        numbers = [w for w in words if w.isdigit()]
        names = [w for w in words if not w.isdigit()]
        return ["buy", *names, *(numbers or ["1"])]
    if verb == "fill":
        return ["fill", "bucket"]
    if verb == "tend":
        words = ["blueberry" if w == "bush" else w for w in words]
        if words and words[0] in CELL_SET:
            farmer = state["farmers"][seat]
            tile = next((t for t in farmer["farm"]["crops"] if words[0] in t["cells"]), None)
            if tile:
                words.insert(0, "blueberry" if tile["crop"] == "bush" else tile["crop"])
        if len(words) > 1 and words[1] in CELL_SET:  # any cell of the parent names it
            farmer = state["farmers"][seat]
            tile = next((t for t in farmer["farm"]["crops"] if words[1] in t["cells"]), None)
            if tile:
                words[1] = tile["cells"][0]
        if words and words[0] == "pumpkin":
            words = _domino(words, 2)
        elif words and words[0] == "strawberry" and len(words) == 4:  # the two new tiles, in any order
            words = words[:2] + sorted(words[2:], key=cell_sort_key)
    if verb == "clear" and "forest" not in words:
        words.insert(0, "forest")
    return [verb, *words]


def _domino(words: list[str], at: int) -> list[str]:
    """A Pumpkin's two cells typed at ``at`` ("a1 b1", "b1 a1", "a1–b1")
    as the anchor and orientation the moves use ("a1 h")."""
    cells = words[at:at + 2]
    if len(cells) == 2 and frozenset(cells) in DOMINO_OF and words[at + 2:] in ([], ["h"], ["v"]):
        anchor, orientation = DOMINO_OF[frozenset(cells)]
        return [*words[:at], anchor, orientation]
    return words


def _keep_words(state: State, seat: int, words: list[str]) -> list[str]:
    dealt = (state.get("private") or {}).get(str(seat)) or {}
    for word in words:
        if word in CHARACTER_WORDS and CHARACTER_WORDS[word] in dealt.get("characters", []):
            return ["character", str(dealt["characters"].index(CHARACTER_WORDS[word]) + 1)]
        if word in FARMHOUSE_WORDS and FARMHOUSE_WORDS[word] in dealt.get("farmhouses", []):
            return ["farmhouse", str(dealt["farmhouses"].index(FARMHOUSE_WORDS[word]) + 1)]
        if word in CHARACTER_WORDS or word in FARMHOUSE_WORDS:
            raise IllegalMove(Phrase(N_("“%(word)s” is not one of the cards you were dealt"), {"word": word}))
    if words and words[0].isdigit() and state["phase"] == "choose":
        farmer = state["farmers"][seat]
        return ["character" if farmer["character"] is None else "farmhouse", words[0]]
    return words


#: (example, meaning): the meanings are ``game`` catalog msgids (boards.notation_help)
NOTATION_HELP = [
    ("keep character 2", N_("keep the second Character you were dealt (or its name: keep lumberjack)")),
    ("keep farmhouse 1", N_("keep the first Farmhouse you were dealt")),
    ("sunrise 3", N_("take sunrise tile 3 from the display")),
    ("place fields 3", N_("put a Wheelbarrow on the Fields' 3-action space (place market b: a market tile)")),
    ("bonus water", N_("the Fields 1-space bonus: a Water or a Fertilizer")),
    ("pay fertilizer", N_("the Trading Post entry for one action: 2 Fertilizer (or: pay water, pay wheat)")),
    ("buy wheat 2", N_("buy 2 Wheat seeds at the General Store")),
    ("gain fertilizer", N_("take a Fertilizer at the General Store")),
    ("fill bucket", N_("pay 1 coin to fill the water bucket")),
    ("plant pumpkin a1 h", N_("plant a Pumpkin on a1 and b1 (v: on a1 and a2)")),
    ("tend wheat b2 b3", N_("tend the Wheat on b2, the new Wheat goes on b3")),
    ("tend strawberry c2 b2 d2", N_("tend the Strawberry on c2, the two new ones go on b2 and d2")),
    ("tend blueberry c3", N_("grow a Blueberry on the bush at c3")),
    ("harvest", N_("harvest every crop on your farm")),
    ("upgrade bucket", N_("make the water bucket one step bigger")),
    ("upgrade wheat", N_("Trading Post: swap a Wheat seed for a Strawberry seed and gain 1 coin "
                         "(at sunrise with First Light: the swap alone, or “done” to decline)")),
    ("clear forest d4", N_("clear the Forest on d4")),
    ("build silo c3", N_("build a Silo on c3, d3, c4 and d4")),
    ("done", N_("end this visit (unused actions are lost)")),
]
