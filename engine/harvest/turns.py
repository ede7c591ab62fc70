"""The round structure of Harvest: who decides, what may be decided, what follows.

Phases: ``choose`` (each farmer keeps one of two Characters and one of two
Farmhouses), then four rounds of ``sunrise`` (pick a sunrise tile, gain its
income and ability, and decide what the ability asks), ``place`` (put a
Wheelbarrow on a space) and ``act`` (resolve that space's actions), ending
with sunset. The rules of each Town-area action live in
:mod:`engine.harvest.rules`.
"""

from __future__ import annotations

from engine.core import IllegalMove, Move, State, clone, game_over
from engine.harvest import content as C
from engine.harvest import rules
from engine.harvest.state import SPACES, can_pay, gain, pay, use_pass
from engine.phrases import N_, Phrase, Typed
from engine.phrases import name as named

# --------------------------------------------------------------------------- legal moves


def legal_moves(state: State) -> list[Move]:
    phase = state["phase"]
    if phase == "choose":
        farmer = state["farmers"][state["active"]]
        which = "character" if farmer["character"] is None else "farmhouse"
        return [Move("keep", (which, 1)), Move("keep", (which, 2))]
    if phase == "sunrise":
        if state["sunrise"]["choice"] == "seedup":
            return seedup_moves(state["farmers"][state["active"]]) + [Move("done")]
        return [Move("sunrise", (n,)) for n in state["sunrise"]["display"]]
    if phase == "place":
        return place_moves(state)
    if phase == "act":
        step = state["turn"]["step"]
        if step == "bonus":
            return [Move("bonus", ("fertilizer",)), Move("bonus", ("water",))]
        if step == "pay":
            return opening_entries(state)
        return rules.action_moves(state) + entry_moves(state) + [DONE]
    return []


DONE = Move("done")


def space_cost(state: State, name: str) -> dict:
    """What a Wheelbarrow on ``name`` costs (read only: the dict is shared)."""
    label = MARKET_LABELS.get(name)
    if label is not None:
        return C.MARKET_TILES[state["market"][label]]["cost"]
    if name in ROUND_COST:
        return _COIN_COSTS[state["round"]]
    return FIXED_COSTS[name]


#: coins -> the cost of that many coins
_COIN_COSTS = {coins: {"coins": coins} for coins in range(C.ROUNDS + 1)}

#: the spaces by what they are (content.SPACES), for the checks made of every
#: space at every placement: the Farmer's Market spaces (-> their tile's
#: label), those costing coins equal to the round, the others' fixed cost,
#: those that cost nothing, the spaces any number of Wheelbarrows may share, the Trading Post's
MARKET_LABELS = {name: s["label"] for name, s in SPACES.items() if s["area"] == "market"}
ROUND_COST = frozenset(name for name, s in SPACES.items() if s.get("cost") == "round")
FIXED_COSTS = {name: _COIN_COSTS[s.get("cost", 0)] for name, s in SPACES.items()
               if name not in MARKET_LABELS and name not in ROUND_COST}
FREE = frozenset(name for name, cost in FIXED_COSTS.items() if not cost["coins"])
INFINITE = frozenset(name for name, s in SPACES.items() if s.get("infinite"))
ENTRY = frozenset(name for name, s in SPACES.items() if s.get("entry"))


def market_pass_applies(state: State, farmer: dict, name: str) -> bool:
    """Whether placing on ``name`` would use the farmer's Early Market pass:
    a market tile that has a cost, and a pass in hand."""
    return (name in MARKET_LABELS and bool(farmer["perks"].get("market_free"))
            and any(space_cost(state, name).values()))


def is_closed(state: State, name: str) -> bool:
    return name in state["blocked"] or (bool(state["spaces"][name]) and name not in INFINITE)


def may_place(state: State, name: str, visits: dict | None = None, farmer: dict | None = None) -> bool:
    """Whether the farmer to act (``farmer``, when the caller has it) may put
    a Wheelbarrow on ``name``; ``visits`` keeps :func:`opens_a_visit` by area
    for a caller asking of every space."""
    if farmer is None:
        farmer = state["farmers"][state["active"]]
    if not farmer["closed"] and is_closed(state, name):
        return False
    if name not in FREE and not can_pay(farmer, space_cost(state, name)) and not market_pass_applies(state, farmer, name):
        return False
    if name not in ENTRY:
        return True
    if visits is None:
        return opens_a_visit(state, name)
    area = SPACES[name]["area"]
    if area not in visits:
        visits[area] = opens_a_visit(state, name)
    return visits[area]


