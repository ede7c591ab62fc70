"""The turn flow of Sunfield Farm: which moves are legal, why a move is not,
how a move is applied (the copy it may change), and what follows it.

Moves (verb = Move.kind; arguments as in the typed notation, see notation.py):

    take  column row        take a Field tile (column "a"-"c", row 1-3)
    place x y               place the tile taken (or drawn) in the Plot
    put   veg x y           put a gained Vegetable on a tile (only real choices)
    exchange give get       3 Seeds: a Wheelbarrow Vegetable for another
    buy   veg               5 Seeds: a Vegetable into the Wheelbarrow
    deliver space|reserved  deliver a Client (space 1-5, or the reserved one)
    end                     end the turn when it does not end by itself
    draw, reserve, swap, herd, trade, gain, pick, shift, sow, move   powers

When a turn ends: by itself, as soon as the action (take + place + puts, or
deliver) is complete and nothing optional is left; when Seeds can still be
spent or a power used, the turn waits for them or ``end`` (see :func:`settle`).
A farmer playing by mail never writes that ``end``: the end of the mail says
it (:func:`closing_moves`). Seeds may be spent before the action and after
it; powers too, and also between taking a Field tile and placing it
(:func:`taken_tile_waits`), never while a drawn tile or gained Vegetables
wait to be placed.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from engine.core import IllegalMove, Move, State, clone, game_over
from engine.phrases import N_, Listed, Phrase, Typed
from engine.phrases import name as named
from engine.sunfield import content as C
from engine.sunfield import powers, rules
from engine.sunfield.plot import neighbours, open_positions
from engine.sunfield.state import key

COLUMN_INDEX = {c: i for i, c in enumerate(C.COLUMNS)}


# --------------------------------------------------------------------------- legal moves by verb


#: id -> (move, its code), for the moves built once here and handed out by
#: legal_moves (the tables and caches below, kept for good, so an id is never reused)
_BUILT: dict[int, tuple[Move, str]] = {}


def _built(move: Move) -> Move:
    _BUILT[id(move)] = (move, move.code())
    return move


def is_built(move: Move) -> bool:
    """Whether ``move`` is one of the moves built here (by identity): those
    are well-formed, so ``Game.apply`` need not check their shape."""
    built = _BUILT.get(id(move))
    return built is not None and built[0] is move


def code(move: Move) -> str:
    """``move.code()``, kept with the moves built here."""
    built = _BUILT.get(id(move))
    return built[1] if built is not None and built[0] is move else move.code()


#: (column index, row index) -> its take move
_TAKE_MOVES = {(c, row): _built(Move("take", (column, row + 1)))
               for c, column in enumerate(C.COLUMNS) for row in range(len(C.ROWS))}


def _take(state: State, farmer: dict) -> list[Move]:
    """Each tile whose cost (one Seed per tile above it, ``rules.take_cost``)
    the farmer can pay, column by column, top to bottom."""
    out = []
    seeds = farmer["seeds"]
    for c, column in enumerate(state["market"]):
        above = 0
        for row, slot in enumerate(column):
            if slot:
                if above <= seeds:
                    out.append(_TAKE_MOVES[c, row])
                above += 1
    return out


def _can_take(state: State, farmer: dict, move: Move) -> bool:
    """As ``move in _take(...)`` without listing every tile."""
    column, row = move.args
    if column not in COLUMN_INDEX or not isinstance(row, int) or not 1 <= row <= len(C.ROWS):
        return False
    slots = state["market"][COLUMN_INDEX[column]]
    return bool(slots[row - 1]) and rules.take_cost(slots, row - 1) <= farmer["seeds"]


@cache
def _place_move(k: str) -> Move:
    x, y = k.split(",")
    return _built(Move("place", (int(x), int(y))))


def _place(state: State, farmer: dict) -> list[Move]:
    return list(map(_place_move, open_positions(farmer["plot"])))


def _can_place(plot: dict, move: Move) -> bool:
    """As ``move in _place(...)`` without listing every place."""
    if len(move.args) != 2:
        return False
    k = key(*move.args)
    return k not in plot and not plot.keys().isdisjoint(neighbours(k))


@cache
def _put_move(veg: str, k: str) -> Move:
    x, y = k.split(",")
    return _built(Move("put", (veg, int(x), int(y))))


def _put(state: State, farmer: dict) -> list[Move]:
    return [_put_move(veg, k) for veg, places in rules.open_choices(state).items() for k in places]


def _can_put(state: State, farmer: dict, move: Move) -> bool:
    """As ``move in _put(...)`` without listing every place: a Vegetable
    still waiting (every one left waiting is a real choice, see
    ``rules.place_vegetables``) and a tile that may receive it."""
    if len(move.args) != 3:
        return False
    veg, x, y = move.args
    pending = state["pending"]
    if not pending["vegetables"].get(veg):
        return False
    return rules.is_vegetable_target(farmer["plot"], pending["at"], key(x, y), veg)


#: the moves the lists below are made of, built once (a Move is immutable)
_EXCHANGE_MOVES = {(give, get): _built(Move("exchange", (give, get))) for give in C.VEGETABLES for get in C.VEGETABLES}
_BUY_MOVES = {veg: _built(Move("buy", (veg,))) for veg in C.VEGETABLES}
_DELIVER_MOVES = {space: _built(Move("deliver", (space,))) for space in (*range(1, 6), "reserved")}


def _exchange(state: State, farmer: dict) -> list[Move]:
    if farmer["seeds"] < C.EXCHANGE_COST:
        return []
    wheelbarrow, reserve = farmer["wheelbarrow"], state["reserve"]
    return [
        _EXCHANGE_MOVES[give, get]
        for give in C.VEGETABLES
        if wheelbarrow[give]
        for get in C.VEGETABLES
        if get != give and reserve[get]
    ]


def _buy(state: State, farmer: dict) -> list[Move]:
    if farmer["seeds"] < C.BUY_COST:
        return []
    return [_BUY_MOVES[veg] for veg in C.VEGETABLES if state["reserve"][veg]]


def _deliver(state: State, farmer: dict) -> list[Move]:
    wheelbarrow = farmer["wheelbarrow"]
    out = []
    for space, client in enumerate(state["clients"]):  # a loop: a comprehension is a call of its own
        if client and rules.can_pay(wheelbarrow, client):
            out.append(_DELIVER_MOVES[space + 1])
    reserved = state["private"][str(state["seat"])]["reserved"]
    if reserved and rules.can_pay(wheelbarrow, reserved[0]):
        out.append(_DELIVER_MOVES["reserved"])
    return out


def _powers(state: State) -> list[Move]:
    out = []
    for name in powers.open_powers(state):
        out += powers.power_moves(state, name)
    return out


def legal_moves(state: State) -> list[Move]:
    phase = state["phase"]
    if phase == "over":
        return []
    farmer = rules.farmer_to_act(state)
    if phase == "place":
        moves = _place(state, farmer)
        if taken_tile_waits(state):
            moves += _powers(state)
        return moves
    if phase == "put":
        return _put(state, farmer)
    if phase == "after":
        moves = _optional(state, farmer)
        moves.append(_END)
        return moves
    moves = _take(state, farmer)
    moves += _deliver(state, farmer)
    if not moves:
        moves.append(_END)  # nothing to take or deliver: the turn is passed
    moves += _optional(state, farmer)
    return moves


_END = _built(Move("end"))


def taken_tile_waits(state: State) -> bool:
    """Advanced mode, between taking a Field tile and placing it: powers may
    be used ("at any time during your turn"), not while a tile the draw power
    turned up waits (placing it is the end of that power)."""
    return state["advanced"] and state["phase"] == "place" and state["pending"]["gain"]


def _optional(state: State, farmer: dict) -> list[Move]:
    """What a farmer may do besides the action, before or after it: spend
    Seeds ("also possible when you take a Field tile") and, in advanced
    mode, use powers ("at any time during your turn")."""
    extras = _exchange(state, farmer)
    extras += _buy(state, farmer)
    if state["advanced"]:
        extras += _powers(state)
    return extras


_BY_VERB = {"take": _take, "place": _place, "put": _put, "exchange": _exchange, "buy": _buy, "deliver": _deliver}
_PHASE_VERBS = {
    "act": {"take", "deliver", "exchange", "buy", *C.POWERS},
    "place": {"place"},
    "put": {"put"},
    "after": {"end", "exchange", "buy", *C.POWERS},
    "over": set(),
}


def is_legal(state: State, move: Move) -> bool:
    """As ``move in legal_moves(state)``, computing only the moves of its verb."""
    phase = state["phase"]
    if move.kind == "place":  # the most frequent moves first, in the one phase they belong to
        return phase == "place" and _can_place(rules.farmer_to_act(state)["plot"], move)
    if move.kind == "take":
        return phase == "act" and len(move.args) == 2 and _can_take(state, rules.farmer_to_act(state), move)
    if move.kind == "end":
        if move.args:
            return False
        if phase == "act":  # the action is passed only when none is possible
            farmer = rules.farmer_to_act(state)
            return not _take(state, farmer) and not _deliver(state, farmer)
        return phase == "after"
    if move.kind not in _PHASE_VERBS[phase] and not (move.kind in C.POWERS and taken_tile_waits(state)):
        return False
    if move.kind in C.POWERS:
        return move.kind in powers.open_powers(state) and move in powers.power_moves(state, move.kind)
    if move.kind == "put":
        return _can_put(state, rules.farmer_to_act(state), move)
    return move in _BY_VERB[move.kind](state, rules.farmer_to_act(state))


# --------------------------------------------------------------------------- applying


def apply(state: State, move: Move, checked: bool = False) -> State:
    """The state after ``move``; ``checked``: the move is known to be legal
    (taken from :func:`legal_moves`), so it is not checked again."""
    if not checked and not is_legal(state, move):
        raise IllegalMove(explain(state, move))
    state = copy_for_move(state, move)
    apply_move(state, move)
    return state


#: the top-level parts of the state each verb may change (besides the scalars
#: and the farmer to act); powers may change any part
CHANGES = {
    "take": ("market",),  # and, when it empties its column, what a renewal draws on
    "renew": ("market", "piles", "reserve", "hidden"),
    "place": ("reserve",),  # the pending tile is replaced, not changed
    "put": ("reserve", "pending"),
    "exchange": ("reserve",),
    "buy": ("reserve",),
    "deliver": ("clients", "medals", "reputation", "reserve", "hidden", "private"),
    "end": (),
}
#: the parts of the farmer to act each verb may change besides their scalars
#: (Seeds, reserved Clients); powers may change any part
FARMER_CHANGES = {
    "take": (),
    # the harvest and the Animals that follow replace the Wheelbarrow, the
    # Medals and the Livestock record they change (rules.harvest...)
    "place": ("plot",),
    "put": ("plot",),
    "exchange": ("wheelbarrow",),
    "buy": ("wheelbarrow",),
    "deliver": ("wheelbarrow", "clients", "medals", "reputation"),
    "end": (),
}


def column_emptied(state: State, move: Move) -> bool:
    """Whether taking ``move``'s tile leaves its column empty (so it is renewed)."""
    left = 0
    for slot in state["market"][COLUMN_INDEX[move.args[0]]]:
        if slot:
            left += 1
    return left == 1


