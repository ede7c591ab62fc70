"""Sentences for the other farmers about a move, including what followed
from it by itself (harvests, Medals, Reputation tiles, the Livestock track).

A sentence follows the farmer's name ("Céline placed ... in their Plot") and
speaks of the farmer as they/their only, so ``core.second_person`` tells it
to the farmer who played it ("You placed ... in your Plot"). Every tile is
named with its colour, which same-colour placements depend on."""

from __future__ import annotations

from engine.core import Move, State
from engine.phrases import N_, Listed, Phrase, name, pgettext, told
from engine.sunfield import content as C
from engine.sunfield.rules import take_cost
from engine.sunfield.turns import COLUMN_INDEX

#: a Vegetable's name, one and several ("a Carrot", "2 Carrots")
_ONE = {"broccoli": N_("a Broccoli"), "carrot": N_("a Carrot"), "eggplant": N_("an Eggplant"), "corn": N_("a Corn")}
_NAME = {"broccoli": N_("Broccoli"), "carrot": N_("Carrot"), "eggplant": N_("Eggplant"), "corn": N_("Corn")}
_PLURAL = {"broccoli": N_("Broccoli"), "carrot": N_("Carrots"), "eggplant": N_("Eggplants"), "corn": N_("Corn")}
_ANIMAL = {"sheep": N_("Sheep"), "pig": N_("Pig"), "cow": N_("Cow")}
_COLOUR = {"blue": N_("blue"), "brown": N_("brown"), "green": N_("green"), "yellow": N_("yellow"), "red": N_("red")}


def _seeds(count: int) -> Phrase:
    return Phrase(N_("%(n)s Seed") if count == 1 else N_("%(n)s Seeds"), {"n": count})


def _a(veg: str) -> Phrase:
    """"a Carrot", "an Eggplant"."""
    return name(_ONE[veg])


def _vegetables(count: int, veg: str) -> Phrase:
    return Phrase(N_("%(n)s %(vegetable)s"), {"n": count, "vegetable": name((_NAME if count == 1 else _PLURAL)[veg])})


def _client(client_id: str) -> Phrase:
    client = C.CLIENTS[client_id]
    return Phrase(N_("the %(colour)s Client worth %(value)s"), {"colour": name(_COLOUR[client.colour]),
                                                                 "value": client.value})


def _tile(tile_id: str) -> Phrase:
    """"the brown Cow tile (Carrot, Carrot, Eggplant)"."""
    tile = C.TILES[tile_id]
    return Phrase(N_("the %(colour)s %(animal)s tile (%(vegetables)s)"), {
        "colour": name(_COLOUR[tile.colour]), "animal": name(_ANIMAL[tile.animal]),
        "vegetables": Listed(tuple(name(_NAME[v]) for v in tile.vegetables))})


def _plot_tile(farmer: dict, x: int, y: int) -> Phrase:
    """"their blue Pig tile at (0, -1)" (a Pasture says so: "their blue Pig Pasture at ...")."""
    placed = farmer["plot"][f"{x},{y}"]
    tile = C.TILES[placed["tile"]]
    params = {"colour": name(_COLOUR[tile.colour]), "animal": name(_ANIMAL[tile.animal]), "x": x, "y": y}
    if placed["pasture"]:
        return Phrase(N_("their %(colour)s %(animal)s Pasture at (%(x)s, %(y)s)"), params,
                      you=pgettext("you", "your %(colour)s %(animal)s Pasture at (%(x)s, %(y)s)"))
    return Phrase(N_("their %(colour)s %(animal)s tile at (%(x)s, %(y)s)"), params,
                  you=pgettext("you", "your %(colour)s %(animal)s tile at (%(x)s, %(y)s)"))