def opens_a_visit(state: State, name: str) -> bool:
    """Whether a Wheelbarrow on the Trading Post space ``name`` could take an
    action: with the Late Riser pass at once, else after some entry (the same
    for every space of the area: each has an action to take)."""
    farmer = state["farmers"][state["active"]]
    if farmer["perks"].get("trading_free"):
        return opens_action(dict(state, phase="act", turn=new_visit(name)))
    # the visit once its first entry is paid, as _entry_paid would leave it
    paid = dict(new_visit(name), entries=1)
    for move in pay_moves(farmer):
        if opens_action(dict(state, phase="act", turn=paid, farmers=_farmers_after_entry(state, move))):
            return True
    return False


#: space name -> its place move, and back
PLACE_MOVES = {name: Move("place", (s["area"], s["label"])) for name, s in SPACES.items()}
PLACED_ON = {move: name for name, move in PLACE_MOVES.items()}


def place_moves(state: State) -> list[Move]:
    visits: dict[str, bool] = {}
    farmer = state["farmers"][state["active"]]
    return [PLACE_MOVES[name] for name in state["spaces"] if may_place(state, name, visits, farmer)]


def pay_moves(farmer: dict) -> list[Move]:
    moves = [PAY_MOVES[seed] for seed in C.SEEDS if farmer["seeds"][seed] >= C.TRADING_ENTRY["seed"]]
    if farmer["fertilizer"] >= C.TRADING_ENTRY["fertilizer"]:
        moves.append(PAY_MOVES["fertilizer"])
    if farmer["water"] >= C.TRADING_ENTRY["water"]:
        moves.append(PAY_MOVES["water"])
    return moves


#: what may be handed over at the Trading Post -> its pay move
PAY_MOVES = {what: Move("pay", (what,)) for what in (*C.SEEDS, "fertilizer", "water")}


def entry_moves(state: State) -> list[Move]:
    """At the Trading Post, the entry for the next action ("To take an action
    here, it costs ..."): offered once the paid entries are used up, while
    the visit has actions left (the first entry is the visit's "pay" step)."""
    if not entry_due(state["turn"]):
        return []
    return opening_entries(state)


def entry_due(turn: dict) -> bool:
    """Whether the Trading Post asks the entry for the next action now: the
    paid entries are used up and the visit has actions left."""
    return turn.get("entries") == 0 and turn["left"] != 0


def opening_entries(state: State) -> list[Move]:
    """The entries the farmer can pay after which an action can still be
    started: an entry that buys nothing is never asked for, the first one
    of a visit included."""
    return [move for move in pay_moves(state["farmers"][state["active"]]) if opens_action(_entry_paid(state, move))]


def _entry_paid(state: State, move: Move) -> State:
    """The state as it would be once the entry ``move`` is paid, for looking
    ahead only: a shallow copy, with its own copy of what paying changes."""
    return dict(state, farmers=_farmers_after_entry(state, move),
                turn=dict(state["turn"], step="act", entries=state["turn"]["entries"] + 1))


def _farmers_after_entry(state: State, move: Move) -> list[dict]:
    """The farmers' records once the farmer to act paid the entry ``move``:
    a copy of the list, with a copy of that farmer's (and their seeds)."""
    seat = state["active"]
    farmer = dict(state["farmers"][seat], seeds=dict(state["farmers"][seat]["seeds"]))
    _pay_entry(farmer, move.args[0])
    farmers = list(state["farmers"])
    farmers[seat] = farmer
    return farmers


def opens_action(state: State) -> bool:
    """Whether a new action can be started in the visit (going on with an
    open one needs no entry)."""
    turn = state["turn"]
    for kind in rules.by_cost(rules.allowed_actions(turn)):  # a loop, not any(): asked at every placing
        if not rules.going_on(turn, kind) and rules.has_kind_moves(state, kind):
            return True
    return False


