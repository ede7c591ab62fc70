"""The rule steps of Sunfield Farm, one function per step of the rulebook.

Every function here changes the state it is given, in place: the Game calls
them on its own copy (see game.py). Checks that a farmer's choice is allowed,
and the turn flow (what comes after a step), live in turns.py; these
functions assume a legal choice.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from engine.core import State
from engine.sunfield import content as C
from engine.sunfield.plot import SPACES, empty_pastures, largest_rectangle, neighbours
from engine.sunfield.state import key, new_tile, xy


def farmer_to_act(state: State) -> dict:
    return state["farmers"][state["seat"]]


# --------------------------------------------------------------------------- draw piles


def draw_tile(state: State, animal: str) -> str | None:
    """The top tile of a draw pile, or None when it is empty. Drawing the last
    tile exhausts the pile, which ends the game at the end of the round."""
    pile = state["hidden"]["piles"][animal]
    if not pile:
        return None
    tile = pile.pop(0)
    state["piles"][animal] = len(pile)
    if not pile:
        state["ending"] = True
    return tile


def draw_client(state: State) -> str | None:
    """The top Client of the deck (None when empty); the last one ends the game."""
    deck = state["hidden"]["deck"]
    if not deck:
        return None
    client = deck.pop(0)
    state["deck"] = len(deck)
    if not deck:
        state["ending"] = True
    return client


def take_seed_from_reserve(state: State) -> int:
    """1 Seed from the reserve, or 0 when it has none left."""
    if state["reserve"]["seeds"] > 0:
        state["reserve"]["seeds"] -= 1
        return 1
    return 0


# --------------------------------------------------------------------------- I. take a Field tile


def take_cost(column: list, row: int) -> int:
    """Seeds to pay to take the tile of ``row``: one per tile above it (empty spaces ignored)."""
    cost = 0
    for index in range(row):
        if column[index]:
            cost += 1
    return cost


def take_field_tile(state: State, column: int, row: int) -> None:
    farmer = farmer_to_act(state)
    slots = state["market"][column]
    for index in range(row):
        slot = slots[index]
        if slot:  # a new slot with the Seed: a take shares the slots with the state before
            slots[index] = {**slot, "seeds": slot["seeds"] + 1}
            farmer["seeds"] -= 1
    taken = slots[row]
    slots[row] = None
    farmer["seeds"] += taken["seeds"]
    if not any(slots):
        refill_column(state, column)
    state["acted"] = True
    state["phase"] = "place"
    state["pending"] = {"tile": taken["tile"], "gain": True}


def refill_column(state: State, column: int) -> None:
    """An empty column gets a Sheep, a Pig and a Cow tile, and a Seed on the
    Sheep; a space whose pile is empty stays empty."""
    slots = state["market"][column]
    for row, animal in enumerate(C.ROWS):
        tile = draw_tile(state, animal)
        if tile is not None:
            seeds = take_seed_from_reserve(state) if row == 0 else 0
            slots[row] = {"tile": tile, "seeds": seeds}


# --------------------------------------------------------------------------- II. place the Field tile


def place_field_tile(state: State, x: int, y: int) -> None:
    """Put the pending tile in the Plot; gain its Vegetables unless it came
    from the "draw" power (then the Field tile taken before, if any, waits)."""
    farmer = farmer_to_act(state)
    pending = state["pending"]
    at = key(x, y)
    farmer["plot"][at] = new_tile(pending["tile"])
    state["pending"] = pending.get("then")
    if pending["gain"]:
        gain_vegetables(state, at, pending["tile"])


def gain_vegetables(state: State, at: str, tile_id: str) -> None:
    """Take from the reserve the Vegetables shown on the new tile ``tile_id``
    at ``at`` (as many as the reserve still has), then place them."""
    gained: dict[str, int] = {}
    for veg in C.TILES[tile_id].vegetables:
        if state["reserve"][veg] > 0:
            state["reserve"][veg] -= 1
            gained[veg] = gained.get(veg, 0) + 1
    state["pending"] = {"at": at, "vegetables": gained}
    place_vegetables(state)


def vegetable_targets(plot: dict, at: str, vegetables: list[str]) -> dict[str, list[tuple[str, int]]]:
    """For each of ``vegetables`` gained by the tile at ``at``, the OTHER
    tiles that may receive it: adjacent to it and/or of its colour, Vegetable
    face, with a free space of it; with their number of such free spaces (in
    Plot order, one pass over the Plot for them all)."""
    colour = _COLOUR[plot[at]["tile"]]
    near = neighbours(at)
    out: dict[str, list[tuple[str, int]]] = {veg: [] for veg in vegetables}
    for k, tile in plot.items():
        if tile["pasture"] or k == at:
            continue
        tile_id = tile["tile"]
        if k in near or _COLOUR[tile_id] == colour:
            spaces_of = SPACES[tile_id]
            filled = tile["filled"]
            for veg, targets in out.items():
                spaces = spaces_of.get(veg)
                if spaces:
                    free = 0  # a loop, not sum() over a generator: this is the hot path of every placing
                    for index in spaces:
                        if not filled[index]:
                            free += 1
                    if free:
                        targets.append((k, free))
    return out


def is_vegetable_target(plot: dict, at: str, k: str, veg: str) -> bool:
    """Whether the tile at ``k`` may receive a ``veg`` gained by the tile at
    ``at``: as :func:`vegetable_targets` for that one tile."""
    tile = plot.get(k)
    if tile is None or tile["pasture"] or k == at:
        return False
    if k not in neighbours(at) and _COLOUR[tile["tile"]] != _COLOUR[plot[at]["tile"]]:
        return False
    filled = tile["filled"]
    for index in SPACES[tile["tile"]].get(veg, ()):
        if not filled[index]:
            return True
    return False


#: tile id -> its colour (a dict lookup instead of a FieldTile's attribute on the hot path)
_COLOUR = {tile_id: face.colour for tile_id, face in C.TILES.items()}


def open_choices(state: State) -> dict[str, list[str]]:
    """Pending Vegetables whose place is a real choice: veg -> candidate tiles."""
    pending = state["pending"]
    plot = farmer_to_act(state)["plot"]
    waiting = [veg for veg, count in pending["vegetables"].items() if count]
    return {veg: [k for k, _ in targets] for veg, targets in vegetable_targets(plot, pending["at"], waiting).items()}


def place_vegetables(state: State) -> None:
    """Place every gained Vegetable whose place is forced, lose those that fit
    nowhere, and stop at the first real choice (phase "put").

    A choice is real only when the Vegetables of one kind can go on several
    tiles and are too few to fill every free space there.
    """
    pending = state["pending"]
    plot = farmer_to_act(state)["plot"]
    gained = pending["vegetables"]
    waiting = False
    # placing one kind leaves the free spaces of the others as they are: their
    # targets are found at once
    kinds = [veg for veg in C.VEGETABLES if gained.get(veg, 0)]
    for veg, targets in vegetable_targets(plot, pending["at"], kinds).items():
        count = gained[veg]
        room = 0
        for _, free in targets:
            room += free
        if count >= room or len(targets) == 1:
            placed = min(count, room)
            for k, free in targets:
                here = min(free, placed)
                if here:
                    fill_space(own_tile(plot, k), veg, here)
                    placed -= here
            kept = min(count, room)
            state["reserve"][veg] += count - kept  # lost: back to the reserve
            gained[veg] = 0
        else:
            waiting = True
    if waiting:
        state["phase"] = "put"
        return
    state["pending"] = None
    harvest(state)


def put_vegetable(state: State, veg: str, at: str) -> None:
    """The farmer's choice of tile for one gained Vegetable."""
    fill_space(own_tile(farmer_to_act(state)["plot"], at), veg)
    state["pending"]["vegetables"][veg] -= 1
    place_vegetables(state)


