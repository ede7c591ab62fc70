"""Sunfield Farm's board in sentences (:mod:`boards.in_words`): the market,
a farmer's Plot and Wheelbarrow, the Clients; read from the board model of
:mod:`boards.sunfield`, so they say what the picture shows and no more."""

from __future__ import annotations

from boards import sunfield
from boards.game_terms import name
from boards.i18n import Translator


def _vegetables(t: Translator, spaces: list[dict]) -> str:
    return ", ".join(name(t, space["name"]) for space in spaces)


def _counted(t: Translator, items: list[dict]) -> str:
    """``[{"count": 2, "name": "Corn"}, ...]`` -> "2 × Corn, 1 × Carrot" (no count of 0)."""
    return ", ".join(t.gettext("%(n)s × %(name)s", n=item["count"], name=name(t, item["name"]))
                     for item in items if item["count"])


def _tile(t: Translator, face: dict) -> str:
    return t.gettext("%(animal)s tile (%(colour)s)", animal=name(t, face["kind"]), colour=name(t, face["colour"]))


def market(view: dict, seat: int | None, names: list[str], t: Translator) -> str:
    board = sunfield.board(view, seat, names)
    lines = [t.gettext("The market: columns a, b and c; row 1 Sheep tiles, row 2 Pig tiles, row 3 Cow tiles. "
                       "A tile below others costs a Seed for each tile above it.")]
    for row in board["market"]:
        for slot in row["slots"]:
            if slot["empty"]:
                lines.append(t.gettext("%(place)s: empty", place=slot["name"]))
                continue
            cost = (t.ngettext("costs %(n)s Seed", "costs %(n)s Seeds", slot["cost"]) if slot["cost"]
                    else t.gettext("free"))
            line = t.gettext("%(place)s: %(tile)s, %(vegetables)s; %(cost)s", place=slot["name"],
                             tile=_tile(t, slot["tile"]), vegetables=_vegetables(t, slot["tile"]["vegetables"]),
                             cost=cost)
            if slot["seeds"]:
                line += t.ngettext(" (%(n)s Seed on it)", " (%(n)s Seeds on it)", slot["seeds"])
            lines.append(line)
    piles = ", ".join(f"{name(t, pile['animal'])} {pile['left']}" for pile in board["piles"])
    lines.append(t.gettext("Tiles left in the draw piles: %(piles)s.", piles=piles))
    return "\n".join(lines)


def plot(view: dict, seat: int | None, names: list[str], t: Translator) -> str:
    if seat is None:
        return t.gettext("Only a farmer of the game has a Plot.")
    board = sunfield.board(view, seat, names)
    farmer = next(f for f in board["farmers"] if f["seat"] == seat)
    grid = farmer["plot"]
    lines = [t.ngettext("Your Plot has %(n)s tile, top row first, left to right (x to the right, y downward):",
                        "Your Plot has %(n)s tiles, top row first, left to right (x to the right, y downward):",
                        grid["tiles"])]
    for row in grid["rows"]:
        for cell in row["cells"]:
            if "tile" not in cell:
                continue
            at = f"({cell['x']}, {cell['y']})"
            if cell["pasture"]:
                colour = name(t, cell["tile"]["colour"])
                lines.append(t.gettext("%(at)s: Pasture (%(colour)s) with a %(animal)s", at=at, colour=colour,
                                       animal=name(t, cell["animal"])) if cell["animal"]
                             else t.gettext("%(at)s: empty Pasture (%(colour)s)", at=at, colour=colour))
                continue
            filled = [s for s in cell["spaces"] if s["filled"]]
            free = [s for s in cell["spaces"] if not s["filled"]]
            parts = []
            if filled:
                parts.append(t.gettext("filled: %(vegetables)s", vegetables=_vegetables(t, filled)))
            if free:
                parts.append(t.gettext("free: %(vegetables)s", vegetables=_vegetables(t, free)))
            lines.append(t.gettext("%(at)s: %(tile)s, %(spaces)s", at=at, tile=_tile(t, cell["tile"]),
                                   spaces="; ".join(parts)))
    wheelbarrow = _counted(t, farmer["wheelbarrow"])
    lines.append(t.gettext("Your Wheelbarrow: %(vegetables)s.", vegetables=wheelbarrow) if wheelbarrow
                 else t.gettext("Your Wheelbarrow is empty."))
    lines.append(t.ngettext("You have %(n)s Seed.", "You have %(n)s Seeds.", farmer["seeds"]))
    return "\n".join(lines)


def _client(t: Translator, client: dict) -> str:
    return t.ngettext("%(colour)s Client worth %(n)s point, needs %(needs)s",
                      "%(colour)s Client worth %(n)s points, needs %(needs)s", client["value"],
                      colour=name(t, client["colour"]), needs=_counted(t, client["needs"]))


def clients(view: dict, seat: int | None, names: list[str], t: Translator) -> str:
    board = sunfield.board(view, seat, names)
    lines = [t.gettext("The Clients on offer (deliver one with its space's number):")]
    for space in board["clients"]:
        if space["client"] is None:
            lines.append(t.gettext("%(space)s: no Client", space=space["space"]))
            continue
        line = t.gettext("%(space)s: %(client)s", space=space["space"], client=_client(t, space["client"]))
        if space["medals"]:
            line += t.gettext("; Medal %(value)s below it", value=max(space["medals"]))
        lines.append(line)
    for tile in board["reputation"]:
        lines.append(t.gettext("Reputation tile on the board: two Clients (%(colours)s) and a Client worth %(value)s",
                               colours=", ".join(name(t, c) for c in tile["colours"]), value=tile["value"]))
    farmer = next((f for f in board["farmers"] if f["seat"] == seat), None)
    if farmer is not None:
        mine = [_client(t, c) for c in farmer["clients"]]
        lines.append(t.gettext("Your Clients: %(clients)s.", clients="; ".join(mine)) if mine
                     else t.gettext("You have no Client yet."))
    return "\n".join(lines)