def _copy_pending(pending: dict | None) -> dict | None:
    if pending is None:
        return None
    out = dict(pending)
    if "vegetables" in pending:
        out["vegetables"] = dict(pending["vegetables"])
    if "then" in pending:
        out["then"] = dict(pending["then"])
    return out


#: how a part of the state is copied, all the way down (state.py gives the
#: shapes; a scalar is not copied); a part not listed goes through ``core.clone``
PART_COPIES = {
    "market": lambda market: [[dict(slot) if slot else None for slot in column] for column in market],
    "piles": dict,
    "reserve": dict,
    "pending": _copy_pending,
    "clients": list,
    "medals": lambda stacks: [list(stack) for stack in stacks],
    "reputation": list,
    "hidden": lambda hidden: {**hidden, "deck": list(hidden["deck"]),
                              "piles": {animal: list(pile) for animal, pile in hidden["piles"].items()}},
    "private": lambda private: {seat: {**part, "reserved": list(part["reserved"])} for seat, part in private.items()},
}
#: the same for the parts of a farmer
FARMER_COPIES = {
    "plot": lambda plot: {k: {**tile, "filled": list(tile["filled"])} for k, tile in plot.items()},
    "wheelbarrow": dict,
    "livestock": lambda livestock: livestock and {**livestock, "cards": list(livestock["cards"]),
                                                  "used": list(livestock["used"])},
    "medals": list,
    "clients": list,
    "reputation": lambda tiles: [dict(tile) for tile in tiles],
}


