"""Sunfield Farm behind the engine contract (engine/core.py)."""

from __future__ import annotations

from engine.core import Game, IllegalMove, InvalidMove, Move, Option, State
from engine.phrases import N_, Listed, Phrase
from engine.sunfield import content as C
from engine.sunfield import describe as describing
from engine.sunfield import notation, scoring, turns, whole
from engine.sunfield import outcome as outcomes
from engine.sunfield.state import setup
from engine.words import Vocabulary


class Sunfield(Game):
    name = "sunfield"
    title = "Sunfield Farm"
    min_seats = 2
    max_seats = 4
    options = (Option("advanced", N_("Advanced mode (Livestock cards)"), False, short=N_("Advanced mode")),)

    def setup(self, seats: int, options: dict, seed: int) -> State:
        options = self.normalize_options(options)
        return setup(seats, bool(options["advanced"]), seed)

    def to_act(self, state: State) -> int | None:
        return state["seat"]

    def legal_moves(self, state: State) -> list[Move]:
        return turns.legal_moves(state)

    def apply(self, state: State, move: Move) -> State:
        if not turns.is_built(move):  # the moves legal_moves hands out are well-formed
            try:
                notation.check_shape(move)
            except InvalidMove as error:
                raise IllegalMove(error.phrase) from None
        return turns.apply(state, move)

    def apply_legal(self, state: State, move: Move) -> State:
        return turns.apply(state, move, checked=True)

    def closing_moves(self, state: State) -> list[Move]:
        return turns.closing_moves(state)

    def explain(self, state: State, move: Move) -> Phrase:
        return turns.explain(state, move)

    # --- text ---------------------------------------------------------------

    def code(self, move: Move) -> str:
        return turns.code(move)

    def text(self, move: Move) -> str:
        return notation.text(move)

    def parse(self, state: State, seat: int, text: str) -> Move:
        return notation.parse(self, state, seat, text)

    def from_code(self, code: str) -> Move:
        move = Move.from_code(code)
        notation.check_shape(move)
        return move

    def describe(self, state: State, move: Move) -> str:
        return str(describing.describe_phrase(self, state, move))

    def describe_phrase(self, state: State, move: Move) -> Phrase:
        return describing.describe_phrase(self, state, move)

    def whole_turns(self, state: State, limit: int = 12) -> list:
        return whole.whole_turns(self, state, limit)

    def outcome(self, state: State, move: Move) -> str:
        return outcomes.outcome(self, state, move)

    def outcome_phrase(self, state: State, move: Move) -> Phrase | Listed:
        return outcomes.outcome_phrase(self, state, move)

    def move_words(self) -> set[str]:
        # verbs and their synonyms, and the "carrot 0 1" shorthand of put ("b2" is
        # a coordinate; a bare column letter would make every "A …" a move)
        return set(notation.VERB_WORDS) | set(notation.VEGETABLE_WORDS)

    def verbs(self) -> Vocabulary:
        return notation.VERBS

    def nouns(self) -> Vocabulary:
        return notation.NOUNS

    def notation_help(self) -> list[tuple[str, str]]:
        return [
            ("take b2", N_("take the Field tile of column b, row 2 (rows: 1 Sheep, 2 Pig, 3 Cow)")),
            ("place 1 -1", N_("place the tile in your Plot at x=1, y=-1: x grows to the right, y downward, so y=-1 is the row above your first tiles (-1 0, 0 0, 1 0)")),
            ("put carrot 0 1", N_("put a gained Carrot on your tile at 0 1")),
            ("exchange carrot corn", N_("3 Seeds: exchange a Wheelbarrow Carrot for a Corn")),
            ("buy corn", N_("5 Seeds: add a Corn to your Wheelbarrow")),
            ("deliver 3", N_("deliver the Client on space 3")),
            ("end", N_("end your turn after your action (by mail you need not: the end of your mail ends it)")),
            ("gain corn", N_("advanced mode: use a power (draw, reserve, swap, herd, trade, gain, pick, shift, sow, move)")),
        ]

    def progress(self, state: State) -> str:
        return str(self.progress_phrase(state))

    def progress_phrase(self, state: State) -> Phrase:
        number = {"round": state["round"]}
        if state["phase"] == "over":
            return Phrase(N_("game over after round %(round)s"), number)
        return Phrase(N_("round %(round)s (last round)") if state["ending"] else N_("round %(round)s"), number)

    # --- plans ------------------------------------------------------------------

    def plan_examples(self) -> list[tuple[str, str]]:
        return [
            ("next: take b2, place 1 0 | take c1, place 0 -1",
             N_("your next turn, played when it comes: the Field tile you see at b2 placed at 1 0; if that tile is "
                "gone, the one at c1 at 0 -1; if neither is possible, nothing is played and you are told why")),
            ("plan: take a1, place 2 0 > take b1, place -2 0; stop if Seeds < 2",
             N_("each of your turns to the end of the round, the first alternative still possible, until you "
                "have fewer than 2 Seeds")),
        ]

    def names(self, state: State, move: Move) -> str:
        if move.kind == "deliver" and move.args and isinstance(move.args[0], int):
            space = move.args[0] - 1  # the Client on that space
            return (state["clients"][space] or "") if 0 <= space < len(state["clients"]) else ""
        if move.kind != "take" or len(move.args) != 2 or move.args[0] not in C.COLUMNS:
            return ""
        column, row = state["market"][C.COLUMNS.index(move.args[0])], move.args[1] - 1
        slot = column[row] if isinstance(row, int) and 0 <= row < len(column) else None
        return slot["tile"] if slot else ""

    def amounts(self, state: State, seat: int) -> dict[str, int]:
        farmer = state["farmers"][seat]
        return {"seed": farmer["seeds"], "client": len(farmer["clients"]), "medal": len(farmer["medals"]),
                "vegetable": sum(farmer["wheelbarrow"].values()), **farmer["wheelbarrow"]}

    # --- scoring ---------------------------------------------------------------

    def score_sheet(self, state: State) -> dict:
        return scoring.score_sheet(state)

    def score_of(self, state: State, seat: int) -> int:
        return scoring.total_of(state, seat)

    def totals(self, state: State) -> list[int]:
        return [scoring.total_of(state, seat) for seat in range(state["seats"])]

    def progress_value(self, state: State, seat: int) -> float:
        return scoring.progress_value(state, seat)
