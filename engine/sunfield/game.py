"""Sunfield Farm behind the engine contract (engine/core.py)."""

from __future__ import annotations

from engine.core import Game, IllegalMove, InvalidMove, Move, Option, State, clone
from engine.sunfield import describe as describing
from engine.sunfield import moves, notation, scoring
from engine.sunfield import outcome as outcomes
from engine.sunfield.state import setup

#: the top-level parts of the state each verb may change (besides the scalars
#: and the farmer to act); powers may change any part
CHANGES = {
    "take": ("market",),  # and, when it empties its column, what a renewal draws on
    "renew": ("market", "piles", "reserve", "hidden"),
    "place": ("reserve", "pending"),
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
    "place": ("plot", "wheelbarrow", "livestock", "medals"),  # the harvest and Animals that follow
    "put": ("plot", "wheelbarrow", "livestock", "medals"),
    "exchange": ("wheelbarrow",),
    "buy": ("wheelbarrow",),
    "deliver": ("wheelbarrow", "clients", "medals", "reputation"),
    "end": (),
}


def column_emptied(state: State, move: Move) -> bool:
    """Whether taking ``move``'s tile leaves its column empty (so it is renewed)."""
    column = state["market"][moves.COLUMN_INDEX[move.args[0]]]
    return sum(1 for slot in column if slot) == 1


def copy_for_move(state: State, move: Move) -> State:
    """A copy that ``move`` may change in place.

    Only the parts the verb can change are copied (one marshal round trip),
    down to the parts of the farmer to act; the rest (the other farmers, the
    hidden piles on most moves...) is shared with ``state``, which is safe
    because a state is a value: nothing changes a state in place once it has
    been returned.
    """
    seat = state["seat"]
    kind = move.kind
    parts = CHANGES.get(kind)
    if kind == "take" and column_emptied(state, move):
        parts = CHANGES["renew"]
    if parts is None:
        parts = tuple(k for k in state if k != "farmers")
    farmer = state["farmers"][seat]
    own = FARMER_CHANGES.get(kind)
    if own is None:
        copied, farmer = clone(({k: state[k] for k in parts}, farmer))
    else:
        copied, changed = clone(({k: state[k] for k in parts}, {k: farmer[k] for k in own}))
        farmer = dict(farmer)
        farmer.update(changed)
    farmers = list(state["farmers"])
    farmers[seat] = farmer
    out = dict(state)
    out.update(copied)
    out["farmers"] = farmers
    return out


class Sunfield(Game):
    name = "sunfield"
    title = "Sunfield Farm"
    min_seats = 2
    max_seats = 4
    options = (Option("advanced", "Advanced mode (Livestock cards)", False),)

    def setup(self, seats: int, options: dict, seed: int) -> State:
        options = self.normalize_options(options)
        return setup(seats, bool(options["advanced"]), seed)

    def to_act(self, state: State) -> int | None:
        return state["seat"]

    def legal_moves(self, state: State) -> list[Move]:
        return moves.legal_moves(state)

    def apply(self, state: State, move: Move) -> State:
        try:
            notation.check_shape(move)
        except InvalidMove as error:
            raise IllegalMove(error.reason) from None
        if not moves.is_legal(state, move):
            raise IllegalMove(moves.explain(state, move))
        state = copy_for_move(state, move)
        moves.apply_move(state, move)
        return state

    def apply_legal(self, state: State, move: Move) -> State:
        state = copy_for_move(state, move)
        moves.apply_move(state, move)
        return state

    def closing_moves(self, state: State) -> list[Move]:
        return moves.closing_moves(state)

    def explain(self, state: State, move: Move) -> str:
        return moves.explain(state, move)

    # --- text ---------------------------------------------------------------

    def text(self, move: Move) -> str:
        return notation.text(move)

    def parse(self, state: State, seat: int, text: str) -> Move:
        return notation.parse(self, state, seat, text)

    def from_code(self, code: str) -> Move:
        move = Move.from_code(code)
        notation.check_shape(move)
        return move

    def describe(self, state: State, move: Move) -> str:
        return describing.describe(self, state, move)

    def outcome(self, state: State, move: Move) -> str:
        return outcomes.outcome(self, state, move)

    def move_words(self) -> set[str]:
        # verbs and their synonyms, and the "carrot 0 1" shorthand of put ("b2" is
        # a coordinate; a bare column letter would make every "A …" a move)
        return set(notation.VERB_WORDS) | set(notation.VEGETABLE_WORDS)

    def notation_help(self) -> list[tuple[str, str]]:
        return [
            ("take b2", "take the Field tile of column b, row 2 (rows: 1 Sheep, 2 Pig, 3 Cow)"),
            ("place 1 -1", "place the tile in your Plot at x=1, y=-1: x grows to the right, y downward, so y=-1 is the row above your first tiles (-1 0, 0 0, 1 0)"),
            ("put carrot 0 1", "put a gained Carrot on your tile at 0 1"),
            ("exchange carrot corn", "3 Seeds: exchange a Wheelbarrow Carrot for a Corn"),
            ("buy corn", "5 Seeds: add a Corn to your Wheelbarrow"),
            ("deliver 3", "deliver the Client on space 3"),
            ("end", "end your turn after your action (by mail you need not: the end of your mail ends it)"),
            ("gain corn", "advanced mode: use a power (draw, reserve, swap, herd, trade, gain, pick, shift, sow, move)"),
        ]

    def progress(self, state: State) -> str:
        if state["phase"] == "over":
            return f"game over after round {state['round']}"
        return f"round {state['round']}" + (" (last round)" if state["ending"] else "")

    # --- scoring ---------------------------------------------------------------

    def score_sheet(self, state: State) -> dict:
        return scoring.score_sheet(state)

    def score_of(self, state: State, seat: int) -> int:
        return scoring.total_of(state, seat)

    def progress_value(self, state: State, seat: int) -> float:
        return scoring.progress_value(state, seat)
