"""Harvest drawn: the round track, the town board with its spaces and
Wheelbarrows (Gairy's too, solo), the Farmer's Market, the buildings on
offer, the sunrise tiles, and every farmer's farm (a-f across, 1-4 down, as
farmers type ``plant wheat c2``) with their supplies.

Drawn from the board model of :mod:`boards.harvest` (itself made from the
farmer's view): every word and cost is the one the text board prints.
"""

from __future__ import annotations

from boards import harvest as model
from boards import palette, status_words
from boards.game_terms import name as term
from boards.game_terms import note as score_note
from boards.i18n import N_, Translator
from boards.svg import symbols
from boards.svg.canvas import INK, LINE, MUTED, SMALLEST, Canvas, Panel
from boards.svg.changes import Changes
from engine.harvest import content as C

CELL = 70
LABEL = 22
HALF = 450  # most panels: two share a row of a desktop page
GAIRY = "#333333"


def parts(b: dict) -> dict:
    """The parts of a board model that a change outlines, by key."""
    out: dict = {"round": b["rounds"], "sunrise": b["sunrise"]["display"]}
    for area in b["areas"]:
        for space in area["spaces"]:
            out[f"space:{space['name']}"] = (space["occupants"], space["blocked"], space["cost"], space["closed"])
    for tile in b["market"]:
        out[f"market:{tile['label']}"] = tile
    for item in b["buildings"]["offer"]:
        out[f"building:{item['key']}"] = item
    for f in b["farmers"]:
        s = f["seat"]
        for row in f["farm"]["rows"]:
            for cell in row["cells"]:
                out[f"farm:{s}:{cell['name']}"] = (cell["kind"], cell["detail"], cell.get("building"))
        out[f"supplies:{s}"] = (f["coins"], f["fertilizer"], f["water"], f["bucket"], f["seeds"], f["points_now"])
        out[f"wheelbarrows:{s}"] = (f["wheelbarrows"], f["placed"])
    return out


def panels(b: dict, changed: Changes, t: Translator) -> list[Panel]:
    farmers = sorted(b["farmers"], key=lambda f: (not f["you"], not f["to_act"]))
    out = [status(b, changed, t), town(b, changed, t), market_and_buildings(b, changed, t), sunrise(b, changed, t)]
    if b["private"] and (b["private"]["characters"] or b["private"]["farmhouses"]):
        out.append(dealt(b, t))
    return out + [farmer(b, f, changed, t) for f in farmers] + [legend(b, t)]


def status(b: dict, changed: Changes, t: Translator) -> Panel:
    c = Canvas()
    c.text(0, 18, b["game_title"], size=15, bold=True)
    x = 100
    for r in b["rounds"]:
        fill = "#0072b2" if r["now"] else ("#c6d9e8" if r["done"] else "#ffffff")
        c.circle(x, 12, 11, fill=fill, stroke=INK, width=2 if r["now"] else 1)
        c.text(x, 17, str(r["number"]), size=12, anchor="middle", bold=True, fill="#ffffff" if r["now"] else INK)
        x += 28
    now = next((r["number"] for r in b["rounds"] if r["now"]), None)
    c.text(x, 17, t.gettext("round %(n)s of %(rounds)s", n=now, rounds=len(b["rounds"])) if now
           else status_words.progress(b, t), size=12)
    words = status_words.acting(b, t)
    if b["visit"]:
        v = b["visit"]
        words += " " + t.ngettext("Visiting %(space)s (%(area)s): %(n)s action left.",
                                  "Visiting %(space)s (%(area)s): %(n)s actions left.", v["left"],
                                  space=v["space"], area=term(t, v["area"]))
    height = 30 + c.paragraph(0, 42, words, 13, HALF - 10)
    if len(b["order"]) > 1:
        height += 8 + c.paragraph(0, height + 14, t.gettext("Turn order: %(order)s", order=" → ".join(b["order"])), 12, HALF - 10, fill=MUTED)
    for note in b["notes"]:
        c.text(0, height + 10, score_note(t, note), size=13, bold=True)
        height += 18
    return Panel(t.gettext("Where the game stands"), HALF, height + 4, c, summary=words, wide=True)


def _wheelbarrows(c: Canvas, b: dict, names: list[str], x: float, y: float, size: float = 18) -> None:
    for k, name in enumerate(names):
        seat = b["names"].index(name)
        symbols.marker(c, seat, x + k * (size + 4), y, size, name[:1])


