"""The shape of a Sunfield Farm state, and setup.

A state is plain JSON data (see engine/core.py). Keys, top level::

    "seats": 4                  number of farmers; seat 0 is the first farmer
    "advanced": false           advanced mode (Livestock cards)
    "round": 1                  1-based; a round ends after the last seat's turn
    "seat": 0                   farmer to act; None when the game is over
    "phase": "act"              what the farmer to act must decide:
        "act"    choose the action (take / deliver), may first spend Seeds
                 or use powers
        "place"  place the tile in "pending" in the Plot
        "put"    choose where gained Vegetables go ("pending")
        "after"  action done, Seeds can still be spent or a power used:
                 do so, or end (by mail, the end of the mail ends the turn)
        "over"   the game is over
    "acted": false              the turn's action (take or deliver) is done
    "pending": None | {...}     phase data:
        place: {"tile": "C12", "gain": true}   gain: Vegetables are gained
               (false for a tile drawn by the "draw" power); a tile drawn
               between taking a Field tile and placing it holds the taken
               one, placed next: {"tile": "S05", "gain": false,
               "then": {"tile": "C12", "gain": true}}
        put:   {"at": "1,0", "vegetables": {"carrot": 1, ...}}  tokens taken
               from the reserve, not yet on a tile; "at" is the new tile
    "ending": false             a draw pile (tiles or Clients) is exhausted:
                                the game ends when the current round ends
    "market": [[slot, slot, slot], ...]  market[column][row], columns a b c,
                                rows 0 Sheep, 1 Pig, 2 Cow (typed rows 1-3);
                                slot = {"tile": "S04", "seeds": 1} or None
    "piles": {"sheep": 14, "pig": 14, "cow": 14}   face-down tiles left
    "deck": 10                  face-down Clients left
    "clients": ["CL02", None, ...]   the 5 Client spaces (None: empty)
    "medals": [[3, 1], [1], [], ...] Medals left below each Client space,
                                highest first
    "reputation": ["R01", ...]  Reputation tiles still on the board
    "reserve": {"broccoli": 13, ..., "sheep": 15, ..., "seeds": 27,
                "medal3": 20, "medal1": 0}   the general reserve
    "farmers": [farmer, ...]    by seat
    "hidden": {"rng": int, "deck": [client ids, top first],
               "piles": {"sheep": [tile ids, top first], ...}}
    "private": {"0": {"reserved": ["CL07"]}, ...}  face-down reserved Clients

A farmer::

    "plot": {"x,y": {"tile": "H1P", "filled": [1, 0], "pasture": false,
                     "animal": None}}
        Field tiles on a square grid, key "x,y" (x grows to the right, y grows
        downward: "0,-1" is above "0,0"); the starting tiles lie at -1,0 / 0,0 / 1,0. "filled"[i] is 1
        when the Vegetable space i of the tile (content.TILES[id].vegetables[i])
        holds its token. A Pasture-face tile ("pasture": true) has no filled
        spaces; "animal" is "sheep" / "pig" / "cow" or None.
    "wheelbarrow": {"broccoli": 0, "carrot": 2, "eggplant": 0, "corn": 1}
    "seeds": 3
    "clients": ["CL02", ...]    delivered Clients
    "medals": [3, 3, 1]
    "reputation": [{"tile": "R04", "validated": false}, ...]  the tile dealt
        to the farmer first, then the board tiles they validated
    "reserved": 0               face-down reserved Clients (their ids are private)
    "livestock": None | {"cards": ["A1", "B3"], "position": 0, "used": [1]}
        advanced mode: the landscape, the Farmer token's column (0 = start,
        5 = last) and the columns whose power was used (one Seed on each)

Every component of the box is somewhere in this state (or was put back in the
box at setup): see :func:`components`.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from engine.core import Rng, State
from engine.sunfield import content as C


def key(x: int, y: int) -> str:
    return f"{x},{y}"


@lru_cache(maxsize=4096)
def xy(k: str) -> tuple[int, int]:
    """The coordinates of cell ``k`` (cached: the powers read every tile's)."""
    x, y = k.split(",")
    return int(x), int(y)


def new_tile(tile_id: str) -> dict:
    return {"tile": tile_id, "filled": [0] * len(C.TILES[tile_id].vegetables), "pasture": False, "animal": None}


def setup(seats: int, advanced: bool, seed: int) -> State:
    """Setup steps 1-9 of the rulebook for 2-4 farmers."""
    if not isinstance(seats, int) or not 2 <= seats <= 4:
        raise ValueError("Sunfield Farm is played by 2 to 4 farmers")
    rng = Rng.from_seed(seed)
    reserve = dict(C.SUPPLY)

    deck = rng.shuffle(sorted(C.CLIENTS))[C.REMOVED_CLIENTS[seats]:]
    clients, deck = deck[:5], deck[5:]
    reputation = rng.shuffle(sorted(C.REPUTATION_TILES))
    board_reputation, dealt = reputation[: C.REPUTATION_ON_BOARD], reputation[C.REPUTATION_ON_BOARD:]
    medals = [list(m) for m in C.CLIENT_SPACE_MEDALS]
    for stack in medals:
        for value in stack:
            reserve[f"medal{value}"] -= 1

    piles = {}
    for animal in C.ANIMALS:
        tiles = [t.id for t in C.MARKET_TILES if t.animal == animal]
        piles[animal] = rng.shuffle(tiles)[C.REMOVED_TILES_PER_PILE[seats]:]
    market = []
    for _column in C.COLUMNS:
        slots = []
        for row, animal in enumerate(C.ROWS):
            slot = {"tile": piles[animal].pop(0), "seeds": 0}
            if row == 0:
                slot["seeds"] = 1
                reserve["seeds"] -= 1
            slots.append(slot)
        market.append(slots)

    if advanced:
        cards_a = rng.shuffle([c for c in sorted(C.LIVESTOCK_CARDS) if c.startswith("A")])
        cards_b = rng.shuffle([c for c in sorted(C.LIVESTOCK_CARDS) if c.startswith("B")])
    farmers = []
    for seat in range(seats):
        plot = {}
        starting = C.STARTING_SETS[seat]
        for tile, (x, y) in zip(starting.tiles, C.STARTING_POSITIONS):
            plot[key(x, y)] = new_tile(tile.id)
        for index, space in starting.preplaced:
            tile = starting.tiles[index]
            plot[key(*C.STARTING_POSITIONS[index])]["filled"][space] = 1
            reserve[tile.vegetables[space]] -= 1
        seeds = C.STARTING_SEEDS[seat]
        reserve["seeds"] -= seeds
        farmers.append({
            "plot": plot,
            "wheelbarrow": {v: 0 for v in C.VEGETABLES},
            "seeds": seeds,
            "clients": [],
            "medals": [],
            "reputation": [{"tile": dealt[seat], "validated": False}],
            "reserved": 0,
            "livestock": {"cards": [cards_a[seat], cards_b[seat]], "position": 0, "used": []} if advanced else None,
        })

    return {
        "seats": seats,
        "advanced": bool(advanced),
        "round": 1,
        "seat": 0,
        "phase": "act",
        "acted": False,
        "pending": None,
        "ending": False,
        "market": market,
        "piles": {a: len(p) for a, p in piles.items()},
        "deck": len(deck),
        "clients": clients,
        "medals": medals,
        "reputation": board_reputation,
        "reserve": reserve,
        "farmers": farmers,
        "hidden": {"rng": rng.state, "deck": deck, "piles": piles},
        "private": {str(seat): {"reserved": []} for seat in range(seats)},
    }


def components(state: State) -> Counter:
    """Every component in play, wherever it is: Vegetables, Animals, Seeds,
    Medals (by value), Field tiles, Clients, Reputation tiles.

    Conservation: this never changes during a game (what setup put back in
    the box never comes back).
    """
    out: Counter = Counter()
    for name, count in state["reserve"].items():
        out[name] += count
    for column in state["market"]:
        for slot in column:
            if slot:
                out["seeds"] += slot["seeds"]
                out["tiles"] += 1
    out["tiles"] += sum(state["piles"].values())
    out["clients"] += state["deck"] + sum(1 for c in state["clients"] if c)
    out["reputation"] += len(state["reputation"])
    for stack in state["medals"]:
        for value in stack:
            out[f"medal{value}"] += 1
    pending = state["pending"] or {}
    if "tile" in pending:
        out["tiles"] += 1 + ("then" in pending)
    for veg, count in pending.get("vegetables", {}).items():
        out[veg] += count
    for farmer in state["farmers"]:
        for tile in farmer["plot"].values():
            out["tiles"] += 1
            if tile["animal"]:
                out[tile["animal"]] += 1
            for veg, filled in zip(C.TILES[tile["tile"]].vegetables, tile["filled"]):
                out[veg] += filled
        for veg, count in farmer["wheelbarrow"].items():
            out[veg] += count
        out["seeds"] += farmer["seeds"]
        out["clients"] += len(farmer["clients"]) + farmer["reserved"]
        out["reputation"] += len(farmer["reputation"])
        for value in farmer["medals"]:
            out[f"medal{value}"] += 1
        if farmer["livestock"]:
            out["seeds"] += len(farmer["livestock"]["used"])
    return out
