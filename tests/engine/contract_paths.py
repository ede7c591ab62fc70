"""How many random games the contract simulation needs: plays seeded games
exactly as tests/engine/test_contract.py does (same bots, seeds, deep games)
and records, for each configuration, after how many games the rules' code
paths and the legal-move kinds stop growing.

A code path is an arc (line -> next line, function entry and exit) in the
game's own package (engine/<game>/) or in engine/core.py, traced with
``sys.settrace``; a legal-move kind is the verb of a move (``Move.kind``)
offered by ``legal_moves``. For each configuration it prints one JSON line:
games played, arcs and kinds reached, the game number (1-based) after which
no new arc or kind appeared, and how many arcs had been reached after 10, 25,
50, 100, ... games.

    .venv/bin/python -m tests.engine.contract_paths [--games 500] [--only sunfield-4p]

Tracing makes the games several times slower than in the test.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from engine import get_game
from tests.engine.test_contract import DEEP_EVERY, GAMES_PER_CONFIG, check_one_game

ENGINE = Path(__file__).resolve().parents[2] / "engine"
CHECKPOINTS = (10, 25, 50, 100, 150, 200, 300, 400, 500, 750, 1000, 1500, 2000)


class Arcs:
    """The arcs executed so far in the given source folders (coverage.py's
    branch measurement, its C tracer)."""

    def __init__(self, include: list[str]):
        import coverage

        self.coverage = coverage.Coverage(data_file=None, branch=True, include=include)
        self.seen: set[tuple[str, int, int]] = set()

    def __enter__(self):
        self.coverage.start()
        return self

    def __exit__(self, *exc):
        self.coverage.stop()
        data = self.coverage.get_data()
        self.seen.update((path, *arc) for path in data.measured_files() for arc in data.arcs(path) or ())


class KindRecorder:
    """The game, with the kinds of the legal moves it offers recorded."""

    def __init__(self, game):
        self._game = game
        self.kinds: set[str] = set()

    def legal_moves(self, state):
        moves = self._game.legal_moves(state)
        self.kinds.update(move.kind for move in moves)
        return moves

    def __getattr__(self, name):
        return getattr(self._game, name)


def measure(name: str, players: int, advanced: bool, games: int) -> dict:
    game = get_game(name)
    options = game.normalize_options({"advanced": True} if advanced else {})
    tracer, recorder = Arcs([f"{ENGINE / name}/*", str(ENGINE / "core.py")]), KindRecorder(game)
    last_new_arc = last_new_kind = 0
    curve = {}
    started = time.perf_counter()
    for seed in range(games):
        arcs, kinds = len(tracer.seen), len(recorder.kinds)
        with tracer:
            check_one_game(recorder, players, options, seed, deep=seed % DEEP_EVERY == 0)
        if len(tracer.seen) > arcs:
            last_new_arc = seed + 1
        if len(recorder.kinds) > kinds:
            last_new_kind = seed + 1
        if seed + 1 in CHECKPOINTS:
            curve[seed + 1] = len(tracer.seen)
    return {"game": name, "players": players, "advanced": advanced, "games": games,
            "arcs": len(tracer.seen), "last_new_arc_after_game": last_new_arc,
            "kinds": sorted(recorder.kinds), "last_new_kind_after_game": last_new_kind,
            "arcs_after": curve, "seconds": round(time.perf_counter() - started, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500, help="games per configuration (default: 500)")
    parser.add_argument("--only", default="", help="configurations whose name contains this (harvest, sunfield-4p)")
    args = parser.parse_args()
    for name, players, advanced in GAMES_PER_CONFIG:
        if args.only in f"{name}-{players}p-{'advanced' if advanced else 'base'}":
            print(json.dumps(measure(name, players, advanced, args.games)), flush=True)


if __name__ == "__main__":
    main()
