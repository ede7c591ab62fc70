"""The search bot against the greedy bot: win rates, scores, time per decision.

Two farmers (Sunfield Farm base and advanced, Harvest): the search bot sits
in the first seat on even seeds and the second on odd ones, the greedy bot
in the other; a shared first place counts half. Solo Harvest: each bot plays
the same seeds alone. Time is CPU seconds of this process per decision of
the search bot (``time.process_time``), median over every decision and over
those with more than one legal move. Prints one JSON object per line;
asserts nothing.

    python -m bench engine.bots [--games 200] [--jobs 2] [--only harvest-solo] [--records FILE]
    python -m bench engine.bots --summarise FILE
"""

from __future__ import annotations

import json
import multiprocessing
import statistics
import time
from functools import partial

from bench.common import emit, parser
from engine import get_game
from engine.bots import GreedyBot, SearchBot, play
from engine.bots.search import budget

SHORT = ["--games", "1", "--only", "sunfield"]

CONFIGS = {
    "sunfield": ("sunfield", 2, {}),
    "sunfield-advanced": ("sunfield", 2, {"advanced": True}),
    "harvest": ("harvest", 2, {}),
    "harvest-solo": ("harvest", 1, {}),
}


class SeatTimer:
    """Times one seat's decisions: all of them, and those with a real choice."""

    def __init__(self, game, seat: int):
        self.game, self.seat = game, seat
        self.all: list[float] = []
        self.choices: list[float] = []

    def __call__(self, seat, state, choose):
        started = time.process_time()
        move = choose()
        spent = time.process_time() - started
        if seat == self.seat:
            self.all.append(spent)
            if len(self.game.legal_moves(state)) > 1:
                self.choices.append(spent)
        return move


def ms(values: list[float]) -> float | None:
    return round(1000 * statistics.median(values), 1) if values else None


def one_game(config: str, seed: int) -> dict:
    """One seeded game: the search bot's seat, scores, decision times."""
    name, players, options = CONFIGS[config]
    game = get_game(name)
    seat = seed % players
    timer = SeatTimer(game, seat)
    bots = [GreedyBot() for _ in range(players)]
    bots[seat] = SearchBot()
    started = time.process_time()
    played = play(game, players, options, seed, bots, on_decision=timer)
    total = game.score_sheet(played.state)["total"]
    result = {"search": total[seat], "all": timer.all, "choices": timer.choices}
    if players == 1:
        result["greedy"] = game.score_sheet(play(game, 1, options, seed, [GreedyBot()]).state)["total"][0]
    else:
        result["greedy"] = total[1 - seat]
        first = game.ranking(played.state)[0]
        result["win"] = 1 / len(first) if seat in first else 0.0
    result["cpu"] = time.process_time() - started
    return result


def run(config: str, games: int, first_seed: int = 1, jobs: int = 1, records: str | None = None) -> dict:
    """Every game is seeded on its own, so the figures do not depend on
    ``jobs``. With ``records``, each game's result is appended to that file
    as it finishes (JSON lines), so a long run can be summarised part way."""
    seeds = range(first_seed, first_seed + games)
    results = []
    with multiprocessing.Pool(jobs) as pool:
        for result in pool.imap(partial(one_game, config), seeds):
            results.append(result)
            if records:
                with open(records, "a") as out:
                    out.write(json.dumps({"config": config} | result) + "\n")
    return summarise(config, results)


def summarise(config: str, results: list[dict]) -> dict:
    search = [r["search"] for r in results]
    greedy = [r["greedy"] for r in results]
    spent = [t for r in results for t in r["all"]]
    choices = [t for r in results for t in r["choices"]]
    iterations, lookahead = budget(CONFIGS[config][0])
    figures = {"config": config, "games": len(results), "iterations": iterations, "lookahead": lookahead}
    if CONFIGS[config][1] > 1:
        wins = sum(r["win"] for r in results)
        figures |= {"search_wins": wins, "search_win_rate": round(wins / len(results), 3)}
    figures |= {
        "search_score_median": statistics.median(search), "greedy_score_median": statistics.median(greedy),
        "search_score_mean": round(statistics.fmean(search), 2), "greedy_score_mean": round(statistics.fmean(greedy), 2),
        "search_ms_per_decision_median": ms(spent), "search_ms_per_real_choice_median": ms(choices),
        "search_ms_per_decision_max": round(1000 * max(spent), 1),
        "cpu_seconds": round(sum(r["cpu"] for r in results), 1),
    }
    return figures


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--games", type=int, default=200, help="games per configuration (default %(default)s)")
    arguments.add_argument("--seed", type=int, default=1, help="first seed; games take the seeds from it up")
    arguments.add_argument("--jobs", type=int, default=1, help="worker processes (the figures do not change)")
    arguments.add_argument("--records", help="append each game's result to this file (JSON lines)")
    arguments.add_argument("--summarise", metavar="RECORDS", help="only print the figures of a records file")
    arguments.add_argument("--only", choices=list(CONFIGS), action="append",
                           help="run only this configuration (may be given again); default: all of them")
    args = arguments.parse_args(argv)
    if args.summarise:
        with open(args.summarise) as records:
            results = [json.loads(line) for line in records]
        for config in CONFIGS:
            mine = [r for r in results if r["config"] == config]
            if mine:
                emit(summarise(config, mine))
        return
    for config in args.only or CONFIGS:
        emit(run(config, args.games, args.seed, args.jobs, args.records))


if __name__ == "__main__":
    main()
