"""Harvest's board, worked out from a farmer's view for the templates.

Like :mod:`boards.sunfield`: words, counts, colours and move codes
are decided here and the templates only lay them out. Only the view is read:
the Characters and Farmhouses dealt to another farmer (private until kept),
the Farmer's Market stacks and the building deck are never seen here.
"""

from __future__ import annotations

from boards import printlayout, printsize, textgrid
from boards.game_terms import name as term
from boards.i18n import N_, Translator, translator
from boards.textgrid import Line, Seg, cell_lines
from engine import get_game
from engine.harvest import content as C
from engine.harvest.farm import cell_sort_key
from engine.harvest.state import SPACES, capacity
from engine.harvest.turns import is_closed, space_cost

GAME = get_game("harvest")
#: the boards speak English until a reader's translator is passed in
ENGLISH = translator("en")

#: how each thing on a farm is drawn: swatch, and the word on it
CROP_LOOK = {
    "wheat": ("yellow", N_("Wheat")),
    "strawberry": ("red", N_("Strawb.")),
    "bush": ("blue", N_("Bush")),
    "pumpkin": ("orange", N_("Pumpkin")),
}
FOREST_LOOK = ("green", "Forest")
BUILDING_SWATCH = "brown"

#: the General Store's action text, its seed prices filled in (:func:`area_actions`)
STORE_ACTIONS = N_("gain 1 Fertilizer (max 9) · fill the bucket for 1 coin · buy seeds (%(prices)s coins)")
AREA_ACTIONS = {
    "store": STORE_ACTIONS % {"prices": ", ".join(f"{C.CROP_NAMES[s]} {C.CROPS[s]['price']}" for s in C.SEEDS)},
    "fields": N_("plant · tend · harvest (3 actions: coins = round; 1 action: + a Water or a Fertilizer)"),
    "workshop": N_("different actions: bucket +1 level for 1 coin · clear a Forest for 2 coins and roll the "
                   "Forest dice · build"),
    "trading": N_("entry 1 seed or 2 Fertilizer or 3 Water; then: a Fields action free · clear a Forest "
                  "(no dice) · upgrade a seed and gain 1 coin"),
    "market": N_("the Farmer's Market tile on the space"),
}

PHASES = {
    "choose": N_("keeping a Character and a Farmhouse"),
    "sunrise": N_("picking a sunrise tile"),
    "place": N_("placing a Wheelbarrow"),
    "act": N_("taking the actions of the space just visited"),
    "over": N_("the game is over"),
}


def area_actions(key: str, t: Translator = ENGLISH) -> str:
    """What an area's spaces do, in ``t``'s language."""
    if key == "store":
        return t.gettext(STORE_ACTIONS, prices=", ".join(f"{term(t, C.CROP_NAMES[s])} {C.CROPS[s]['price']}"
                                                         for s in C.SEEDS))
    return t.gettext(AREA_ACTIONS[key])


def _progress_of(view: dict) -> dict:
    """The facts of ``GAME.progress`` (:func:`boards.status_words.progress`)."""
    if view["phase"] == "over":
        return {"key": "over", "n": C.ROUNDS}
    if view["phase"] == "choose":
        return {"key": "setup", "n": view["round"]}
    return {"key": "round_of", "n": view["round"], "rounds": C.ROUNDS}


def _doing(view: dict) -> str:
    if view["phase"] == "sunrise" and view["sunrise"].get("choice") == "seedup":
        return N_("First Light: upgrading a seed for free (or done)")
    return PHASES[view["phase"]]


