"""Harvest's board in sentences (:mod:`boards.in_words`): the Farmer's
Market and the sunrise display, a farmer's farm and supplies, and, since
Harvest has no Clients, what may be built; read from the farmer's view."""

from __future__ import annotations

from boards import harvest
from boards.game_terms import name
from boards.i18n import Translator
from engine.harvest import content as C
from engine.harvest.farm import cell_sort_key


def market(view: dict, seat: int | None, names: list[str], t: Translator) -> str:
    board = harvest.board(view, seat, names)
    lines = [t.gettext("The Farmer's Market (place a Wheelbarrow there with “place market a”):")]
    for tile in board["market"]:
        key = view["market"][tile["label"]]
        cost, gives = harvest.market_text(key, t)
        if C.MARKET_TILES[key]["cost"]:
            lines.append(t.gettext("%(space)s: %(tile)s, costs %(cost)s, gives %(gives)s", space=tile["label"],
                                   tile=name(t, tile["name"]), cost=cost, gives=gives))
        else:
            lines.append(t.gettext("%(space)s: %(tile)s, free, gives %(gives)s", space=tile["label"],
                                   tile=name(t, tile["name"]), gives=gives))
    display = ", ".join(f"{tile['number']} {name(t, tile['name'])}" for tile in board["sunrise"]["display"])
    if display:
        lines.append(t.gettext("Sunrise tiles on display: %(tiles)s.", tiles=display))
    return "\n".join(lines)


def _cells(cells: list[str]) -> str:
    return ", ".join(sorted(cells, key=cell_sort_key))


def plot(view: dict, seat: int | None, names: list[str], t: Translator) -> str:
    if seat is None:
        return t.gettext("Only a farmer of the game has a farm.")
    farmer = view["farmers"][seat]
    farm = farmer["farm"]
    lines = [t.gettext("Your farm (columns a to f, rows 1 to 4):")]
    covered: set[str] = set()
    for crop in sorted(farm["crops"], key=lambda c: cell_sort_key(c["cells"][0])):
        what = name(t, C.CROP_NAMES[crop["crop"]])
        if crop["crop"] == "bush":
            what = (t.gettext("%(bush)s with a Blueberry", bush=what) if crop.get("berry")
                    else t.gettext("%(bush)s, empty", bush=what))
        lines.append(f"{_cells(crop['cells'])}: {what}")
        covered |= set(crop["cells"])
    for building in farm["buildings"]:
        lines.append(f"{_cells(building['cells'])}: {name(t, C.BUILDINGS[building['building']]['name'])}")
        covered |= set(building["cells"])
    if farm["forests"]:
        lines.append(t.gettext("Forest: %(cells)s", cells=_cells(farm["forests"])))
        covered |= set(farm["forests"])
    empty = [f"{column}{row}" for row in range(1, C.ROWS + 1) for column in C.COLUMNS
             if f"{column}{row}" not in covered]
    if empty:
        lines.append(t.gettext("Empty: %(cells)s", cells=_cells(empty)))
    seeds = ", ".join(f"{name(t, C.CROP_NAMES[s])} {n}" for s, n in farmer["seeds"].items() if n)
    lines.append(t.gettext("You have %(coins)s coins, %(fertilizer)s Fertilizer, %(water)s Water "
                           "(bucket holds %(capacity)s); seeds: %(seeds)s.", coins=farmer["coins"],
                           fertilizer=farmer["fertilizer"], water=farmer["water"],
                           capacity=harvest.capacity(farmer), seeds=seeds or t.gettext("none")))
    return "\n".join(lines)


def clients(view: dict, seat: int | None, names: list[str], t: Translator) -> str:
    board = harvest.board(view, seat, names)
    lines = [t.gettext("Harvest has no Clients. The Buildings on offer at the Workshop:")]
    for building in board["buildings"]["offer"]:
        lines.append(t.ngettext("%(building)s: costs %(cost)s coins, %(n)s point; %(text)s",
                                "%(building)s: costs %(cost)s coins, %(n)s points; %(text)s", building["points"],
                                building=name(t, building["name"]), cost=building["cost"],
                                text=harvest.building_text(building["key"], t)))
    return "\n".join(lines)