def _gairy(c: Canvas, cx: float, cy: float, s: float) -> None:
    """Gairy's Wheelbarrow (solo): a dark hexagon with G."""
    h = s / 2
    points = [(cx + h * dx, cy + h * dy) for dx, dy in ((-0.5, -0.9), (0.5, -0.9), (1, 0), (0.5, 0.9), (-0.5, 0.9), (-1, 0))]
    c.path("M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in points) + " Z", fill=GAIRY, stroke=INK)
    c.text(cx, cy + s * 0.17, "G", size=max(s * 0.5, SMALLEST), anchor="middle", bold=True, fill="#ffffff")


def town(b: dict, changed: Changes, t: Translator) -> Panel:
    c = Canvas()
    c.text(0, 16, t.gettext("Town board"), size=15, bold=True)
    y = 28
    w = 104
    for area in b["areas"]:
        c.text(0, y + 13, term(t, area["name"]), size=13, bold=True)
        y += 18
        for k, space in enumerate(area["spaces"]):
            x = k * (w + 6)
            h = 66
            closed = space["closed"] or space["blocked"]
            c.rect(x, y, w, h, fill="#ececec" if closed else "#fffdf3", stroke=INK, rx=5,
                   dash="4 3" if closed else None)
            c.text(x + 6, y + 15, str(space["label"]), size=13, bold=True)
            c.text(x + 20, y + 15, t.ngettext("%(n)s action", "%(n)s actions", space["actions"]), size=11)
            cost = model.space_cost_text(space, t)
            c.fitted(x + 6, y + 31, t.gettext("shared · %(cost)s", cost=cost) if space["shared"] else cost, 11, w - 10,
                     fill=MUTED if space["cost"] == "free" else INK)
            if space["blocked"]:
                _gairy(c, x + 16, y + 50, 20)
                c.text(x + 30, y + 55, "Gairy", size=11, bold=True)
            elif space["occupants"]:
                _wheelbarrows(c, b, space["occupants"], x + 14, y + 50)
            elif space["closed"]:
                c.text(x + 6, y + 55, t.gettext("closed"), size=11, italic=True, fill=MUTED)
            else:
                c.text(x + 6, y + 55, t.gettext("open"), size=11, fill=MUTED)
            if changed(f"space:{space['name']}"):
                c.changed(x, y, w, h)
        y += 70
        y += c.paragraph(0, y + 10, model.area_actions(area["key"], t), 10.5, HALF - 20, fill=MUTED, most=3) + 10
    summary = t.gettext("Town board: %(spaces)s", spaces="; ".join(
        f"{s['name']} " + (t.gettext("blocked by Gairy") if s["blocked"] else (", ".join(s["occupants"]) or t.gettext("open")))
        for a in b["areas"] for s in a["spaces"]))
    return Panel(t.gettext("Town board"), HALF, y, c, summary=summary)


def market_and_buildings(b: dict, changed: Changes, t: Translator) -> Panel:
    c = Canvas()
    c.text(0, 16, term(t, "Farmer's Market"), size=15, bold=True)
    y = 26
    w = 144
    for k, tile in enumerate(b["market"]):
        x = k * (w + 6)
        c.rect(x, y, w, 104, fill="#f6f0ff", stroke=INK, rx=6)
        c.text(x + 6, y + 16, tile["label"], size=14, bold=True)
        c.fitted(x + 20, y + 16, term(t, tile["name"]), 12, w - 26, bold=True)
        cost, gives = model.market_text(tile["key"], t)
        free = not C.MARKET_TILES[tile["key"]]["cost"]
        c.paragraph(x + 6, y + 34, cost if free else t.gettext("costs %(cost)s", cost=cost), 11, w - 12, most=1)
        c.paragraph(x + 6, y + 52, t.gettext("gives %(gives)s", gives=gives), 11, w - 12, most=3)
        c.text(x + w - 6, y + 98, t.gettext("%(n)s under", n=tile["under"]), size=10.5, anchor="end", fill=MUTED)
        if changed(f"market:{tile['label']}"):
            c.changed(x, y, w, 104)
    y += 118
    c.titled(0, y + 14, t.gettext("Buildings"), t.gettext("(%(n)s in the deck)", n=b["buildings"]["deck"]))
    y += 24
    w = 220
    for k, item in enumerate(b["buildings"]["offer"]):
        x = (k % 2) * (w + 6)
        yy = y + (k // 2) * 92
        c.rect(x, yy, w, 86, fill="#f3e6d8", stroke="#8c6239", width=1.5, rx=6)
        symbols.house(c, x + 16, yy + 16, 20)
        coin = x + w - 76  # the cost's coin: the name ends before it, whatever its length
        c.fitted(x + 30, yy + 20, term(t, item["name"]), 13, coin - 8 - 6 - (x + 30), bold=True)
        symbols.coin(c, coin, yy + 15, 16)
        c.text(x + w - 66, yy + 20, str(item["cost"]), size=12, bold=True)
        c.text(x + w - 6, yy + 20, t.gettext("%(n)s pts", n=item["points"]), size=12, anchor="end", bold=True)
        c.paragraph(x + 6, yy + 40, model.building_text(item["key"], t), 10.5, w - 12, most=3)
        if changed(f"building:{item['key']}"):
            c.changed(x, yy, w, 86)
    rows = (len(b["buildings"]["offer"]) + 1) // 2
    y += rows * 92
    return Panel(t.gettext("Farmer's Market and buildings"), HALF, y + 2, c,
                 summary=t.gettext("Market: %(tiles)s", tiles="; ".join(
                     f"{tile['label']} {term(t, tile['name'])}" for tile in b["market"])))


def sunrise(b: dict, changed: Changes, t: Translator) -> Panel:
    c = Canvas()
    c.text(0, 16, t.gettext("Sunrise tiles"), size=15, bold=True)
    y = 26
    w = 144
    tiles = [(None, tile) for tile in b["sunrise"]["display"]] + [(h["name"], h["tile"]) for h in b["sunrise"]["held"]]
    for k, (owner, tile) in enumerate(tiles):
        x = (k % 3) * (w + 6)
        yy = y + (k // 3) * 104
        held = owner is not None
        c.rect(x, yy, w, 98, fill="#fff3d6" if not held else "#ffffff", stroke="#e69f00", width=2, rx=8)
        c.circle(x + 14, yy + 14, 10, fill="#e69f00", stroke=INK)
        c.text(x + 14, yy + 18, str(tile["number"]), size=11, anchor="middle", bold=True)
        c.fitted(x + 28, yy + 18, term(t, tile["name"]), 12, w - 32, bold=True)
        c.paragraph(x + 6, yy + 36, t.gettext(tile["effect"]), 10.5, w - 12, most=4)
        c.fitted(x + 6, yy + 93, t.gettext("held by %(name)s", name=owner) if held else t.gettext("on display"), 10.5, w - 12, italic=True,
                 fill=MUTED)
    rows = (len(tiles) + 2) // 3
    if changed("sunrise"):
        c.changed(0, y, 3 * w + 12, rows * 104 - 6)
    y += rows * 104
    if b["sunrise"]["queue"]:
        c.text(0, y + 10, t.gettext("Still to pick: %(names)s", names=", ".join(b["sunrise"]["queue"])), size=11)
        y += 16
    return Panel(t.gettext("Sunrise tiles"), HALF, y, c,
                 summary=t.gettext("Sunrise tiles on display: %(tiles)s", tiles=", ".join(
                     term(t, tile["name"]) for tile in b["sunrise"]["display"])))


def dealt(b: dict, t: Translator) -> Panel:
    c = Canvas()
    c.text(0, 16, t.gettext("Only you see this: dealt to you"), size=14, bold=True)
    y = 26
    cards = ([(N_("Character %(n)s: %(name)s"), d) for d in b["private"]["characters"]]
             + [(N_("Farmhouse %(n)s: %(name)s"), d) for d in b["private"]["farmhouses"]])
    w = 220
    for k, (kind, card) in enumerate(cards):
        x = (k % 2) * (w + 6)
        yy = y + (k // 2) * 80
        c.rect(x, yy, w, 74, fill="#eef5fb", stroke="#0072b2", width=1.5, rx=6, dash="5 3")
        c.fitted(x + 6, yy + 18, t.gettext(kind, n=card["number"], name=term(t, card["name"])), 12, w - 12, bold=True)
        text = t.gettext(card["text"]) if kind.startswith("Character") else model.farmhouse_text(card["key"], t)
        c.paragraph(x + 6, yy + 36, text, 10.5, w - 12, most=3)
    y += (len(cards) + 1) // 2 * 80
    return Panel(t.gettext("Dealt to you"), HALF, y, c, summary=t.gettext("Cards dealt to you"))


def _cell_groups(farm: dict) -> list[tuple[dict, list[str]]]:
    """Each thing on the farm once, with its cells (a building's 2x2 block,
    a crop's tile)."""
    cells = {cell["name"]: cell for row in farm["rows"] for cell in row["cells"]}
    groups: dict[str, list[str]] = {}
    for name, cell in cells.items():
        if cell["kind"] == "building":
            anchor = name if cell["span"] else None
            if anchor is None:
                anchor = next(n for n, o in cells.items() if o.get("span") and o.get("building") == cell["building"]
                              and abs(ord(n[0]) - ord(name[0])) <= 1 and abs(int(n[1:]) - int(name[1:])) <= 1)
        elif cell["detail"].startswith("tile "):
            anchor = cell["detail"][5:]
        else:
            anchor = name
        groups.setdefault(anchor, []).append(name)
    return [(cells[anchor], names) for anchor, names in groups.items()]


def _farm(c: Canvas, f: dict, x0: float, y0: float, changed: Changes, t: Translator) -> tuple[float, float]:
    farm = f["farm"]
    columns = farm["columns"]
    gx, gy = x0 + LABEL, y0 + LABEL
    for i, col in enumerate(columns):
        c.text(gx + i * CELL + CELL / 2, y0 + 15, col, size=13, anchor="middle", bold=True)
    for row in farm["rows"]:
        c.text(x0 + LABEL - 6, gy + (row["number"] - 1) * CELL + CELL / 2 + 5, str(row["number"]), size=13,
               anchor="end", bold=True)
    c.rect(gx - 3, gy - 3, len(columns) * CELL + 3, len(farm["rows"]) * CELL + 3, fill="#eef3e2", stroke=LINE, rx=4)
    for cell, names in _cell_groups(farm):
        cols = sorted(columns.index(n[0]) for n in names)
        rows = sorted(int(n[1:]) - 1 for n in names)
        x, y = gx + cols[0] * CELL, gy + rows[0] * CELL
        w = (cols[-1] - cols[0] + 1) * CELL - 4
        h = (rows[-1] - rows[0] + 1) * CELL - 4
        kind = cell["kind"]
        where = "cell " + " ".join(sorted(names))
        if kind == "empty":
            c.rect(x, y, w, h, fill="#f7f4ea", stroke="#d8d2c0", rx=4, name=where)
            c.text(x + 5, y + 13, cell["name"], size=10.5, fill="#8a8470")
        else:
            sw = palette.swatch(cell["swatch"])
            c.rect(x, y, w, h, fill=sw.fill, stroke=sw.strong, width=2, rx=5, name=f"{where} {kind}")
            if kind == "forest":
                symbols.forest(c, x + w / 2, y + h / 2 - 6, 34)
            elif kind == "building":
                symbols.house(c, x + w / 2, y + h / 2 - 14, 40)
            else:
                symbols.crop(c, kind, x + w / 2, y + h / 2 - 6, 30, berry=cell["detail"] == "Blueberry")
            label = term(t, cell.get("building") or cell["word"])
            if kind == "bush" and cell["detail"] == "Blueberry":
                label = term(t, "Blueberry")
            c.fitted(x + w / 2, y + h - 6, label, 11, w - 4, anchor="middle", bold=kind == "building")
        if any(changed(f"farm:{f['seat']}:{n}") for n in names):
            c.changed(x, y, w, h)
    return LABEL + len(columns) * CELL, LABEL + len(farm["rows"]) * CELL


def _facts(c: Canvas, f: dict, x: float, y: float, width: float, b: dict, changed: Changes, t: Translator) -> float:
    start = y
    y += 16
    symbols.coin(c, x + 9, y - 5, 16)
    c.text(x + 22, y, t.ngettext("%(n)s coin", "%(n)s coins", f["coins"]), size=12, bold=True)
    symbols.sack(c, x + 109, y - 5, 16)
    c.text(x + 122, y, t.gettext("Fertilizer %(n)s/%(most)s", n=f["fertilizer"], most=f["fertilizer_max"]), size=12)
    y += 24
    symbols.drop(c, x + 9, y - 5, 16)
    c.text(x + 22, y, t.gettext("Water %(n)s/%(most)s · bucket level %(level)s of %(top)s", n=f["water"], most=f["capacity"],
                                level=f["bucket"], top=f["bucket_top"]), size=12)
    y += 10
    for k, sd in enumerate(f["seeds"]):
        sx = x + k * 50
        kind = {"Wheat": "wheat", "Strawberry": "strawberry", "Blueberry Bush": "bush", "Pumpkin": "pumpkin"}[sd["name"]]
        symbols.crop(c, kind, sx + 12, y + 14, 20)
        c.text(sx + 26, y + 20, str(sd["count"]), size=13, bold=True)
    c.text(x + 4 * 50, y + 20, t.gettext("seeds"), size=11, fill=MUTED)
    if changed(f"supplies:{f['seat']}"):
        c.changed(x - 2, start + 2, width, y + 30 - start)
    y += 40
    left = f["wheelbarrows"]
    c.text(x, y, t.gettext("Wheelbarrows: %(left)s left, %(placed)s in town", left=left, placed=f["placed"]), size=12, bold=True)
    for k in range(left):
        symbols.marker(c, f["seat"], x + 10 + k * 22, y + 16, 16, f["name"][:1])
    if changed(f"wheelbarrows:{f['seat']}"):
        c.changed(x - 2, y - 12, width, 38)
    y += 34 if left else 22
    lines = []
    if f["character"]:
        lines.append((term(t, f["character"]["name"]), t.gettext(f["character"]["text"])))
    if f["farmhouse"]:
        lines.append((term(t, f["farmhouse"]["name"]), model.farmhouse_text(f["farmhouse"]["key"], t)))
    lines.append((t.gettext("Sunrise: %(tile)s", tile=term(t, f["sunrise"]["name"])), t.gettext(f["sunrise"]["effect"])))
    if f["buildings"]:
        lines.append((t.gettext("Buildings"), ", ".join(term(t, name) for name in f["buildings"])))
    for title, text in lines:
        c.fitted(x, y + 12, title, 12, width, bold=True)
        y += 16 + c.paragraph(x, y + 27, text, 10.5, width, fill=MUTED, most=2)
    return y - start + 10


def farmer(b: dict, f: dict, changed: Changes, t: Translator) -> Panel:
    """A farmer's farm with their supplies and cards below it."""
    c = Canvas()
    symbols.farmer_header(c, f["seat"], t.gettext("%(name)s (you)", name=f["name"]) if f["you"] else f["name"],
                          t.ngettext("%(n)s point", "%(n)s points", f["points_now"]), HALF, f["to_act"] and not b["over"], t)
    w, h = _farm(c, f, 0, 38, changed, t)
    facts_h = _facts(c, f, 4, 38 + h + 6, HALF - 8, b, changed, t)
    return Panel(t.gettext("%(name)s's farm", name=f["name"]), HALF, 38 + h + 6 + facts_h, c, wide=True,
                 summary=t.gettext("%(name)s: %(points)s, %(coins)s", name=f["name"],
                                   points=t.ngettext("%(n)s point", "%(n)s points", f["points_now"]),
                                   coins=t.ngettext("%(n)s coin", "%(n)s coins", f["coins"])))


def legend(b: dict, t: Translator) -> Panel:
    c = Canvas()
    items = [(lambda c, x, y, k=k: symbols.crop(c, k, x, y, 20, berry=k == "bush"), t.gettext(word)) for k, word in
             (("wheat", "Wheat"), ("strawberry", "Strawberry"), ("bush", N_("Bush (with Blueberry)")),
              ("pumpkin", "Pumpkin"))]
    items.append((lambda c, x, y: symbols.forest(c, x, y, 20), t.gettext("Forest")))
    items += [(lambda c, x, y, s=s, n=n: symbols.marker(c, s, x, y, 16, n[:1]), n) for s, n in enumerate(b["names"])]
    if b["solo"]:
        items.append((lambda c, x, y: _gairy(c, x, y, 18), t.gettext("Gairy (blocks a space)")))
    height = symbols.key(c, items, HALF, t)
    return Panel(t.gettext("Key"), HALF, height, c, wide=True, key=True)
