"""Sunfield Farm drawn: the market, the Clients and Reputation tiles, and
every farmer's Plot with their Wheelbarrow, Medals and Livestock track.

Drawn from the board model of :mod:`boards.sunfield` (itself made from the
farmer's view), so every word and count is the one the text board prints.
Plot coordinates follow the move notation: x grows to the right, y grows
downward (:func:`drawn_row`).
"""

from __future__ import annotations

from boards import palette, status_words
from boards.game_terms import name as term
from boards.i18n import Translator
from boards.sunfield import TILE_SIGN, power_name
from boards.svg import symbols
from boards.svg.canvas import INK, LINE, MUTED, Canvas, Panel, text_width
from boards.svg.changes import Changes

TILE = 124  # a market tile, wide
TILE_H = 100
CELL = 78  # a Plot cell
LABEL = 22  # the axis labels' band
FACTS = 214  # the farmer's facts beside the Plot
NARROW = 460  # the width of most panels: a phone shows them at 3/4 of their size


def drawn_row(y: int, top: int) -> int:
    """The drawn row (0 at the top) of Plot coordinate ``y``: rows grow
    downward, the smallest y on top, as farmers type ``place x y``."""
    return y - top


def parts(b: dict) -> dict:
    """The parts of a board model that a change outlines, by key."""
    out: dict = {}
    for row in b["market"]:
        for slot in row["slots"]:
            out[f"market:{slot['name']}"] = slot
    for space in b["clients"]:
        out[f"client:{space['space']}"] = space
    out["reputation"] = b["reputation"]
    for f in b["farmers"]:
        s = f["seat"]
        for row in f["plot"]["rows"]:
            for cell in row["cells"]:
                if "tile" in cell:
                    out[f"plot:{s}:{cell['at']}"] = (cell["tile"]["id"], cell["spaces"], cell["animal"])
        out[f"seeds:{s}"] = f["seeds"]
        out[f"wheelbarrow:{s}"] = f["wheelbarrow"]
        out[f"clients:{s}"] = (f["clients"], f["reputation"], f["reserved"])
        out[f"medals:{s}"] = f["medals"]
        out[f"livestock:{s}"] = f["livestock"]
    return out


def panels(b: dict, changed: Changes, t: Translator) -> list[Panel]:
    farmers = sorted(b["farmers"], key=lambda f: (not f["you"], not f["to_act"]))
    return ([status(b, t), market(b, changed, t), clients(b, changed, t)] + [farmer(b, f, changed, t) for f in farmers]
            + [legend(t)])


def status(b: dict, t: Translator) -> Panel:
    c = Canvas()
    words = f"{b['game_title']} · {status_words.progress(b, t)} · {status_words.acting(b, t)}"
    height = 8 + c.paragraph(4, 18, words, 15, NARROW - 10, bold=True)
    return Panel(t.gettext("Where the game stands"), NARROW, height, c, summary=words, wide=True)


def _tile(c: Canvas, x: float, y: float, w: float, h: float, tile: dict, name: str) -> None:
    """A Field tile: its colour as fill and as letters; ``name`` its class
    (where it lies, for tests and styling)."""
    sw = palette.swatch(tile["swatch"])
    c.rect(x, y, w, h, fill=sw.fill, stroke=sw.strong, width=2.5, rx=6, name=name)
    # the colour as letters in a corner tab, so it reads without colour
    c.rect(x, y, 26, 17, fill=sw.strong, stroke="none", rx=4)
    c.text(x + 13, y + 13, tile["sign"], size=11, anchor="middle", bold=True, fill=_on(sw.strong))


def _on(colour: str) -> str:
    return "#ffffff" if colour in ("#0072b2", "#009e73", "#8c6239", "#d55e00") else INK


