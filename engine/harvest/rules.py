"""The rules of the Town areas' actions: which moves each offers, and what they do.

An *action* is one of a space's numbered actions. Plant, Tend and Buy may
cover many crops or seeds: the first such move starts the action and the next
moves of the same kind go on with it for free. Every other move is one whole
action. Each kind below has a generator (the legal moves, given whether the
action is new or going on) and a resolver (the change it makes).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache, lru_cache

from engine.core import IllegalMove, Move, Rng, State
from engine.harvest import content as C
from engine.harvest.farm import BLOCKS, CELL_SET, DOMINOES, NEIGHBOURS, cell_sort_key, occupied, placements, touching
from engine.harvest.state import SPACES, capacity, fill_bush, gain, modifiers
from engine.phrases import N_, Listed, Phrase, Typed, name

#: cell -> its cell_sort_key, for sorting without a call per cell
CELL_ORDER = {cell: cell_sort_key(cell) for cell in CELL_SET}

#: Actions each area offers ("market" tiles grant one of them instead).
AREA_ACTIONS = {
    "store": ("gain", "fill", "buy"),
    "fields": ("plant", "tend", "harvest"),
    "workshop": ("bucket", "clear", "build"),
    "trading": ("plant", "tend", "harvest", "clear", "seedup"),
}
#: space name -> the actions of its area (a market space's tile grants its own)
SPACE_ACTIONS = {name: AREA_ACTIONS[space["area"]] for name, space in SPACES.items() if space["area"] in AREA_ACTIONS}
#: the Trading Post's spaces
TRADING_SPACES = frozenset(name for name, space in SPACES.items() if space["area"] == "trading")
#: Actions that go on over several moves.
ONGOING = frozenset({"buy", "plant", "tend"})
MAX_BUY = 9


@cache
def _move(kind: str, *args) -> Move:
    """A shared Move instance (moves are immutable): legal move lists are
    rebuilt at every step, and building Move objects is most of their cost
    (the cache finds one without a Python call)."""
    return Move(kind, args)


def action_kind(move: Move) -> str | None:
    """The action a move belongs to (None for moves that are not actions)."""
    if move.kind == "upgrade":
        return "bucket" if move.args[:1] == ("bucket",) else "seedup"
    if move.kind in ("gain", "fill", "buy", "plant", "tend", "harvest", "clear", "build"):
        return move.kind
    return None


def allowed_actions(turn: dict) -> tuple[str, ...]:
    if turn.get("grant"):
        return (turn["grant"]["action"],)
    return SPACE_ACTIONS[turn["space"]]


def is_free(turn: dict) -> bool:
    """Trading Post actions and some market tiles ignore Fertilizer, Water and coin costs."""
    return turn["space"] in TRADING_SPACES or bool((turn.get("grant") or {}).get("free"))


# --------------------------------------------------------------------------- costs


def plant_cost(farmer: dict, crop: str, turn: dict, mods: Mapping | None = None) -> int:
    """``mods``: the farmer's :func:`modifiers`, when the caller has them."""
    if is_free(turn):
        return 0
    mods = modifiers(farmer) if mods is None else mods
    if mods.get("free_plant") == crop or mods.get("free_planting"):
        return 0
    return C.CROPS[crop]["plant"]


def tend_cost(farmer: dict, tile: dict, turn: dict, mods: Mapping | None = None) -> int:
    """``mods``: the farmer's :func:`modifiers`, when the caller has them."""
    if is_free(turn):
        return 0
    mods = modifiers(farmer) if mods is None else mods
    if mods.get("adjacent_tend_free") and any(
        b["building"] == "greenhouse" and touching(tile["cells"], b["cells"]) for b in farmer["farm"]["buildings"]
    ):
        return 0
    return C.CROPS[tile["crop"]]["tend"] - (1 if mods.get("tend_discount") == tile["crop"] else 0)


def clear_cost(farmer: dict, turn: dict) -> int:
    if is_free(turn):
        return 0
    mods = modifiers(farmer)
    base = mods.get("clear_cost", C.FOREST_CLEAR_COST)
    return max(0, base - mods.get("clear_discount", 0))