#: placing a tile and putting Vegetables copy the Plot but not its tiles:
#: the rule steps copy a tile before changing it (rules.own_tile)
SHARED_TILES = {**FARMER_COPIES, "plot": dict}

#: what a renewed column and a delivery draw from the hidden part: the tile
#: piles, the Client deck; each copies that alone (powers copy it all)
DRAWS = {
    "renew": {**PART_COPIES, "hidden": lambda hidden: {
        **hidden, "piles": {animal: list(pile) for animal, pile in hidden["piles"].items()}}},
    "deliver": {**PART_COPIES, "hidden": lambda hidden: {**hidden, "deck": list(hidden["deck"])}},
}
#: the parts a taken tile changes besides its own column of the market
#: (copied alone), without and with the renewal of that column
TAKE_CHANGES = {renewed: tuple(part for part in CHANGES["renew" if renewed else "take"] if part != "market")
                for renewed in (False, True)}


def _copy(part, value, copies: dict):
    copy = copies.get(part)
    if copy is not None:
        return copy(value)
    return clone(value) if isinstance(value, (dict, list)) else value


#: verb -> (part, how it is copied) for the parts of the farmer to act it may
#: change, and for the top-level parts (a take's market column aside), worked
#: out once; a power (not listed) copies every part
FARMER_PLANS = {kind: tuple((part, (SHARED_TILES if kind in ("place", "put") else FARMER_COPIES)[part]) for part in parts)
                for kind, parts in FARMER_CHANGES.items()}
