"""Engine speed: random self-play games per second (4 farmers, every mode of
each game), median legal_moves and apply times, and whether the cost of a move
stays flat as the game goes on (first vs last quarter of each game).

Prints one JSON object per game and mode.

    python -m bench engine.speed [--games 200]
"""

from __future__ import annotations

import statistics
import time

from bench.common import emit, parser
from engine import get_game
from engine.bots import RandomBot, play
from engine.core import Rng

SHORT = ["--games", "20"]

CONFIGS = [("sunfield", 4, False), ("sunfield", 4, True), ("harvest", 4, False), ("harvest", 1, False)]


def games_per_second(name: str, players: int, advanced: bool, games: int) -> dict:
    """Full random games per second, by wall clock and by this process's CPU
    time (one core; the CPU figure holds on a busy machine)."""
    game = get_game(name)
    options = {"advanced": True} if advanced else {}
    bots = [RandomBot()] * players
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        play(game, players, options, seed, bots)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {"games_per_second_wall": round(games / wall, 1), "games_per_second_cpu": round(games / cpu, 1)}


def move_timings(name: str, players: int, advanced: bool, games: int) -> dict:
    """Per-call times of legal_moves and apply, split by position in the game."""
    game = get_game(name)
    options = game.normalize_options({"advanced": True} if advanced else {})
    legal, applied, early, late = [], [], [], []  # seconds per call (process CPU time)
    for seed in range(games):
        state = game.setup(players, options, seed)
        rng = Rng.from_seed(seed)
        per_move = []
        while not game.is_over(state):
            t0 = time.process_time()
            moves = game.legal_moves(state)
            t1 = time.process_time()
            state = game.apply(state, moves[rng.below(len(moves))])
            t2 = time.process_time()
            legal.append(t1 - t0)
            applied.append(t2 - t1)
            per_move.append(t2 - t0)
        quarter = max(1, len(per_move) // 4)
        early += per_move[:quarter]
        late += per_move[-quarter:]
    us = lambda xs: round(statistics.median(xs) * 1e6, 1)  # noqa: E731
    return {"legal_moves_median_us": us(legal), "apply_median_us": us(applied),
            "move_median_us_first_quarter": us(early), "move_median_us_last_quarter": us(late)}


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--games", type=int, default=200,
                           help="random games timed per game and mode; a tenth of them (20 at least) are timed move"
                                " by move (default %(default)s)")
    args = arguments.parse_args(argv)
    for name, players, advanced in CONFIGS:
        figures = {"game": name, "players": players, "advanced": advanced}
        figures.update(games_per_second(name, players, advanced, args.games))
        figures.update(move_timings(name, players, advanced, max(20, args.games // 10)))
        emit(figures)


if __name__ == "__main__":
    main()
