"""Advanced mode: the ten Livestock powers.

A power is printed on a column of the farmer's landscape. It may be used once
per game, at any moment of the farmer's turn when no other decision is
pending (between taking a Field tile and placing it too), if the Farmer token stands on its column or further; using it puts
one of the farmer's Seeds on the column. The move's verb is the power's name
(content.POWERS), so a landscape never shows the same power twice.
"""

from __future__ import annotations

from functools import cache

from engine.core import Move, State
from engine.sunfield import content as C
from engine.sunfield import rules
from engine.sunfield.plot import free_spaces, is_connected, open_positions
from engine.sunfield.state import key, xy


def power_columns(farmer: dict) -> dict[str, int]:
    """Power name -> its column, for the powers the Farmer token has reached."""
    livestock = farmer["livestock"]
    if not livestock:
        return {}
    return dict(_reached(*livestock["cards"], livestock["position"]))


@cache
def _reached(card_a: str, card_b: str, position: int) -> tuple[tuple[str, int], ...]:
    columns = C.landscape(card_a, card_b)
    return tuple((columns[i].power, i) for i in range(1, position + 1) if columns[i].power)


def open_powers(state: State) -> dict[str, int]:
    """Powers reached, not used yet, and payable (the farmer has a Seed)."""
    farmer = rules.farmer_to_act(state)
    if not state["advanced"] or farmer["seeds"] < 1:
        return {}
    livestock = farmer["livestock"]
    if not livestock["position"]:  # the token has not left its start: no power reached
        return {}
    used = livestock["used"]
    return {name: column for name, column in _reached(*livestock["cards"], livestock["position"]) if column not in used}


def power_moves(state: State, name: str) -> list[Move]:
    """Every way to use power ``name`` now (ignoring whether it is open)."""
    return _MOVES[name](state, rules.farmer_to_act(state))


def has_usable_power(state: State) -> bool:
    return any(power_moves(state, name) for name in open_powers(state))


def use_power(state: State, move: Move) -> None:
    """Pay the Seed on the power's column, then do what the power does."""
    farmer = rules.farmer_to_act(state)
    column = power_columns(farmer)[move.kind]
    farmer["seeds"] -= 1
    farmer["livestock"]["used"].append(column)
    _EFFECTS[move.kind](state, farmer, *move.args)


def _pile(farmer: dict) -> str:
    return next(c.pile for c in C.landscape(*farmer["livestock"]["cards"]) if c.power == "draw")


def _plot_tiles(farmer: dict):
    for k, tile in farmer["plot"].items():
        x, y = xy(k)
        yield k, x, y, tile


# --------------------------------------------------------------------------- legal uses


def _draw_moves(state, farmer):
    return [Move("draw")] if state["piles"][_pile(farmer)] else []


def _reserve_moves(state, farmer):
    return [Move("reserve", (space + 1,)) for space, client in enumerate(state["clients"]) if client]


def _swap_moves(state, farmer):
    out = []
    for _, x, y, tile in _plot_tiles(farmer):
        if tile["animal"]:
            out += [Move("swap", (x, y, a)) for a in C.ANIMALS if a != tile["animal"] and state["reserve"][a]]
    return out


def _herd_moves(state, farmer):
    tiles = list(_plot_tiles(farmer))
    empty = [(x, y) for _, x, y, t in tiles if t["pasture"] and not t["animal"]]
    return [Move("herd", (x, y, ex, ey)) for _, x, y, t in tiles if t["animal"] for ex, ey in empty]


def _trade_moves(state, farmer):
    return [
        Move("trade", (give, get))
        for give in C.VEGETABLES
        if farmer["wheelbarrow"][give]
        for get in C.VEGETABLES
        if get != give and state["reserve"][get]
    ]


def _gain_moves(state, farmer):
    return [Move("gain", (veg,)) for veg in C.VEGETABLES if state["reserve"][veg]]


def _filled(tile):
    return sorted({v for v, f in zip(C.TILES[tile["tile"]].vegetables, tile["filled"]) if f}, key=C.VEGETABLES.index)


def _pick_moves(state, farmer):
    return [Move("pick", (veg, x, y)) for _, x, y, tile in _plot_tiles(farmer) for veg in _filled(tile)]


