"""Harvest as an :class:`engine.core.Game`: the contract, wired to the modules
that hold the rules (turns, rules), the notation and the scoring."""

from __future__ import annotations

from engine.core import Game, IllegalMove, Move, State, game_over, match_text
from engine.harvest import content as C
from engine.harvest import describe as describing
from engine.harvest import notation, scoring, turns, whole
from engine.harvest import outcome as outcomes
from engine.harvest.state import setup
from engine.phrases import N_, Listed, Phrase
from engine.words import Vocabulary


class Harvest(Game):
    name = "harvest"
    title = "Harvest"
    min_seats = 1
    max_seats = 4
    options = ()

    def setup(self, seats: int, options: dict, seed: int) -> State:
        self.normalize_options(options)
        return setup(seats, seed)

    def to_act(self, state: State) -> int | None:
        return state["active"]

    def legal_moves(self, state: State) -> list[Move]:
        return turns.legal_moves(state)

    def apply(self, state: State, move: Move) -> State:
        return turns.apply(state, move)

    def apply_legal(self, state: State, move: Move) -> State:
        return turns.apply(state, move, checked=True)

    def text(self, move: Move) -> str:
        return notation.text(move)

    def parse(self, state: State, seat: int, text: str) -> Move:
        if state["active"] is None:
            raise IllegalMove(game_over())
        wanted = notation.canonical(state, seat, text)
        if seat != state["active"]:
            raise IllegalMove(Phrase(N_("it is not your turn: farmer %(farmer)s is to decide"),
                                     {"farmer": state["active"] + 1}))
        try:
            return match_text(self, state, wanted)
        except IllegalMove as error:
            raise IllegalMove(self._why_not(state, wanted) or error.phrase, suggestions=error.suggestions) from None

    def _why_not(self, state: State, wanted: str) -> Phrase | None:
        """The rule a well-formed move that is not legal now breaks, from the
        rules themselves (“build well c3”: the Well is not on offer)."""
        try:
            move = Move.from_code(wanted.replace(" ", ":"))
            turns.apply(state, move)
        except IllegalMove as error:
            return error.phrase
        except Exception:  # not a move the rules can read: match_text's answer stands
            return None
        return None

    def describe(self, state: State, move: Move) -> str:
        return str(describing.describe_phrase(self, state, move))

    def describe_phrase(self, state: State, move: Move) -> Phrase:
        return describing.describe_phrase(self, state, move)

    def whole_turns(self, state: State, limit: int = 12) -> list:
        return whole.whole_turns(self, state, limit)

    def outcome(self, state: State, move: Move) -> str:
        return str(outcomes.outcome_phrase(self, state, move))

    def outcome_phrase(self, state: State, move: Move) -> Phrase | Listed:
        return outcomes.outcome_phrase(self, state, move)

    def move_words(self) -> set[str]:
        return set(notation.VERBS)

    def verbs(self) -> Vocabulary:
        return notation.VERB_WORDS

    def nouns(self) -> Vocabulary:
        return notation.NOUN_WORDS

    def notation_help(self) -> list[tuple[str, str]]:
        return list(notation.NOTATION_HELP)

    def progress(self, state: State) -> str:
        return str(self.progress_phrase(state))

    def progress_phrase(self, state: State) -> Phrase:
        if state["phase"] == "over":
            return Phrase(N_("game over after round %(round)s"), {"round": C.ROUNDS})
        if state["phase"] == "choose":
            return Phrase(N_("setup: keeping Characters and Farmhouses"))
        return Phrase(N_("round %(round)s of %(rounds)s"), {"round": state["round"], "rounds": C.ROUNDS})

    def plan_examples(self) -> list[tuple[str, str]]:
        return [
            ("plan: store > fields 3 > market; stop if Seeds < 3",
             N_("each of your placements to the end of the round: a General Store space (the best one free), else "
                "the Fields' 3-action space, else a market tile; it stops once you have fewer than 3 Seeds")),
            ("next: place fields 3, plant wheat a1 | place store 2, buy wheat 2",
             N_("your next turn only: a placement with the actions of its space, or the next alternative")),
        ]

    def names(self, state: State, move: Move) -> str:
        if move.kind == "place" and move.args[:1] == ("market",) and len(move.args) == 2:
            return state["market"].get(str(move.args[1])) or ""
        return ""

    def amounts(self, state: State, seat: int) -> dict[str, int]:
        farmer = state["farmers"][seat]
        return {"coin": farmer["coins"], "fertilizer": farmer["fertilizer"], "water": farmer["water"],
                "point": farmer["points"], "wheelbarrow": farmer["wheelbarrows"],
                "seed": sum(farmer["seeds"].values()), **farmer["seeds"]}

    def score_sheet(self, state: State) -> dict:
        return scoring.score_sheet(state)

    def progress_value(self, state: State, seat: int) -> float:
        return scoring.progress_value(state, seat)
