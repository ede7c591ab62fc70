"""What an option will do, in a few words, for the farmer about to choose it.

``outcome(game, state, move)`` applies the move to the state (``apply`` never
changes its input) and compares what the farmer could already see before
with what they will see after, restricted to facts that cannot depend on
hidden information:

* the farmer's own record (Seeds, Wheelbarrow, Plot, Medals, Clients,
  Reputation tiles, reserved Clients, Livestock track): within one move it
  changes only by the rules applied to public data (a draw changes the market,
  the Client spaces or the tile waiting to be placed, never the record);
* the public reserve (how many Vegetables went back to it: the ones lost);
* whether this starts the last round, and whether the move draws from a
  hidden pile so it cannot be undone (pile and deck sizes are public: they
  alone decide whether a draw happens).

Never read: the market, the Client spaces and the tile waiting after the move
(a refilled column, a new Client, the tile the "draw" power turns up are
draws from hidden piles). tests/engine/sunfield/test_outcome.py changes only
hidden data and checks every outcome stays the same.
"""

from __future__ import annotations

from collections import Counter

from engine.core import Move, State
from engine.sunfield import content as C
from engine.sunfield import scoring
from engine.sunfield.rules import take_cost
from engine.sunfield.turns import COLUMN_INDEX

_PLURAL = {"broccoli": "Broccoli", "carrot": "Carrots", "eggplant": "Eggplants", "corn": "Corn",
           "sheep": "Sheep", "pig": "Pigs", "cow": "Cows"}


def _count(n: int, word: str) -> str:
    """"1 Carrot", "2 Carrots", "3 Seeds"."""
    if word in _PLURAL:
        return f"{n} {word.capitalize() if n == 1 else _PLURAL[word]}"
    return f"{n} {word}{'' if n == 1 else 's'}"


def _signed(n: int, word: str) -> str:
    return ("+" if n > 0 else "−") + _count(abs(n), word)


def _at(k: str) -> str:
    return f"({k.replace(',', ', ')})"


def _tile(tile_id: str) -> str:
    tile = C.TILES[tile_id]
    return f"{tile.animal.capitalize()} tile ({', '.join(v.capitalize() for v in tile.vegetables)})"


def points(state: State, farmer: dict) -> int:
    """The farmer's score-sheet total, from their own record only."""
    lines = scoring.LINES + ((scoring.PASTURE_LINE,) if state["advanced"] else ())
    return sum(score(farmer) for _, _, score in lines)


def _scoring_parts(state: State, farmer: dict) -> tuple:
    """What the score sheet reads of a farmer: the score needs computing only
    when this changed (the Pasture rectangle is the costly line)."""
    pastures = tuple((k, t["animal"]) for k, t in farmer["plot"].items() if t["pasture"]) if state["advanced"] else ()
    return (len(farmer["clients"]), len(farmer["medals"]), sum(r["validated"] for r in farmer["reputation"]),
            sum(farmer["wheelbarrow"].values()), pastures)


# --------------------------------------------------------------------------- what the move itself says


def _take(state: State, move: Move) -> list[str]:
    column = state["market"][COLUMN_INDEX[move.args[0]]]
    slot = column[move.args[1] - 1]
    out = [_tile(slot["tile"])]
    cost = take_cost(column, move.args[1] - 1)
    out.append(f"costs {_count(cost, 'Seed')}" if cost else "free")
    if slot["seeds"]:
        out.append(f"collects {_count(slot['seeds'], 'Seed')}")
    return out


def _draw(state: State, farmer: dict) -> list[str]:
    pile = next(c.pile for c in C.landscape(*farmer["livestock"]["cards"]) if c.power == "draw")
    return [f"the top {pile.capitalize()} tile, unseen until drawn, placed without Vegetables"]


def _reserve(state: State, move: Move) -> list[str]:
    client = C.CLIENTS[state["clients"][move.args[0] - 1]]
    return [f"the {client.colour} Client worth {client.value} face down, for you alone"]


# --------------------------------------------------------------------------- what follows from it


def _placed_vegetables(before: dict, after: dict) -> list[str]:
    """Vegetables put on tiles that were already in the Plot, including the
    ones that completed a tile harvested by the same move."""
    out = []
    for k, tile in after["plot"].items():
        old = before["plot"].get(k)
        if old is None or old["tile"] != tile["tile"] or old["pasture"]:
            continue
        spaces = C.TILES[tile["tile"]].vegetables
        filled = [1] * len(spaces) if tile["pasture"] else tile["filled"]  # harvested: it was full
        new = Counter(v for v, was, now in zip(spaces, old["filled"], filled) if now and not was)
        out += [f"{_count(n, veg) if n > 1 else veg.capitalize()} on {_at(k)}" for veg, n in new.items()]
    return out