def seedup_moves(farmer: dict) -> list[Move]:
    """First Light: upgrade one seed held (a Pumpkin seed is the last step)."""
    return [Move("upgrade", (seed,)) for seed in C.SEEDS[:-1] if farmer["seeds"][seed]]


# --------------------------------------------------------------------------- apply


def apply(state: State, move: Move, checked: bool = False) -> State:
    """The state after ``move``; ``checked``: the move is known to be legal
    (taken from :func:`legal_moves`), so it is not checked again."""
    phase = state["phase"]
    if phase == "over":
        raise IllegalMove(game_over())
    if phase == "act" and state["turn"]["step"] == "act" and move.kind not in ("done", "pay"):
        if not checked:
            rules.check(state, move)
        new = copy_for_move(state, move)
        rules.resolve(new, move)
        _maybe_end_visit(new)
        return new
    if not checked and not _is_legal(state, move):
        raise IllegalMove(_why_not(state, move))
    new = copy_for_move(state, move)
    if phase == "sunrise" and state["sunrise"]["choice"]:
        _choose_at_sunrise(new, move)
    else:
        HANDLERS[move.kind](new, move)
    return new


#: the top-level parts of the state a move may change in place, by phase,
#: besides the scalars and the farmer to act (an action move: see
#: :func:`changed_parts`; placing a Wheelbarrow changes its space alone:
#: :func:`copy_for_move`); sunset changes every part (:func:`own_all`)
PHASE_CHANGES = {"choose": ("private", "sunrise"), "sunrise": ("sunrise",)}


def changed_parts(state: State, move: Move) -> tuple[str, ...]:
    if state["phase"] != "act":
        return PHASE_CHANGES[state["phase"]]
    if move.kind == "build":  # the offer is refilled from the deck
        return ("turn", "buildings", "hidden")
    if move.kind == "clear":  # Forest dice
        return ("turn", "hidden")
    return ("turn",)


#: the action moves that change the farm (its Forests, crops or buildings);
#: the others share it with the state before (a Blueberry gained at sunrise
#: copies what it changes: ``state.fill_bush``)
FARM_MOVES = frozenset({"plant", "tend", "harvest", "clear", "build"})


def copy_farmer(farmer: dict, farm: bool = True) -> dict:
    """A farmer's record copied (state.py gives the shape), with ``farm`` its
    farm's lists too but not their crop tiles and buildings, which no move
    changes: a move replaces them (a Blueberry: ``state.fill_bush``)."""
    out = {**farmer, "seeds": dict(farmer["seeds"]), "perks": dict(farmer["perks"])}
    if farm:
        farm = farmer["farm"]
        out["farm"] = {"forests": list(farm["forests"]), "crops": list(farm["crops"]),
                       "buildings": list(farm["buildings"])}
    return out


def copy_turn(turn: dict | None) -> dict | None:
    """The visit copied all the way down."""
    if turn is None:
        return None
    return {**turn, "used": list(turn["used"]), "tended": list(turn["tended"]), "grown": list(turn["grown"]),
            "grant": turn["grant"] and dict(turn["grant"])}


#: how the parts a move may change are copied, all the way down (state.py
#: gives the shapes); a part not listed goes through ``core.clone``
PART_COPIES = {
    "turn": copy_turn,
    "sunrise": lambda sunrise: {**sunrise, "display": list(sunrise["display"]), "held": list(sunrise["held"]),
                                "queue": list(sunrise["queue"])},
    "buildings": lambda shop: {**shop, "offer": [dict(offer) for offer in shop["offer"]],
                               "discarded": list(shop["discarded"])},
    "hidden": lambda hidden: {**hidden, "market": {label: list(stack) for label, stack in hidden["market"].items()},
                              "buildings": list(hidden["buildings"])},
}


