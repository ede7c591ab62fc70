"""Harvest balance: the score distributions the content was tuned against.

Solo: greedy and random bots over N seeds, with quartiles and how often each
of Gairy's ratings comes up. 2-4 farmers: winning and all scores with greedy
bots. Prints one JSON object per line; asserts nothing.

    python -m bench engine.harvest_balance [--games 2000] [--multi 200]
"""

from __future__ import annotations

import statistics
import time
from collections import Counter

from bench.common import emit, parser
from engine import get_game
from engine.bots import make_bot, play
from engine.harvest.scoring import solo_rating

SHORT = ["--games", "20", "--multi", "4"]


def distribution(values: list[int]) -> dict:
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return {"min": min(values), "q1": q1, "median": median, "q3": q3, "max": max(values),
            "mean": round(statistics.fmean(values), 2)}


def run(players: int, games: int, bot: str) -> dict:
    game = get_game("harvest")
    bots = [make_bot(bot) for _ in range(players)]
    winning, scores = [], []
    started = time.perf_counter()
    for seed in range(games):
        total = game.score_sheet(play(game, players, {}, seed, bots).state)["total"]
        winning.append(max(total))
        scores.extend(total)
    seconds = time.perf_counter() - started
    figures = {"players": players, "bot": bot, "games": games, "score": distribution(scores),
               "games_per_second": round(games / seconds, 1)}
    if players == 1:
        ratings = Counter(solo_rating(s) for s in scores)
        figures["ratings"] = {title: ratings[title] for title in sorted(ratings, key=lambda t: -ratings[t])}
    else:
        figures["winning_score"] = distribution(winning)
        figures["margin_median"] = statistics.median(
            sorted(scores[i : i + players])[-1] - sorted(scores[i : i + players])[-2]
            for i in range(0, len(scores), players))
    return figures


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--games", type=int, default=2000,
                           help="solo games per bot, greedy and random (default %(default)s)")
    arguments.add_argument("--multi", type=int, default=200,
                           help="games of greedy bots per farmer count, 2 to 4 (default %(default)s)")
    args = arguments.parse_args(argv)
    for bot in ("greedy", "random"):
        emit(run(1, args.games, bot))
    for players in (2, 3, 4):
        emit(run(players, args.multi, "greedy"))


if __name__ == "__main__":
    main()