def board(view: dict, seat: int | None, names: list[str] | None) -> dict:
    names = names or [f"Farmer {i + 1}" for i in range(view["seats"])]
    sheet = GAME.score_sheet(view)
    active = view["active"]
    farmers = [_farmer(view, s, names, seat, sheet) for s in _seat_order(view["seats"], seat)]
    areas = _areas(view, names)
    private = _private(view, seat)
    return {
        "game": "harvest",
        "game_title": GAME.title,
        "progress": GAME.progress(view),
        "progress_of": _progress_of(view),
        "over": view["phase"] == "over",
        "solo": view["seats"] == 1,
        "names": names,
        "to_act": active,
        "to_act_name": names[active] if active is not None else None,
        "doing": _doing(view),
        "rounds": [{"number": n, "now": n == view["round"], "done": n < view["round"]} for n in range(1, C.ROUNDS + 1)],
        "sunrise": _sunrise(view, names),
        "order": [names[s] for s in view["order"]],
        "areas": areas,
        "market": _market(view),
        "buildings": _buildings(view),
        "visit": _visit(view),
        "farmers": farmers,
        "private": private,
        "notes": sheet.get("notes", []) if view["phase"] == "over" else [],  # Gairy rates the final score
    }


def _seat_order(seats: int, seat: int | None) -> list[int]:
    if seat is None:
        return list(range(seats))
    return [(seat + i) % seats for i in range(seats)]


# --------------------------------------------------------------------------- words for effects


def _n(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else (many or word + 's')}"


def income_text(income: dict, t: Translator = ENGLISH) -> str:
    """``{"coins": 1, "seeds": {"wheat": 1}}`` -> "1 coin, 1 Wheat seed" (in ``t``'s language)."""
    parts = []
    for key, value in income.items():
        if key == "coins":
            parts.append(t.ngettext("%(n)s coin", "%(n)s coins", value))
        elif key == "fertilizer":
            parts.append(t.gettext("%(n)s Fertilizer", n=value))
        elif key == "water":
            parts.append(t.gettext("%(n)s Water", n=value))
        elif key == "points":
            parts.append(t.ngettext("%(n)s point", "%(n)s points", value))
        elif key == "seeds":
            parts += [t.ngettext("%(n)s %(crop)s seed", "%(n)s %(crop)s seeds", n, crop=term(t, C.CROP_NAMES[s]))
                      for s, n in value.items()]
        elif key == "fill":
            parts.append(t.gettext("fill the bucket"))
        elif key == "bucket":
            parts.append(t.ngettext("bucket +%(n)s level", "bucket +%(n)s levels", value))
        elif key == "berry":
            parts.append(t.gettext("a Blueberry on an empty Bush"))
        elif key == "closed":
            parts.append(t.gettext("a Wheelbarrow may go to a closed space"))
        else:
            parts.append(f"{key} {value}")
    return ", ".join(parts) or t.gettext("nothing")


MODIFIERS = {
    "adjacent_tend_free": N_("tending crops next to it is free"),
    "clear_discount": N_("clearing a Forest costs %(n)s coin less"),
}
PER = {
    "fertilizer": N_("%(points)s per %(every)s Fertilizer"),
    "adjacent_crop": N_("%(points)s per %(every)s crop next to it"),
    "seed": N_("%(points)s per %(every)s seed"),
    "pumpkin": N_("%(points)s per %(every)s Pumpkin on the farm"),
    "building": N_("%(points)s per %(every)s building"),
    "coin": N_("%(points)s per %(every)s coin"),
}


def building_text(key: str, t: Translator = ENGLISH) -> str:
    """What a building does, in a short phrase (in ``t``'s language)."""
    b = C.BUILDINGS[key]
    parts = []
    if "sunrise" in b:
        parts.append(t.gettext("sunrise: %(income)s", income=income_text(b["sunrise"], t)))
    if "build" in b:
        parts.append(t.gettext("when built: %(income)s", income=income_text(b["build"], t)))
    for crop, bonus in b.get("harvest", {}).items():
        parts.append(t.gettext("each %(crop)s harvested: +%(income)s", crop=term(t, C.CROP_NAMES[crop]),
                               income=income_text(bonus, t)))
    for mod, value in b.get("modifier", {}).items():
        parts.append(t.gettext(MODIFIERS[mod], n=value) if mod in MODIFIERS else mod)
    if "end" in b:
        end = b["end"]
        points = t.ngettext("%(n)s point", "%(n)s points", end["points"])
        per = t.gettext(PER[end["per"]], points=points, every=end["every"])
        if end["every"] == 1:  # "1 point per building"
            per = per.replace(" 1 ", " ")
        parts.append(t.gettext("end: %(points)s", points=per))
    return "; ".join(parts)


