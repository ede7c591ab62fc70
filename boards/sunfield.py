"""Sunfield Farm's board, worked out from a farmer's view for the templates.

Everything a template prints is decided here: words, counts, colours and the
move codes each part of the board answers to (for highlighting options on the
web page). Templates only lay it out. Only the view is read, so a reserved
Client of another farmer is a count here, never a card.
"""

from __future__ import annotations

from dataclasses import dataclass

from boards import printlayout, printsize, textgrid
from boards.game_terms import name as term
from boards.i18n import N_, Translator, translator
from boards.textgrid import Line, Seg, cell_lines
from engine import get_game
from engine.sunfield import content as C
from engine.sunfield.plot import open_positions
from engine.sunfield.rules import take_cost
from engine.sunfield.state import xy

GAME = get_game("sunfield")
#: the boards speak English until a reader's translator is passed in
ENGLISH = translator("en")

#: two-letter signs of the text board; words everywhere else
VEG_SIGN = {"broccoli": "Br", "carrot": "Ca", "eggplant": "Eg", "corn": "Co"}
ANIMAL_SIGN = {"sheep": "Sheep", "pig": "Pig", "cow": "Cow"}
TILE_SIGN = {"blue": "Bl", "brown": "Bn", "green": "Gr", "yellow": "Ye"}
#: the board's tile and client colours drawn as palette swatches
COLOUR = {"blue": "blue", "brown": "brown", "green": "green", "yellow": "yellow", "red": "red"}

PHASES = {
    "act": N_("choosing an action: take a Field tile or deliver a Client"),
    "place": N_("placing the Field tile just taken in their Plot"),
    "put": N_("putting the Vegetables just gained on their tiles"),
    "after": N_("may still spend Seeds or use a power, or end the turn"),
    "over": N_("the game is over"),
}
#: the phases told to the farmer to act (:func:`boards.games.addressed_to_reader`)
YOU_PHASES = (N_("placing the Field tile just taken in your Plot"), N_("putting the Vegetables just gained on your tiles"))
#: the Livestock track's powers by their key, as a column of the track names them
POWER_NAMES = {
    "draw": N_("Draw"), "reserve": N_("Reserve"), "swap": N_("Swap"), "herd": N_("Herd"), "trade": N_("Trade"),
    "gain": N_("Gain"), "pick": N_("Pick"), "shift": N_("Shift"), "sow": N_("Sow"), "move": N_("Move"),
}


def board(view: dict, seat: int | None, names: list[str] | None) -> dict:
    names = names or [f"Farmer {i + 1}" for i in range(view["seats"])]
    sheet = GAME.score_sheet(view)
    to_act = view["seat"]
    market = _market(view)
    clients = [_client_space(i, cid, view["medals"][i]) for i, cid in enumerate(view["clients"])]
    farmers = [_farmer(view, s, names[s], seat, sheet) for s in _seat_order(view["seats"], seat)]
    return {
        "game": "sunfield",
        "game_title": GAME.title,
        "progress": GAME.progress(view),
        "progress_of": _progress_of(view),
        "over": view["phase"] == "over",
        "ending": view["ending"],
        "advanced": view["advanced"],
        "names": names,
        "to_act": to_act,
        "to_act_name": names[to_act] if to_act is not None else None,
        "doing": PHASES[view["phase"]],
        "pending": _pending(view),
        "market": market,
        "market_corner": MARKET_CORNER,
        "piles": [{"animal": a.capitalize(), "left": view["piles"][a]} for a in C.ANIMALS],
        "deck": view["deck"],
        "clients": clients,
        "reputation": [_reputation(rid) for rid in view["reputation"]],
        "farmers": farmers,
        "private": _private(view, seat),
        "legend": {VEG_SIGN[v]: v.capitalize() for v in C.VEGETABLES} | {TILE_SIGN[c]: c for c in C.TILE_COLOURS},
    }


def _progress_of(view: dict) -> dict:
    """The facts of ``GAME.progress`` (:func:`boards.status_words.progress`)."""
    if view["phase"] == "over":
        return {"key": "over", "n": view["round"]}
    return {"key": "last" if view["ending"] else "round", "n": view["round"]}


