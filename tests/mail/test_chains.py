"""Steps chained on one typed line: ``take b2, place 1 0``."""

from __future__ import annotations

import pytest

from mail.inbound.chains import split_chain
from mail.inbound.commands import MOVE, SAY, split_commands


@pytest.mark.parametrize("line, steps", [
    ("take b2, place 1 0", ["take b2", "place 1 0"]),
    ("take b2; place 1 0", ["take b2", "place 1 0"]),
    ("take b2 then place 1 0", ["take b2", "place 1 0"]),
    ("take b2 and place 1 0", ["take b2", "place 1 0"]),
    ("take b2, and then place 1 -1, deliver 3", ["take b2", "place 1 -1", "deliver 3"]),
    ("TAKE b2 THEN place 1 0 AND end", ["TAKE b2", "place 1 0", "end"]),
])
def test_given_steps_joined_in_english_when_split_then_each_is_a_step_in_order(line, steps):
    assert split_chain(line) == steps


@pytest.mark.parametrize("line, steps", [
    ("take b2 puis place 1 0", ["take b2", "place 1 0"]),
    ("take b2 ensuite place 1 0 et deliver 3", ["take b2", "place 1 0", "deliver 3"]),
    ("take b2, et puis place 0 1", ["take b2", "place 0 1"]),
])
def test_given_steps_joined_in_french_when_split_then_each_is_a_step_in_order(line, steps):
    assert split_chain(line) == steps


@pytest.mark.parametrize("line, steps", [
    ("take b2 dann place 1 0", ["take b2", "place 1 0"]),
    ("take b2 und place 1 0 und deliver 3", ["take b2", "place 1 0", "deliver 3"]),
    ("take b2, und dann place 0 1", ["take b2", "place 0 1"]),
])
def test_given_steps_joined_in_german_when_split_then_each_is_a_step_in_order(line, steps):
    assert split_chain(line) == steps


@pytest.mark.parametrize("line", [
    "place 1, 0",             # a coordinate written with a comma
    "place (1, 0)",           # inside brackets
    "place [1, 0], then",     # a joint with nothing after it
    "deliver 3 and 4",        # a number after the joint
    "take b2, b3",            # a coordinate after the joint
    "place x=1, y=-1",        # a coordinate written as x= y=
    "take b2 band place",     # "and" only as a whole word
    "take b2 undone",         # "und" only as a whole word
])
def test_given_a_joint_not_followed_by_a_new_command_when_split_then_the_line_stays_one_step(line):
    assert split_chain(line) == [line]


def test_given_a_say_when_split_then_its_message_is_kept_whole():
    assert split_chain("take b2, say well played, and then good luck") == ["take b2",
                                                                         "say well played, and then good luck"]
    assert split_chain("say hi, take care and place nothing") == ["say hi, take care and place nothing"]


def test_given_a_reply_with_a_chain_when_its_commands_are_split_then_it_is_several_moves_in_order():
    commands = split_commands("Hi Anna,\n\ntake b2, place (1, 0) then deliver 3 and 4\nsay good game, see you")
    assert [(c.kind, c.text) for c in commands.commands] == [
        (MOVE, "take b2"), (MOVE, "place (1, 0)"), (MOVE, "deliver 3 and 4"), (SAY, "good game, see you")]
    assert {c.chain for c in commands.moves} == {"take b2, place (1, 0) then deliver 3 and 4"}


def test_given_a_chain_ending_in_politeness_when_split_then_the_politeness_is_no_step():
    assert [c.text for c in split_commands("take b2, place 1 0, thanks").commands] == ["take b2", "place 1 0"]


def test_given_an_option_line_copied_with_its_outcome_when_split_then_the_outcome_is_no_step():
    line = "take b2, place 1 0 → harvests Carrot, then delivers nothing"
    assert [c.text for c in split_commands(line).commands] == ["take b2", "place 1 0"]


def test_given_chains_switched_off_when_split_then_a_line_is_one_command():
    assert [c.text for c in split_commands("take b2, place 1 0", chains=False).commands] == ["take b2, place 1 0"]


def test_given_a_mail_to_new_when_split_then_its_list_of_addresses_is_not_a_chain():
    commands = split_commands("new sunfield with a@example.com, b@example.com and c@example.com", new_game=True)
    assert [c.invitees for c in commands.commands] == [("a@example.com", "b@example.com", "c@example.com")]


def test_given_a_one_word_step_followed_by_a_joint_when_split_then_it_is_a_step_of_its_own():
    assert split_chain("place fields 3, harvest, tend blueberry e4, harvest") == [
        "place fields 3", "harvest", "tend blueberry e4", "harvest"]
    assert split_chain("take b2, b3") == ["take b2, b3"]  # still not a command after the comma


def test_given_every_whole_turn_of_harvest_typed_as_its_line_then_each_step_reads_back_as_its_move():
    """The line a turn mail offers for a whole turn is what the farmer may type back."""
    import random

    from engine import get_game

    rules = get_game("harvest")
    for seed in range(3):
        rng, state = random.Random(seed), rules.setup(2, {}, seed)
        for _ in range(120):
            if rules.is_over(state):
                break
            for turn in rules.whole_turns(state, 6):
                line = ", ".join(rules.text(m) for m in turn.moves)
                assert split_chain(line) == [rules.text(m) for m in turn.moves], line
            state = rules.apply(state, rng.choice(rules.legal_moves(state)))