#: what a Farmer's Market tile's action is called
ACTIONS = {"plant": N_("a plant action"), "tend": N_("a tend action"), "clear": N_("a clear action"),
           "build": N_("a build action")}


def market_text(key: str, t: Translator = ENGLISH) -> tuple[str, str]:
    """(what the tile costs, what it gives), in ``t``'s language."""
    tile = C.MARKET_TILES[key]
    cost = income_text(tile["cost"], t) if tile["cost"] else t.gettext("free")
    if "gain" in tile:
        gives = income_text(tile["gain"], t)
    else:
        grant = tile["grant"]
        gives = t.gettext(ACTIONS[grant["action"]])
        if grant.get("free"):
            gives += t.gettext(", free")
        if grant.get("dice"):
            gives += t.gettext(", with the Forest dice")
        if grant.get("discount"):
            gives += t.gettext(", %(n)s coins cheaper", n=grant["discount"])
    return cost, gives


# --------------------------------------------------------------------------- the town


def sunrise_tile(n: int) -> dict:
    tile = C.SUNRISE_TILES[n]
    return {"number": n, "name": tile["name"], "effect": tile["text"], "codes": [f"sunrise:{n}"]}


def _sunrise(view: dict, names: list[str]) -> dict:
    tile = sunrise_tile
    return {
        "display": [tile(n) for n in view["sunrise"]["display"]],
        "held": [{"name": names[s], "tile": tile(n)} for s, n in enumerate(view["sunrise"]["held"])],
        "queue": [names[s] for s in view["sunrise"]["queue"]],
    }


def _areas(view: dict, names: list[str]) -> list[dict]:
    areas: dict[str, dict] = {}
    for name, seats in view["spaces"].items():
        space = SPACES[name]
        area = areas.setdefault(space["area"], {
            "key": space["area"],
            "name": C.AREA_NAMES[space["area"]],
            "actions": AREA_ACTIONS[space["area"]],
            "spaces": [],
        })
        cost = space_cost(view, name)
        area["spaces"].append({
            "name": name,
            "label": space["label"],
            "actions": space["actions"],
            "shared": bool(space.get("infinite")),
            "cost": income_text(cost) if any(cost.values()) else "free",
            "paid": cost if any(cost.values()) else None,
            "bonus": bool(space.get("bonus")),
            "entry": bool(space.get("entry")),
            "blocked": name in view["blocked"],
            "closed": is_closed(view, name),
            "occupants": [names[s] for s in seats],
            "codes": [f"place:{space['area']}:{space['label']}"],
        })
    return list(areas.values())


def _market(view: dict) -> list[dict]:
    out = []
    for label, key in view["market"].items():
        cost, gives = market_text(key)
        out.append({
            "key": key,
            "label": label,
            "space": f"market {label}",
            "name": C.MARKET_TILES[key]["name"],
            "cost": cost,
            "gives": gives,
            "under": view["market_left"][label],
            "codes": [f"place:market:{label}"],
        })
    return out


def _buildings(view: dict) -> dict:
    offer = []
    for item in view["buildings"]["offer"]:
        key = item["building"]
        offer.append({
            "key": key,
            "name": C.BUILDINGS[key]["name"],
            "cost": item["cost"],
            "points": C.BUILDINGS[key]["points"],
            "text": building_text(key),
            "codes": [f"build:{key}"],
        })
    return {
        "offer": offer,
        "deck": view["buildings"]["deck"],
        "discarded": [C.BUILDINGS[k]["name"] for k in view["buildings"]["discarded"]],
    }