PART_PLANS = {kind: tuple((part, DRAWS.get(kind, PART_COPIES)[part]) for part in parts)
              for kind, parts in CHANGES.items() if kind != "take"}
TAKE_PLANS = {renewed: tuple((part, DRAWS["renew"][part]) for part in parts) for renewed, parts in TAKE_CHANGES.items()}


def copy_for_move(state: State, move: Move) -> State:
    """A copy that ``move`` may change in place.

    Only the parts the verb can change are copied, down to the parts of the
    farmer to act; the rest (the other farmers, the hidden piles on most
    moves...) is shared with ``state``, which is safe because a state is a
    value: nothing changes a state in place once it has been returned.
    """
    seat = state["seat"]
    kind = move.kind
    farmer = dict(state["farmers"][seat])
    plan = FARMER_PLANS.get(kind)
    if plan is None:  # a power
        plan = FARMER_COPIES.items()
    for part, copy in plan:
        farmer[part] = copy(farmer[part])
    farmers = list(state["farmers"])
    farmers[seat] = farmer
    out = dict(state)
    if kind == "take":  # taking (and renewing) changes its own column only, and replaces the slots it changes
        column = COLUMN_INDEX[move.args[0]]
        market = out["market"] = list(state["market"])
        market[column] = list(market[column])
        plan = TAKE_PLANS[column_emptied(state, move)]
    else:
        plan = PART_PLANS.get(kind)
        if plan is None:  # a power
            for part in state:
                if part != "farmers":
                    out[part] = _copy(part, state[part], PART_COPIES)
            plan = ()
    for part, copy in plan:
        out[part] = copy(state[part])
    out["farmers"] = farmers
    return out