def clear_dice(farmer: dict, turn: dict) -> int:
    if turn["space"] in TRADING_SPACES:
        return modifiers(farmer).get("trading_dice", 0)
    grant = turn.get("grant")
    if grant:
        return C.FOREST_DICE if grant.get("dice") else 0
    return C.FOREST_DICE


def build_cost(farmer: dict, offer_cost: int, turn: dict, mods: Mapping | None = None) -> int:
    """``mods``: the farmer's :func:`modifiers`, when the caller has them."""
    mods = modifiers(farmer) if mods is None else mods
    discount = mods.get("build_discount", 0) + (turn.get("grant") or {}).get("discount", 0)
    return max(0, offer_cost - discount)


# --------------------------------------------------------------------------- generators


def tend_parents(farmer: dict, turn: dict, fresh: bool) -> list[dict]:
    """Crop tiles that may be tended: in a new Tend action every planted crop;
    going on, only those neither tended nor grown in this action."""
    skip = set() if fresh else set(turn["tended"]) | set(turn["grown"])
    out = []
    for tile in farmer["farm"]["crops"]:
        if tile["cells"][0] in skip or (tile["crop"] == "bush" and tile["berry"]):
            continue
        out.append(tile)
    return out


@cache
def dominoes_touching(cells: tuple[str, ...]) -> tuple:
    """Every (anchor, orientation, cells) of a domino next to ``cells``, in
    the order of ``placements`` (cached: tending Pumpkins is searched often)."""
    return tuple((a, o, domino) for (a, o), domino in DOMINOES.items() if touching(domino, cells))


def gen_tend(farmer: dict, turn: dict, fresh: bool, free: set[str]) -> Iterator[Move]:
    mods = modifiers(farmer)
    costs_water = not is_free(turn)
    for tile in tend_parents(farmer, turn, fresh):
        if costs_water and farmer["water"] < tend_cost(farmer, tile, turn, mods):
            continue
        crop, parent = tile["crop"], tile["cells"][0]
        if crop == "bush":
            yield _move("tend", "blueberry", parent)
        elif crop == "pumpkin":
            for a, o, cells in dominoes_touching(tuple(tile["cells"])):
                if cells[0] in free and cells[1] in free:
                    yield _move("tend", "pumpkin", parent, a, o)
        else:
            room = [n for n in NEIGHBOURS[parent] if n in free]  # in reading order
            if crop == "strawberry" and len(room) >= 2:
                for i, a in enumerate(room):
                    for b in room[i + 1 :]:
                        yield _move("tend", crop, parent, a, b)
            else:
                for a in room:
                    yield _move("tend", crop, parent, a)


@lru_cache(maxsize=8192)
def plant_moves(seed: str, free: frozenset[str]) -> tuple[Move, ...]:
    """Every way to plant ``seed`` on the ``free`` cells (cached: a farm
    changes little from one move to the next)."""
    return tuple(_move("plant", seed, anchor) if orientation is None else _move("plant", seed, anchor, orientation)
                 for anchor, orientation, _ in placements(C.CROPS[seed]["shape"], free))


def _gen_gain(state: State, farmer: dict, turn: dict, fresh: bool) -> Iterator[Move]:
    if farmer["fertilizer"] < C.FERTILIZER_MAX:
        yield _move("gain", "fertilizer")


def _gen_fill(state: State, farmer: dict, turn: dict, fresh: bool) -> Iterator[Move]:
    if farmer["coins"] >= C.FILL_BUCKET_COST and farmer["water"] < capacity(farmer):
        yield _move("fill", "bucket")