def _visit(view: dict) -> dict | None:
    turn = view.get("turn")
    if not turn:
        return None
    return {
        "space": turn["space"],
        "area": C.AREA_NAMES[SPACES[turn["space"]]["area"]],
        "left": turn["left"],
        "open": turn.get("open"),
        "used": turn.get("used", []),
        "step": turn.get("step"),
    }


# --------------------------------------------------------------------------- farmers and farms


def _farmer(view: dict, seat: int, names: list[str], you: int | None, sheet: dict) -> dict:
    farmer = view["farmers"][seat]
    character = farmer["character"]
    farmhouse = farmer["farmhouse"]
    grid = farm_grid(farmer["farm"])
    return {
        "seat": seat,
        "name": names[seat],
        "you": seat == you,
        "to_act": seat == view["active"],
        "points_now": sheet["total"][seat],
        "points_earned": farmer["points"],
        "character": ({"key": character, "name": C.CHARACTERS[character]["name"], "text": C.CHARACTERS[character]["text"]}
                      if character else None),
        "farmhouse": _farmhouse(farmhouse) if farmhouse else None,
        "coins": farmer["coins"],
        "fertilizer": farmer["fertilizer"],
        "fertilizer_max": C.FERTILIZER_MAX,
        "water": farmer["water"],
        "capacity": capacity(farmer),
        "bucket": farmer["bucket"],
        "bucket_top": len(C.BUCKET_LEVELS) - 1,
        "seeds": [{"name": C.CROP_NAMES[s], "count": farmer["seeds"][s]} for s in C.SEEDS],
        "seed_total": sum(farmer["seeds"].values()),
        "wheelbarrows": farmer["wheelbarrows"],
        "placed": sum(seats.count(seat) for seats in view["spaces"].values()),
        "closed": farmer["closed"],
        "sunrise": sunrise_tile(view["sunrise"]["held"][seat]),
        "farm": grid,
        "buildings": [C.BUILDINGS[b["building"]]["name"] for b in farmer["farm"]["buildings"]],
    }


def space_cost_text(space: dict, t: Translator = ENGLISH) -> str:
    """What a town space costs (its ``paid``), in ``t``'s language."""
    return income_text(space["paid"], t) if space["paid"] else t.pgettext("price", "free")


def farmhouse_text(key: str, t: Translator = ENGLISH) -> str:
    """What a Farmhouse gives, in ``t``'s language."""
    house = C.FARMHOUSES[key]
    effects = []
    if house.get("sunrise"):
        effects.append(t.gettext("sunrise: %(income)s", income=income_text(house["sunrise"], t)))
    if house.get("start"):
        effects.append(t.gettext("at the start: %(income)s", income=income_text(house["start"], t)))
    return "; ".join(effects)


def _farmhouse(key: str) -> dict:
    house = C.FARMHOUSES[key]
    return {"key": key, "name": house["name"], "text": farmhouse_text(key)}


def farm_grid(farm: dict) -> dict:
    """The farm as rows of cells a-f, 1-4: each cell says what covers it."""
    cover: dict[str, dict] = {}
    for cell in farm["forests"]:
        cover[cell] = {"kind": "forest", "swatch": FOREST_LOOK[0], "word": FOREST_LOOK[1], "detail": "clear it"}
    for building in farm["buildings"]:
        # text grids write the name on every cell of the 2x2 block, one word
        # per line; HTML tables draw the block as one cell ("span")
        name = C.BUILDINGS[building["building"]]["name"]
        first, _, rest = name.partition(" ")
        anchor = min(building["cells"], key=cell_sort_key)
        for cell in building["cells"]:
            cover[cell] = {"kind": "building", "swatch": BUILDING_SWATCH, "word": first, "detail": rest,
                           "building": name, "span": cell == anchor, "covered": cell != anchor}
    for crop in farm["crops"]:
        swatch, word = CROP_LOOK[crop["crop"]]
        anchor = crop["cells"][0]
        for cell in crop["cells"]:
            if crop["crop"] == "bush":
                detail = "Blueberry" if crop.get("berry") else "empty bush"
            elif len(crop["cells"]) > 1:
                detail = "tile " + anchor if cell != anchor else "2 cells"
            else:
                detail = ""
            cover[cell] = {"kind": crop["crop"], "swatch": swatch, "word": word, "detail": detail}
    rows = []
    for row in range(1, C.ROWS + 1):
        cells = []
        for column in C.COLUMNS:
            name = f"{column}{row}"
            look = {"span": False, "covered": False}
            look |= cover.get(name, {"kind": "empty", "swatch": None, "word": "", "detail": ""})
            codes = [f"clear:forest:{name}"] + [f"plant:{seed}:{name}" for seed in C.SEEDS]
            cells.append({"name": name, **look, "codes": codes})
        rows.append({"number": row, "cells": cells})
    return {"columns": list(C.COLUMNS), "rows": rows, "corner": textgrid.corner("1", "a")}