def _shift_moves(state, farmer):
    tiles = list(_plot_tiles(farmer))
    out = []
    for k, x, y, tile in tiles:
        for veg in _filled(tile):
            out += [Move("shift", (veg, x, y, tx, ty)) for tk, tx, ty, t in tiles if tk != k and free_spaces(t, veg)]
    return out


def _sow_moves(state, farmer):
    tiles = list(_plot_tiles(farmer))
    return [
        Move("sow", (veg, x, y))
        for veg in C.VEGETABLES
        if state["reserve"][veg]
        for _, x, y, tile in tiles
        if free_spaces(tile, veg)
    ]


def _move_moves(state, farmer):
    """A tile goes next to another tile; the Plot must be whole "once the
    move is complete", not while the tile is lifted (the corner of an L may
    move to the other corner)."""
    plot = farmer["plot"]
    cells = set(plot)
    out = []
    for k in plot:
        rest = cells - {k}
        whole_without = is_connected(rest)
        x, y = xy(k)
        out += [
            Move("move", (x, y, *xy(to)))
            for to in open_positions(plot, without=k)
            if to != k and (whole_without or is_connected(rest | {to}))
        ]
    return out


_MOVES = {
    "draw": _draw_moves,
    "reserve": _reserve_moves,
    "swap": _swap_moves,
    "herd": _herd_moves,
    "trade": _trade_moves,
    "gain": _gain_moves,
    "pick": _pick_moves,
    "shift": _shift_moves,
    "sow": _sow_moves,
    "move": _move_moves,
}

# --------------------------------------------------------------------------- effects


def draw(state, farmer):
    """Take the top tile of the card's pile; it is placed without gaining
    Vegetables, and before a Field tile taken and not yet placed, which waits
    in the pending tile's "then"."""
    drawn = {"tile": rules.draw_tile(state, _pile(farmer)), "gain": False}
    if state["pending"]:
        drawn["then"] = state["pending"]
    state["phase"] = "place"
    state["pending"] = drawn


def reserve(state, farmer, space):
    """The Client goes face down in front of the farmer; its Medals stay."""
    client = state["clients"][space - 1]
    state["private"][str(state["seat"])]["reserved"].append(client)
    farmer["reserved"] += 1
    state["clients"][space - 1] = rules.draw_client(state)


def swap(state, farmer, x, y, animal):
    tile = farmer["plot"][key(x, y)]
    state["reserve"][tile["animal"]] += 1
    state["reserve"][animal] -= 1
    tile["animal"] = animal
    rules.advance_livestock(state)


def herd(state, farmer, x, y, to_x, to_y):
    plot = farmer["plot"]
    plot[key(to_x, to_y)]["animal"] = plot[key(x, y)]["animal"]
    plot[key(x, y)]["animal"] = None


def trade(state, farmer, give, get):
    rules.exchange_vegetable(state, give, get, cost=0)


def gain(state, farmer, veg):
    rules.buy_vegetable(state, veg, cost=0)


def _empty_space(tile: dict, veg: str) -> None:
    for index, space in enumerate(C.TILES[tile["tile"]].vegetables):
        if space == veg and tile["filled"][index]:
            tile["filled"][index] = 0
            return


def pick(state, farmer, veg, x, y):
    _empty_space(farmer["plot"][key(x, y)], veg)
    farmer["wheelbarrow"][veg] += 1


def shift(state, farmer, veg, x, y, to_x, to_y):
    _empty_space(farmer["plot"][key(x, y)], veg)
    rules.fill_space(farmer["plot"][key(to_x, to_y)], veg)
    rules.harvest(state)


def sow(state, farmer, veg, x, y):
    state["reserve"][veg] -= 1
    rules.fill_space(farmer["plot"][key(x, y)], veg)
    rules.harvest(state)


def move(state, farmer, x, y, to_x, to_y):
    """Move a Field tile with what lies on it (it becomes the last tile in Plot order)."""
    plot = farmer["plot"]
    moved = plot.pop(key(x, y))
    plot[key(to_x, to_y)] = moved


_EFFECTS = {
    "draw": draw,
    "reserve": reserve,
    "swap": swap,
    "herd": herd,
    "trade": trade,
    "gain": gain,
    "pick": pick,
    "shift": shift,
    "sow": sow,
    "move": move,
}
