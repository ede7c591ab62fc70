"""Sentences for the other farmers about a move, including what followed
from it by itself (harvests, Medals, Reputation tiles, the Livestock track).

A sentence follows the farmer's name ("Céline placed ... in their Plot") and
speaks of the farmer as they/their only, so ``core.second_person`` tells it
to the farmer who played it ("You placed ... in your Plot"). Every tile is
named with its colour, which same-colour placements depend on."""

from __future__ import annotations

from engine.core import Move, State
from engine.sunfield import content as C
from engine.sunfield.rules import take_cost
from engine.sunfield.turns import COLUMN_INDEX


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _veg(name: str) -> str:
    return name.capitalize()


_PLURAL = {"broccoli": "Broccoli", "carrot": "Carrots", "eggplant": "Eggplants", "corn": "Corn"}


def _a(veg: str) -> str:
    """"a Carrot", "an Eggplant"."""
    return f"{'an' if veg[0] in 'aeiou' else 'a'} {_veg(veg)}"


def _vegetables(count: int, veg: str) -> str:
    return f"{count} {_veg(veg) if count == 1 else _PLURAL[veg]}"


def _client(client_id: str) -> str:
    client = C.CLIENTS[client_id]
    return f"the {client.colour} Client worth {client.value}"


def _tile(tile_id: str) -> str:
    """"the brown Cow tile (Carrot, Carrot, Eggplant)"."""
    tile = C.TILES[tile_id]
    return f"the {tile.colour} {tile.animal.capitalize()} tile ({', '.join(_veg(v) for v in tile.vegetables)})"


def _plot_tile(farmer: dict, x: int, y: int) -> str:
    """"their blue Pig tile at (0, -1)" (a Pasture says so: "their blue Pig Pasture at ...")."""
    placed = farmer["plot"][f"{x},{y}"]
    tile = C.TILES[placed["tile"]]
    face = "Pasture" if placed["pasture"] else "tile"
    return f"their {tile.colour} {tile.animal.capitalize()} {face} at ({x}, {y})"


def what_happened(state: State, move: Move) -> str:
    kind, a = move.kind, move.args
    farmer = state["farmers"][state["seat"]]
    if kind == "take":
        column = state["market"][COLUMN_INDEX[a[0]]]
        slot = column[a[1] - 1]
        cost = take_cost(column, a[1] - 1)
        text = f"took {_tile(slot['tile'])} at {a[0]}{a[1]}"
        if cost:
            text += f", placing {_n(cost, 'Seed')} above it"
        if slot["seeds"]:
            text += f", and collected the {_n(slot['seeds'], 'Seed')} on it"
        return text
    if kind == "place":
        return f"placed {_tile(state['pending']['tile'])} in their Plot at ({a[0]}, {a[1]})"
    if kind == "put":
        return f"put {_a(a[0])} on {_plot_tile(farmer, a[1], a[2])}"
    if kind == "exchange":
        return f"spent {C.EXCHANGE_COST} Seeds to exchange {_a(a[0])} for {_a(a[1])}"
    if kind == "buy":
        return f"spent {C.BUY_COST} Seeds on {_a(a[0])}"
    if kind == "deliver":
        if a[0] == "reserved":
            return f"delivered the Client they had reserved, {_client(state['private'][str(state['seat'])]['reserved'][0])}"
        return f"delivered {_client(state['clients'][a[0] - 1])} (space {a[0]})"
    if kind == "end":
        return "ended their turn" if state["acted"] else "passed (nothing to take or deliver)"
    if kind == "draw":
        pile = next(c.pile for c in C.landscape(*farmer["livestock"]["cards"]) if c.power == "draw")
        return f"used the draw power: took the top tile of the {pile.capitalize()} pile"
    if kind == "reserve":
        return f"used the reserve power on {_client(state['clients'][a[0] - 1])} (space {a[0]})"
    if kind == "swap":
        old = farmer["plot"][f"{a[0]},{a[1]}"]["animal"]
        return f"used the swap power: the {old.capitalize()} on {_plot_tile(farmer, a[0], a[1])} became {_a(a[2])}"
    if kind == "herd":
        animal = farmer["plot"][f"{a[0]},{a[1]}"]["animal"]
        return f"used the herd power: moved the {animal.capitalize()} from ({a[0]}, {a[1]}) to {_plot_tile(farmer, a[2], a[3])}"
    if kind == "trade":
        return f"used the trade power: {_a(a[0])} for {_a(a[1])}"
    if kind == "gain":
        return f"used the gain power: {_a(a[0])} into their Wheelbarrow"
    if kind == "pick":
        return f"used the pick power: {_a(a[0])} from {_plot_tile(farmer, a[1], a[2])} into their Wheelbarrow"
    if kind == "shift":
        return f"used the shift power: {_a(a[0])} from ({a[1]}, {a[2]}) to {_plot_tile(farmer, a[3], a[4])}"
    if kind == "sow":
        return f"used the sow power: {_a(a[0])} on {_plot_tile(farmer, a[1], a[2])}"
    if kind == "move":
        return f"used the move power: {_plot_tile(farmer, a[0], a[1])} moved to ({a[2]}, {a[3]})"
    return kind


def consequences(before: dict, after: dict, board_before: State, board_after: State) -> list[str]:
    """What followed by itself: compare the farmer before and after the move."""
    out = []
    was_pasture = {t["tile"] for t in before["plot"].values() if t["pasture"]}
    for key, placed in after["plot"].items():
        if placed["pasture"] and placed["tile"] not in was_pasture:
            tile = C.TILES[placed["tile"]]
            x, y = key.split(",")
            vegetables = ", ".join(_veg(v) for v in tile.vegetables)
            out.append(f"harvested their {tile.colour} {tile.animal.capitalize()} tile at ({x}, {y}) ({vegetables} to their Wheelbarrow)")
    medals = after["medals"][len(before["medals"]):]
    for medal in medals:
        out.append(f"won a Medal worth {medal}")
    validated = sum(r["validated"] for r in after["reputation"]) - sum(r["validated"] for r in before["reputation"])
    if validated:
        out.append(f"validated {_n(validated, 'Reputation tile')}")
    if after["livestock"] and after["livestock"]["position"] > before["livestock"]["position"]:
        out.append(f"advanced their Farmer token to column {after['livestock']['position']}")
    if board_after["ending"] and not board_before["ending"]:
        out.append("emptied a draw pile: this is the last round")
    return out


def lost_vegetables(before: State, after: State, move: Move) -> list[str]:
    """Gained Vegetables that found no space: they went back to the reserve."""
    gained: dict[str, int] = {}
    if move.kind == "place" and before["pending"]["gain"]:
        for veg in C.TILES[before["pending"]["tile"]].vegetables:
            if before["reserve"][veg] > gained.get(veg, 0):
                gained[veg] = gained.get(veg, 0) + 1
    elif move.kind != "put":
        return []
    lost = {veg: after["reserve"][veg] - before["reserve"][veg] + gained.get(veg, 0) for veg in C.VEGETABLES}
    parts = [_vegetables(n, veg) for veg, n in lost.items() if n > 0]
    if not parts:
        return []
    them = "it" if sum(n for n in lost.values() if n > 0) == 1 else "them"
    return [f"lost {' and '.join(parts)} (no space for {them})"]


def describe(game, state: State, move: Move) -> str:
    sentence = what_happened(state, move)
    after = game.apply(state, move)
    seat = state["seat"]
    more = lost_vegetables(state, after, move) + consequences(state["farmers"][seat], after["farmers"][seat], state, after)
    if more:
        sentence += "; " + ", ".join(more)
    return sentence
