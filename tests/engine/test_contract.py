"""Random self-play over every registered game, checking the engine contract
after every move.

Given a seeded game played by random bots, after each move:
  * the state survives a JSON round trip exactly;
  * every component is conserved, no count is negative, and the game's own
    invariants hold (tests/engine/conservation.py, tests/engine/<game>/invariants.py);
  * legal moves are empty exactly when the game is over;
  * the move played reads back from its code and from its typed text;
  * each farmer's view hides the hidden part and the other farmers' private parts;
and at the end the replay of the move log equals the live state.

Every ``DEEP_EVERY``-th game is checked deeper at every step: EVERY legal move
applies, and reads back from its code and its text. (Doing that for every
game would cost tens of minutes for no extra coverage of the rules.)

How many games: ``GAMES_PER_CONFIG`` is sized to the rules' code paths.
``python -m tests.engine.contract_paths`` plays the same games under coverage
and prints after how many games of each configuration no new arc of the
game's code (nor a new kind of legal move) appears; every configuration plays
several times that (docs/testing.md has the figures). A longer run, for a
nightly job or after a rules change, sets FARMPOST_CONTRACT_GAMES (games per
configuration, e.g. 500: 5,000 games in all), with the same checks.
"""

from __future__ import annotations

import json
import os

import pytest

from engine import get_game
from engine.bots import RandomBot
from engine.core import Rng, clone
from tests.engine import conservation
from tests.engine.harvest import invariants as harvest_invariants
from tests.engine.sunfield import invariants as sunfield_invariants

#: (game, players, advanced): seeded games played in every run, at least three
#: times the number after which tests.engine.contract_paths found no new code
#: path (in brackets), rounded up to a batch
GAMES_PER_CONFIG = {
    ("sunfield", 2, False): 100,  # (23)
    ("sunfield", 3, False): 150,  # (45)
    ("sunfield", 4, False): 200,  # (51)
    ("sunfield", 2, True): 150,  # (40)
    ("sunfield", 3, True): 150,  # (48)
    ("sunfield", 4, True): 200,  # (57)
    ("harvest", 1, False): 150,  # (34)
    ("harvest", 2, False): 200,  # (66)
    ("harvest", 3, False): 150,  # (43)
    ("harvest", 4, False): 150,  # (47)
}
#: games per configuration in a longer run (0: the sizes above)
LONG_RUN = int(os.environ.get("FARMPOST_CONTRACT_GAMES", "0") or 0)
INVARIANTS = {"sunfield": sunfield_invariants, "harvest": harvest_invariants}
DEEP_EVERY = 25
BATCH = 50  # games per test item, so failures point at a small seed range


def _items():
    for (name, players, advanced), count in GAMES_PER_CONFIG.items():
        for start in range(0, LONG_RUN or count, BATCH):
            mode = "advanced" if advanced else "base"
            yield pytest.param(name, players, advanced, start, id=f"{name}-{players}p-{mode}-seeds{start}-{start + BATCH - 1}")


@pytest.mark.slow
@pytest.mark.parametrize("name,players,advanced,first_seed", list(_items()))
def test_random_games_keep_the_contract(name, players, advanced, first_seed):
    game = get_game(name)
    options = game.normalize_options({"advanced": True} if advanced else {})
    for seed in range(first_seed, first_seed + BATCH):
        check_one_game(game, players, options, seed, deep=seed % DEEP_EVERY == 0)


def check_one_game(game, players, options, seed, *, deep):
    state = game.setup(players, options, seed)
    box = conservation.inventory(game.name, state)
    bot, rng = RandomBot(), Rng.from_seed(f"contract:{seed}")
    codes = []
    where = f"{game.name} {players}p {options} seed {seed}"
    for step in range(20_000):
        at = f"{where} after {step} moves"
        text = json.dumps(state)
        assert json.loads(text) == state, f"JSON round trip changed the state, {at}"
        assert conservation.inventory(game.name, state) == box, f"components not conserved, {at}"
        conservation.assert_no_negative(text, at)
        INVARIANTS[game.name].check_state(state, at)
        check_views(game, state, players, at)
        seat = game.to_act(state)
        moves = game.legal_moves(state)
        if seat is None:
            assert game.is_over(state) and moves == [], f"over but legal moves remain, {at}"
            break
        assert moves, f"no legal move although seat {seat} is to act, {at}"
        assert len(set(moves)) == len(moves), f"duplicate legal moves, {at}"
        untouched = clone(state) if deep else None
        for move in moves if deep else [bot.choose(game, state, rng)]:
            assert game.from_code(game.code(move)) == move, f"code round trip of {move}, {at}"
            assert game.parse(state, seat, game.text(move)) == move, f"text round trip of {game.text(move)!r}, {at}"
            if deep:
                applied = game.apply(state, move)  # must not raise
                assert game.apply_legal(state, move) == applied, f"apply_legal differs from apply for {move}, {at}"
        assert not deep or state == untouched, f"apply or apply_legal changed its input state, {at}"
        move = bot.choose(game, state, rng)
        before, snapshot = state, clone(state)
        state = game.apply(state, move)
        assert before == snapshot, f"apply changed its input state, {at}"
        codes.append(game.code(move))
    else:
        pytest.fail(f"{where} did not end")
    assert game.replay(players, options, seed, codes) == state, f"replay differs, {where}"
    INVARIANTS[game.name].check_final(state, where)
    sheet = game.score_sheet(state)
    assert len(sheet["total"]) == players
    assert all(sum(line["points"][s] for line in sheet["lines"]) == sheet["total"][s] for s in range(players))
    ranking = game.ranking(state)
    assert sorted(s for group in ranking for s in group) == list(range(players))


def check_views(game, state, players, at):
    for seat in [None, *range(players)]:
        view = game.view(state, seat)
        assert "hidden" not in view, f"view of seat {seat} shows hidden data, {at}"
        others = set(view.get("private", {})) - {str(seat)}
        assert not others, f"view of seat {seat} shows private data of seats {others}, {at}"
        if seat == game.to_act(state):
            assert json.loads(json.dumps(view)) == view, f"view of seat {seat} is not plain data, {at}"
