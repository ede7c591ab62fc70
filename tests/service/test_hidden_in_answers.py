"""A mail's answer never tells what a move would reveal: a preview, and the
answer to a mail whose bad line follows a revealing move, are the same for
two states that differ only in what no farmer may see (deck and stack order,
the generator that rolls the dice)."""

from __future__ import annotations

import functools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import get_game
from service.inbound import decide
from tests.engine.bots.test_search import positions, with_other_hidden_parts

SETTINGS = [("harvest", 2, {}), ("harvest", 1, {}), ("sunfield", 2, {"advanced": True}), ("sunfield", 3, {})]
#: lines that follow a revealing move in a mail: not a move, and moves that may or may not be legal after it
FOLLOWERS = ["zzz qqq", "take a1", "reserve 4", "deliver 1", "pass", "clear forest e1", "harvest", "plant wheat a1"]


@functools.cache
def revealing_cases(setting: int, seed: int) -> list[tuple[dict, dict, str]]:
    """(state, the same with other hidden parts, a move that reveals) of a seeded game."""
    name, farmers, options = SETTINGS[setting]
    game = get_game(name)
    cases = []
    for state in positions(name, farmers, options, seed, every=4):
        other = with_other_hidden_parts(name, state)
        for move in game.legal_moves(state):
            if game.reveals_information(state, game.apply(state, move)):
                cases.append((state, other, game.text(move)))
    return cases


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setting=st.integers(0, len(SETTINGS) - 1), seed=st.integers(1, 3), pick=st.integers(0, 10_000),
       follower=st.sampled_from(FOLLOWERS))
def test_previews_and_answers_do_not_depend_on_hidden_information(setting, seed, pick, follower):
    cases = revealing_cases(setting, seed)
    if not cases:
        return
    state, other, text = cases[pick % len(cases)]
    game = get_game(SETTINGS[setting][0])
    position = game.to_act(state)

    preview = decide._preview(game, state, position, text)
    assert preview == decide._preview(game, other, position, text)
    assert "reveals hidden information" in preview

    mine = decide._read_moves(game, state, position, [text, follower])
    theirs = decide._read_moves(game, other, position, [text, follower])
    if mine[2] is not None and theirs[2] is not None:  # both refused: the same answer, from the board as it is
        assert mine[2] == theirs[2]
        assert decide._options(game, state) in mine[2]
    garbage = [decide._read_moves(game, s, position, [text, "zzz qqq"])[2] for s in (state, other)]
    assert garbage[0] is not None and garbage[0] == garbage[1]