def copy_for_move(state: State, move: Move) -> State:
    """A copy that ``move`` may change in place: the farmer to act and the
    parts the move may change are copied, the rest is shared with ``state``
    (a state is a value: nothing changes one once returned). The steps that
    change every farmer or every part (the end of the sunrise picks, sunset)
    first copy what they change with :func:`own_farmers` and :func:`own_all`."""
    seat = state["active"]
    farmers = list(state["farmers"])
    farmers[seat] = copy_farmer(farmers[seat], farm=state["phase"] == "act" and move.kind in FARM_MOVES)
    out = dict(state)
    if state["phase"] == "place":  # a Wheelbarrow joins one space (sunset copies them all: own_all)
        name = PLACED_ON[move]
        spaces = out["spaces"] = dict(state["spaces"])
        spaces[name] = list(spaces[name])
    else:
        for part in changed_parts(state, move):
            copy = PART_COPIES.get(part)
            out[part] = clone(state[part]) if copy is None else copy(state[part])
    out["farmers"] = farmers
    return out


def own_farmers(state: State) -> None:
    """Copy the records of the farmers that :func:`copy_for_move` shared (all
    but the one to act): the steps that change every farmer (the placing
    that follows the sunrise picks, sunset) set a record's own values
    (Wheelbarrows, closed-space placements, passes) and leave its parts alone."""
    active = state["active"]
    state["farmers"] = [farmer if seat == active else dict(farmer) for seat, farmer in enumerate(state["farmers"])]


def own_all(state: State) -> None:
    """Copy every part :func:`copy_for_move` may have shared."""
    state.update(clone({k: v for k, v in state.items() if k != "farmers"}))
    own_farmers(state)


def _is_legal(state: State, move: Move) -> bool:
    """As ``move in legal_moves(state)``, listing no more moves than its kind's
    (an action move is checked by ``rules.check``)."""
    if state["phase"] == "place" and move.kind == "place":
        name = PLACED_ON.get(move)
        return name in state["spaces"] and may_place(state, name)
    if state["phase"] == "act" and state["turn"]["step"] == "act":
        if move.kind == "pay":
            return entry_due(state["turn"]) and opens_with(state, move)
        return move == DONE
    if state["phase"] == "act" and state["turn"]["step"] == "pay":
        return opens_with(state, move)
    return move in legal_moves(state)


def opens_with(state: State, move: Move) -> bool:
    """As ``move in opening_entries(state)``, for that entry alone."""
    return move in pay_moves(state["farmers"][state["active"]]) and opens_action(_entry_paid(state, move))


#: The move each step waits for, and what to tell a farmer who sent another.
STEP_MOVES = {
    "choose": ("keep", Phrase(N_("keep a Character and a Farmhouse first"))),
    "sunrise": ("sunrise", Phrase(N_("pick a sunrise tile first"))),
    "place": ("place", Phrase(N_("place a Wheelbarrow first"))),
    "bonus": ("bonus", Phrase(N_("take the Fields bonus first: a Water or a Fertilizer"))),
    "pay": ("pay", Phrase(N_("pay the Trading Post entry first: 1 seed, 2 Fertilizer or 3 Water"))),
    "seedup": ("upgrade", Phrase(N_("First Light: upgrade one seed first (for example “%(example)s”), "
                                    "or write “%(done)s” to keep your seeds"),
                                 {"example": Typed("upgrade wheat", "harvest"), "done": Typed("done", "harvest")})),
}


def _why_not(state: State, move: Move) -> Phrase:
    step = state["turn"]["step"] if state["phase"] == "act" else state["phase"]
    if step == "sunrise" and state["sunrise"]["choice"]:
        step = state["sunrise"]["choice"]
    if step not in STEP_MOVES:  # a "done" or "pay" the visit's actions do not allow
        return Phrase(N_("that is not possible now"))
    kind, reason = STEP_MOVES[step]
    if move.kind != kind:
        return reason
    if step == "seedup":
        seed = move.args[0] if move.args else "?"
        if seed == C.SEEDS[-1]:
            return Phrase(N_("a Pumpkin seed cannot be upgraded"))
        return Phrase(N_("you have no %(crop)s seed to upgrade"),
                      {"crop": named(C.CROP_NAMES[seed]) if seed in C.CROP_NAMES else seed})
    if move.kind == "sunrise":
        return Phrase(N_("sunrise tile %(n)s is not on display"), {"n": move.args[0] if move.args else "?"})
    if move.kind == "place":
        space = " ".join(map(str, move.args))
        if space not in state["spaces"]:
            return Phrase(N_("there is no space “%(space)s” in this game"), _space(space))
        where = _space(space)
        if is_closed(state, space):
            return Phrase(N_("%(space)s is taken"), where)
        farmer = state["farmers"][state["active"]]
        if SPACES[space].get("entry") and (farmer["perks"].get("trading_free") or pay_moves(farmer)):
            return Phrase(N_("no action could follow a visit to %(space)s"), where)
        return Phrase(N_("you cannot pay for %(space)s"), where)
    if move.kind == "pay":
        if move in pay_moves(state["farmers"][state["active"]]):
            return Phrase(N_("no action could follow that entry"))
        return Phrase(N_("you cannot pay that"))
    return Phrase(N_("that is not possible now"))


