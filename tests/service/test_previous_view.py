"""The board as a farmer last saw it: their view at the end of their
previous turn, which the drawing compares with the board now."""

from __future__ import annotations

from types import SimpleNamespace

from boards import sample_game
from engine import get_game
from service.game.previous import previous_view

RULES = get_game("sunfield")
SAMPLE = sample_game("sunfield", 2, seed=5)
GAME = SimpleNamespace(kind="sunfield", seats=[0, 1], options=SAMPLE.options, seed=SAMPLE.seed)
#: the live log of the sample game: who played each code
LOG = [SimpleNamespace(seat=RULES.to_act(state), code=code) for state, code in zip(SAMPLE.states, SAMPLE.codes)]


def turn_ends(seat: int) -> list[int]:
    """Indexes of the log entries that ended one of ``seat``'s turns."""
    return [i for i in range(len(LOG) - 1) if LOG[i].seat == seat and LOG[i + 1].seat != seat]


def test_while_others_play_it_is_the_view_after_the_farmers_last_turn():
    end = turn_ends(0)[2]
    later = end + 2
    assert all(e.seat == 1 for e in LOG[end + 1 : later])
    assert previous_view(GAME, 0, LOG[:later]) == RULES.view(SAMPLE.states[end + 1], 0)


def test_during_their_own_turn_it_is_the_view_after_their_turn_before():
    first, second = turn_ends(0)[1:3]
    start_of_next = next(i for i in range(first + 1, len(LOG)) if LOG[i].seat == 0)
    assert start_of_next <= second
    assert previous_view(GAME, 0, LOG[: start_of_next + 1]) == RULES.view(SAMPLE.states[first + 1], 0)


def test_before_a_farmers_first_turn_has_ended_there_is_nothing_to_compare():
    assert previous_view(GAME, 0, []) is None
    assert previous_view(GAME, 0, LOG[:1]) is None  # seat 0's first move, their turn still going