def own_tile(plot: dict, at: str) -> dict:
    """The Plot's tile at ``at``, copied first: placing a tile copies the
    Plot but shares its tiles with the state before (turns.copy_for_move),
    so a step copies a tile before it changes it."""
    tile = plot[at]
    tile = plot[at] = {**tile, "filled": list(tile["filled"])}
    return tile


def fill_space(tile: dict, veg: str, count: int = 1) -> None:
    """Put ``count`` ``veg`` on the tile's first free spaces of it."""
    filled = tile["filled"]
    for index in SPACES[tile["tile"]].get(veg, ()):
        if not filled[index]:
            filled[index] = 1
            count -= 1
            if not count:
                return
    raise AssertionError(f"no free {veg} space on {tile['tile']}")


# --------------------------------------------------------------------------- III. harvest


def harvest(state: State) -> None:
    """Every filled tile: Vegetables to the Wheelbarrow, flip to Pasture, place
    its Animal (if the reserve still has one); then the Animals are delivered.

    Without a new Animal nothing is delivered: every step that brings Animals
    (this one, the "herd" power) delivers them at once, so the Plot holds no
    trio, nor the next Livestock column's Animals, that could still be
    delivered."""
    farmer = farmer_to_act(state)
    plot = farmer["plot"]
    wheelbarrow = None
    arrived = False
    for k, tile in plot.items():
        if tile["pasture"] or 0 in tile["filled"]:
            continue
        face = C.TILES[tile["tile"]]
        if wheelbarrow is None:  # a new Wheelbarrow: placing a tile shares it with the state before
            wheelbarrow = farmer["wheelbarrow"] = dict(farmer["wheelbarrow"])
        for veg in face.vegetables:
            wheelbarrow[veg] += 1
        # flipped to its Pasture face: a new tile (the Plot's may be shared, see own_tile)
        tile = plot[k] = {**tile, "filled": [0] * len(face.vegetables), "pasture": True}
        if state["reserve"][face.animal] > 0:
            state["reserve"][face.animal] -= 1
            tile["animal"] = face.animal
            arrived = True
    if not arrived:
        return
    if state["advanced"]:
        advance_livestock(state)
    else:
        deliver_animals(state)


