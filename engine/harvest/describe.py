"""Sentences for the other farmers about a Harvest move, with what it
brought: the sunrise incomes, what a market tile gave, the Forest dice
rolled, what a harvest yielded, and the free passes used.

A sentence follows the farmer's name ("Céline harvested every crop on
their farm") and speaks of the farmer as they/their only, so
``core.second_person`` tells it to the farmer who played it. What a move
brought is read from the state after it (a Fertilizer over the
limit, or Water over the bucket, is not counted as gained); the dice are
rolled again from the same generator state, exactly as the move rolls them.
Each sentence is an :class:`engine.phrases.Phrase` (English text and its
parts, the form told to the farmer who played under the context ``you``),
which the rendering floor tells in the reader's language.
"""

from __future__ import annotations

from engine.core import Move, Rng, State
from engine.harvest import content as C
from engine.harvest import rules
from engine.harvest.farm import DOMINOES
from engine.harvest.state import SPACES
from engine.harvest.turns import market_pass_applies, space_cost
from engine.phrases import N_, Listed, Phrase, name, pgettext, told

#: what a pass is called when it is used or gained
PASS_NAMES = {"market_free": N_("the Early Market pass"), "trading_free": N_("the Late Riser pass")}
DISCOUNT_NAMES = {"build_discount": N_("buildings cost 2 coins less this round"),
                  "free_planting": N_("planting needs no Fertilizer this round")}
CLOSED_PASS = N_("a pass to a closed space")


def counted(count: int, one: str, many: str, **params) -> Phrase:
    """``"%(n)s coin"`` or ``"%(n)s coins"`` by ``count``."""
    return Phrase(one if count == 1 else many, {"n": count, **params})


def coins(n: int) -> Phrase:
    return counted(n, N_("%(n)s coin"), N_("%(n)s coins"))


def points(n: int) -> Phrase:
    return counted(n, N_("%(n)s point"), N_("%(n)s points"))


def fertilizer(n: int) -> Phrase:
    return Phrase(N_("%(n)s Fertilizer"), {"n": n})


def water(n: int) -> Phrase:
    return Phrase(N_("%(n)s Water"), {"n": n})


def seeds(crop: str, n: int) -> Phrase:
    """"1 Wheat seed", "2 Pumpkin seeds"."""
    return counted(n, N_("%(n)s %(crop)s seed"), N_("%(n)s %(crop)s seeds"), crop=name(C.CROP_NAMES[crop]))


def and_(parts: list) -> Phrase:
    """"a and b and c"."""
    listed = parts[0]
    for part in parts[1:]:
        listed = Phrase(N_("%(first)s and %(last)s"), {"first": listed, "last": part})
    return listed


def _cells_text(anchor: str, orientation: str | None = None) -> str:
    return "–".join(DOMINOES[(anchor, orientation)]) if orientation else anchor


def income_words(income: dict) -> list[Phrase]:
    """``{"coins": 2, "seeds": {"wheat": 1}}`` -> ["2 coins", "1 Wheat seed"]."""
    parts = []
    if income.get("coins"):
        parts.append(coins(income["coins"]))
    if income.get("points"):
        parts.append(points(income["points"]))
    if income.get("fertilizer"):
        parts.append(fertilizer(income["fertilizer"]))
    if income.get("water"):
        parts.append(water(income["water"]))
    for seed, n in income.get("seeds", {}).items():
        parts.append(seeds(seed, n))
    return parts


def gained(before: dict, after: dict) -> list[Phrase]:
    """What a farmer holds more of after a move than before it."""
    diff = {key: after[key] - before[key] for key in ("coins", "points", "fertilizer", "water")}
    diff["seeds"] = {s: after["seeds"][s] - before["seeds"][s] for s in C.SEEDS
                     if after["seeds"][s] > before["seeds"][s]}
    parts = income_words({k: v for k, v in diff.items() if k == "seeds" or v > 0})
    if after["bucket"] > before["bucket"]:
        parts.append(counted(after["bucket"] - before["bucket"], N_("the bucket %(n)s step bigger"),
                             N_("the bucket %(n)s steps bigger")))
    if after["closed"] > before["closed"]:
        parts.append(Phrase(CLOSED_PASS))
    for perk, text in PASS_NAMES.items():
        if after["perks"].get(perk, 0) > before["perks"].get(perk, 0):
            parts.append(Phrase(text))
    for perk, text in DISCOUNT_NAMES.items():
        if perk in after["perks"] and perk not in before["perks"]:
            parts.append(Phrase(text))
    return parts


def passes_used(before: dict, after: dict) -> list[str]:
    """The perks (and ``"closed"``) whose passes the move used."""
    used = [perk for perk in PASS_NAMES if after["perks"].get(perk, 0) < before["perks"].get(perk, 0)]
    if after["closed"] < before["closed"]:
        used.append("closed")
    return used