def words(board: dict, t: Translator = ENGLISH) -> dict:
    """The grids of the board in words, which a board model gets only for
    the text board (board.txt) and the printed one (print.html,
    :func:`print_layout`): the web pages and the drawings never read them,
    and writing them was most of the making of a board. Their words in
    ``t``'s language."""
    farmers = [f | {"plot_text": plot_lines(f["plot"], TEXT_STYLE, t), "plot_print": plot_lines(f["plot"], PRINT_STYLE, t)}
               for f in board["farmers"]]
    return {
        "farmers": farmers,
        "market_grid": market_lines(board["market"], t=t),
        "market_print": market_lines(board["market"], spaced=False, t=t),
        "client_grid": client_lines(board["clients"], t=t),
        "client_print": client_lines(board["clients"], needs=False, t=t),
        "print_full_width": len(farmers) <= 2 or not all(printlayout.fits_half(f["plot_print"]) for f in farmers),
    }


def _seat_order(seats: int, seat: int | None) -> list[int]:
    """The addressed farmer first, then the others in turn order."""
    if seat is None:
        return list(range(seats))
    return [(seat + i) % seats for i in range(seats)]


def vegetable(name: str) -> dict:
    return {"name": name.capitalize(), "sign": VEG_SIGN[name]}


def _tile_face(tile_id: str) -> dict:
    tile = C.TILES[tile_id]
    return {
        "id": tile_id,
        "kind": tile.animal.capitalize(),
        "colour": tile.colour,
        "swatch": COLOUR[tile.colour],
        "sign": TILE_SIGN[tile.colour],
        "vegetables": [vegetable(v) for v in tile.vegetables],
    }


def _market(view: dict) -> list[dict]:
    """Rows 1-3 (Sheep, Pig, Cow), each with the slots of columns a-c."""
    rows = []
    for row, animal in enumerate(C.ROWS):
        slots = []
        for col, letter in enumerate(C.COLUMNS):
            column = view["market"][col]
            slot = column[row]
            code = f"take:{letter}:{row + 1}"
            if slot is None:
                slots.append({"name": f"{letter}{row + 1}", "empty": True, "codes": [code]})
                continue
            slots.append({
                "name": f"{letter}{row + 1}",
                "empty": False,
                "tile": _tile_face(slot["tile"]),
                "seeds": slot["seeds"],
                "cost": take_cost(column, row),
                "codes": [code],
            })
        rows.append({"number": row + 1, "animal": animal.capitalize(), "slots": slots})
    return rows


def _client(client_id: str) -> dict:
    client = C.CLIENTS[client_id]
    needs: dict[str, int] = {}
    for veg in client.vegetables:
        needs[veg] = needs.get(veg, 0) + 1
    return {
        "colour": client.colour,
        "swatch": COLOUR[client.colour],
        "value": client.value,
        "needs": [{"count": n, **vegetable(v)} for v, n in needs.items()],
    }


def _client_space(index: int, client_id: str | None, medals: list[int]) -> dict:
    return {
        "space": index + 1,
        "client": _client(client_id) if client_id else None,
        "medals": list(medals),
        "codes": [f"deliver:{index + 1}"],
    }


def _reputation(tile_id: str) -> dict:
    tile = C.REPUTATION_TILES[tile_id]
    first, second = tile.colours
    colours = f"2 {first} Clients" if first == second else f"a {first} and a {second} Client"
    return {
        "id": tile_id,
        "text": f"{colours} + a Client worth {tile.value}",
        "named": [first, second],
        "colours": [COLOUR[first], COLOUR[second]],
        "value": tile.value,
        "points": C.REPUTATION_POINTS,
    }


def reputation_text(rep: dict, t: Translator) -> str:
    """A Reputation tile's condition in ``t``'s language ("2 blue Clients + a Client worth 3")."""
    first, second = rep["named"]
    if first == second:
        return t.gettext("2 %(colour)s Clients + a Client worth %(value)s", colour=term(t, first), value=rep["value"])
    return t.gettext("a %(first)s and a %(second)s Client + a Client worth %(value)s", first=term(t, first),
                     second=term(t, second), value=rep["value"])


def power_name(power: str, t: Translator) -> str:
    """A Livestock power's name ("Draw") in ``t``'s language."""
    return t.gettext(POWER_NAMES[power])


def livestock_label(column: dict, last: bool, t: Translator) -> str:
    """A Livestock track column as the text board says it."""
    if column["index"] == 0:
        return t.gettext("start")
    if last:
        return t.gettext("last: each Sheep + Pig + Cow gives a Medal 3")
    needs = " + ".join(term(t, need) for need in column["needs"])
    text = t.gettext("%(index)s: needs %(needs)s, power %(power)s", index=column["index"], needs=needs,
                     power=power_name(column["power"], t))
    return text + (t.gettext(" (used)") if column["used"] else "")


