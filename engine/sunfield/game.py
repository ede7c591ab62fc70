"""Sunfield Farm behind the engine contract (engine/core.py)."""

from __future__ import annotations

from engine.core import Game, IllegalMove, InvalidMove, Move, Option, State, clone
from engine.sunfield import describe as describing
from engine.sunfield import moves, notation, scoring
from engine.sunfield.state import setup


def copy_for_move(state: State) -> State:
    """A copy that a move may change: everything is copied except the other
    farmers, which a move never touches (they are shared with ``state``; a
    state is a value, never changed in place once returned)."""
    seat = state["seat"]
    rest, farmer = clone(({k: v for k, v in state.items() if k != "farmers"}, state["farmers"][seat]))
    farmers = list(state["farmers"])
    farmers[seat] = farmer
    return {k: farmers if k == "farmers" else rest[k] for k in state}


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
        state = copy_for_move(state)
        moves.apply_move(state, move)
        return state

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

    def notation_help(self) -> list[tuple[str, str]]:
        return [
            ("take b2", "take the Field tile of column b, row 2 (rows: 1 Sheep, 2 Pig, 3 Cow)"),
            ("place 1 -1", "place the tile in your Plot at x=1, y=-1 (your first tiles are at -1 0, 0 0, 1 0)"),
            ("put carrot 0 1", "put a gained Carrot on your tile at 0 1"),
            ("exchange carrot corn", "3 Seeds: exchange a Wheelbarrow Carrot for a Corn"),
            ("buy corn", "5 Seeds: add a Corn to your Wheelbarrow"),
            ("deliver 3", "deliver the Client on space 3"),
            ("end", "end your turn (when it does not end by itself)"),
        ]

    def progress(self, state: State) -> str:
        if state["phase"] == "over":
            return f"game over after round {state['round']}"
        return f"round {state['round']}" + (" (last round)" if state["ending"] else "")

    # --- scoring ---------------------------------------------------------------

    def score_sheet(self, state: State) -> dict:
        return scoring.score_sheet(state)

    def progress_value(self, state: State, seat: int) -> float:
        return scoring.progress_value(state, seat)