def market(b: dict, changed: Changes, t: Translator) -> Panel:
    c = Canvas()
    left = 62
    c.text(0, 14, t.gettext("Market"), size=15, bold=True)
    top = 22 + LABEL
    for i, letter in enumerate("abc"):
        c.text(left + i * TILE + TILE / 2, top - 6, letter, size=14, anchor="middle", bold=True)
    for r, row in enumerate(b["market"]):
        y = top + r * TILE_H
        c.text(14, y + 24, str(row["number"]), size=16, anchor="middle", bold=True)
        symbols.animal(c, row["animal"], 40, y + 22, 26)
        c.fitted(30, y + 56, term(t, row["animal"]), 11, 58, anchor="middle", fill=MUTED)
        for i, slot in enumerate(row["slots"]):
            x = left + i * TILE
            w, h = TILE - 6, TILE_H - 6
            if slot["empty"]:
                c.rect(x, y, w, h, fill="#fafafa", stroke=LINE, rx=6, dash="5 4")
                c.fitted(x + w / 2, y + h / 2, t.gettext("%(place)s: empty", place=slot["name"]), 12, w - 8,
                         anchor="middle", fill=MUTED)
            else:
                tile = slot["tile"]
                _tile(c, x, y, w, h, tile, f"market {slot['name']}")
                c.text(x + 32, y + 13, slot["name"], size=12, bold=True)
                symbols.animal(c, tile["kind"], x + w - 16, y + 16, 22)
                for k, veg in enumerate(tile["vegetables"]):
                    symbols.vegetable(c, veg["name"], x + 18 + k * 28, y + 44, 24)
                price = t.gettext("costs %(cost)s", cost=slot["cost"]) if slot["cost"] else t.pgettext("price", "free")
                room = w - 12 - (slot["seeds"] * 12 + 24 if slot["seeds"] else 0)  # the Seeds and their "+2" beside it
                # a longer word leaves out the "+2", which the Seeds drawn beside it count too
                counted = bool(slot["seeds"]) and text_width(price, 10.5) <= room
                c.fitted(x + 6, y + h - 9, price, 12, room if counted or not slot["seeds"] else room + 20,
                         bold=bool(slot["cost"]))
                for k in range(slot["seeds"]):
                    symbols.seed(c, x + w - 12 - k * 12, y + h - 14, 12)
                if counted:
                    c.text(x + w - 18 - slot["seeds"] * 12, y + h - 9, f"+{slot['seeds']}", size=11, anchor="end")
            if changed(f"market:{slot['name']}"):
                c.changed(x, y, w, h)
    y = top + 3 * TILE_H + 14
    piles = ", ".join(f"{term(t, p['animal'])} {p['left']}" for p in b["piles"])
    y += c.paragraph(0, y, t.gettext("Tiles left: %(piles)s · Clients in the deck: %(n)s", piles=piles, n=b["deck"]),
                     12, left + 3 * TILE, fill=MUTED) - 12 * 1.2
    summary = t.gettext("Market: %(tiles)s", tiles="; ".join(
        t.gettext("%(place)s: empty", place=s["name"]) if s["empty"] else
        f"{s['name']} " + t.gettext("%(animal)s tile (%(colour)s)", animal=term(t, s["tile"]["kind"]),
                                    colour=term(t, s["tile"]["colour"]))
        for row in b["market"] for s in row["slots"]
    ))
    return Panel(t.gettext("Market"), left + 3 * TILE, y + 6, c, summary=summary)


def _client_card(c: Canvas, x: float, y: float, client: dict, t: Translator, w: float = 84) -> float:
    sw = palette.swatch(client["swatch"])
    needs = client["needs"]
    rows = len(needs)
    h = 34 + rows * 26
    c.rect(x, y, w, h, fill="#ffffff", stroke=sw.strong, width=2.5, rx=6)
    c.rect(x, y, w, 26, fill=sw.strong, stroke="none", rx=5)
    c.fitted(x + 6, y + 18, term(t, client["colour"]), 12, w - 34, bold=True, fill=_on(sw.strong))
    c.text(x + w - 6, y + 19, str(client["value"]), size=16, anchor="end", bold=True, fill=_on(sw.strong))
    for k, need in enumerate(needs):
        cy = y + 42 + k * 26
        symbols.vegetable(c, need["name"], x + 18, cy, 22)
        c.text(x + 34, cy + 5, f"× {need['count']}", size=13)
    return h