def _space(space: str) -> dict:
    """A space's name ("fields 3") as a reason's ``space`` part, in the reader's words."""
    return {"space": Typed(space, "harvest", verb=False)}


def _keep(state: State, move: Move) -> None:
    which, index = move.args
    seat = state["active"]
    farmer = state["farmers"][seat]
    dealt = state["private"][str(seat)]
    if which == "character":
        farmer["character"] = dealt["characters"][index - 1]
        return
    farmer["farmhouse"] = dealt["farmhouses"][index - 1]
    gain(farmer, C.FARMHOUSES[farmer["farmhouse"]].get("start", {}))
    state["private"][str(seat)] = {}
    if seat + 1 < state["seats"]:
        state["active"] = seat + 1
    else:
        start_round(state)


def start_round(state: State) -> None:
    held = state["sunrise"]["held"]
    state["sunrise"]["queue"] = sorted(range(state["seats"]), key=lambda s: held[s])
    state["phase"] = "sunrise"
    state["active"] = state["sunrise"]["queue"][0]


def _sunrise(state: State, move: Move) -> None:
    tile = move.args[0]
    sunrise = state["sunrise"]
    seat = sunrise["queue"].pop(0)
    display = sunrise["display"]
    display.remove(tile)
    display.append(sunrise["held"][seat])
    display.sort()
    sunrise["held"][seat] = tile
    farmer = state["farmers"][seat]
    # Order of sunrise abilities: the tile (income, then ability), the
    # Farmhouse, the Character, then buildings; a decision comes last.
    gain(farmer, C.SUNRISE_TILES[tile]["income"])
    gain(farmer, C.SUNRISE_TILES[tile]["ability"])
    gain(farmer, C.FARMHOUSES.get(farmer["farmhouse"], {}).get("sunrise", {}))
    gain(farmer, C.CHARACTERS.get(farmer["character"], {}).get("sunrise", {}))
    for building in farmer["farm"]["buildings"]:
        gain(farmer, C.BUILDINGS[building["building"]].get("sunrise", {}))
    if "seedup" in C.SUNRISE_TILES[tile]["ability"] and seedup_moves(farmer):
        sunrise["choice"] = "seedup"
        return
    _next_picker(state)


def _choose_at_sunrise(state: State, move: Move) -> None:
    """The decision a sunrise tile asked for: upgrade a seed, or ``done``."""
    if move.kind == "upgrade":
        seeds = state["farmers"][state["active"]]["seeds"]
        seed = move.args[0]
        seeds[seed] -= 1
        seeds[C.SEEDS[C.SEEDS.index(seed) + 1]] += 1
    state["sunrise"]["choice"] = None
    _next_picker(state)


def _next_picker(state: State) -> None:
    """The next farmer picks a sunrise tile; after the last one, placing starts."""
    sunrise = state["sunrise"]
    if sunrise["queue"]:
        state["active"] = sunrise["queue"][0]
        return
    held = sunrise["held"]
    state["order"] = sorted(range(state["seats"]), key=lambda s: held[s])
    own_farmers(state)
    for f in state["farmers"]:
        f["wheelbarrows"] = C.WHEELBARROWS
    state["blocked"] = [C.SUNRISE_TILES[held[0]]["solo_block"]] if state["seats"] == 1 else []
    state["phase"] = "place"
    state["active"] = state["order"][0]


