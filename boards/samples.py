"""Real game states to draw: for tests, the benchmark and the screenshots.

States come from seeded bot games (``engine.bots.play``), so they are the
states farmers will meet, and the same seed always gives the same boards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from engine import get_game
from engine.bots import RandomBot, play

NAMES = ("Céline", "Yoann", "Floriane", "Cyrille")


@dataclass
class SampleGame:
    game_name: str
    seats: int
    options: dict
    seed: int
    states: list[dict] = field(default_factory=list)  # after 0, 1, 2, ... moves
    codes: list[str] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return list(NAMES[: self.seats])

    def at(self, stage: str) -> dict:
        """The full state at "start", "middle" or "end"."""
        index = {"start": 0, "middle": len(self.states) // 2, "end": len(self.states) - 1}[stage]
        return self.states[index]

    def view(self, stage: str, seat: int | None) -> dict:
        return get_game(self.game_name).view(self.at(stage), seat)

    def report(self) -> dict:
        """A report dict as the service builds it, with one move an hour."""
        game = get_game(self.game_name)
        final = self.states[-1]
        start = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
        moves = []
        for i, code in enumerate(self.codes):
            state = self.states[i]
            seat = game.to_act(state)
            moves.append({"seat": seat, "text": game.text(game.from_code(code)),
                          "at": (start + timedelta(hours=i + 1)).isoformat()})
        return {
            "game_id": f"{self.game_name}-{self.seed}",
            "title": f"{game.title} with {', '.join(self.names)}",
            "names": self.names,
            "options": self.options,
            "view": game.view(final, None),
            "score_sheet": game.score_sheet(final),
            "ranking": game.ranking(final),
            "rounds": self.rounds(),
            "moves": moves,
            "started_at": start.isoformat(),
            "finished_at": (start + timedelta(hours=len(moves))).isoformat(),
        }

    def rounds(self) -> list[dict]:
        """Score totals whenever the game's progress label changes (a round,
        or a turn of the table), and at the end."""
        game = get_game(self.game_name)
        out = []
        for before, after in zip(self.states, self.states[1:]):
            if game.progress(after) != game.progress(before):
                out.append({"label": game.progress(before), "totals": game.score_sheet(before)["total"]})
        out.append({"label": "end", "totals": game.score_sheet(self.states[-1])["total"]})
        return out


def sample_game(game_name: str, seats: int, options: dict | None = None, seed: int = 1) -> SampleGame:
    game = get_game(game_name)
    played = play(game, seats, options or {}, seed, [RandomBot()] * seats)
    sample = SampleGame(game_name, seats, played.options, seed, codes=played.codes)
    state = game.setup(seats, played.options, seed)
    sample.states.append(state)
    for code in played.codes:
        state = game.apply(state, game.from_code(code))
        sample.states.append(state)
    return sample
