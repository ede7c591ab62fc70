"""Harvest's own invariants, checked after every move of the random games in
tests/engine/test_contract.py."""

from engine.harvest import content as C
from engine.harvest.farm import CELL_SET, NEIGHBOURS
from engine.harvest.state import capacity


def check_farmer(farmer, where):
    assert farmer["fertilizer"] <= C.FERTILIZER_MAX, where
    assert farmer["water"] <= capacity(farmer), where
    counts = [farmer["coins"], farmer["fertilizer"], farmer["water"], farmer["wheelbarrows"], farmer["closed"],
              *farmer["seeds"].values()]
    assert min(counts) >= 0, where
    assert set(farmer["perks"]) <= set(C.PERKS) and all(n > 0 for n in farmer["perks"].values()), where
    farm = farmer["farm"]
    cells = [*farm["forests"], *(c for t in farm["crops"] for c in t["cells"]),
             *(c for b in farm["buildings"] for c in b["cells"])]
    assert len(cells) == len(set(cells)) and set(cells) <= CELL_SET, f"overlapping tiles, {where}"
    for tile in farm["crops"]:
        if tile["crop"] == "pumpkin":
            a, b = tile["cells"]
            assert b in NEIGHBOURS[a], where


def check_state(state: dict, where: str) -> None:
    for seat, farmer in enumerate(state["farmers"]):
        check_farmer(farmer, f"seat {seat}, {where}")
    tiles = state["sunrise"]["display"] + state["sunrise"]["held"]
    assert len(tiles) == len(set(tiles)), f"a sunrise tile is in two places, {where}"


def check_final(state: dict, where: str) -> None:
    assert state["round"] == C.ROUNDS and state["phase"] == "over", where
