"""Build Harvest positions for tests: start a game, skip to the Wheelbarrows,
set a farmer's resources and farm, and play typed moves."""

from __future__ import annotations

from engine.core import Move
from engine.harvest import GAME

game = GAME


def started(seats: int = 1, seed: int = 1) -> dict:
    """A game in round 1 whose farmers kept their first Character and
    Farmhouse and took the lowest sunrise tile on display: the first farmer
    in sunrise order is about to place a Wheelbarrow."""
    state = game.setup(seats, {}, seed)
    while state["phase"] == "choose":
        state = game.apply(state, game.legal_moves(state)[0])
    while state["phase"] == "sunrise":
        state = game.apply(state, game.legal_moves(state)[0])
    return state


def plain(state: dict) -> dict:
    """Every farmer without Character, Farmhouse income or buildings, with
    no resources: tests then give exactly what their scenario needs."""
    for farmer in state["farmers"]:
        farmer.update(character=None, farmhouse=None, coins=0, fertilizer=0, water=0, bucket=0, closed=0)
        farmer["seeds"] = {seed: 0 for seed in farmer["seeds"]}
    state["blocked"] = []
    return state


def active(state: dict) -> dict:
    return state["farmers"][state["active"]]


def give(state: dict, seat: int | None = None, **resources) -> dict:
    """Set a farmer's resources: ``give(state, coins=3, wheat=2)``."""
    farmer = state["farmers"][state["active"] if seat is None else seat]
    for key, value in resources.items():
        if key in farmer["seeds"]:
            farmer["seeds"][key] = value
        else:
            farmer[key] = value
    return state


def crop(state: dict, name: str, *cells: str, berry: bool = False, seat: int | None = None) -> dict:
    farmer = state["farmers"][state["active"] if seat is None else seat]
    tile = {"crop": name, "cells": list(cells)}
    if name == "bush":
        tile["berry"] = berry
    farmer["farm"]["crops"].append(tile)
    return state


def play(state: dict, *texts: str) -> dict:
    """The active farmer types each text in turn."""
    for text in texts:
        state = game.apply(state, game.parse(state, state["active"], text))
    return state


def moves(state: dict) -> set[str]:
    return {game.text(m) for m in game.legal_moves(state)}


def m(text: str) -> Move:
    kind, *args = text.split()
    return Move(kind, tuple(int(a) if a.isdigit() else a for a in args))