def dice_rolled(state: State, move: Move) -> list[dict]:
    """The faces the Forest dice show for a ``clear`` move (none when the
    clearing rolls no dice), from the generator state the move rolls with."""
    farmer = state["farmers"][state["active"]]
    count = rules.clear_dice(farmer, state["turn"])
    rng = Rng(state["hidden"]["rng"])  # as rules._clear rolls them
    return [C.FOREST_DIE[rng.below(len(C.FOREST_DIE))] for _ in range(count)]


def describe_phrase(game, state: State, move: Move) -> Phrase:
    seat = state["active"]
    after = game.apply(state, move)
    return what_happened(state, move, state["farmers"][seat], after["farmers"][seat])


def paying(farmer: dict, cost: dict) -> dict:
    """The farmer once ``cost`` is paid: what a move gained is counted from there."""
    out = {**farmer, "coins": farmer["coins"] - cost.get("coins", 0), "seeds": dict(farmer["seeds"])}
    for seed, n in cost.get("seeds", {}).items():
        out["seeds"][seed] -= n
    return out


def cost_words(cost: dict) -> Phrase | Listed:
    parts = income_words(cost)
    return Listed(tuple(parts)) if parts else Phrase(N_("free"))


def _with_gains(did: Phrase, before: dict, after: dict, none: str | None = None) -> Phrase:
    parts = gained(before, after)
    if parts:
        return Phrase(N_("%(did)s: %(gains)s"), {"did": did, "gains": Listed(tuple(parts))})
    return Phrase(none, {"did": did}) if none else did


def _said(text: str, you: str, **params) -> Phrase:
    """A sentence about the farmer's move: ``text`` for the others, ``you`` for them."""
    return told(text, you, params)


_KEPT = {"character": (N_("kept a Character"), pgettext("you", "kept a Character")),
         "farmhouse": (N_("kept a Farmhouse"), pgettext("you", "kept a Farmhouse"))}
_BONUS = {"fertilizer": (N_("took a Fertilizer as the Fields bonus"),
                         pgettext("you", "took a Fertilizer as the Fields bonus")),
          "water": (N_("took a Water as the Fields bonus"), pgettext("you", "took a Water as the Fields bonus"))}


def what_happened(state: State, move: Move, before: dict, after: dict) -> Phrase:
    args = move.args
    seat = state.get("active")
    kind = move.kind
    if kind == "keep":
        dealt = (state.get("private") or {}).get(str(seat)) or {}
        names = dealt.get(f"{args[0]}s")
        if names:
            table = C.CHARACTERS if args[0] == "character" else C.FARMHOUSES
            return _with_gains(_said(N_("kept %(name)s"), pgettext("you", "kept %(name)s"),
                                     name=name(table[names[args[1] - 1]]["name"])), before, after)
        return told(*_KEPT[args[0]])
    if kind == "sunrise":
        return _with_gains(_said(N_("took sunrise tile %(n)s (%(tile)s)"), pgettext("you", "took sunrise tile %(n)s (%(tile)s)"),
                                 n=args[0], tile=name(C.SUNRISE_TILES[args[0]]["name"])), before, after)
    if kind == "place":
        return _placed(state, args, before, after)
    if kind == "bonus":
        return told(*_BONUS[args[0]])
    if kind == "pay":
        what = ({"fertilizer": fertilizer(2), "water": water(3)}.get(args[0])
                or Phrase(N_("a %(crop)s seed"), {"crop": name(C.CROP_NAMES.get(args[0], args[0]))}))
        return _said(N_("paid %(what)s for an action at the Trading Post"),
                     pgettext("you", "paid %(what)s for an action at the Trading Post"), what=what)
    if kind == "gain":
        return told(N_("gained a Fertilizer"), pgettext("you", "gained a Fertilizer"))
    if kind == "fill":
        return told(N_("paid 1 coin to fill their water bucket"), pgettext("you", "paid 1 coin to fill your water bucket"))
    if kind == "buy":
        return _said(N_("bought %(seeds)s"), pgettext("you", "bought %(seeds)s"), seeds=seeds(args[0], args[1]))
    if kind == "plant":
        return _said(N_("planted %(crop)s on %(cells)s"), pgettext("you", "planted %(crop)s on %(cells)s"),
                     crop=name(C.CROP_NAMES[args[0]]), cells=_cells_text(*args[1:]))
    if kind == "tend":
        if args[0] == "blueberry":
            return _said(N_("grew a Blueberry on the bush at %(cell)s"),
                         pgettext("you", "grew a Blueberry on the bush at %(cell)s"), cell=args[1])
        grown = _cells_text(*args[2:]) if args[0] == "pumpkin" else and_(list(args[2:]))
        return _said(N_("tended the %(crop)s at %(cell)s, growing %(grown)s"),
                     pgettext("you", "tended the %(crop)s at %(cell)s, growing %(grown)s"),
                     crop=name(C.CROP_NAMES[args[0]]), cell=args[1], grown=grown)
    if kind == "harvest":
        bushes = sum(1 for t in before["farm"]["crops"] if t["crop"] == "bush")
        did = _with_gains(told(N_("harvested every crop on their farm"), pgettext("you", "harvested every crop on your farm")),
                          before, after, none=N_("%(did)s (nothing to gain)"))
        if bushes:
            return counted(bushes, N_("%(did)s (%(n)s Blueberry Bush stays)"),
                           N_("%(did)s (%(n)s Blueberry Bushes stay)"), did=did)
        return did
    if kind == "upgrade":
        if args[0] == "bucket":
            return told(N_("paid 1 coin to make their water bucket one step bigger"),
                        pgettext("you", "paid 1 coin to make your water bucket one step bigger"))
        crops = {"crop": name(C.CROP_NAMES[args[0]]), "better": name(C.CROP_NAMES[C.SEEDS[C.SEEDS.index(args[0]) + 1]])}
        if state.get("phase") == "sunrise":
            return _said(N_("upgraded a %(crop)s seed to %(better)s at First Light"),
                         pgettext("you", "upgraded a %(crop)s seed to %(better)s at First Light"), **crops)
        return _with_gains(_said(N_("upgraded a %(crop)s seed to %(better)s"),
                                 pgettext("you", "upgraded a %(crop)s seed to %(better)s"), **crops), before, after)
    if kind == "clear":
        return _cleared(state, move, before, after)
    if kind == "build":
        offer = next(o for o in state["buildings"]["offer"] if o["building"] == args[0])
        cost = {"coins": rules.build_cost(before, offer["cost"], state["turn"])}
        did = _said(N_("built a %(building)s on %(cell)s (%(cost)s)"), pgettext("you", "built a %(building)s on %(cell)s (%(cost)s)"),
                    building=name(C.BUILDINGS[args[0]]["name"]), cell=args[1], cost=cost_words(cost))
        return _with_gains(did, paying(before, cost), after)
    if kind == "done":
        if state.get("phase") == "sunrise":
            return told(N_("kept their seeds unchanged"), pgettext("you", "kept your seeds unchanged"))
        return told(N_("ended their visit"), pgettext("you", "ended your visit"))
    return Phrase(kind)


