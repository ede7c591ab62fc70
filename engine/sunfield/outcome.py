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
from engine.phrases import N_, Listed, Phrase, name
from engine.sunfield import content as C
from engine.sunfield import scoring
from engine.sunfield.rules import take_cost
from engine.sunfield.turns import COLUMN_INDEX

#: one and several of each thing an outcome counts
_ONE = {"broccoli": N_("Broccoli"), "carrot": N_("Carrot"), "eggplant": N_("Eggplant"), "corn": N_("Corn"),
        "sheep": N_("Sheep"), "pig": N_("Pig"), "cow": N_("Cow"), "Seed": N_("Seed"), "point": N_("point"),
        "Reputation tile": N_("Reputation tile")}
_PLURAL = {"broccoli": N_("Broccoli"), "carrot": N_("Carrots"), "eggplant": N_("Eggplants"), "corn": N_("Corn"),
           "sheep": N_("Sheep"), "pig": N_("Pigs"), "cow": N_("Cows"), "Seed": N_("Seeds"), "point": N_("points"),
           "Reputation tile": N_("Reputation tiles")}


def _name(word: str) -> Phrase:
    """A Vegetable's or an Animal's name: "Carrot"."""
    return name(_ONE[word])


def _count(n: int, word: str) -> Phrase:
    """"1 Carrot", "2 Carrots", "3 Seeds"."""
    return Phrase(N_("%(n)s %(name)s"), {"n": n, "name": name((_ONE if n == 1 else _PLURAL)[word])})


def _signed(n: int, word: str) -> Phrase:
    return Phrase(N_("+%(count)s") if n > 0 else N_("−%(count)s"), {"count": _count(abs(n), word)})


_COLOUR = {"blue": N_("blue"), "green": N_("green"), "red": N_("red"), "yellow": N_("yellow")}


def _at(k: str) -> str:
    return f"({k.replace(',', ', ')})"


def _tile(tile_id: str) -> Phrase:
    tile = C.TILES[tile_id]
    return Phrase(N_("%(animal)s tile (%(vegetables)s)"), {"animal": _name(tile.animal),
                                                          "vegetables": Listed(tuple(_name(v) for v in tile.vegetables))})


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


def _take(state: State, move: Move) -> list[Phrase]:
    column = state["market"][COLUMN_INDEX[move.args[0]]]
    slot = column[move.args[1] - 1]
    out = [_tile(slot["tile"])]
    cost = take_cost(column, move.args[1] - 1)
    out.append(Phrase(N_("costs %(seeds)s"), {"seeds": _count(cost, "Seed")}) if cost else Phrase(N_("free")))
    if slot["seeds"]:
        out.append(Phrase(N_("collects %(seeds)s"), {"seeds": _count(slot["seeds"], "Seed")}))
    return out


def _draw(state: State, farmer: dict) -> list[Phrase]:
    pile = next(c.pile for c in C.landscape(*farmer["livestock"]["cards"]) if c.power == "draw")
    return [Phrase(N_("the top %(animal)s tile, unseen until drawn, placed without Vegetables"),
                   {"animal": _name(pile)})]


def _reserve(state: State, move: Move) -> list[Phrase]:
    client = C.CLIENTS[state["clients"][move.args[0] - 1]]
    return [Phrase(N_("the %(colour)s Client worth %(value)s face down, for you alone"),
                   {"colour": name(_COLOUR[client.colour]), "value": client.value})]


# --------------------------------------------------------------------------- what follows from it


def _placed_vegetables(before: dict, after: dict) -> list[Phrase]:
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
        out += [Phrase(N_("%(vegetables)s on %(at)s"), {"vegetables": _count(n, veg) if n > 1 else _name(veg),
                                                         "at": _at(k)}) for veg, n in new.items()]
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


def _lost(state: State, after: State, move: Move) -> list[Phrase]:
    return [Phrase(N_("%(vegetables)s lost"), {"vegetables": _count(n, veg) if n > 1 else _name(veg)})
            for veg, n in lost_vegetables(state, after, move).items()]