def what_happened(state: State, move: Move) -> Phrase:
    kind, a = move.kind, move.args
    farmer = state["farmers"][state["seat"]]
    if kind == "take":
        column = state["market"][COLUMN_INDEX[a[0]]]
        slot = column[a[1] - 1]
        cost, seeds, params = take_cost(column, a[1] - 1), slot["seeds"], {"tile": _tile(slot["tile"]), "at": f"{a[0]}{a[1]}"}
        if cost and seeds:
            return told(N_("took %(tile)s at %(at)s, placing %(cost)s above it, and collected the %(seeds)s on it"),
                        pgettext("you", "took %(tile)s at %(at)s, placing %(cost)s above it, and collected the %(seeds)s on it"),
                          params | {"cost": _seeds(cost), "seeds": _seeds(seeds)})
        if cost:
            return told(N_("took %(tile)s at %(at)s, placing %(cost)s above it"),
                        pgettext("you", "took %(tile)s at %(at)s, placing %(cost)s above it"), params | {"cost": _seeds(cost)})
        if seeds:
            return told(N_("took %(tile)s at %(at)s, and collected the %(seeds)s on it"),
                        pgettext("you", "took %(tile)s at %(at)s, and collected the %(seeds)s on it"),
                          params | {"seeds": _seeds(seeds)})
        return told(N_("took %(tile)s at %(at)s"), pgettext("you", "took %(tile)s at %(at)s"), params)
    if kind == "place":
        return Phrase(N_("placed %(tile)s in their Plot at (%(x)s, %(y)s)"),
                      {"tile": _tile(state["pending"]["tile"]), "x": a[0], "y": a[1]},
                      you=pgettext("you", "placed %(tile)s in your Plot at (%(x)s, %(y)s)"))
    if kind == "put":
        return told(N_("put %(vegetable)s on %(where)s"),
                    pgettext("you", "put %(vegetable)s on %(where)s"), {"vegetable": _a(a[0]), "where": _plot_tile(farmer, a[1], a[2])})
    if kind == "exchange":
        return told(N_("spent %(n)s Seeds to exchange %(given)s for %(taken)s"),
                    pgettext("you", "spent %(n)s Seeds to exchange %(given)s for %(taken)s"),
                      {"n": C.EXCHANGE_COST, "given": _a(a[0]), "taken": _a(a[1])})
    if kind == "buy":
        return told(N_("spent %(n)s Seeds on %(vegetable)s"),
                    pgettext("you", "spent %(n)s Seeds on %(vegetable)s"), {"n": C.BUY_COST, "vegetable": _a(a[0])})
    if kind == "deliver":
        if a[0] == "reserved":
            reserved = state["private"][str(state["seat"])]["reserved"][0]
            return Phrase(N_("delivered the Client they had reserved, %(client)s"), {"client": _client(reserved)},
                          you=pgettext("you", "delivered the Client you had reserved, %(client)s"))
        return told(N_("delivered %(client)s (space %(space)s)"),
                    pgettext("you", "delivered %(client)s (space %(space)s)"), {"client": _client(state["clients"][a[0] - 1]),
                                                                      "space": a[0]})
    if kind == "end":
        return (Phrase(N_("ended their turn"), you=pgettext("you", "ended your turn")) if state["acted"]
                else told(N_("passed (nothing to take or deliver)"),
                          pgettext("you", "passed (nothing to take or deliver)")))
    if kind == "draw":
        pile = next(c.pile for c in C.landscape(*farmer["livestock"]["cards"]) if c.power == "draw")
        return told(N_("used the draw power: took the top tile of the %(animal)s pile"),
                    pgettext("you", "used the draw power: took the top tile of the %(animal)s pile"),
                      {"animal": name(_ANIMAL[pile])})
    if kind == "reserve":
        return told(N_("used the reserve power on %(client)s (space %(space)s)"),
                    pgettext("you", "used the reserve power on %(client)s (space %(space)s)"),
                      {"client": _client(state["clients"][a[0] - 1]), "space": a[0]})
    if kind == "swap":
        old = farmer["plot"][f"{a[0]},{a[1]}"]["animal"]
        return told(N_("used the swap power: the %(old)s on %(where)s became %(new)s"),
                    pgettext("you", "used the swap power: the %(old)s on %(where)s became %(new)s"),
                      {"old": name(_ANIMAL[old]), "where": _plot_tile(farmer, a[0], a[1]), "new": name(_ONE_ANIMAL[a[2]])})
    if kind == "herd":
        animal = farmer["plot"][f"{a[0]},{a[1]}"]["animal"]
        return told(N_("used the herd power: moved the %(animal)s from (%(x)s, %(y)s) to %(where)s"),
                    pgettext("you", "used the herd power: moved the %(animal)s from (%(x)s, %(y)s) to %(where)s"),
                      {"animal": name(_ANIMAL[animal]), "x": a[0], "y": a[1], "where": _plot_tile(farmer, a[2], a[3])})
    if kind == "trade":
        return told(N_("used the trade power: %(given)s for %(taken)s"),
                    pgettext("you", "used the trade power: %(given)s for %(taken)s"), {"given": _a(a[0]), "taken": _a(a[1])})
    if kind == "gain":
        return Phrase(N_("used the gain power: %(vegetable)s into their Wheelbarrow"), {"vegetable": _a(a[0])},
                      you=pgettext("you", "used the gain power: %(vegetable)s into your Wheelbarrow"))
    if kind == "pick":
        return Phrase(N_("used the pick power: %(vegetable)s from %(where)s into their Wheelbarrow"), {"vegetable": _a(a[0]), "where": _plot_tile(farmer, a[1], a[2])},
                      you=pgettext("you", "used the pick power: %(vegetable)s from %(where)s into your Wheelbarrow"))
    if kind == "shift":
        return told(N_("used the shift power: %(vegetable)s from (%(x)s, %(y)s) to %(where)s"),
                    pgettext("you", "used the shift power: %(vegetable)s from (%(x)s, %(y)s) to %(where)s"),
                      {"vegetable": _a(a[0]), "x": a[1], "y": a[2], "where": _plot_tile(farmer, a[3], a[4])})
    if kind == "sow":
        return told(N_("used the sow power: %(vegetable)s on %(where)s"),
                    pgettext("you", "used the sow power: %(vegetable)s on %(where)s"),
                      {"vegetable": _a(a[0]), "where": _plot_tile(farmer, a[1], a[2])})
    if kind == "move":
        return told(N_("used the move power: %(where)s moved to (%(x)s, %(y)s)"),
                    pgettext("you", "used the move power: %(where)s moved to (%(x)s, %(y)s)"),
                      {"where": _plot_tile(farmer, a[0], a[1]), "x": a[2], "y": a[3]})
    return Phrase(kind)


