"""What a farmer may choose on their turn, as the turn mail and the seat page
show it: whole turns first (several steps in one choice, best first,
``Game.whole_turns``), then the single steps, those with the same outcome
folded into one line ("any of 11 places: Broccoli on (0, 1)"), ordered by
what they achieve, the first few shown and the rest grouped by what they do
(their verb, and the crop or space for long groups), one tap away.

Pure apart from the links it is given: ``link(codes)`` makes the signed,
version-bound link of a sequence of move codes (None: no links, the page
posts the codes instead). ``words(state, move)`` words a move's outcome in
the reader's language (None: the engine's English, ``Game.outcome``);
``typed(text)`` writes a move's text as the reader types it, in their
language's words (None: the game's canonical English): what every option,
whole turn and group shows, once folded and grouped by the canonical texts.
"""

from __future__ import annotations

from collections.abc import Callable

#: the single steps shown before the rest is grouped
SHOWN = 4
#: the whole turns offered (Sunfield: two placements for each Field tile at most)
WHOLE_TURNS = 6
#: a group of steps longer than this is split again by its second word (the crop, the space)
GROUP_SPLIT = 8


def choices(rules, state: dict, *, whole: bool, link: Callable[[list[str]], str] | None = None,
            words: Callable | None = None, typed: Callable[[str], str] | None = None) -> dict:
    """``whole``: offer whole turns (Config.whole_turns). Returns
    ``{"whole": [...], "steps": [...], "shown": [...], "groups": [...]}``:
    each whole turn as ``line`` (the typed chain), ``codes``, ``outcome``,
    ``alike`` and ``url``; ``steps`` every legal move as one option (text,
    code, url, outcome), in the engine's order; ``shown`` the folded steps
    to show first and ``groups`` the rest, each ``{"label", "options",
    "groups"}``."""
    words = words or rules.outcome
    steps = [_option(rules, state, move, link, words) for move in rules.legal_moves(state)]
    folded = fold(rules, state, steps)
    offered = {"whole": whole_turns(rules, state, link, words=words) if whole else [], "steps": steps,
               "shown": folded[:SHOWN], "groups": group(folded[SHOWN:])}
    return typed_in(offered, typed) if typed else offered


def typed_in(offered: dict, typed: Callable[[str], str]) -> dict:
    """``offered`` with every text a farmer reads as a typed line (an
    option's text, a whole turn's line and steps, a group's label) written
    by ``typed``; each option once (a folded option shows in a group too)."""
    seen: set[int] = set()

    def option(o: dict) -> None:
        if id(o) in seen:
            return
        seen.add(id(o))
        for key in ("text", "line"):
            if o.get(key):
                o[key] = typed(o[key])
        for key in ("texts", "others"):
            if key in o:
                o[key] = [typed(text) for text in o[key]]

    def group_of(g: dict) -> None:
        g["label"] = typed(g["label"])
        for o in g["options"]:
            option(o)
        for inner in g["groups"]:
            group_of(inner)

    for o in offered["whole"] + offered["steps"] + offered["shown"]:
        option(o)
    for g in offered["groups"]:
        group_of(g)
    return offered


def _option(rules, state, move, link, words) -> dict:
    code = rules.code(move)
    return {"text": rules.text(move), "line": "", "code": code, "codes": [code], "outcome": words(state, move),
            "url": link([code]) if link else None, "alike": 1, "where": True}


