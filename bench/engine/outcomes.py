"""The cost of saying what every option will do: ``Game.outcome`` for every
legal move of a position, which is what a turn mail (or a seat page) adds.

Every decision point of seeded random games is a position a turn mail or a
page may show; the figure is the CPU time (one core) to compute the outcomes
of all its options, median, 95th percentile and worst, with the number of
options.

Prints one JSON object per game and mode.

    python -m bench engine.outcomes [--games 10]
"""

from __future__ import annotations

import statistics
import time

from bench.common import emit, parser
from engine import get_game
from engine.core import Rng

SHORT = ["--games", "2"]

CONFIGS = [("sunfield", 2, False), ("sunfield", 4, True), ("harvest", 1, False), ("harvest", 4, False)]


def outcome_costs(name: str, players: int, advanced: bool, games: int) -> dict:
    game = get_game(name)
    options = game.normalize_options({"advanced": True} if advanced else {})
    costs, counts = [], []
    for seed in range(games):
        state = game.setup(players, options, seed)
        rng = Rng.from_seed(seed)
        while not game.is_over(state):
            moves = game.legal_moves(state)
            t0 = time.process_time()
            for move in moves:
                game.outcome(state, move)
            costs.append(time.process_time() - t0)
            counts.append(len(moves))
            state = game.apply(state, moves[rng.below(len(moves))])
    ms = lambda x: round(x * 1e3, 2)  # noqa: E731
    costs.sort()
    return {"positions": len(costs), "options_median": statistics.median(counts), "options_max": max(counts),
            "per_mail_ms_median": ms(statistics.median(costs)), "per_mail_ms_p95": ms(costs[int(len(costs) * 0.95)]),
            "per_mail_ms_max": ms(costs[-1])}


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--games", type=int, default=10,
                           help="seeded random games per game and mode, every position of each timed"
                                " (default %(default)s)")
    args = arguments.parse_args(argv)
    for name, players, advanced in CONFIGS:
        figures = outcome_costs(name, players, advanced, args.games)
        emit({"game": name, "players": players, "advanced": advanced, **figures})


if __name__ == "__main__":
    main()