# --------------------------------------------------------------------------- IV. deliver Animals


def deliver_animals(state: State) -> None:
    """Each Sheep + Pig + Cow trio in the Plot goes back to the reserve for a
    Medal worth 3, as long as the reserve has such a Medal."""
    farmer = farmer_to_act(state)
    while state["reserve"]["medal3"] > 0 and _has_trio(farmer["plot"]):
        for animal in C.ANIMALS:
            return_animal(state, farmer, animal)
        take_trio_medal(state, farmer)


def _has_trio(plot: dict) -> bool:
    """Whether a Sheep, a Pig and a Cow all stand in the Plot."""
    return {t["animal"] for t in plot.values()}.issuperset(C.ANIMALS)


def take_trio_medal(state: State, farmer: dict) -> None:
    """A Medal worth 3 from the reserve for a trio (none when it has run out)."""
    if state["reserve"]["medal3"] > 0:
        state["reserve"]["medal3"] -= 1
        farmer["medals"] = [*farmer["medals"], C.TRIO_MEDAL]  # a new list: placing a tile shares it


def return_animal(state: State, farmer: dict, animal: str) -> None:
    """Put one ``animal`` of the Plot back in the reserve.

    Which tile loses it matters only for the advanced end-of-game Pasture
    rectangle, so the engine empties the tile that leaves the largest empty
    Pasture rectangle (first such tile in Plot order), saving a mail round trip.
    """
    plot = farmer["plot"]
    holders = [k for k, t in plot.items() if t["animal"] == animal]
    best = holders[0]
    if state["advanced"] and len(holders) > 1:
        best_size = -1
        empty = empty_pastures(plot)
        for k in holders:
            size = largest_rectangle(empty | {xy(k)} if plot[k]["pasture"] else empty)
            if size > best_size:
                best, best_size = k, size
    own_tile(plot, best)["animal"] = None
    state["reserve"][animal] += 1


@cache
def _needs(column: C.Column) -> tuple[tuple[str, int], ...]:
    """The Animals a Livestock column asks for, with how many of each."""
    return tuple(Counter(column.needs).items())


def advance_livestock(state: State) -> None:
    """Advanced mode: while the next column's Animals are in the Plot, spend
    them and advance. The last column asks for a trio, and "as in the
    standard rules" a trio spent there earns a Medal 3: the one that moves
    the token onto it as well as each one after it."""
    farmer = farmer_to_act(state)
    livestock = farmer["livestock"]
    columns = C.landscape(*livestock["cards"])
    while livestock["position"] < C.LAST_COLUMN:
        have = [t["animal"] for t in farmer["plot"].values() if t["animal"]]
        if any(have.count(a) < n for a, n in _needs(columns[livestock["position"] + 1])):
            return
        for animal in columns[livestock["position"] + 1].needs:
            return_animal(state, farmer, animal)
        livestock = farmer["livestock"] = {**livestock}  # a new record: placing a tile shares it
        livestock["position"] += 1
        if livestock["position"] == C.LAST_COLUMN:
            take_trio_medal(state, farmer)
    deliver_animals(state)