def whole_turns(rules, state: dict, link: Callable[[list[str]], str] | None = None,
                limit: int = WHOLE_TURNS, words: Callable | None = None) -> list[dict]:
    """The game's best whole turns as options: the typed chain
    (``take b2, place 1 0``), the codes, the steps' ``outcomes`` (the
    renderer words them "…; then …") and its link.
    Whole turns with the same outcomes (the same tile in two columns) are
    one option, the first of them, counting the others in ``alike``."""
    out: dict[tuple, dict] = {}
    for turn in rules.whole_turns(state, limit * 2):
        codes = [rules.code(m) for m in turn.moves]
        texts = [rules.text(m) for m in turn.moves]
        same = out.get(turn.outcomes)
        if same is not None:
            same["alike"] += turn.alike
            same["where"] = False  # another first step: "any of 3 choices"
            continue
        if len(out) < limit:
            out[turn.outcomes] = {"line": ", ".join(texts), "texts": texts, "codes": codes, "alike": turn.alike,
                                  "where": True, "outcome": "",
                                  "outcomes": _worded(rules, state, turn, words) if words else list(turn.outcomes),
                                  "url": link(codes) if link else None}
    return list(out.values())


def _worded(rules, state: dict, turn, words: Callable) -> list[str]:
    """Each step's outcome of a whole turn, worded by ``words`` in the
    position the steps before it leave."""
    if words == rules.outcome:
        return list(turn.outcomes)
    out = []
    for move in turn.moves:
        out.append(words(state, move))
        state = rules.apply(state, move)
    return out


def fold(rules, state: dict, steps: list[dict]) -> list[dict]:
    """The steps with the same verb and outcome as one option (the first of
    them, with ``alike`` their number, ``others`` the other texts and
    ``where`` whether they differ only in where: "any of 11 places"), the
    best first: ordered by how much the step improves the farmer's standing
    (score and what will score later), a step that reveals hidden
    information counted as no change (its result is not known before), then
    in the engine's order. Only a game that words its own outcomes folds
    and orders: the contract's default outcome says too little to tell
    moves apart, and the farmer could not see why one comes first."""
    from engine.core import Game

    seat = rules.to_act(state)
    telling = type(rules).outcome is not Game.outcome
    groups: dict[tuple[str, str], dict] = {}
    for index, step in enumerate(steps):
        key = (step["text"].split()[0], step["outcome"]) if telling else (step["text"], str(index))
        if key in groups:
            groups[key]["alike"] += 1
            groups[key]["others"].append(step["text"])
            continue
        groups[key] = {**step, "alike": 1, "others": [], "order": index,
                       "gain": _gain(rules, state, seat, step["code"]) if telling else 0.0}
    for option in groups.values():
        option["where"] = _only_where(option["text"], option["others"])
    return sorted(groups.values(), key=lambda o: (-o["gain"], o["order"]))


def _only_where(text: str, others: list[str]) -> bool:
    """Whether folded moves differ only in coordinates and spaces (the
    renderer says "any of 11 places"; else "any of 3 choices")."""
    words = text.split()
    return all(len(o.split()) == len(words) and all(a == b or any(c.isdigit() for c in a + b)
                                                    for a, b in zip(words, o.split())) for o in others)


def _gain(rules, state: dict, seat, code: str) -> float:
    if seat is None:
        return 0.0
    after = rules.apply(state, rules.from_code(code))
    if rules.reveals_information(state, after):
        return 0.0
    return round(_standing(rules, after, seat) - _standing(rules, state, seat), 6)


def _standing(rules, state: dict, seat: int) -> float:
    value = rules.score_of(state, seat)
    estimate = getattr(rules, "progress_value", None)
    return value + (estimate(state, seat) if estimate else 0)


def group(options: list[dict]) -> list[dict]:
    """Options grouped by their verb (``plant``), in the order of their best;
    a long group split again by its second word (``plant wheat``)."""
    return _group(options, 1)


def _group(options: list[dict], words: int) -> list[dict]:
    groups: dict[str, list[dict]] = {}
    for option in options:
        groups.setdefault(" ".join(option["text"].split()[:words]), []).append(option)
    out = []
    for label, members in groups.items():
        count = sum(o["alike"] for o in members)
        split = words == 1 and len(members) > GROUP_SPLIT and len({o["text"].split()[:2][-1] for o in members}) > 1
        out.append({"label": label, "count": count, "options": [] if split else members,
                    "groups": _group(members, 2) if split else []})
    return out
