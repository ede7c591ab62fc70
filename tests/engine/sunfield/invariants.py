"""Sunfield Farm's own invariants, checked after every move of the random
games in tests/engine/test_contract.py."""

from engine.sunfield import GAME


def plot_is_connected(keys) -> bool:
    """Whether tiles keyed "x,y" form one piece through shared sides
    (counted here, not with the engine's own geometry)."""
    cells = {tuple(map(int, k.split(","))) for k in keys}
    if not cells:
        return True
    todo = [next(iter(cells))]
    seen = set(todo)
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


def check_state(state: dict, where: str) -> None:
    for seat, farmer in enumerate(state["farmers"]):
        # "your Plot must not be split into several parts"
        assert plot_is_connected(farmer["plot"]), f"seat {seat}: the Plot is split {sorted(farmer['plot'])}, {where}"
        for key, tile in farmer["plot"].items():
            if tile["pasture"]:
                assert not any(tile["filled"]), f"seat {seat}: Pasture {key} holds Vegetables, {where}"
            else:
                assert tile["animal"] is None, f"seat {seat}: Field tile {key} holds an Animal, {where}"


def check_final(state: dict, where: str) -> None:
    """The game ends only after a draw pile (tiles or Clients) ran out."""
    assert state["ending"] and (0 in state["piles"].values() or state["deck"] == 0), where
    lines = [line["key"] for line in GAME.score_sheet(state)["lines"]]
    assert ("pasture" in lines) == state["advanced"], f"pasture line iff advanced mode, {where}"