# --------------------------------------------------------------------------- spending Seeds


def exchange_vegetable(state: State, give: str, get: str, cost: int = C.EXCHANGE_COST) -> None:
    """Spend Seeds (3; none with the "trade" power) to exchange a Wheelbarrow
    Vegetable for one from the reserve."""
    farmer = farmer_to_act(state)
    pay_seeds(state, farmer, cost)
    farmer["wheelbarrow"][give] -= 1
    state["reserve"][give] += 1
    state["reserve"][get] -= 1
    farmer["wheelbarrow"][get] += 1


def buy_vegetable(state: State, veg: str, cost: int = C.BUY_COST) -> None:
    """Spend Seeds (5; none with the "gain" power) to add a Vegetable of your
    choice from the reserve to the Wheelbarrow."""
    farmer = farmer_to_act(state)
    pay_seeds(state, farmer, cost)
    state["reserve"][veg] -= 1
    farmer["wheelbarrow"][veg] += 1


def pay_seeds(state: State, farmer: dict, cost: int) -> None:
    farmer["seeds"] -= cost
    state["reserve"]["seeds"] += cost


# --------------------------------------------------------------------------- deliver a Client


#: what each Client asks for, counted: {client: ((vegetable, count), ...)}
CLIENT_NEEDS = {c.id: tuple(Counter(c.vegetables).items()) for c in C.CLIENTS.values()}


def can_pay(wheelbarrow: dict, client_id: str) -> bool:
    for veg, count in CLIENT_NEEDS[client_id]:
        if wheelbarrow[veg] < count:
            return False
    return True


def deliver_client(state: State, space: int) -> None:
    """I. Take a Client and the highest Medal left below it; refill the space
    from the deck. II. Validate Reputation tiles."""
    farmer = farmer_to_act(state)
    client = state["clients"][space]
    pay_client(state, farmer, client)
    stack = state["medals"][space]
    if stack:
        farmer["medals"].append(stack.pop(0))
    state["clients"][space] = draw_client(state)
    validate_reputation_tiles(state)
    state["acted"] = True


def deliver_reserved_client(state: State) -> None:
    """Deliver the Client reserved face down with the "reserve" power: no Medal."""
    farmer = farmer_to_act(state)
    client = state["private"][str(state["seat"])]["reserved"].pop(0)
    farmer["reserved"] -= 1
    pay_client(state, farmer, client)
    validate_reputation_tiles(state)
    state["acted"] = True


def pay_client(state: State, farmer: dict, client: str) -> None:
    for veg in C.CLIENTS[client].vegetables:
        farmer["wheelbarrow"][veg] -= 1
        state["reserve"][veg] += 1
    farmer["clients"].append(client)


#: Reputation tile -> the Client colours it asks for (counted) and the value
REPUTATION_NEEDS = {t.id: (tuple(Counter(t.colours).items()), t.value) for t in C.REPUTATION_TILES.values()}


def delivered(clients: list[str]) -> tuple[dict[str, int], set[int]]:
    """The delivered Clients' colours (counted) and values."""
    colours: dict[str, int] = {}
    for client in clients:
        colour = C.CLIENTS[client].colour
        colours[colour] = colours.get(colour, 0) + 1
    return colours, {C.CLIENTS[client].value for client in clients}


def reputation_met(tile_id: str, colours: dict[str, int], values: set[int]) -> bool:
    """Two Clients of the tile's colours and a Client of its value (given the
    :func:`delivered` Clients' colours and values); one Client may count for
    a colour and for the value."""
    needs, value = REPUTATION_NEEDS[tile_id]
    return all(colours.get(colour, 0) >= n for colour, n in needs) and value in values


def validate_reputation_tiles(state: State) -> None:
    """Flip the farmer's own tile and take every board tile whose conditions
    hold (several at once is fine; board tiles are not replaced)."""
    farmer = farmer_to_act(state)
    colours, values = delivered(farmer["clients"])
    for held in farmer["reputation"]:
        if not held["validated"] and reputation_met(held["tile"], colours, values):
            held["validated"] = True
    for tile in list(state["reputation"]):
        if reputation_met(tile, colours, values):
            state["reputation"].remove(tile)
            farmer["reputation"].append({"tile": tile, "validated": True})