def _placed(state: State, args: tuple, before: dict, after: dict) -> Phrase:
    area, label = args
    space = f"{area} {label}"
    where = name(C.AREA_NAMES[area])
    if area == "market":
        tile = C.MARKET_TILES[state["market"][label]]
        did = _said(N_("placed a Wheelbarrow on %(where)s tile %(tile)s"),
                    pgettext("you", "placed a Wheelbarrow on %(where)s tile %(tile)s"), where=where, tile=name(tile["name"]))
    else:
        did = _said(N_("placed a Wheelbarrow on the %(where)s (%(actions)s)"),
                    pgettext("you", "placed a Wheelbarrow on the %(where)s (%(actions)s)"), where=where,
                    actions=counted(SPACES[space]["actions"], N_("%(n)s action"), N_("%(n)s actions")))
    cost = {} if market_pass_applies(state, before, space) else space_cost(state, space)
    if any(cost.values()):
        did = Phrase(N_("%(did)s for %(cost)s"), {"did": did, "cost": cost_words(cost)})
    used = passes_used(before, after)
    if used:
        passes = and_([Phrase(CLOSED_PASS if perk == "closed" else PASS_NAMES[perk]) for perk in used])
        did = Phrase(N_("%(did)s, using %(passes)s (no entry)") if "trading_free" in used
                     else N_("%(did)s, using %(passes)s"), {"did": did, "passes": passes})
    if area == "market":
        return _with_gains(did, paying(before, cost), after)
    return did


def _cleared(state: State, move: Move, before: dict, after: dict) -> Phrase:
    paid = rules.clear_cost(before, state["turn"])
    if paid > 0:
        did = _said(N_("cleared the Forest on %(cell)s for %(coins)s"),
                    pgettext("you", "cleared the Forest on %(cell)s for %(coins)s"), cell=move.args[1], coins=coins(paid))
    else:
        did = _said(N_("cleared the Forest on %(cell)s"), pgettext("you", "cleared the Forest on %(cell)s"), cell=move.args[1])
    before = paying(before, {"coins": paid})
    faces = dice_rolled(state, move)
    if not faces:
        return Phrase(N_("%(did)s (no Forest dice)"), {"did": did})
    rolled = Listed(tuple(Listed(tuple(income_words(face))) for face in faces), separator="; ")
    did = Phrase(N_("%(did)s and rolled the Forest dice: %(rolled)s"), {"did": did, "rolled": rolled})
    got = gained(before, after)
    if [str(p) for p in got] != [str(p) for p in income_words(_total(faces))]:  # beyond what can be held is lost
        if got:
            return Phrase(N_("%(did)s (kept %(kept)s)"), {"did": did, "kept": Listed(tuple(got))})
        return Phrase(N_("%(did)s (nothing kept: no room for it)"), {"did": did})
    return did


def _total(faces: list[dict]) -> dict:
    total: dict = {"seeds": {}}
    for face in faces:
        for key, value in face.items():
            if key == "seeds":
                for seed, n in value.items():
                    total["seeds"][seed] = total["seeds"].get(seed, 0) + n
            else:
                total[key] = total.get(key, 0) + value
    return total