def apply_move(state: State, move: Move) -> None:
    """Play a legal move on ``state`` (changed in place), then move the turn on."""
    kind, args = move.kind, move.args
    if kind == "end":
        end_turn(state)
        return
    if kind == "take":
        rules.take_field_tile(state, COLUMN_INDEX[args[0]], args[1] - 1)
    elif kind == "place":
        rules.place_field_tile(state, *args)
    elif kind == "put":
        rules.put_vegetable(state, args[0], key(args[1], args[2]))
    elif kind == "exchange":
        rules.exchange_vegetable(state, *args)
    elif kind == "buy":
        rules.buy_vegetable(state, *args)
    elif kind == "deliver":
        if args[0] == "reserved":
            rules.deliver_reserved_client(state)
        else:
            rules.deliver_client(state, args[0] - 1)
    else:
        powers.use_power(state, move)
    if state["pending"] is None:
        settle(state)


# --------------------------------------------------------------------------- turn flow


def settle(state: State) -> None:
    """Where the turn goes once no tile or Vegetable waits to be placed: back
    to choosing the action, to what may follow it (Seeds to spend, powers to
    use, or ``end``), or to the next farmer when nothing may follow."""
    if not state["acted"]:
        state["phase"] = "act"
    elif _optional_left(state):
        state["phase"] = "after"
    else:
        end_turn(state)


def _optional_left(state: State) -> bool:
    farmer = rules.farmer_to_act(state)
    return _may_spend_seeds(state, farmer) or (state["advanced"] and powers.has_usable_power(state))


def _may_spend_seeds(state: State, farmer: dict) -> bool:
    """Whether any exchange or buy is open, as ``_exchange(...) or _buy(...)``
    without building them: a Wheelbarrow Vegetable and another kind left in
    the reserve (exchange), or any Vegetable left in the reserve (buy)."""
    seeds = farmer["seeds"]
    if seeds < C.EXCHANGE_COST and seeds < C.BUY_COST:
        return False
    reserve, wheelbarrow = state["reserve"], farmer["wheelbarrow"]
    left = [veg for veg in C.VEGETABLES if reserve[veg]]
    if not left:
        return False
    if seeds >= C.BUY_COST:
        return True
    for give in C.VEGETABLES:
        if wheelbarrow[give] and (len(left) > 1 or left[0] != give):
            return True
    return False


def closing_moves(state: State) -> list[Move]:
    """What a farmer means by writing nothing more: once the action is done
    and only optional steps are left (phase "after"), the end of the turn."""
    return [Move("end")] if state["phase"] == "after" else []


def end_turn(state: State) -> None:
    """Pass to the next farmer; after the last seat the round ends, and with
    it the game if a draw pile is exhausted."""
    state["seat"] = (state["seat"] + 1) % state["seats"]
    state["acted"] = False
    state["pending"] = None
    state["phase"] = "act"
    if state["seat"] == 0:
        if state["ending"]:
            state["seat"] = None
            state["phase"] = "over"
            return
        state["round"] += 1


# --------------------------------------------------------------------------- why not


def _name(vegetable: str) -> Phrase:
    """A Vegetable's name ("Carrot"), translated by the catalog."""
    return named(vegetable.capitalize())


def _typed(text: str) -> Typed:
    return Typed(text, "sunfield")