#: the town board's widest line in a PDF, in characters: half the row at small text
TOWN_PRINT_WIDTH = 50
#: the height of a snapshot's top part (town board,
#: sunrise display, market, buildings), in points at the base root size
TOP_PT = 290.0
DEALT_PT = 20.0
#: the text of the top part when it is stacked (sunrise display, market, buildings)
TOP_STACKED_PT = 245.0


def words(board: dict, t: Translator = ENGLISH) -> dict:
    """The grids of the board in words, which a board model gets only for
    the text board (board.txt) and the printed one (print.html,
    :func:`print_layout`): the web pages and the drawings never read them,
    and writing them was most of the making of a board."""
    farmers = [f | {"farm_text": farm_lines(f["farm"], 10, t=t), "farm_print": farm_lines(f["farm"], 10, spaced=False, t=t)}
               for f in board["farmers"]]
    return {
        "farmers": farmers,
        "town_text": town_lines(board["areas"], t=t),
        "town_print": town_lines(board["areas"], TOWN_PRINT_WIDTH, t),
        "print_full_width": print_full_width(farmers),
    }


def print_full_width(farmers: list[dict]) -> bool:
    """Farmers print a full-width row each (farm beside their facts) unless
    every farm fits half the page at the smallest grid size."""
    return len(farmers) <= 2 or not all(
        printlayout.fits_half(f["farm_print"]) for f in farmers
    )


def print_layout(board: dict) -> dict:
    """How the board prints in words in the report (``print_grid_scale``,
    ``print_top_stacked``, ``print_height``): worked out only for the report,
    not for every board a mail or page draws."""
    private = board["private"]
    dealt = len(private["characters"]) + len(private["farmhouses"]) if private else 0
    town = len(board["town_print"])
    return printlayout.print_fill(
        lambda k, stacked: print_height(board["farmers"], board["print_full_width"], dealt, k, town if stacked else 0),
        printsize.FILL_AIM,
    )


def print_height(farmers: list[dict], full_width: bool, dealt: int = 0, grid_scale: float = 1.0,
                 town_lines_stacked: int = 0) -> float:
    """About how much of the snapshot page the board fills at the base root size
    (1.0: exactly one page); ``dealt``: the cards dealt to the addressed
    farmer, listed in the top part; ``town_lines_stacked``: the town
    board's lines when the top part is stacked (0: side by side). See
    ``sunfield.print_height``."""
    width = printlayout.FULL_PT if full_width else printlayout.HALF_PT
    heights = [printlayout.farmer_print_height(f["farm_print"], width, 5, grid_scale) for f in farmers]
    body = sum(heights) if full_width else sum(max(heights[i : i + 2]) for i in range(0, len(heights), 2))
    top = TOP_PT
    if town_lines_stacked:
        top = TOP_STACKED_PT + town_lines_stacked * printlayout.line_pt(printlayout.top_grid_scale(grid_scale))
    return (top + DEALT_PT * dealt + body) / printsize.PAGE_PT


