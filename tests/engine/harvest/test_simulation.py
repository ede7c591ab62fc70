"""Random games for 1-4 farmers keep Harvest's own invariants after every
move (the generic contract simulation lives in tests/engine/test_contract.py)."""

import pytest

from engine.bots import RandomBot
from engine.core import Rng
from engine.harvest import content as C
from engine.harvest.farm import CELL_SET, NEIGHBOURS
from engine.harvest.state import capacity
from tests.engine.harvest.builder import game


def check_farmer(farmer, where):
    assert farmer["fertilizer"] <= C.FERTILIZER_MAX, where
    assert farmer["water"] <= capacity(farmer), where
    counts = [farmer["coins"], farmer["fertilizer"], farmer["water"], farmer["wheelbarrows"], farmer["closed"],
              *farmer["seeds"].values()]
    assert min(counts) >= 0, where
    farm = farmer["farm"]
    cells = [*farm["forests"], *(c for t in farm["crops"] for c in t["cells"]),
             *(c for b in farm["buildings"] for c in b["cells"])]
    assert len(cells) == len(set(cells)) and set(cells) <= CELL_SET, f"overlapping tiles, {where}"
    for tile in farm["crops"]:
        if tile["crop"] == "pumpkin":
            a, b = tile["cells"]
            assert b in NEIGHBOURS[a], where


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_random_games_keep_the_farm_and_resource_invariants(seats):
    bot = RandomBot()
    for seed in range(15):
        state = game.setup(seats, {}, seed)
        rng = Rng.from_seed(f"harvest-invariants:{seed}")
        codes = []
        while game.to_act(state) is not None:
            move = bot.choose(game, state, rng)
            state = game.apply(state, move)
            codes.append(game.code(move))
            for seat, farmer in enumerate(state["farmers"]):
                check_farmer(farmer, f"{seats} farmers, seed {seed}, move {len(codes)}, seat {seat}")
            assert sorted(state["sunrise"]["display"] + state["sunrise"]["held"]) == sorted(
                set(state["sunrise"]["display"] + state["sunrise"]["held"]))
        assert state["round"] == C.ROUNDS and state["phase"] == "over"
        assert game.replay(seats, {}, seed, codes) == state
