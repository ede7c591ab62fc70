"""Test helpers that lay out a Sunfield Farm position by hand.

They start from a real setup and overwrite only what a scenario describes,
so a test reads like the rulebook's example: "Céline has a blue tile to the
left of her new tile...". They change the state in place (tests only).
"""

from __future__ import annotations

from engine.core import Move
from engine.sunfield import GAME
from engine.sunfield import content as C


def new_game(seats: int = 2, advanced: bool = False, seed: int = 1) -> dict:
    return GAME.setup(seats, {"advanced": advanced}, seed)


def tile(tile_id: str, filled: tuple[str, ...] = (), *, pasture: bool = False, animal: str | None = None) -> dict:
    """A Plot tile; ``filled`` names the Vegetables already on its spaces."""
    spaces = C.TILES[tile_id].vegetables
    marks = [0] * len(spaces)
    for veg in filled:
        index = next(i for i, v in enumerate(spaces) if v == veg and not marks[i])
        marks[index] = 1
    return {"tile": tile_id, "filled": marks, "pasture": pasture, "animal": animal}


def pasture(tile_id: str, animal: str | None = None) -> dict:
    return tile(tile_id, pasture=True, animal=animal)


def set_plot(state: dict, seat: int, tiles: dict[tuple[int, int], dict]) -> None:
    state["farmers"][seat]["plot"] = {f"{x},{y}": t for (x, y), t in tiles.items()}


def set_column(state: dict, column: str, tiles: list[str | None], seeds: tuple[int, ...] = (0, 0, 0)) -> None:
    """Column ``column`` of the market, top (Sheep row) to bottom (Cow row)."""
    index = C.COLUMNS.index(column)
    state["market"][index] = [{"tile": t, "seeds": s} if t else None for t, s in zip(tiles, seeds)]


def with_known_market(state: dict) -> dict:
    """The market every take test reads: Sheep, Pig and Cow tile 01-03 in
    columns a-c, with 1, 2 and 1 Seeds above their Sheep tiles."""
    set_column(state, "a", ["S01", "P01", "C01"], seeds=(1, 0, 0))
    set_column(state, "b", ["S02", "P02", "C02"], seeds=(2, 0, 0))
    set_column(state, "c", ["S03", "P03", "C03"], seeds=(1, 0, 0))
    return state


def set_wheelbarrow(state: dict, seat: int, **vegetables: int) -> None:
    state["farmers"][seat]["wheelbarrow"] = {v: vegetables.get(v, 0) for v in C.VEGETABLES}


def set_pile(state: dict, animal: str, tiles: list[str]) -> None:
    state["hidden"]["piles"][animal] = list(tiles)
    state["piles"][animal] = len(tiles)


def set_deck(state: dict, clients: list[str]) -> None:
    state["hidden"]["deck"] = list(clients)
    state["deck"] = len(clients)


def play(state: dict, *texts: str) -> dict:
    """Each text typed by the farmer to act, read by the parser and applied."""
    for text in texts:
        state = GAME.apply(state, GAME.parse(state, state["seat"], text))
    return state


def plot_tile(state: dict, seat: int, x: int, y: int) -> dict:
    return state["farmers"][seat]["plot"][f"{x},{y}"]


def texts(state: dict) -> list[str]:
    return [GAME.text(m) for m in GAME.legal_moves(state)]


def move(code: str) -> Move:
    return GAME.from_code(code)