def _farmer(view: dict, seat: int, name: str, you: int | None, sheet: dict) -> dict:
    farmer = view["farmers"][seat]
    medals = farmer["medals"]
    plot = plot_grid(farmer["plot"], seat, view, you)
    return {
        "seat": seat,
        "name": name,
        "you": seat == you,
        "to_act": seat == view["seat"],
        "first": seat == 0,
        "points": sheet["total"][seat],
        "seeds": farmer["seeds"],
        "wheelbarrow": [{"count": farmer["wheelbarrow"][v], **vegetable(v)} for v in C.VEGETABLES],
        "wheelbarrow_total": sum(farmer["wheelbarrow"].values()),
        "clients": [_client(cid) for cid in farmer["clients"]],
        "medals": medals,
        "medal_points": sum(medals),
        "reputation": [
            _reputation(r["tile"]) | {"validated": r["validated"]} for r in farmer["reputation"]
        ],
        "reserved": farmer["reserved"],
        "livestock": _livestock(farmer["livestock"]),
        "plot": plot,
    }


def _livestock(livestock: dict | None) -> dict | None:
    if not livestock:
        return None
    columns = C.landscape(*livestock["cards"])
    out = []
    for index, column in enumerate(columns):
        if index == 0:
            label = "Start"
        elif index == C.LAST_COLUMN:
            label = "Last: each Sheep + Pig + Cow gives a Medal 3"
        else:
            label = f"{C.POWERS[column.power].split(';')[0]}"
        out.append({
            "index": index,
            "needs": [a.capitalize() for a in column.needs] if index else [],
            "power": column.power,
            "label": label,
            "here": index == livestock["position"],
            "reached": index <= livestock["position"],
            "used": index in livestock["used"],
        })
    return {"cards": livestock["cards"], "position": livestock["position"], "columns": out}


def plot_grid(plot: dict, seat: int, view: dict, you: int | None) -> dict:
    """The Plot as rows of cells, top row first (y grows downward), with the
    empty places next to it where the addressed farmer, when placing a
    tile, may put it."""
    cells = {k: _plot_tile(k, t) for k, t in plot.items()}
    placing = view["seat"] == seat == you and view["phase"] == "place"
    open_places = set(open_positions(plot)) if placing else set()
    xs = [xy(k)[0] for k in list(plot) + list(open_places)]
    ys = [xy(k)[1] for k in list(plot) + list(open_places)]
    columns = list(range(min(xs), max(xs) + 1))
    rows = []
    for y in range(min(ys), max(ys) + 1):
        row = []
        for x in columns:
            k = f"{x},{y}"
            if k in cells:
                row.append(cells[k])
            elif k in open_places:
                row.append({"at": k, "x": x, "y": y, "open": True, "codes": [f"place:{x}:{y}"]})
            else:
                row.append({"at": k, "x": x, "y": y, "none": True, "codes": []})
        rows.append({"y": y, "cells": row})
    return {"columns": columns, "rows": rows, "tiles": len(plot), "corner": textgrid.corner("y", "x")}


#: the mail's Plot on a phone (390 CSS pixels less the page's margins), in pixels: a Plot whose
#: columns are wider at the mail's type sizes (mail.css: 12.8 px, 10.7 px small) is a list of tiles
PHONE_PLOT_PX = 368
#: a Plot of more columns is a list of tiles in any language
PHONE_PLOT_COLUMNS = 8
_NARROW, _WIDE = frozenset("iljft.,:;!|'-r ()1"), frozenset("mwMW")


def _word_px(word: str, size: float, bold: bool = False) -> float:
    """About how wide DejaVu Sans sets ``word`` at ``size`` pixels."""
    ems = sum(0.32 if ch in _NARROW else 0.9 if ch in _WIDE else 0.72 if ch.isupper() else 0.6 for ch in word)
    return ems * size * (1.1 if bold else 1.0)


def plot_as_list(plot: dict, t: Translator = ENGLISH) -> bool:
    """Whether the mail lists a Plot tile by tile (board.html's ``plot_list``):
    when its grid, whose columns are as wide as the longest word of their
    cells in the reader's language ("Pâturage", "Schwein", "placer ici"),
    would not fit a phone's width."""
    if len(plot["columns"]) > PHONE_PLOT_COLUMNS:
        return True
    normal, small = 12.8, 10.67
    width = 24.0  # the row labels
    for i in range(len(plot["columns"])):
        widest = 0.0
        for row in plot["rows"]:
            cell = row["cells"][i]
            if "tile" in cell:
                words = [_word_px(term(t, cell["tile"]["kind"]), small)]
                if not cell["pasture"]:
                    words.append(_word_px("○ Ca", normal, True))
                elif cell["animal"]:
                    words += [_word_px(t.gettext("Pasture"), normal), _word_px(term(t, cell["animal"]), normal, True)]
                else:
                    words += [_word_px(t.gettext("Pasture"), normal)] + [_word_px(w, small) for w in t.gettext("no animal").split()]
            elif cell.get("open"):
                words = [_word_px(w, small) for w in t.gettext("place here").split()]
            else:
                words = []
            widest = max([widest, *words])
        width += widest + 5  # the cell's padding and border
    return width > PHONE_PLOT_PX


