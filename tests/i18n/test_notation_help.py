"""The notation help and the plan examples (the help mail, the rules and
seat pages) in a French or German farmer's words: each example written with
their command words, and read back by the game as the very move the English
example is; each meaning in their language."""

from __future__ import annotations

import pytest

from boards.i18n import translator
from boards.notation_help import notation_help, plan_examples
from engine import get_game
from engine.core import InvalidMove, MoveError
from engine.harvest.notation import canonical
from mail.inbound.plans import read_plan
from tests.engine.walk import random_positions

LANGUAGES = ["fr", "de"]


def moves_of(example: str) -> list[str]:
    """The moves an example shows: itself, or each step of each alternative of a plan."""
    if example.startswith(("next:", "plan:")):
        return [step for alternative in read_plan(example).alternatives for step in alternative]
    return [example]


def shown_and_english(kind: str, language: str) -> list[tuple[str, str]]:
    """(the move as shown in ``language``, the English example's move), over the help and the plans."""
    rules, t = get_game(kind), translator(language)
    pairs = []
    for told, english in ((notation_help(rules, t), rules.notation_help()), (plan_examples(rules, t),
                                                                              rules.plan_examples())):
        for (shown, _), (typed, _) in zip(told, english, strict=True):
            pairs += zip(moves_of(shown), moves_of(typed), strict=True)
    return pairs


@pytest.mark.parametrize("language", LANGUAGES)
def test_given_a_french_or_german_farmer_then_each_harvest_example_reads_as_the_english_one(language):
    state = get_game("harvest").setup(2, {}, 1)
    pairs = shown_and_english("harvest", language)
    assert {shown: canonical(state, 0, shown) for shown, _ in pairs} == {
        shown: canonical(state, 0, english) for shown, english in pairs}


def reading(rules, state: dict, text: str):
    """What the game makes of ``text`` here: the move's code, or (when it is
    no legal move) what the refusal suggests; a text it cannot read raises."""
    try:
        return rules.code(rules.parse(state, rules.to_act(state), text))
    except InvalidMove:
        raise
    except MoveError as refused:
        return ("refused", tuple(refused.suggestions or ()))


@pytest.mark.parametrize("language", LANGUAGES)
def test_given_a_french_or_german_farmer_then_each_sunfield_example_reads_as_the_english_one(language):
    rules = get_game("sunfield")
    pairs = shown_and_english("sunfield", language)
    played = set()
    for seed in (1, 2):
        for state in random_positions(rules, 2, {"advanced": True}, seed, 120):
            for shown, english in pairs:
                wanted = reading(rules, state, english)
                assert reading(rules, state, shown) == wanted, (shown, english)
                if not isinstance(wanted, tuple):
                    played.add(english)
    # every example is a legal move somewhere along these games but a power's, which needs its Livestock card
    assert played == {english for _, english in pairs} - {"gain corn"}


@pytest.mark.parametrize("kind", ["sunfield", "harvest"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_given_a_french_or_german_farmer_then_the_examples_use_their_words_and_the_meanings_their_language(
        kind, language):
    rules, t = get_game(kind), translator(language)
    for told, english in ((notation_help(rules, t), rules.notation_help()),
                          (plan_examples(rules, t), rules.plan_examples())):
        assert [meaning for (_, meaning), (_, msgid) in zip(told, english) if meaning == msgid] == []
        # each move starts with the word offered in the language for its verb (a plan's "store": a noun)
        verbs = rules.verbs()
        firsts = [move.split()[0] for example, _ in told for move in moves_of(example)]
        assert [first for first in firsts if verbs.meaning(first) and first != verbs.word(verbs.meaning(first),
                                                                                          language)] == []