def cell_words(cell: dict, t: Translator = ENGLISH) -> tuple[str, str]:
    """A farm cell's two lines of words (:func:`farm_grid`) in ``t``'s language:
    what covers it, then more about it ("Forest", "clear it")."""
    if t.language == ENGLISH.language:
        return cell["word"], cell["detail"]
    if cell["kind"] == "building":
        first, _, rest = term(t, cell["building"]).partition(" ")
        return first, rest
    if cell["kind"] == "forest":
        return term(t, "Forest"), t.gettext("clear it")
    detail = cell["detail"]
    if detail == "Blueberry":
        detail = term(t, "Blueberry")
    elif detail == "empty bush":
        detail = t.gettext("empty bush")
    elif detail.startswith("tile "):
        detail = t.gettext("tile %(cell)s", cell=detail[5:])
    elif detail == "2 cells":
        detail = t.gettext("2 cells")
    return t.gettext(CROP_LOOK[cell["kind"]][1]), detail


def farm_lines(grid: dict, width: int, spaced: bool = True, t: Translator = ENGLISH) -> list[Line]:
    rows = []
    for row in grid["rows"]:
        cells = []
        for cell in row["cells"]:
            if cell["kind"] == "empty":
                cells.append(cell_lines(["  .", ""], width, 2))
            else:
                cells.append(cell_lines(list(cell_words(cell, t)), width, 2, cell["swatch"]))
        rows.append((f"{row['number']:>2}", cells))
    return textgrid.grid(grid["columns"], rows, width, 3 if spaced else 2, spaced=spaced, corner=grid["corner"])


def _private(view: dict, seat: int | None) -> dict | None:
    """The Characters and Farmhouses dealt to the addressed farmer, until kept."""
    mine = view.get("private", {}).get(str(seat))
    if seat is None or not mine:
        return None
    farmer = view["farmers"][seat]
    return {
        "characters": [
            {"number": i + 1, "key": k, "name": C.CHARACTERS[k]["name"], "text": C.CHARACTERS[k]["text"],
             "codes": [f"keep:character:{i + 1}"]}
            for i, k in enumerate(mine.get("characters", []))
        ] if farmer["character"] is None else [],
        "farmhouses": [
            {"number": i + 1, **_farmhouse(k), "codes": [f"keep:farmhouse:{i + 1}"]}
            for i, k in enumerate(mine.get("farmhouses", []))
        ] if farmer["farmhouse"] is None else [],
    }


def town_lines(areas: list[dict], width: int | None = None, t: Translator = ENGLISH) -> list[Line]:
    """The town board as text: one line per space. ``width`` (the PDF):
    a space whose line would be longer puts its occupants on a line of
    their own, so the town board leaves half the row to the rest. Its
    words in ``t``'s language."""
    lines: list[Line] = []
    shared_word = t.pgettext("space", "shared")
    actions_width = max(9, *(len(t.ngettext("%(n)s action", "%(n)s actions", n)) for n in (1, 2, 3)))
    shared_width = max(7, len(shared_word) + 1)
    for area in areas:
        lines.append([Seg(term(t, area["name"]).upper())])
        for space in area["spaces"]:
            state = t.gettext("BLOCKED by Gairy") if space["blocked"] else (", ".join(space["occupants"]) or t.gettext("open"))
            if space["closed"] and not space["blocked"]:
                state += t.gettext(" (closed)")
            shared = " " + shared_word if space["shared"] else ""
            actions = t.ngettext("%(n)s action", "%(n)s actions", space["actions"])
            cost = space_cost_text(space, t)
            if width is None:
                lines.append([Seg(f"  {space['name']:<11} {actions:<{actions_width}}{shared:<{shared_width}} "
                                  f"{state:<20} {cost}")])
                continue
            line = f"  {space['name']:<10} {actions:<{actions_width}}{shared:<{shared_width}} {cost:<7} "
            if len(line + state) <= width:
                lines.append([Seg(line + state)])
            else:
                lines += [[Seg(line.rstrip())], [Seg(f"{'':<6}{state}")]]
    return lines