def _plot_tile(k: str, tile: dict) -> dict:
    x, y = xy(k)
    face = _tile_face(tile["tile"])
    spaces = [
        {**vegetable(v), "filled": bool(f)} for v, f in zip(C.TILES[tile["tile"]].vegetables, tile["filled"])
    ]
    codes = [f"put:{v}:{x}:{y}" for v in C.VEGETABLES]
    return {
        "at": k,
        "x": x,
        "y": y,
        "tile": face,
        "pasture": tile["pasture"],
        "animal": tile["animal"].capitalize() if tile["animal"] else None,
        "spaces": [] if tile["pasture"] else spaces,
        "codes": codes,
    }


def _pending(view: dict) -> dict | None:
    pending = view["pending"]
    if not pending:
        return None
    out: dict = {}
    if "tile" in pending:
        out["tile"] = _tile_face(pending["tile"])
        out["gain"] = pending.get("gain", True)
    if "vegetables" in pending:
        out["vegetables"] = [{"count": n, **vegetable(v)} for v, n in pending["vegetables"].items() if n]
    return out


def _private(view: dict, seat: int | None) -> dict | None:
    """The addressed farmer's own hidden cards: their reserved Client."""
    mine = view.get("private", {}).get(str(seat))
    if seat is None or not mine:
        return None
    return {"reserved": [_client(cid) | {"codes": ["deliver:reserved"]} for cid in mine.get("reserved", [])]}


# --------------------------------------------------------------------------- monospace grids (text and PDF)

#: the height of a snapshot's top part (market, Clients),
#: in points at the base root size
TOP_PT = 200.0
#: the top part stacked: its text, and the lines of its grids (market, Clients)
TOP_STACKED_PT, TOP_GRID_LINES = 175.0, 15


def print_layout(board: dict) -> dict:
    """How the board prints in words in the report (``print_grid_scale``,
    ``print_top_stacked``, ``print_height``): worked out only for the report,
    not for every board a mail or page draws."""
    return printlayout.print_fill(
        lambda k, stacked: print_height(board["farmers"], board["print_full_width"], k, stacked), printsize.FILL_AIM)


def print_height(farmers: list[dict], full_width: bool, grid_scale: float = 1.0, stacked: bool = False) -> float:
    """About how much of the snapshot page the board fills at the base root size
    (1.0: exactly one page), from its number of lines; ``grid_scale`` and
    ``stacked``: see ``printlayout.print_fill``.

    Each WeasyPrint layout of a big board costs ~50 ms; knowing the size
    beforehand lets a large board be laid out once at the size that fits.
    Calibrated against the real layouts of sample games; a wrong guess only
    costs the second layout it was meant to save.
    """
    width = printlayout.FULL_PT if full_width else printlayout.HALF_PT
    heights = [
        printlayout.farmer_print_height(f["plot_print"], width, 6 if f["livestock"] else 5, grid_scale)
        for f in farmers
    ]
    body = sum(heights) if full_width else sum(max(heights[i : i + 2]) for i in range(0, len(heights), 2))
    top = TOP_PT
    if stacked:
        top = TOP_STACKED_PT + TOP_GRID_LINES * printlayout.line_pt(printlayout.top_grid_scale(grid_scale))
    return (top + body) / printsize.PAGE_PT


@dataclass(frozen=True)
class PlotStyle:
    """How Vegetable spaces are written in a Plot cell of ``width`` characters."""

    full: str  # before a Vegetable on its space
    empty: str  # before an empty space
    gap: str  # between spaces
    width: int
    lower_empty: bool  # empty spaces also in lower case (plain text has no other cue)


TEXT_STYLE = PlotStyle("*", ".", "", 10, True)  # *Ca.co.eg
PRINT_STYLE = PlotStyle("●", "○", "", 10, False)  # ●Ca○Co○Eg
MARKET_CELL, MARKET_LABEL = 17, 7
#: market columns a-c grow to the right, rows 1-3 downward, as on every grid
MARKET_CORNER = textgrid.corner("1", "a")