def clients(b: dict, changed: Changes, t: Translator) -> Panel:
    c = Canvas()
    c.titled(0, 14, t.gettext("Clients"), t.gettext("(space: colour, points, needs; Medals below)"))
    top = 24
    bottom = top
    for i, space in enumerate(b["clients"]):
        x = i * 90
        c.fitted(x + 42, top + 12, t.gettext("space %(n)s", n=space["space"]), 11, 84, anchor="middle", fill=MUTED)
        if space["client"]:
            h = _client_card(c, x, top + 18, space["client"], t)
        else:
            h = 60
            c.rect(x, top + 18, 84, h, fill="#fafafa", stroke=LINE, rx=6, dash="5 4")
            c.fitted(x + 42, top + 52, t.gettext("empty"), 12, 80, anchor="middle", fill=MUTED)
        for k, value in enumerate(space["medals"]):
            symbols.medal(c, x + 16 + k * 26, top + 18 + h + 22, 20, value)
        if changed(f"client:{space['space']}"):
            c.changed(x, top + 18, 84, h + 36)
        bottom = max(bottom, top + 18 + h + 40)
    y = bottom + 18
    c.titled(0, y, t.gettext("Reputation tiles"),
             t.ngettext("(each %(n)s point)", "(each %(n)s points)", b["reputation"][0]["points"]) if b["reputation"]
             else t.gettext("(none left)"), size=13)
    y += 8
    for i, rep in enumerate(b["reputation"]):
        x = (i % 4) * 112
        yy = y + (i // 4) * 56
        _reputation(c, x, yy, rep, t)
    if changed("reputation"):
        c.changed(0, y, 448, 50 * max(1, (len(b["reputation"]) + 3) // 4))
    y += 56 * max(1, (len(b["reputation"]) + 3) // 4)
    waiting = sum(1 for s in b["clients"] if s["client"])
    return Panel(t.gettext("Clients"), max(450, 90 * len(b["clients"])), y, c,
                 summary=t.ngettext("%(n)s Client waiting", "%(n)s Clients waiting", waiting))


def _reputation(c: Canvas, x: float, y: float, rep: dict, t: Translator, w: float = 104) -> None:
    c.rect(x, y, w, 48, fill="#fffdf3", stroke=INK, width=1.2, rx=5)
    for k, colour in enumerate(rep["colours"]):
        sw = palette.swatch(colour)
        c.rect(x + 6 + k * 24, y + 6, 20, 20, fill=sw.strong, stroke=INK, rx=3)
        c.text(x + 16 + k * 24, y + 20, sw.letter, size=11, anchor="middle", bold=True, fill=_on(sw.strong))
    c.text(x + 56, y + 21, f"+ {rep['value']}", size=13, bold=True)
    c.fitted(x + 6, y + 41, f"{term(t, rep['named'][0])}, {term(t, rep['named'][1])}", 10.5, w - 10, fill=MUTED)
    if rep.get("validated"):
        c.text(x + w - 6, y + 21, "✓", size=15, anchor="end", bold=True, fill="#009e73")


def _plot(c: Canvas, f: dict, x0: float, y0: float, changed: Changes, t: Translator) -> tuple[float, float]:
    """The Plot with its axis labels; returns its width and height."""
    cells = [cell for row in f["plot"]["rows"] for cell in row["cells"]]
    xs = sorted({cell["x"] for cell in cells})
    ys = sorted({cell["y"] for cell in cells})
    left, top = xs[0], ys[0]
    gx, gy = x0 + LABEL + 4, y0 + LABEL
    for x in xs:
        c.text(gx + (x - left) * CELL + (CELL - 6) / 2, y0 + 15, f"x {x}" if x == xs[0] else str(x), size=12,
               anchor="middle", bold=True)
    for y in ys:
        c.text(x0 + LABEL - 2, gy + drawn_row(y, top) * CELL + (CELL - 6) / 2 + 4, str(y), size=12, anchor="end", bold=True)
    c.text(x0, y0 + 15, "y", size=12, bold=True, fill=MUTED)
    for cell in cells:
        cx = gx + (cell["x"] - left) * CELL
        cy = gy + drawn_row(cell["y"], top) * CELL
        w = h = CELL - 6
        if "tile" in cell:
            tile = cell["tile"]
            _tile(c, cx, cy, w, h, tile, f"tile x{cell['x']} y{cell['y']}")
            symbols.animal(c, tile["kind"], cx + w - 12, cy + 12, 18, faded=True)
            if cell["pasture"]:
                if cell["animal"]:
                    symbols.animal(c, cell["animal"], cx + w / 2, cy + h / 2 + 4, 32)
                    c.fitted(cx + w / 2, cy + h - 4, t.gettext("Pasture"), 10.5, w - 6, anchor="middle", fill=INK)
                else:
                    label = t.gettext("empty Pasture")
                    if text_width(label, 10.5) <= w - 6 or " " not in label:
                        c.rect(cx + w / 2 - 16, cy + h / 2 - 14, 32, 30, fill="none", stroke=MUTED, dash="3 2", rx=4)
                        c.fitted(cx + w / 2, cy + h - 4, label, 10.5, w - 6, anchor="middle", fill=INK)
                    else:  # a longer language's words on two lines ("leere / Weide"), the empty box smaller above
                        c.rect(cx + w / 2 - 14, cy + 20, 28, 24, fill="none", stroke=MUTED, dash="3 2", rx=4)
                        first, _, second = label.rpartition(" ")
                        c.fitted(cx + w / 2, cy + h - 16, first, 10.5, w - 6, anchor="middle", fill=INK)
                        c.fitted(cx + w / 2, cy + h - 4, second, 10.5, w - 6, anchor="middle", fill=INK)
            else:
                spaces = cell["spaces"]
                step = min(24, (w - 4) / max(1, len(spaces)))
                first = cx + w / 2 - step * (len(spaces) - 1) / 2
                for k, space in enumerate(spaces):
                    symbols.vegetable(c, space["name"], first + k * step, cy + h / 2 + 10, 22, filled=space["filled"])
            if changed(f"plot:{f['seat']}:{cell['at']}"):
                c.changed(cx, cy, w, h)
        elif cell.get("open"):
            # where the tile may go: a mark on the ground, not a button (the options are the buttons)
            c.rect(cx + 4, cy + 4, w - 8, h - 8, fill="none", stroke="#5b8fb0", width=1, rx=3, dash="2 3")
            c.fitted(cx + w / 2, cy + h / 2 - 2, t.gettext("free"), 10, w - 10, anchor="middle", fill=MUTED)
            c.text(cx + w / 2, cy + h / 2 + 12, f"{cell['x']} {cell['y']}", size=10.5, anchor="middle", fill="#0b2e44")
        else:
            c.rect(cx + w / 2 - 1.5, cy + h / 2 - 1.5, 3, 3, fill="#c8c2b0", stroke="none")
    return LABEL + 4 + len(xs) * CELL, LABEL + len(ys) * CELL


def _facts(c: Canvas, f: dict, x: float, y: float, width: float, changed: Changes, reserved: list,
           t: Translator) -> float:
    """Seeds, Wheelbarrow, Clients, Medals, Reputation; returns the height."""
    start = y
    y += 14
    c.fitted(x, y, t.gettext("Seeds"), 12, 52, bold=True)
    for k in range(min(f["seeds"], 8)):
        symbols.seed(c, x + 56 + k * 13, y - 4, 12)
    c.text(x + 58 + min(f["seeds"], 8) * 13, y, str(f["seeds"]), size=12)
    if changed(f"seeds:{f['seat']}"):
        c.changed(x - 2, y - 13, width, 18)
    y += 12
    symbols.wheelbarrow(c, x + 12, y + 14, 22)
    c.fitted(x + 28, y + 14, t.gettext("Wheelbarrow: %(n)s", n=f["wheelbarrow_total"]), 12, width - 28, bold=True)
    y += 22
    for k, veg in enumerate(f["wheelbarrow"]):
        vx = x + 14 + k * 50
        symbols.vegetable(c, veg["name"], vx, y + 12, 22, filled=bool(veg["count"]))
        c.text(vx + 14, y + 18, f"{veg['count']}", size=13, bold=True)
    if changed(f"wheelbarrow:{f['seat']}"):
        c.changed(x - 2, y - 22, width, 48)
    y += 40
    c.fitted(x, y, t.gettext("Clients delivered: %(n)s", n=len(f["clients"])), 12, width, bold=True)
    if f["reserved"]:  # on a line of its own: beside the count it was cut short on a narrow panel
        y += 16
        c.fitted(x, y, t.gettext("Clients reserved: %(n)s", n=f["reserved"]), 12, width, bold=True)
    y += 6
    if reserved:
        # the farmer's own face-down Client: only in their own drawing
        for k, client in enumerate(reserved):
            sw = palette.swatch(client["swatch"])
            c.rect(x + k * 70, y, 64, 22, fill="#ffffff", stroke=sw.strong, width=2, rx=3, dash="4 2")
            yours = t.gettext("%(client)s yours", client=sw.letter + str(client["value"]))
            c.fitted(x + k * 70 + 32, y + 16, yours, 11, 60, anchor="middle", bold=True)
        y += 28
    for k, client in enumerate(f["clients"][:8]):
        sw = palette.swatch(client["swatch"])
        cx = x + (k % 6) * 34
        cy = y + (k // 6) * 26
        c.rect(cx, cy, 30, 22, fill=sw.strong, stroke=INK, rx=3)
        c.text(cx + 15, cy + 16, f"{sw.letter}{client['value']}", size=11, anchor="middle", bold=True,
               fill=_on(sw.strong))
    y += 26 * ((min(len(f["clients"]), 8) + 5) // 6) + 6
    for k, rep in enumerate(f["reputation"]):
        _reputation(c, x + k * 110, y, rep, t)
    if f["reputation"]:
        y += 54
    if changed(f"clients:{f['seat']}"):
        c.changed(x - 2, y - 6 - 26 - 54 * bool(f["reputation"]) - 20, width, 26 + 20 + 54 * bool(f["reputation"]))
    c.fitted(x, y + 14, t.ngettext("Medals: %(n)s point", "Medals: %(n)s points", f["medal_points"]), 12, width, bold=True)
    for k, value in enumerate(f["medals"][:10]):
        symbols.medal(c, x + 12 + k * 22, y + 34, 18, value)
    if changed(f"medals:{f['seat']}"):
        c.changed(x - 2, y, width, 46)
    y += 50 if f["medals"] else 22
    return y - start


def _livestock(c: Canvas, f: dict, x: float, y: float, changed: Changes, t: Translator) -> float:
    track = f["livestock"]
    c.text(x, y + 14, t.gettext("Livestock track"), size=12, bold=True)
    y += 22
    w = 80
    for k, col in enumerate(track["columns"]):
        cx = x + k * (w + 4)
        c.rect(cx, y, w, 74, fill="#eef6ee" if col["reached"] else "#ffffff", stroke=INK if col["here"] else LINE,
               width=2.5 if col["here"] else 1, rx=5)
        label = (t.gettext("Start") if col["index"] == 0 else
                 (t.gettext("Last") if not col["power"] else power_name(col["power"], t)))
        c.fitted(cx + 5, y + 14, f"{col['index']} {label}", 11, w - 8, bold=True)
        for n, need in enumerate(col["needs"]):
            symbols.animal(c, need, cx + 12 + n * 22, y + 34, 18)
        if col["used"]:
            c.fitted(cx + w - 5, y + 66, t.gettext("used"), 10.5, w - 30, anchor="end", fill=MUTED, italic=True)
        if col["here"]:
            symbols.marker(c, f["seat"], cx + 14, y + 60, 16, f["name"][:1])
            if not col["used"]:  # the thick frame says "here" too
                c.fitted(cx + 26, y + 66, t.gettext("here"), 10.5, w - 30)
    if changed(f"livestock:{f['seat']}"):
        c.changed(x, y, len(track["columns"]) * (w + 4) - 4, 74)
    return 22 + 80


def farmer(b: dict, f: dict, changed: Changes, t: Translator) -> Panel:
    """A farmer's Plot with their facts beside it (below it when the Plot is
    wide): as narrow as it can be, so a phone shows it at a readable size."""
    body = Canvas()
    plot_w, plot_h = _plot(body, f, 0, 40, changed, t)
    reserved = b["private"]["reserved"] if f["you"] and b["private"] else []
    if plot_w + FACTS + 12 <= 720:
        facts_h = _facts(body, f, plot_w + 16, 40, FACTS - 10, changed, reserved, t)
        height = max(plot_h, facts_h)
        width = plot_w + 16 + FACTS
    else:
        facts_h = _facts(body, f, 0, 40 + plot_h + 8, FACTS, changed, reserved, t)
        height = plot_h + 8 + facts_h
        width = plot_w + 8
    y = 40 + height + 6
    if f["livestock"]:
        y += _livestock(body, f, 0, y, changed, t)
        width = max(width, len(f["livestock"]["columns"]) * 84)
    width = max(width, NARROW)
    c = Canvas()
    name = status_words.you(f, t) + (" · " + t.gettext("first player") if f["first"] else "")
    points = t.ngettext("%(n)s point", "%(n)s points", f["points"])
    symbols.farmer_header(c, f["seat"], name, points, width, f["to_act"] and not b["over"], t)
    c.group(body)
    tiles = f["plot"]["tiles"]
    return Panel(t.gettext("%(name)s's Plot", name=f["name"]), width, y + 4, c, wide=True,
                 summary=t.gettext("%(name)s: %(points)s, %(tiles)s, %(seeds)s, %(vegetables)s", name=f["name"],
                                   points=points, tiles=t.ngettext("%(n)s tile", "%(n)s tiles", tiles),
                                   seeds=t.gettext(SEEDS[f["seeds"] != 1], n=f["seeds"]),
                                   vegetables=t.ngettext("%(n)s Vegetable in the Wheelbarrow",
                                                         "%(n)s Vegetables in the Wheelbarrow", f["wheelbarrow_total"])))


#: a count of Seeds, in the move sentences' words (engine/sunfield/describe.py marks them)
SEEDS = ("%(n)s Seed", "%(n)s Seeds")


def legend(t: Translator) -> Panel:
    c = Canvas()
    items = [(lambda c, x, y, n=n: symbols.vegetable(c, n, x, y, 20), term(t, n.capitalize())) for n in symbols.VEGETABLES]
    items.append((lambda c, x, y: symbols.vegetable(c, "carrot", x, y, 20, filled=False), t.gettext("empty space")))
    items += [(lambda c, x, y, n=n: symbols.animal(c, n, x, y, 20), term(t, n.capitalize())) for n in ("sheep", "pig", "cow")]
    signs = ", ".join(f"{sign} {term(t, colour)}" for colour, sign in TILE_SIGN.items())
    items.append((lambda c, x, y: None, t.gettext("Tiles: %(signs)s", signs=signs)))
    height = symbols.key(c, items, NARROW, t)
    return Panel(t.gettext("Key"), NARROW, height, c, wide=True, key=True)
