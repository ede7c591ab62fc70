"""The moves a French or German farmer is offered (the turn mail's links, the
seat page's buttons, whole turns) are written in their language's command
words ("prendre b2", "pflanze weizen a1"), and each shown line, typed back
in a reply, is read as the very move it offers: for both games, along
games played at random from several seeds."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.words import in_language
from service.notify.changes import typed_words
from service.notify.choices import choices
from tests.engine.walk import random_positions

#: the seeds of the games walked through, and how many moves of each
SEEDS, MOVES = (1, 2), 120


def positions(kind: str):
    """The positions along games played at random (Sunfield in advanced mode: its Livestock moves too)."""
    rules = get_game(kind)
    for seed in SEEDS:
        yield from random_positions(rules, 2, {"advanced": True} if kind == "sunfield" else {}, seed, MOVES)


def read_back(rules, state: dict, line: str) -> list[str]:
    """The codes a farmer's typed ``line`` plays: each step read in the position the steps before it leave."""
    seat, codes = rules.to_act(state), []
    for step in line.split(", "):
        move = rules.parse(state, seat, step)
        codes.append(rules.code(move))
        state = rules.apply(state, move)
    return codes


@pytest.mark.parametrize("kind", ["sunfield", "harvest"])
@pytest.mark.parametrize("language", ["fr", "de"])
def test_given_a_french_or_german_farmer_then_every_offered_line_reads_back_as_its_move(kind, language):
    rules = get_game(kind)
    typed = typed_words(rules, language)
    checked = 0
    for state in positions(kind):
        offered = choices(rules, state, whole=True, typed=typed)
        english = choices(rules, state, whole=True)
        for option, canonical in zip(offered["steps"], english["steps"]):
            assert read_back(rules, state, option["text"]) == [option["code"]], (option["text"], canonical["text"])
            checked += 1
        for turn in offered["whole"]:
            assert read_back(rules, state, turn["line"]) == turn["codes"], turn["line"]
            checked += 1
    assert checked > 1000


@pytest.mark.parametrize("kind, language, english, shown", [
    ("sunfield", "fr", "take", "prendre"), ("sunfield", "de", "take", "nimm"),
    ("harvest", "fr", "place", "placer"), ("harvest", "de", "place", "setze"),
])
def test_given_a_french_or_german_farmer_then_the_offered_lines_use_their_command_words(kind, language, english,
                                                                                       shown):
    rules = get_game(kind)
    state = next(iter(s for s in positions(kind) if any(rules.text(m).startswith(english + " ")
                                                       for m in rules.legal_moves(s))))
    offered = choices(rules, state, whole=True, typed=typed_words(rules, language))
    lines = [o["text"] for o in offered["steps"]] + [t["line"] for t in offered["whole"]]
    assert any(line.startswith(shown + " ") for line in lines), lines
    assert not any(line.split()[0] == english for line in lines), lines
    labels = [g["label"] for g in offered["groups"]]
    assert not any(label == english for label in labels), labels


@pytest.mark.parametrize("language", ["fr", "de"])
def test_given_a_french_or_german_farmer_then_every_building_is_typed_in_their_words_and_read_back(language):
    """``build coop c3`` is offered as ``construire poulailler c3`` and
    ``baue hühnerstall c3``, and the reader takes each back as that
    Building, never as another word it knows."""
    from engine.harvest import content
    from engine.harvest.notation import canonical

    rules = get_game("harvest")
    state = rules.setup(2, {}, 1)
    shown = {key: in_language(rules, f"build {key} c3", language) for key in content.BUILDINGS}
    assert {key: canonical(state, 0, line) for key, line in shown.items()} == {
        key: f"build {key} c3" for key in content.BUILDINGS}
    # the English key is left only where the name is the same word in the language (Silo, Compost)
    assert {key for key, line in shown.items() if line.split()[1] == key} <= {"silo", "compost"}