def plot_lines(grid: dict, style: PlotStyle, t: Translator = ENGLISH) -> list[Line]:
    """The Plot as a grid of 2-line cells: colour sign and tile kind, then
    the Vegetable spaces (``*Ca`` filled, ``.ca`` empty) or the Pasture."""
    width = style.width
    pasture = t.gettext("pasture")
    if style is TEXT_STYLE:  # a word a little longer than English's ("Bl pâturage") widens the cells by one
        width += any(len(pasture) + 3 > width for row in grid["rows"] for cell in row["cells"] if cell.get("pasture"))
    rows = []
    for row in grid["rows"]:
        cells = []
        for cell in row["cells"]:
            if "tile" in cell:
                tile = cell["tile"]
                if cell["pasture"]:
                    animal = term(t, cell["animal"]) if cell["animal"] else t.gettext("(none)")
                    texts = [f"{tile['sign']} {pasture}", f"  {animal}"]
                else:
                    spaces = style.gap.join(
                        f"{style.full}{s['sign']}" if s["filled"]
                        else style.empty + (s["sign"].lower() if style.lower_empty else s["sign"])
                        for s in cell["spaces"]
                    )
                    texts = [f"{tile['sign']} {term(t, tile['kind'])}", spaces]
                cells.append(cell_lines(texts, width, 2, tile["swatch"]))
            elif "open" in cell:
                cells.append(cell_lines([t.gettext("+ place"), f"  {cell['x']} {cell['y']}"], width, 2))
            else:
                cells.append(cell_lines([], width, 2))
        rows.append((f"{row['y']:>3}", cells))
    text = style is TEXT_STYLE
    return textgrid.grid([str(x) for x in grid["columns"]], rows, width, 4 if text else 3, spaced=text, corner=grid["corner"])


def market_lines(market: list[dict], spaced: bool = True, t: Translator = ENGLISH) -> list[Line]:
    """The market as a grid of 3-line cells; a language's longer words widen
    the cells and the row labels as far as 72 characters allow."""
    rows = []
    for row in market:
        cells = []
        for slot in row["slots"]:
            if slot["empty"]:
                cells.append(([slot["name"], t.gettext("(empty)")], None))
                continue
            tile = slot["tile"]
            price = t.gettext("costs %(cost)s", cost=slot["cost"]) if slot["cost"] else t.pgettext("price", "free")
            seeds = t.ngettext(", +%(n)s Seed", ", +%(n)s Seeds", slot["seeds"]) if slot["seeds"] else ""
            texts = [f"{slot['name']} {term(t, tile['colour'])}", " ".join(v["sign"] for v in tile["vegetables"]),
                     price + seeds]
            cells.append((texts, tile["swatch"]))
        rows.append((f"{row['number']} {term(t, row['animal'])}", cells))
    label = max([MARKET_LABEL] + [len(name) for name, _ in rows])
    longest = max(len(text) for _, cells in rows for texts, _ in cells for text in texts)
    width = min(max(MARKET_CELL, longest), (72 - label) // 3 - 1)
    grid = [(name, [cell_lines(texts, width, 3, swatch) for texts, swatch in cells]) for name, cells in rows]
    return textgrid.grid(["a", "b", "c"], grid, width, label, spaced=spaced, corner=MARKET_CORNER)


def client_lines(clients: list[dict], needs: bool = True, t: Translator = ENGLISH) -> list[Line]:
    """One line per Client space; the PDF leaves out "needs", which its heading says."""
    needs_word = t.gettext("needs") + " " if needs else ""
    medals_word = t.gettext("Medals")
    def needs_of(client: dict) -> str:
        return " ".join(" ".join([v["sign"]] * v["count"]) for v in client["needs"])

    # the needs column is as wide as the longest need, so "Medals" stays in line
    width = max([14] + [len(needs_of(space["client"])) for space in clients if space["client"]])
    lines = []
    for space in clients:
        client = space["client"]
        medals = ",".join(map(str, space["medals"])) or t.gettext("none")
        if client is None:
            lines.append([Seg(f"{space['space']}  {t.gettext('(empty)')}")])
            continue
        colour = term(t, client["colour"])
        lines.append([
            Seg(f"{space['space']} "),
            Seg(f" {colour:<6} {client['value']} ", client["swatch"], first=True),
            Seg(f" {needs_word}{needs_of(client):<{width}} {medals_word} {medals}"),
        ])
    return lines