def lost_vegetables(state: State, after: State, move: Move) -> dict[str, int]:
    """Gained Vegetables that found no space and went back to the reserve
    (public), by kind: only a place or a put loses any."""
    if move.kind not in ("place", "put"):
        return {}
    gained: Counter = Counter()
    if move.kind == "place" and state["pending"]["gain"]:
        for veg in C.TILES[state["pending"]["tile"]].vegetables:
            if state["reserve"][veg] > gained[veg]:
                gained[veg] += 1
    lost = {veg: after["reserve"][veg] - state["reserve"][veg] + gained[veg] for veg in C.VEGETABLES}
    return {veg: n for veg, n in lost.items() if n > 0}


def _lost(state: State, after: State, move: Move) -> list[str]:
    return [f"{_count(n, veg) if n > 1 else veg.capitalize()} lost"
            for veg, n in lost_vegetables(state, after, move).items()]


def _harvests(before: dict, after: dict) -> list[str]:
    out = []
    for k, tile in after["plot"].items():
        old = before["plot"].get(k)
        if tile["pasture"] and old is not None and not old["pasture"]:
            animal = C.TILES[tile["tile"]].animal
            gets = f" (+1 {animal.capitalize()})" if tile["animal"] == animal else ""
            out.append(f"harvests the {animal.capitalize()} tile on {_at(k)}{gets}")
    return out


def _record(state: State, after: State, before: dict, now: dict, move: Move) -> list[str]:
    out = []
    if move.kind != "take" and now["seeds"] != before["seeds"]:
        spent = before["seeds"] - now["seeds"]
        out.append(f"costs {_count(spent, 'Seed')}" if spent > 0 else _signed(-spent, "Seed"))
    barrow = [_signed(now["wheelbarrow"][v] - before["wheelbarrow"][v], v) for v in C.VEGETABLES
              if now["wheelbarrow"][v] != before["wheelbarrow"][v]]
    if barrow:
        out.append(f"Wheelbarrow {', '.join(barrow)}")
    for client in now["clients"][len(before["clients"]):]:
        out.append(f"the {C.CLIENTS[client].colour} Client worth {C.CLIENTS[client].value}")
    out += [f"a Medal worth {m}" for m in now["medals"][len(before["medals"]):]]
    validated = sum(r["validated"] for r in now["reputation"]) - sum(r["validated"] for r in before["reputation"])
    if validated > 0:
        out.append(f"validates {_count(validated, 'Reputation tile')}")
    if now["livestock"] and now["livestock"]["position"] > before["livestock"]["position"]:
        out.append(f"Farmer token to column {now['livestock']['position']}")
    gained = points(after, now) - points(state, before) if _scoring_parts(state, before) != _scoring_parts(after, now) else 0
    if gained:
        out.append(f"{'+' if gained > 0 else '−'}{_count(abs(gained), 'point')}")
    return out


def _waiting(after: State, seat: int) -> list[str]:
    """The farmer still chooses where gained Vegetables go (a "put" follows)."""
    if after["seat"] == seat and after["phase"] == "put":
        waiting = [(v, n) for v, n in after["pending"]["vegetables"].items() if n]
        names = " and ".join(_count(n, v) if n > 1 else v.capitalize() for v, n in waiting)
        one = len(waiting) == 1 and waiting[0][1] == 1
        return [f"then you choose where the {names} go{'es' if one else ''}"]
    return []


def outcome(game, state: State, move: Move) -> str:
    seat = state["seat"]
    before = state["farmers"][seat]
    after = game.apply(state, move)
    now = after["farmers"][seat]
    if move.kind == "take":
        parts = _take(state, move)
    elif move.kind == "draw":
        parts = _draw(state, before)
    elif move.kind == "reserve":
        parts = _reserve(state, move)
    elif move.kind == "end":
        parts = ["ends your turn" if state["acted"] else "passes your turn"]
    else:
        parts = []
    parts += _placed_vegetables(before, now) + _lost(state, after, move) + _harvests(before, now)
    parts += _record(state, after, before, now, move) + _waiting(after, seat)
    if after["ending"] and not state["ending"]:
        parts.append("starts the last round")
    if after["phase"] == "over":
        parts.append("ends the game")
    if game.reveals_information(state, after):  # a draw happens or not by public counts alone
        parts.append("cannot be undone")
    return ", ".join(parts) or "no change"
