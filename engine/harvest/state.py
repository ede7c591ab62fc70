"""The shape of a Harvest state, and the state before the first move.

Renderings read this shape; it is kept stable. A state is plain JSON data::

    {
      "game": "harvest",
      "seats": 2,                      # number of farmers
      "round": 1,                      # 1..4 (the round marker)
      "phase": "choose",               # choose | sunrise | place | act | over
      "active": 0,                     # the seat to decide, None when over
      "sunrise": {
        "display": [2, 5, 7],          # sunrise tiles on display (numbers)
        "held": [3, 6],                # the tile each farmer holds
        "queue": [0, 1],               # seats still to pick this sunrise
        "choice": None                 # "seedup": the active farmer's sunrise
      },                               #   tile asks for a decision first
      "order": [0, 1],                 # placement order this round (by held tile)
      "spaces": {"store 2": [], "fields 3": [1], ...},   # space -> seats of the
                                       #   Wheelbarrows on it, in placement order
      "blocked": ["fields 3"],         # solo: the space Gairy blocks this round
      "market": {"a": "seedswap", "b": "jamstand", "c": "builder"},  # face-up tiles
      "market_left": {"a": 3, "b": 3, "c": 3},          # tiles under each top tile
      "market_gone": ["fertbulk"],     # tiles removed at sunset, in order
      "buildings": {
        "offer": [{"building": "silo", "cost": 4}, ...],  # current costs
        "deck": 10,                    # face-down buildings left
        "discarded": ["barn"]
      },
      "farmers": [{
        "character": "lumberjack",     # None until kept
        "farmhouse": "brick",          # None until kept
        "coins": 4, "fertilizer": 2, "water": 3,
        "bucket": 0,                   # level: capacity is BUCKET_LEVELS[bucket]
        "seeds": {"wheat": 1, "strawberry": 1, "bush": 0, "pumpkin": 0},
        "points": 0,                   # points already earned (harvests, market)
        "wheelbarrows": 3,             # Wheelbarrows not yet placed this round
        "closed": 0,                   # closed-space placements allowed this round
        "perks": {"market_free": 1},   # sunrise-tile abilities until sunset (content.PERKS)
        "farm": {
          "forests": ["e1", ...],
          "crops": [{"crop": "pumpkin", "cells": ["a1", "b1"]},
                    {"crop": "bush", "cells": ["c3"], "berry": false}],
          "buildings": [{"building": "silo", "cells": ["c1", "d1", "c2", "d2"]}]
        }
      }, ...],
      "turn": None | {                 # the visit being resolved (phase "act")
        "space": "fields 3",
        "step": "act",                 # bonus (Fields 1) | pay (Trading Post) | act
        "left": 2,                     # actions not yet started
        "open": "tend",                # the action under way (plant/tend/buy go on)
        "used": ["build"],             # actions started this visit (Workshop: distinct)
        "tended": ["b2"],              # anchors tended in the open Tend action
        "grown": ["b3"],               # anchors of tiles that Tend grew
        "grant": None | {...},         # a Farmer's Market tile's action
        "entries": None | 0            # Trading Post: entries paid and not yet
                                       # used by an action (None: no entry needed)
      },
      "private": {"0": {"characters": [..2..], "farmhouses": [..2..]}},  # dealt, until kept
      "hidden": {"rng": 123, "market": {"a": [...]}, "buildings": [...]}
    }

Cells are ``a1``..``f4`` (column letter, row number; row 1 at the top): the
convention of both games, columns grow to the right and rows downward.
A crop tile is named by its first cell (its anchor).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from engine.core import Rng, State
from engine.harvest import content as C
from engine.harvest.farm import cell_sort_key

MARKET_LABELS = ("a", "b", "c")


def space_id(space: dict) -> str:
    return f"{space['area']} {space['label']}"


SPACES = {space_id(s): s for s in C.SPACES}


def spaces_for(seats: int) -> list[str]:
    return [name for name, s in SPACES.items() if s["min_seats"] <= seats]


def new_farmer() -> dict:
    return {
        "character": None,
        "farmhouse": None,
        "coins": C.START["coins"],
        "fertilizer": C.START["fertilizer"],
        "water": C.BUCKET_LEVELS[0],
        "bucket": 0,
        "seeds": {seed: C.START["seeds"].get(seed, 0) for seed in C.SEEDS},
        "points": 0,
        "wheelbarrows": 0,
        "closed": 0,
        "perks": {},
        "farm": {"forests": list(C.FORESTS), "crops": [], "buildings": []},
    }


def setup(seats: int, seed: int) -> State:
    if not isinstance(seats, int) or not 1 <= seats <= 4:
        raise ValueError("Harvest is for 1 to 4 farmers")
    rng = Rng.from_seed(seed)
    characters = rng.shuffle(sorted(C.CHARACTERS))
    farmhouses = rng.shuffle(sorted(C.FARMHOUSES))
    tiles = sorted(rng.sample(sorted(C.SUNRISE_TILES), seats + C.SUNRISE_DISPLAY_EXTRA))
    dealt = rng.shuffle(tiles)
    held, display = dealt[:seats], sorted(dealt[seats:])
    stacks = {label: rng.shuffle(list(stack)) for label, stack in zip(MARKET_LABELS, C.MARKET_STACKS)}
    deck = rng.shuffle(sorted(C.BUILDINGS))
    offer, deck = deck[: C.BUILDING_DISPLAY], deck[C.BUILDING_DISPLAY :]
    return {
        "game": "harvest",
        "seats": seats,
        "round": 1,
        "phase": "choose",
        "active": 0,
        "sunrise": {"display": display, "held": held, "queue": [], "choice": None},
        "order": list(range(seats)),
        "spaces": {name: [] for name in spaces_for(seats)},
        "blocked": [],
        "market": {label: stack[0] for label, stack in stacks.items()},
        "market_left": {label: len(stack) - 1 for label, stack in stacks.items()},
        "market_gone": [],
        "buildings": {
            "offer": [{"building": b, "cost": C.BUILDINGS[b]["cost"]} for b in offer],
            "deck": len(deck),
            "discarded": [],
        },
        "farmers": [new_farmer() for _ in range(seats)],
        "turn": None,
        "private": {
            str(s): {"characters": characters[2 * s : 2 * s + 2], "farmhouses": farmhouses[2 * s : 2 * s + 2]}
            for s in range(seats)
        },
        "hidden": {
            "rng": rng.state,
            "market": {label: stack[1:] for label, stack in stacks.items()},
            "buildings": deck,
        },
    }


def capacity(farmer: dict) -> int:
    return C.BUCKET_LEVELS[farmer["bucket"]]


def modifiers(farmer: dict) -> Mapping:
    """The standing rule changes of a farmer's character, buildings and this
    round's sunrise discounts (numbers add up). Read-only: it is shared by
    every farmer with the same character, buildings and discounts (legal
    move listing asks for it once per crop and tile)."""
    perks = farmer["perks"]
    buildings = farmer["farm"]["buildings"]
    return _modifiers(farmer["character"], tuple([b["building"] for b in buildings]) if buildings else (),
                      tuple([(key, perks[key]) for key in C.DISCOUNTS if key in perks]) if perks else ())


@lru_cache(maxsize=4096)
def _modifiers(character: str | None, buildings: tuple[str, ...], discounts: tuple) -> Mapping:
    out: dict = dict(C.CHARACTERS.get(character, {}).get("modifier", {}))
    changes = [C.BUILDINGS[building].get("modifier", {}) for building in buildings]
    changes.append(dict(discounts))
    for change in changes:
        for key, value in change.items():
            out[key] = out.get(key, 0) + value if isinstance(value, int) and not isinstance(value, bool) else value
    return MappingProxyType(out)


def gain(farmer: dict, income: dict) -> None:
    """Add an income (see content.py); Fertilizer above 9 and Water above the
    bucket's capacity are lost."""
    if not income:  # most abilities give nothing at a given moment
        return
    if "bucket" in income:
        farmer["bucket"] = min(len(C.BUCKET_LEVELS) - 1, farmer["bucket"] + income["bucket"])
    for key in ("coins", "points", "closed"):
        if key in income:
            farmer[key] += income[key]
    if "fertilizer" in income:
        farmer["fertilizer"] = min(C.FERTILIZER_MAX, farmer["fertilizer"] + income["fertilizer"])
    if "water" in income:  # (a farmer never holds more than the bucket's capacity)
        farmer["water"] = min(capacity(farmer), farmer["water"] + income["water"])
    if income.get("fill"):
        farmer["water"] = capacity(farmer)
    for seed, n in income.get("seeds", {}).items():
        farmer["seeds"][seed] += n
    for perk in C.PERKS:
        if perk in income:
            farmer["perks"][perk] = farmer["perks"].get(perk, 0) + income[perk]
    if income.get("berry"):
        for tile in sorted(farmer["farm"]["crops"], key=lambda t: cell_sort_key(t["cells"][0])):
            if tile["crop"] == "bush" and not tile["berry"]:
                fill_bush(farmer, tile)
                break