def _phase_reason(state: State, verb: str) -> Phrase | None:
    """Why no ``verb`` move can be played in the current phase (None: the phase allows it)."""
    phase = state["phase"]
    if phase == "over":
        return game_over()
    if phase == "place" and verb != "place" and not (verb in C.POWERS and taken_tile_waits(state)):
        params = {"tile": state["pending"]["tile"], "example": _typed("place x y")}
        if verb in C.POWERS and state["advanced"]:
            return Phrase(N_("first place the tile the draw power turned up (%(tile)s) in your Plot, "
                             "e.g. “%(example)s”"), params)
        return Phrase(N_("first place the tile you have (%(tile)s) in your Plot, e.g. “%(example)s”"), params)
    if phase == "put" and verb != "put":
        waiting = Listed(tuple(_name(v) for v in rules.open_choices(state)))
        return Phrase(N_("first choose where your gained Vegetables go (%(waiting)s), e.g. “%(example)s”"),
                      {"waiting": waiting, "example": _typed("put carrot x y")})
    if verb in ("place", "put") and phase not in ("place", "put"):
        return Phrase(N_("there is no tile or Vegetable waiting to be placed"))
    if phase == "after" and verb in ("take", "deliver"):
        return Phrase(N_("you have already taken your action this turn; spend Seeds, use a power or “%(end)s”"),
                      {"end": _typed("end")})
    if verb in C.POWERS and not state["advanced"]:
        return _ADVANCED_ONLY
    return None


_ADVANCED_ONLY = Phrase(N_("powers belong to the advanced mode (Livestock cards)"))


def _seeds_needed(cost: int, what: str, farmer: dict) -> Phrase:
    """"you need 2 Seeds to exchange a Vegetable, you have 1"."""
    texts = {"exchange": N_("you need %(cost)s Seeds to exchange a Vegetable, you have %(n)s"),
             "buy": N_("you need %(cost)s Seeds to buy a Vegetable, you have %(n)s")}
    return Phrase(texts[what], {"cost": cost, "n": farmer["seeds"]})


def explain(state: State, move: Move) -> Phrase:
    """Why ``move`` (well-formed) is not legal now, in the farmer's words."""
    reason = _phase_reason(state, move.kind)
    if reason:
        return reason
    farmer = rules.farmer_to_act(state)
    kind, args = move.kind, move.args
    if kind == "take" and args[1] not in (1, 2, 3):
        return Phrase(N_("market rows are 1 (Sheep), 2 (Pig) and 3 (Cow)"))
    if kind in ("deliver", "reserve") and args[0] != "reserved" and not 1 <= args[0] <= len(state["clients"]):
        return Phrase(N_("Client spaces are numbered 1 to %(n)s"), {"n": len(state["clients"])})
    if kind == "take":
        return _explain_take(state, farmer, args)
    if kind == "place":
        return Phrase(N_("a new tile goes on an empty place next to a tile of your Plot; (%(x)s, %(y)s) is not one"),
                      {"x": args[0], "y": args[1]})
    if kind == "put":
        veg = args[0]
        if veg not in rules.open_choices(state):
            return Phrase(N_("you have no %(vegetable)s waiting to be placed"), {"vegetable": _name(veg)})
        return Phrase(N_("a gained %(vegetable)s goes on a free %(vegetable)s space of a tile next to the new tile "
                         "or of its colour; (%(x)s, %(y)s) has none"), {"vegetable": _name(veg), "x": args[1], "y": args[2]})
    if kind == "exchange":
        give, get = args
        if farmer["seeds"] < C.EXCHANGE_COST:
            return _seeds_needed(C.EXCHANGE_COST, "exchange", farmer)
        return _explain_swap_vegetables(state, farmer, give, get)
    if kind == "buy":
        if farmer["seeds"] < C.BUY_COST:
            return _seeds_needed(C.BUY_COST, "buy", farmer)
        return Phrase(N_("the reserve has no %(vegetable)s left"), {"vegetable": _name(args[0])})
    if kind == "deliver":
        return _explain_deliver(state, farmer, args[0])
    if kind in C.POWERS:
        return _explain_power(state, farmer, move)
    return explain_verb(state, kind)