def _gen_buy(state: State, farmer: dict, turn: dict, fresh: bool) -> Iterator[Move]:
    for seed in C.SEEDS:
        yield from _BUY_MOVES[seed][:min(MAX_BUY, farmer["coins"] // C.CROPS[seed]["price"])]


def _gen_plant(state: State, farmer: dict, turn: dict, fresh: bool) -> Iterator[Move]:
    free = None
    mods = modifiers(farmer)
    for seed in C.SEEDS:
        if farmer["seeds"][seed] and farmer["fertilizer"] >= plant_cost(farmer, seed, turn, mods):
            if free is None:
                free = CELL_SET - occupied(farmer["farm"])
            yield from plant_moves(seed, free)


def _gen_tend(state: State, farmer: dict, turn: dict, fresh: bool) -> Iterator[Move]:
    return gen_tend(farmer, turn, fresh, CELL_SET - occupied(farmer["farm"]))


def _gen_harvest(state: State, farmer: dict, turn: dict, fresh: bool) -> Iterator[Move]:
    for tile in farmer["farm"]["crops"]:  # something to harvest: a crop, or a bush with its berry
        if tile["crop"] != "bush" or tile["berry"]:
            yield _move("harvest")
            return


def _gen_bucket(state: State, farmer: dict, turn: dict, fresh: bool) -> Iterator[Move]:
    if farmer["bucket"] < len(C.BUCKET_LEVELS) - 1 and farmer["coins"] >= C.BUCKET_UPGRADE_COST:
        yield _move("upgrade", "bucket")


def _gen_clear(state: State, farmer: dict, turn: dict, fresh: bool) -> Iterator[Move]:
    if farmer["farm"]["forests"] and farmer["coins"] >= clear_cost(farmer, turn):
        for cell in sorted(farmer["farm"]["forests"], key=CELL_ORDER.__getitem__):
            yield _move("clear", "forest", cell)


def _gen_build(state: State, farmer: dict, turn: dict, fresh: bool) -> Iterator[Move]:
    mods = modifiers(farmer)
    affordable = [offer["building"] for offer in state["buildings"]["offer"]
                  if farmer["coins"] >= build_cost(farmer, offer["cost"], turn, mods)]
    if not affordable:
        return
    farm = farmer["farm"]
    blocked = set(farm["forests"]).union(*(b["cells"] for b in farm["buildings"]))
    anchors = [a for a, cells in BLOCKS.items() if blocked.isdisjoint(cells)]
    for building in affordable:
        for a in anchors:
            yield _move("build", building, a)


def _gen_seedup(state: State, farmer: dict, turn: dict, fresh: bool) -> Iterator[Move]:
    for seed in C.SEEDS[:-1]:
        if farmer["seeds"][seed]:
            yield _move("upgrade", seed)


#: action kind -> the generator of its legal moves for the farmer whose visit is
#: resolved (state, farmer, visit, fresh), one at a time: whether there is one
#: at all needs only the first
GENERATORS = {"gain": _gen_gain, "fill": _gen_fill, "buy": _gen_buy, "plant": _gen_plant, "tend": _gen_tend,
              "harvest": _gen_harvest, "bucket": _gen_bucket, "clear": _gen_clear, "build": _gen_build,
              "seedup": _gen_seedup}


#: seed -> the moves buying 1, 2, ... MAX_BUY of it
_BUY_MOVES = {seed: tuple(_move("buy", seed, n) for n in range(1, MAX_BUY + 1)) for seed in C.SEEDS}


def going_on(turn: dict, kind: str) -> bool:
    return kind in ONGOING and turn["open"] == kind


def kind_moves(state: State, kind: str) -> Iterator[Move]:
    """The legal moves of one action kind now: going on with the open action
    or starting a new one (Tend may do both: eligible parents go on, the
    others start a new action)."""
    turn = state["turn"]
    can_start = (turn["left"] > 0 and not (kind in turn["used"] and turn["space"].startswith("workshop"))
                 and turn.get("entries") != 0)
    if going_on(turn, kind):
        return GENERATORS[kind](state, state["farmers"][state["active"]], turn, can_start if kind == "tend" else True)
    if can_start:
        return GENERATORS[kind](state, state["farmers"][state["active"]], turn, True)
    return iter(())


def has_kind_moves(state: State, kind: str) -> bool:
    """Whether :func:`kind_moves` yields any (found without listing them all)."""
    return next(kind_moves(state, kind), None) is not None


def action_moves(state: State) -> list[Move]:
    """Every action move open to the farmer now (without ``done``)."""
    return [move for kind in allowed_actions(state["turn"]) for move in kind_moves(state, kind)]


#: the action kinds by how cheaply their first move is found, for the
#: questions that need only whether there is one
CHEAP_FIRST = ("gain", "fill", "harvest", "bucket", "seedup", "clear", "buy", "build", "plant", "tend")


@cache
def by_cost(kinds: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(kinds, key=CHEAP_FIRST.index))


def any_action(state: State) -> bool:
    """Whether an action move is open now: once no new action may start (none
    left, or the Trading Post entry not paid), only the open one may go on."""
    turn = state["turn"]
    kinds = allowed_actions(turn)
    if turn["left"] == 0 or turn.get("entries") == 0:
        open_kind = turn["open"]
        return open_kind in ONGOING and open_kind in kinds and has_kind_moves(state, open_kind)
    for kind in by_cost(kinds):  # a loop, not any() over a generator: asked after every move of a visit
        if has_kind_moves(state, kind):
            return True
    return False


# --------------------------------------------------------------------------- resolvers


def resolve(state: State, move: Move) -> None:
    """Apply an action move (already known to be legal) to ``state`` in place."""
    turn = state["turn"]
    farmer = state["farmers"][state["active"]]
    kind = action_kind(move)
    continuing = going_on(turn, kind)
    if kind == "tend" and continuing:
        continuing = move.args[1] not in turn["tended"] and move.args[1] not in turn["grown"]
    if not continuing:
        if turn.get("entries"):
            turn["entries"] -= 1  # the Trading Post entry paid for this action
        turn["left"] -= 1
        turn["open"] = kind
        turn["used"].append(kind)
        turn["tended"], turn["grown"] = [], []
    RESOLVERS[kind](state, farmer, turn, move)


def _gain(state, farmer, turn, move):
    gain(farmer, {"fertilizer": 1})


def _fill(state, farmer, turn, move):
    farmer["coins"] -= C.FILL_BUCKET_COST
    gain(farmer, {"fill": True})


def _buy(state, farmer, turn, move):
    seed, n = move.args
    farmer["coins"] -= C.CROPS[seed]["price"] * n
    farmer["seeds"][seed] += n


def _plant(state, farmer, turn, move):
    seed, anchor, *rest = move.args
    farmer["fertilizer"] -= plant_cost(farmer, seed, turn)
    farmer["seeds"][seed] -= 1
    tile = {"crop": seed, "cells": _cells(anchor, rest)}
    if seed == "bush":
        tile["berry"] = False
    farmer["farm"]["crops"].append(tile)


def _cells(anchor: str, rest: list) -> list[str]:
    return list(DOMINOES[(anchor, rest[0])]) if rest else [anchor]


def _tend(state, farmer, turn, move):
    crop, parent, *rest = move.args
    tile = next(t for t in farmer["farm"]["crops"] if t["cells"][0] == parent)
    farmer["water"] -= tend_cost(farmer, tile, turn)
    turn["tended"].append(parent)
    if crop == "blueberry":
        fill_bush(farmer, tile)
        return
    if crop == "pumpkin":
        new = [_cells(rest[0], rest[1:])]
    else:
        new = [[cell] for cell in rest]
    for cells in new:
        farmer["farm"]["crops"].append({"crop": crop, "cells": cells})
        turn["grown"].append(cells[0])


def harvest_yield(farmer: dict) -> tuple[dict, list[dict]]:
    """What harvesting now would give (an income) and the crops that would stay."""
    income: dict = {"coins": 0, "points": 0, "fertilizer": 0}
    kinds = set()
    staying = []
    mods = modifiers(farmer)
    bonuses = [C.BUILDINGS[b["building"]].get("harvest", {}) for b in farmer["farm"]["buildings"]]
    for tile in farmer["farm"]["crops"]:
        crop = tile["crop"]
        if crop == "bush":
            staying.append({"crop": "bush", "cells": list(tile["cells"]), "berry": False})
            if not tile["berry"]:
                continue
        kinds.add(crop)
        for key, value in C.CROPS[crop]["harvest"].items():
            income[key] += value
        for bonus in bonuses:
            for key, value in bonus.get(crop, {}).items():
                income[key] += value
        if mods.get("harvest_coins") == crop:
            income["coins"] += 1
        if mods.get("harvest_fertilizer") == crop:
            income["fertilizer"] += 1
    income["coins"] += len(kinds)
    return income, staying


def _harvest(state, farmer, turn, move):
    income, staying = harvest_yield(farmer)
    farmer["farm"]["crops"] = staying
    gain(farmer, income)


def _bucket(state, farmer, turn, move):
    farmer["coins"] -= C.BUCKET_UPGRADE_COST
    farmer["bucket"] += 1


def _clear(state, farmer, turn, move):
    cell = move.args[1]
    farmer["coins"] -= clear_cost(farmer, turn)
    dice = clear_dice(farmer, turn)
    farmer["farm"]["forests"].remove(cell)
    if dice:
        rng = Rng(state["hidden"]["rng"])
        for _ in range(dice):
            gain(farmer, C.FOREST_DIE[rng.below(len(C.FOREST_DIE))])
        state["hidden"]["rng"] = rng.state


def _build(state, farmer, turn, move):
    name, anchor = move.args
    offer = state["buildings"]["offer"]
    index = next(i for i, o in enumerate(offer) if o["building"] == name)
    farmer["coins"] -= build_cost(farmer, offer[index]["cost"], turn)
    del offer[index]
    cells = list(BLOCKS[anchor])
    farm = farmer["farm"]
    farm["crops"] = [t for t in farm["crops"] if not set(t["cells"]) & set(cells)]
    farm["buildings"].append({"building": name, "cells": cells})
    gain(farmer, C.BUILDINGS[name].get("build", {}))
    deck = state["hidden"]["buildings"]
    if deck:
        drawn = deck.pop(0)
        offer.append({"building": drawn, "cost": C.BUILDINGS[drawn]["cost"]})
        state["buildings"]["deck"] = len(deck)


def _seedup(state, farmer, turn, move):
    seed = move.args[0]
    farmer["seeds"][seed] -= 1
    farmer["seeds"][C.SEEDS[C.SEEDS.index(seed) + 1]] += 1
    farmer["coins"] += modifiers(farmer).get("upgrade_coins", 1)


RESOLVERS = {"gain": _gain, "fill": _fill, "buy": _buy, "plant": _plant, "tend": _tend, "harvest": _harvest,
             "bucket": _bucket, "clear": _clear, "build": _build, "seedup": _seedup}


def check(state: State, move: Move) -> None:
    """Raise IllegalMove with a reason unless ``move`` is a legal action now."""
    kind = action_kind(move)
    turn = state["turn"]
    if kind is None or kind not in allowed_actions(turn):
        area = C.AREA_NAMES[turn["space"].split()[0]]
        raise IllegalMove(Phrase(N_("“%(verb)s” is not an action of your visit to the %(area)s; "
                                    "take one of its actions or write “%(done)s”"),
                                 {"verb": Typed(move.kind, "harvest"), "area": name(area),
                                  "done": Typed("done", "harvest")}))
    if move not in kind_moves(state, kind):  # stops at the move
        raise IllegalMove(_why_not(state, kind, move))


def _why_not(state: State, kind: str, move: Move) -> Phrase:
    turn = state["turn"]
    farmer = state["farmers"][state["active"]]
    if turn["left"] == 0 and not going_on(turn, kind):
        return Phrase(N_("this visit has no actions left"))
    if kind in turn["used"] and turn["space"].startswith("workshop") and not going_on(turn, kind):
        return Phrase(N_("at the Workshop each action must be different"))
    if kind == "buy" and len(move.args) == 2 and move.args[0] in C.CROPS:
        return Phrase(N_("you have %(n)s coins"), {"n": farmer["coins"]})
    if kind == "plant" and move.args and move.args[0] in farmer["seeds"] and not farmer["seeds"][move.args[0]]:
        return Phrase(N_("you have no %(crop)s seed"), {"crop": name(C.CROP_NAMES[move.args[0]])})
    if kind == "build" and len(move.args) == 2:
        reason = _why_not_build(state, farmer, turn, *move.args)
        if reason:
            return reason
    if kind == "tend" and len(move.args) >= 2:
        reason = _why_not_tend(farmer, turn, *move.args)
        if reason:
            return reason
    return Phrase(N_("that is not possible on your farm now"))


def _and(words: list) -> Phrase | str:
    """"a, b and c" (names or cells)."""
    if len(words) == 1:
        return words[0]
    return Phrase(N_("%(first)s and %(last)s"), {"first": Listed(tuple(words[:-1])), "last": words[-1]})


def _building(key) -> Phrase | str:
    return name(C.BUILDINGS[key]["name"]) if key in C.BUILDINGS else str(key)


def _why_not_build(state: State, farmer: dict, turn: dict, key, anchor) -> Phrase | None:
    """The rule a ``build NAME ANCHOR`` breaks: the building is not on offer
    (bought or discarded), it costs more coins than the farmer has, or its
    2×2 plot is off the farm or covered by a Forest or a building."""
    title = _building(key)
    offer = {o["building"]: o for o in state["buildings"]["offer"]}
    if key not in offer:
        on_offer = _and([_building(b) for b in offer]) if offer else Phrase(N_("nothing"))
        return Phrase(N_("the %(building)s is not on offer now (on offer: %(offer)s)"),
                      {"building": title, "offer": on_offer})
    cost = build_cost(farmer, offer[key]["cost"], turn)
    if farmer["coins"] < cost:
        return Phrase(N_("the %(building)s costs %(cost)s coins, you have %(n)s"),
                      {"building": title, "cost": cost, "n": farmer["coins"]})
    cells = BLOCKS.get(str(anchor))
    if cells is None:
        return Phrase(N_("a building covers 2×2 spaces and %(cell)s is not the top left space of such a plot"),
                      {"cell": anchor})
    farm = farmer["farm"]
    forest = sorted(set(cells) & set(farm["forests"]), key=cell_sort_key)
    if forest:
        return Phrase(N_("%(cells)s is Forest: clear it before you build there") if len(forest) == 1 else
                      N_("%(cells)s are Forest: clear it before you build there"), {"cells": _and(forest)})
    for building in farm["buildings"]:
        if set(cells) & set(building["cells"]):
            return Phrase(N_("your %(building)s stands on %(cells)s"),
                          {"building": _building(building["building"]), "cells": "–".join(building["cells"])})
    return None


def _why_not_tend(farmer: dict, turn: dict, crop, parent, *targets) -> Phrase | None:
    """The rule a ``tend CROP PARENT CELL…`` breaks: no such crop there, it
    was tended in this action already, too little Water, or a new space that
    is not next to the crop or not free."""
    crop_name = name(C.CROP_NAMES[crop]) if crop in C.CROP_NAMES else str(crop)
    tile = next((t for t in farmer["farm"]["crops"] if t["cells"][0] == parent
                 and (t["crop"] == crop or (t["crop"] == "bush" and crop == "blueberry"))), None)
    at = {"crop": crop_name, "cell": parent}
    if tile is None:
        return Phrase(N_("you have no %(crop)s at %(cell)s"), at)
    if parent in set(turn["tended"]) | set(turn["grown"]) and turn["open"] == "tend":
        return Phrase(N_("your %(crop)s at %(cell)s was tended in this action already"), at)
    if tile["crop"] == "bush" and tile.get("berry"):
        return Phrase(N_("your Blueberry bush at %(cell)s already carries a berry"), at)
    cost = tend_cost(farmer, tile, turn)
    if farmer["water"] < cost:
        return Phrase(N_("tending your %(crop)s takes %(cost)s Water, you have %(n)s"),
                      {"crop": crop_name, "cost": cost, "n": farmer["water"]})
    taken = occupied(farmer["farm"])
    cells = [t for t in targets if t not in ("h", "v")]
    for cell in cells:
        if cell not in NEIGHBOURS:
            return Phrase(N_("there is no space %(cell)s on your farm"), {"cell": cell})
        if tile["crop"] != "pumpkin" and cell not in NEIGHBOURS[parent]:
            return Phrase(N_("%(cell)s is not next to %(parent)s: a %(crop)s grows onto the spaces beside it"),
                          {"cell": cell, "parent": parent, "crop": crop_name})
        if cell in taken:
            return Phrase(N_("%(cell)s is not free"), {"cell": cell})
    if tile["crop"] == "strawberry" and len(cells) != 2:
        return Phrase(N_("a Strawberry grows onto two free spaces next to it: write both, e.g. “%(example)s …”"),
                      {"example": Typed(f"tend strawberry {parent}", "harvest")})
    return None
