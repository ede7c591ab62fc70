"""Sunfield Farm's own invariants, checked after every move of the random
games in tests/engine/test_contract.py."""

from engine.sunfield import GAME


def check_state(state: dict, where: str) -> None:
    for seat, farmer in enumerate(state["farmers"]):
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