_ONE_ANIMAL = {"sheep": N_("a Sheep"), "pig": N_("a Pig"), "cow": N_("a Cow")}


def consequences(before: dict, after: dict, board_before: State, board_after: State) -> list[Phrase]:
    """What followed by itself: compare the farmer before and after the move."""
    out = []
    was_pasture = {t["tile"] for t in before["plot"].values() if t["pasture"]}
    for key, placed in after["plot"].items():
        if placed["pasture"] and placed["tile"] not in was_pasture:
            tile = C.TILES[placed["tile"]]
            x, y = key.split(",")
            out.append(Phrase(
                N_("harvested their %(colour)s %(animal)s tile at (%(x)s, %(y)s) (%(vegetables)s to their Wheelbarrow)"),
                {"colour": name(_COLOUR[tile.colour]), "animal": name(_ANIMAL[tile.animal]), "x": x, "y": y,
                 "vegetables": Listed(tuple(name(_NAME[v]) for v in tile.vegetables))},
                you=pgettext("you", "harvested your %(colour)s %(animal)s tile at (%(x)s, %(y)s) (%(vegetables)s to your Wheelbarrow)")))
    medals = after["medals"][len(before["medals"]):]
    for medal in medals:
        out.append(told(N_("won a Medal worth %(value)s"),
                        pgettext("you", "won a Medal worth %(value)s"), {"value": medal}))
    validated = sum(r["validated"] for r in after["reputation"]) - sum(r["validated"] for r in before["reputation"])
    if validated:
        out.append(told(N_("validated %(n)s Reputation tile"), pgettext("you", "validated %(n)s Reputation tile"),
                        {"n": validated}) if validated == 1 else
                   told(N_("validated %(n)s Reputation tiles"),
                        pgettext("you", "validated %(n)s Reputation tiles"),
                        {"n": validated}))
    if after["livestock"] and after["livestock"]["position"] > before["livestock"]["position"]:
        out.append(Phrase(N_("advanced their Farmer token to column %(n)s"), {"n": after["livestock"]["position"]},
                          you=pgettext("you", "advanced your Farmer token to column %(n)s")))
    if board_after["ending"] and not board_before["ending"]:
        out.append(told(N_("emptied a draw pile: this is the last round"),
                        pgettext("you", "emptied a draw pile: this is the last round")))
    return out


def lost_vegetables(before: State, after: State, move: Move) -> list[Phrase]:
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
    one = sum(n for n in lost.values() if n > 0) == 1
    text, you = ((N_("lost %(vegetables)s (no space for it)"), pgettext("you", "lost %(vegetables)s (no space for it)"))
                 if one else (N_("lost %(vegetables)s (no space for them)"),
                              pgettext("you", "lost %(vegetables)s (no space for them)")))
    listed = parts[0]
    for part in parts[1:]:  # "2 Carrots and 1 Corn and 1 Broccoli"
        listed = Phrase(N_("%(first)s and %(last)s"), {"first": listed, "last": part})
    return [told(text, you, {"vegetables": listed})]


def describe_phrase(game, state: State, move: Move) -> Phrase:
    sentence = what_happened(state, move)
    after = game.apply(state, move)
    seat = state["seat"]
    more = lost_vegetables(state, after, move) + consequences(state["farmers"][seat], after["farmers"][seat], state, after)
    if more:
        return Phrase(N_("%(move)s; %(then)s"), {"move": sentence, "then": Listed(tuple(more))})
    return sentence