def _place(state: State, move: Move) -> None:
    name = PLACED_ON[move]
    seat = state["active"]
    farmer = state["farmers"][seat]
    if is_closed(state, name):
        farmer["closed"] -= 1
    if market_pass_applies(state, farmer, name):
        use_pass(farmer, "market_free")
    else:
        pay(farmer, space_cost(state, name))
    state["spaces"][name].append(seat)
    farmer["wheelbarrows"] -= 1
    space = SPACES[name]
    turn = new_visit(name)
    if space["area"] == "market":
        tile = C.MARKET_TILES[state["market"][space["label"]]]
        gain(farmer, tile.get("gain", {}))
        if "grant" not in tile:
            _next_placer(state)
            return
        turn["grant"] = dict(tile["grant"])
    elif space.get("bonus"):
        turn["step"] = "bonus"
    elif space.get("entry") and not use_pass(farmer, "trading_free"):
        turn = new_visit(name, entry=True)
    state["phase"] = "act"
    state["turn"] = turn
    _maybe_end_visit(state)


def new_visit(name: str, entry: bool = False) -> dict:
    """The visit a Wheelbarrow on ``name`` starts; ``entry``: it waits for the
    first Trading Post entry."""
    return {"space": name, "step": "pay" if entry else "act", "left": SPACES[name]["actions"], "open": None,
            "used": [], "tended": [], "grown": [], "grant": None, "entries": 0 if entry else None}


def _bonus(state: State, move: Move) -> None:
    gain(state["farmers"][state["active"]], {move.args[0]: 1})
    state["turn"]["step"] = "act"
    _maybe_end_visit(state)


def _pay(state: State, move: Move) -> None:
    """The Trading Post entry for one action."""
    _pay_entry(state["farmers"][state["active"]], move.args[0])
    state["turn"]["step"] = "act"
    state["turn"]["entries"] += 1
    _maybe_end_visit(state)


def _pay_entry(farmer: dict, what: str) -> None:
    """1 seed, 2 Fertilizer or 3 Water."""
    if what in C.SEEDS:
        farmer["seeds"][what] -= C.TRADING_ENTRY["seed"]
    else:
        farmer[what] -= C.TRADING_ENTRY[what]


def _done(state: State, move: Move) -> None:
    _next_placer(state)


def _maybe_end_visit(state: State) -> None:
    """A visit ends by itself once nothing is left to do in it."""
    if state["turn"]["step"] == "act" and not rules.any_action(state) and not entry_moves(state):
        _next_placer(state)


def _next_placer(state: State) -> None:
    state["turn"] = None
    order = state["order"]
    start = order.index(state["active"]) + 1
    for k in range(len(order)):
        seat = order[(start + k) % len(order)]
        if state["farmers"][seat]["wheelbarrows"] > 0:
            state["phase"] = "place"
            state["active"] = seat
            return
    sunset(state)


def sunset(state: State) -> None:
    """Wheelbarrows come home; buildings get cheaper, the cheapest go; the
    market shows its next tiles; the round marker moves (or the game ends)."""
    if state["round"] == C.ROUNDS:
        state["phase"] = "over"
        state["active"] = None
        return
    own_all(state)
    for name in state["spaces"]:
        state["spaces"][name] = []
    state["blocked"] = []
    for f in state["farmers"]:
        f["closed"] = 0
        f["perks"] = {}
    shop = state["buildings"]
    for offer in shop["offer"]:
        offer["cost"] = max(0, offer["cost"] - C.BUILDING_SUNSET_DISCOUNT)
    if shop["offer"]:
        cheapest = min(o["cost"] for o in shop["offer"])
        shop["discarded"].extend(o["building"] for o in shop["offer"] if o["cost"] == cheapest)
        shop["offer"] = [o for o in shop["offer"] if o["cost"] != cheapest]
    deck = state["hidden"]["buildings"]
    while len(shop["offer"]) < C.BUILDING_DISPLAY and deck:
        drawn = deck.pop(0)
        shop["offer"].append({"building": drawn, "cost": C.BUILDINGS[drawn]["cost"]})
    shop["deck"] = len(deck)
    for label, stack in state["hidden"]["market"].items():
        state["market_gone"].append(state["market"][label])
        state["market"][label] = stack.pop(0) if stack else None
        state["market_left"][label] = len(stack)
    state["round"] += 1
    start_round(state)


HANDLERS = {"keep": _keep, "sunrise": _sunrise, "place": _place, "bonus": _bonus, "pay": _pay, "done": _done}