def fill_bush(farmer: dict, tile: dict) -> None:
    """A Blueberry on the Blueberry Bush ``tile``, which is replaced by a copy
    in a copy of the farm: a move copies the farmer's record but shares the
    farm's tiles, and most moves the farm itself, with the state before
    (turns.copy_farmer); this is the one change made to a tile."""
    farm = farmer["farm"] = {**farmer["farm"], "crops": list(farmer["farm"]["crops"])}
    crops = farm["crops"]
    index = next(i for i, t in enumerate(crops) if t is tile)
    crops[index] = {**tile, "berry": True}


def can_pay(farmer: dict, cost: dict) -> bool:
    if farmer["coins"] < cost.get("coins", 0):
        return False
    held = farmer["seeds"]
    return all(held[s] >= n for s, n in cost["seeds"].items()) if "seeds" in cost else True


def use_pass(farmer: dict, perk: str) -> bool:
    """Use up one ``perk`` pass (content.PASSES) if the farmer has one."""
    if not farmer["perks"].get(perk):
        return False
    farmer["perks"][perk] -= 1
    if not farmer["perks"][perk]:
        del farmer["perks"][perk]
    return True


def pay(farmer: dict, cost: dict) -> None:
    farmer["coins"] -= cost.get("coins", 0)
    for seed, n in cost.get("seeds", {}).items():
        farmer["seeds"][seed] -= n
