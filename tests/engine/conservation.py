"""Component counts per game, written from each game's documented state shape
(independently of the engine's own bookkeeping), for the conservation check:
every component of the box is somewhere, and the counts never change.
"""

from __future__ import annotations

import re
from collections import Counter


def inventory(game: str, state: dict) -> dict[str, int]:
    return dict(INVENTORIES[game](state))


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NEGATIVE_NUMBER = re.compile(r"[\[,:]\s*-\d")


def assert_no_negative(state_json: str, where: str) -> None:
    """No number anywhere in the state (given as its JSON text) is negative.

    States keep coordinates inside string keys ("-1,0"), and the generator
    state is unsigned, so any negative JSON number is a count gone wrong.
    """
    numbers_only = _STRING.sub('""', state_json)
    match = _NEGATIVE_NUMBER.search(numbers_only)
    assert match is None, f"negative count near …{numbers_only[max(0, match.start() - 80):match.end() + 20]}…, {where}"


def sunfield(state: dict) -> Counter:
    count: Counter = Counter()
    reserve = state["reserve"]
    for name, value in reserve.items():
        count[name] += value
    for column in state["market"]:
        for slot in column:
            if slot:
                count["tiles"] += 1
                count["seeds"] += slot["seeds"]
    count["tiles"] += sum(len(p) for p in state["hidden"]["piles"].values())
    pending = state.get("pending") or {}
    if pending.get("tile"):
        count["tiles"] += 1
    if (pending.get("then") or {}).get("tile"):
        count["tiles"] += 1  # a taken Field tile waiting behind a drawn one
    for vegetable, n in (pending.get("vegetables") or {}).items():
        count[vegetable] += n
    count["clients"] += sum(1 for c in state["clients"] if c) + len(state["hidden"]["deck"])
    count["clients"] += sum(len(p.get("reserved", [])) for p in state["private"].values())
    for stack in state["medals"]:
        for value in stack:
            count[f"medal{value}"] += 1
    count["reputation"] += len(state["reputation"])
    from engine.sunfield import content
    for farmer in state["farmers"]:
        count["seeds"] += farmer["seeds"]
        count["clients"] += len(farmer["clients"])
        count["reputation"] += len(farmer["reputation"])
        for value in farmer["medals"]:
            count[f"medal{value}"] += 1
        for vegetable, n in farmer["wheelbarrow"].items():
            count[vegetable] += n
        for tile in farmer["plot"].values():
            count["tiles"] += 1
            if tile["animal"]:
                count[tile["animal"]] += 1
            for space, filled in enumerate(tile["filled"]):
                if filled:
                    count[content.TILES[tile["tile"]].vegetables[space]] += 1
        if farmer["livestock"]:
            count["seeds"] += len(farmer["livestock"]["used"])
    return count


INVENTORIES = {"sunfield": sunfield}


def harvest(state: dict) -> Counter:
    """Harvest's finite components: Farmer's Market tiles, buildings, sunrise
    tiles (coins, seeds, water and fertilizer come from an unlimited supply)."""
    count: Counter = Counter()
    count["market tiles"] += sum(1 for t in state["market"].values() if t)
    count["market tiles"] += sum(len(stack) for stack in state["hidden"]["market"].values())
    count["market tiles"] += len(state["market_gone"])
    buildings = state["buildings"]
    count["buildings"] += len(buildings["offer"]) + len(state["hidden"]["buildings"]) + len(buildings["discarded"])
    sunrise = state["sunrise"]
    count["sunrise tiles"] += len(sunrise["display"]) + len(sunrise["held"])
    for farmer in state["farmers"]:
        count["buildings"] += len(farmer["farm"]["buildings"])
    return count


INVENTORIES["harvest"] = harvest
