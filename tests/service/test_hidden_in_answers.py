"""A mail's answer never tells what a move would reveal: a preview, and the
answer to a mail whose bad line follows a revealing move, are the same for
two states that differ only in what no farmer may see (deck and stack order,
the generator that rolls the dice)."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boards.i18n import translator
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

    preview = decide._preview(game, state, position, text, translator("en"))
    assert preview == decide._preview(game, other, position, text, translator("en"))
    assert "reveals hidden information" in preview

    mine = decide._read_moves(game, state, position, [text, follower], translator("en"))
    theirs = decide._read_moves(game, other, position, [text, follower], translator("en"))
    if mine[2] is not None and theirs[2] is not None:  # both stopped: the same answer, the revealing move kept
        assert mine[2] == theirs[2]
        assert mine[0] == theirs[0] == [game.code(game.parse(state, position, text))]
        assert "reveals hidden information" in mine[2] and "Your options now" not in mine[2]
    garbage = [decide._read_moves(game, s, position, [text, "zzz qqq"], translator("en"))[2] for s in (state, other)]
    assert garbage[0] is not None and garbage[0] == garbage[1]


def leaking_case(name: str, options: dict, leaks) -> tuple[dict, dict, str]:
    """The first (state, other, move) of a seeded 2-farmer game where seat 0
    is to act and ``leaks(game, state, other, move)``: where an answer made
    from the state after the move would tell the two apart."""
    game = get_game(name)
    for seed in (3, 4, 5):
        for state in positions(name, 2, options, seed, every=2):
            if game.to_act(state) != 0:
                continue
            other = with_other_hidden_parts(name, state)
            for move in game.legal_moves(state):
                if game.reveals_information(state, game.apply(state, move)) and leaks(game, state, other, move):
                    return state, other, game.text(move)
    raise AssertionError(f"no such position in {name}")


def _described_apart(game, state, other, move):
    return game.describe(state, move) != game.describe(other, move)


def _options_after_apart(game, state, other, move):
    def options(s):
        after = game.apply(s, move)
        return [game.text(m) for m in game.legal_moves(after)] if game.to_act(after) == 0 else []
    return options(state) != options(other)


@pytest.mark.parametrize("name, options, leaks", [("harvest", {}, _described_apart),
                                                  ("sunfield", {"advanced": True}, _options_after_apart)])
def test_mailed_answers_are_the_same_whatever_the_hidden_parts_are(svc, name, options, leaks):
    """Through the inbound pipeline: "preview <a revealing move>", and that
    move followed by a bad line, answered for a position and again once its
    hidden parts (deck order, the dice's generator) are changed in the
    database: the answers are the same, and say the result comes once played."""
    from service.inbound.receive import receive
    from service.storage.models import Game
    from service.usecases import creation
    from tests.mail.inbound_helpers import inbound_row, reply

    state, other, move = leaking_case(name, options, leaks)
    created = creation.create_game(svc, name, [creation.FarmerSpec("Anna", "anna@example.org"),
                                               creation.FarmerSpec("Bob", "bob@example.org")],
                                   options=options, host=0, seed=3)
    creation.join(svc, created.game_id, 1)
    answers = []
    for hidden, sign_off in ((state, "Thanks"), (other, "Cheers")):
        with svc.db.transaction() as session:
            game = session.get(Game, created.game_id)
            game.state = hidden
            key = next(s.reply_key for s in game.seats if s.position == 0)
        said = []
        for body in (f"preview {move}", f"{move}\n{move.split()[0]} zz99"):  # a move word: not prose
            row = inbound_row(svc, receive(svc, reply(key, f"{body}\n{sign_off}"), source="ingest").id)
            said.append(row.answer)
        answers.append(said)
    assert answers[0] == answers[1]
    assert "its result is shown once it is played" in answers[0][0]
    assert answers[0][1].startswith(f"Applied: {move}.") and "reveals hidden information" in answers[0][1]
