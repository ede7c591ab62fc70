"""Determinisation: a full state made up from what one farmer can see.

A search bot must not look at what its farmer cannot see (deck and pile
order, face-down cards, the game's random generator). It plans on states it
makes up itself: the view (``Game.view``) with the hidden parts filled in at
random, with the bot's own generator, from the components not in sight.
Each game's box contents say what is unaccounted for; a sample is one
possible arrangement of it, consistent with every count the view shows.

``SAMPLERS`` maps a game's registry name to its sampler; a game without one
cannot be searched (the search bot then plays as the greedy one).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Rng, State, clone
from engine.harvest import content as HC
from engine.sunfield import content as SC

Sampler = Callable[[State, int, Rng], State]


def _deal(rng: Rng, pool: list, count: int) -> tuple[list, list]:
    """``count`` items of ``pool`` at random, and the rest (shuffled)."""
    shuffled = rng.shuffle(sorted(pool))
    return shuffled[:count], shuffled[count:]


def sample_sunfield(view: State, seat: int, rng: Rng) -> State:
    """Sunfield Farm hides the Client deck, the three tile piles and the
    other farmers' reserved Clients. Unseen Clients and tiles (including
    those put back in the box at setup) are dealt at random to them."""
    state = clone(view)
    seen_clients = {c for c in state["clients"] if c}
    seen_clients.update(state["private"].get(str(seat), {}).get("reserved", []))
    seen_tiles: set[str] = set()
    for column in state["market"]:
        seen_tiles.update(slot["tile"] for slot in column if slot)
    if state["pending"] and "tile" in state["pending"]:
        seen_tiles.add(state["pending"]["tile"])
        if "then" in state["pending"]:
            seen_tiles.add(state["pending"]["then"]["tile"])
    for farmer in state["farmers"]:
        seen_clients.update(farmer["clients"])
        seen_tiles.update(tile["tile"] for tile in farmer["plot"].values())
    unseen = [c for c in SC.CLIENTS if c not in seen_clients]
    private = {str(seat): state["private"].get(str(seat), {"reserved": []})}
    for other, farmer in enumerate(state["farmers"]):
        if other != seat:
            reserved, unseen = _deal(rng, unseen, farmer["reserved"])
            private[str(other)] = {"reserved": reserved}
    deck, _ = _deal(rng, unseen, state["deck"])
    piles = {}
    for animal in SC.ANIMALS:
        pool = [t.id for t in SC.MARKET_TILES if t.animal == animal and t.id not in seen_tiles]
        piles[animal], _ = _deal(rng, pool, state["piles"][animal])
    state["private"] = private
    state["hidden"] = {"rng": rng.next64(), "deck": deck, "piles": piles}
    return state


def sample_harvest(view: State, seat: int, rng: Rng) -> State:
    """Harvest hides the order of the three market stacks and of the
    building deck, the Forest dice (the generator), and, before everyone has
    chosen, the Characters and Farmhouses dealt to the others."""
    state = clone(view)
    market = {}
    for label, stack in zip(("a", "b", "c"), HC.MARKET_STACKS):
        pool = [t for t in stack if t != state["market"][label] and t not in state["market_gone"]]
        market[label], _ = _deal(rng, pool, state["market_left"][label])
    shop = state["buildings"]
    built = {b["building"] for f in state["farmers"] for b in f["farm"]["buildings"]}
    seen = built | set(shop["discarded"]) | {o["building"] for o in shop["offer"]}
    buildings, _ = _deal(rng, [b for b in HC.BUILDINGS if b not in seen], shop["deck"])
    state["hidden"] = {"rng": rng.next64(), "market": market, "buildings": buildings}
    own = state["private"].get(str(seat))
    private = {str(seat): own} if own is not None else {}
    if state["phase"] == "choose":
        # A farmer holds the two dealt cards of each kind until keeping a Farmhouse.
        characters = [c for c in HC.CHARACTERS if c not in (own or {}).get("characters", [])
                      and c not in {f["character"] for f in state["farmers"]}]
        farmhouses = [h for h in HC.FARMHOUSES if h not in (own or {}).get("farmhouses", [])
                      and h not in {f["farmhouse"] for f in state["farmers"]}]
        for other, farmer in enumerate(state["farmers"]):
            if other == seat or farmer["farmhouse"] is not None:
                private.setdefault(str(other), {})
                continue
            kept = [farmer["character"]] if farmer["character"] else []
            dealt, characters = _deal(rng, characters, 2 - len(kept))
            houses, farmhouses = _deal(rng, farmhouses, 2)
            private[str(other)] = {"characters": kept + dealt, "farmhouses": houses}
    else:
        for other in range(state["seats"]):
            private.setdefault(str(other), {})
    state["private"] = private
    return state


SAMPLERS: dict[str, Sampler] = {"sunfield": sample_sunfield, "harvest": sample_harvest}