def explain_verb(state: State, verb: str) -> Phrase:
    """Why no ``verb`` move at all is legal now."""
    reason = _phase_reason(state, verb)
    if reason:
        return reason
    farmer = rules.farmer_to_act(state)
    if verb == "take":
        return Phrase(N_("no Field tile is within reach of your Seeds"))
    if verb == "deliver":
        return Phrase(N_("no Client can be delivered with the Vegetables in your Wheelbarrow"))
    if verb == "exchange":
        if farmer["seeds"] < C.EXCHANGE_COST:
            return _seeds_needed(C.EXCHANGE_COST, "exchange", farmer)
        return Phrase(N_("your Wheelbarrow has nothing to exchange"))
    if verb == "buy":
        if farmer["seeds"] < C.BUY_COST:
            return _seeds_needed(C.BUY_COST, "buy", farmer)
        return Phrase(N_("the reserve has no Vegetables left"))
    if verb == "end":
        return Phrase(N_("your turn is not over: take a Field tile or deliver a Client first"))
    if verb in C.POWERS:
        return _explain_power(state, farmer, Move(verb))
    return Phrase(N_("“%(move)s” is not possible now"), {"move": _typed(verb)})


def _explain_take(state, farmer, args):
    column, row = args
    label = f"{column}{row}"
    slots = state["market"][COLUMN_INDEX[column]]
    if not slots[row - 1]:
        return Phrase(N_("there is no Field tile at %(tile)s"), {"tile": label})
    cost = rules.take_cost(slots, row - 1)
    return Phrase(N_("you need %(cost)s Seed to take %(tile)s, you have %(n)s") if cost == 1 else
                  N_("you need %(cost)s Seeds to take %(tile)s, you have %(n)s"),
                  {"cost": cost, "tile": label, "n": farmer["seeds"]})


def _explain_swap_vegetables(state, farmer, give, get):
    if give == get:
        return Phrase(N_("exchange for a different Vegetable"))
    if not farmer["wheelbarrow"][give]:
        return Phrase(N_("your Wheelbarrow has no %(vegetable)s"), {"vegetable": _name(give)})
    return Phrase(N_("the reserve has no %(vegetable)s left"), {"vegetable": _name(get)})


def _explain_deliver(state, farmer, space):
    if space == "reserved":
        reserved = state["private"][str(state["seat"])]["reserved"]
        if not reserved:
            return Phrase(N_("you have no reserved Client"))
        client = reserved[0]
    else:
        client = state["clients"][space - 1]
        if not client:
            return Phrase(N_("there is no Client on space %(n)s"), {"n": space})
    missing = Counter(C.CLIENTS[client].vegetables)
    missing.subtract(farmer["wheelbarrow"])
    lacking = Listed(tuple(Phrase(N_("%(n)s %(vegetable)s"), {"n": n, "vegetable": _name(v)})
                           for v, n in missing.items() if n > 0))
    return Phrase(N_("this Client asks for %(asked)s; your Wheelbarrow lacks %(lacking)s"),
                  {"asked": Listed(tuple(_name(v) for v in C.CLIENTS[client].vegetables)), "lacking": lacking})


def _explain_power(state, farmer, move):
    power = {"power": _typed(move.kind)}
    if not state["advanced"]:
        return _ADVANCED_ONLY
    columns = powers.power_columns(farmer)
    if move.kind not in columns:
        return Phrase(N_("your Farmer token has not reached a column with the “%(power)s” power"), power)
    if columns[move.kind] in farmer["livestock"]["used"]:
        return Phrase(N_("you have already used the “%(power)s” power (once per game)"), power)
    if farmer["seeds"] < 1:
        return Phrase(N_("using a power costs a Seed, you have none"))
    if not powers.power_moves(state, move.kind):
        return Phrase(N_("the “%(power)s” power has nothing to act on now"), power)
    return Phrase(N_("the “%(power)s” power cannot do that: %(what)s"), {**power, "what": Phrase(C.POWERS[move.kind])})
