"""Pebbles: a tiny game that implements the engine contract, so the service
can be tested on moves it controls exactly (multi-step turns, a hidden draw
that cannot be undone, a quick end). It is registered only inside tests.

Each turn a farmer makes one or two steps (take 1 or 2 pebbles from the pile,
or draw a hidden card), then ends the turn. Whoever empties the pile ends the
game; the score is the pebbles taken.
"""

from __future__ import annotations

from engine.core import Game, IllegalMove, InvalidMove, Move, Rng, match_text, normalize, not_possible, not_your_turn


class Pebbles(Game):
    name = "toy"
    title = "Pebbles"
    min_seats = 1
    max_seats = 4

    def setup(self, seats, options, seed):
        if not 1 <= seats <= 4:
            raise ValueError("1 to 4 farmers")
        rng = Rng.from_seed(seed)
        bag = rng.shuffle(["acorn", "berry", "clover", "daisy", "elm", "fern"])
        return {"pile": 9, "turn": 0, "steps": 0, "taken": [0] * seats, "round": 1,
                "hidden": {"rng": rng.state, "bag": bag},
                "private": {str(s): {"cards": []} for s in range(seats)}}

    def to_act(self, state):
        return None if state["pile"] == 0 else state["turn"]

    def legal_moves(self, state):
        if self.to_act(state) is None:
            return []
        moves = []
        if state["steps"] < 2:
            moves += [Move("take", (k,)) for k in (1, 2) if state["pile"] >= k]
            if state["hidden"]["bag"]:
                moves.append(Move("draw"))
        if state["steps"] >= 1:
            moves.append(Move("end"))
        return moves

    def apply(self, state, move):
        if move not in self.legal_moves(state):
            raise IllegalMove(not_possible(self, self.text(move)))
        state = {**state, "taken": list(state["taken"]), "hidden": dict(state["hidden"]),
                 "private": {k: {"cards": list(v["cards"])} for k, v in state["private"].items()}}
        seat = state["turn"]
        if move.kind == "take":
            state["pile"] -= move.args[0]
            state["taken"][seat] += move.args[0]
            state["steps"] += 1
        elif move.kind == "draw":
            bag = list(state["hidden"]["bag"])
            state["private"][str(seat)]["cards"].append(bag.pop())
            state["hidden"]["bag"] = bag
            state["steps"] += 1
        else:
            state["turn"] = (seat + 1) % len(state["taken"])
            state["steps"] = 0
            if state["turn"] == 0:
                state["round"] += 1
        return state

    def text(self, move):
        return " ".join([move.kind, *map(str, move.args)])

    def parse(self, state, seat, text):
        wanted = normalize(text)
        if not wanted or wanted.split()[0] not in ("take", "draw", "end"):
            raise InvalidMove(f"“{text}” is not a Pebbles command")
        if self.to_act(state) != seat:
            raise IllegalMove(not_your_turn(self.to_act(state)))
        return match_text(self, state, wanted)

    def describe(self, state, move):
        if move.kind == "take":
            return f"took {move.args[0]} pebble{'s' if move.args[0] > 1 else ''}"
        return {"draw": "drew a card", "end": "ended the turn"}[move.kind]

    def progress(self, state):
        return f"round {state['round']}"

    def score_sheet(self, state):
        return {"lines": [{"key": "pebbles", "label": "Pebbles", "points": list(state["taken"])}],
                "total": list(state["taken"]),
                "tiebreak": {"label": "Cards", "values": [len(p["cards"]) for p in state["private"].values()]}}


GAME = Pebbles()