def _harvests(before: dict, after: dict) -> list[Phrase]:
    out = []
    for k, tile in after["plot"].items():
        old = before["plot"].get(k)
        if tile["pasture"] and old is not None and not old["pasture"]:
            animal = C.TILES[tile["tile"]].animal
            params = {"animal": _name(animal), "at": _at(k)}
            out.append(Phrase(N_("harvests the %(animal)s tile on %(at)s (+1 %(animal)s)"), params)
                       if tile["animal"] == animal else Phrase(N_("harvests the %(animal)s tile on %(at)s"), params))
    return out


def _record(state: State, after: State, before: dict, now: dict, move: Move) -> list[Phrase]:
    out = []
    if move.kind != "take" and now["seeds"] != before["seeds"]:
        spent = before["seeds"] - now["seeds"]
        out.append(Phrase(N_("costs %(seeds)s"), {"seeds": _count(spent, "Seed")}) if spent > 0
                   else _signed(-spent, "Seed"))
    barrow = [_signed(now["wheelbarrow"][v] - before["wheelbarrow"][v], v) for v in C.VEGETABLES
              if now["wheelbarrow"][v] != before["wheelbarrow"][v]]
    if barrow:
        out.append(Phrase(N_("Wheelbarrow %(changes)s"), {"changes": Listed(tuple(barrow))}))
    for client in now["clients"][len(before["clients"]):]:
        out.append(Phrase(N_("the %(colour)s Client worth %(value)s"), {"colour": name(_COLOUR[C.CLIENTS[client].colour]),
                                                                         "value": C.CLIENTS[client].value}))
    out += [Phrase(N_("a Medal worth %(value)s"), {"value": m}) for m in now["medals"][len(before["medals"]):]]
    validated = sum(r["validated"] for r in now["reputation"]) - sum(r["validated"] for r in before["reputation"])
    if validated > 0:
        out.append(Phrase(N_("validates %(count)s"), {"count": _count(validated, "Reputation tile")}))
    if now["livestock"] and now["livestock"]["position"] > before["livestock"]["position"]:
        out.append(Phrase(N_("Farmer token to column %(n)s"), {"n": now["livestock"]["position"]}))
    gained = points(after, now) - points(state, before) if _scoring_parts(state, before) != _scoring_parts(after, now) else 0
    if gained:
        out.append(_signed(gained, "point"))
    return out


def _waiting(after: State, seat: int) -> list[Phrase]:
    """The farmer still chooses where gained Vegetables go (a "put" follows)."""
    if after["seat"] == seat and after["phase"] == "put":
        waiting = [(v, n) for v, n in after["pending"]["vegetables"].items() if n]
        names = [_count(n, v) if n > 1 else _name(v) for v, n in waiting]
        listed = names[0]
        for more in names[1:]:  # "Carrot and 2 Corn"
            listed = Phrase(N_("%(first)s and %(last)s"), {"first": listed, "last": more})
        one = len(waiting) == 1 and waiting[0][1] == 1
        return [Phrase(N_("then you choose where the %(vegetables)s goes") if one
                       else N_("then you choose where the %(vegetables)s go"), {"vegetables": listed})]
    return []


def outcome_phrase(game, state: State, move: Move) -> Phrase | Listed:
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
        parts = [Phrase(N_("ends your turn")) if state["acted"] else Phrase(N_("passes your turn"))]
    else:
        parts = []
    parts += _placed_vegetables(before, now) + _lost(state, after, move) + _harvests(before, now)
    parts += _record(state, after, before, now, move) + _waiting(after, seat)
    if after["ending"] and not state["ending"]:
        parts.append(Phrase(N_("starts the last round")))
    if after["phase"] == "over":
        parts.append(Phrase(N_("ends the game")))
    if game.reveals_information(state, after):  # a draw happens or not by public counts alone
        parts.append(Phrase(N_("cannot be undone")))
    return Listed(tuple(parts)) if parts else Phrase(N_("no change"))


def outcome(game, state: State, move: Move) -> str:
    return str(outcome_phrase(game, state, move))
