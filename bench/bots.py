"""The search bot against the greedy bot: win rates, scores, time per decision.

Two farmers (Sunfield Farm base and advanced, Harvest): the search bot sits
in the first seat on even seeds and the second on odd ones, the greedy bot
in the other; a shared first place counts half. Solo Harvest: each bot plays
the same seeds alone. Time is CPU seconds of this process per decision of
the search bot (``time.process_time``), median over every decision and over
those with more than one legal move. Prints one JSON object per line;
asserts nothing.

    .venv/bin/python -m bench.bots [--games 200] [--only harvest-solo]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from engine import get_game
from engine.bots import GreedyBot, SearchBot, play

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


def run(config: str, games: int, first_seed: int = 1) -> dict:
    name, players, options = CONFIGS[config]
    game = get_game(name)
    wins = 0.0
    search, greedy, spent, choices = [], [], [], []
    started = time.process_time()
    for seed in range(first_seed, first_seed + games):
        seat = seed % players
        timer = SeatTimer(game, seat)
        bots = [GreedyBot() for _ in range(players)]
        bots[seat] = SearchBot()
        played = play(game, players, options, seed, bots, on_decision=timer)
        spent += timer.all
        choices += timer.choices
        total = game.score_sheet(played.state)["total"]
        search.append(total[seat])
        if players == 1:
            greedy.append(game.score_sheet(play(game, 1, options, seed, [GreedyBot()]).state)["total"][0])
            continue
        greedy.append(total[1 - seat])
        first = game.ranking(played.state)[0]
        if seat in first:
            wins += 1 / len(first)
    figures = {"config": config, "games": games, "iterations": SearchBot().iterations}
    if players > 1:
        figures |= {"search_wins": wins, "search_win_rate": round(wins / games, 3)}
    figures |= {
        "search_score_median": statistics.median(search), "greedy_score_median": statistics.median(greedy),
        "search_score_mean": round(statistics.fmean(search), 2), "greedy_score_mean": round(statistics.fmean(greedy), 2),
        "search_ms_per_decision_median": ms(spent), "search_ms_per_real_choice_median": ms(choices),
        "search_ms_per_decision_max": round(1000 * max(spent), 1),
        "cpu_seconds": round(time.process_time() - started, 1),
    }
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per configuration")
    parser.add_argument("--seed", type=int, default=1, help="first seed")
    parser.add_argument("--only", choices=list(CONFIGS), action="append", help="run only these configurations")
    args = parser.parse_args(argv)
    for config in args.only or CONFIGS:
        print(json.dumps(run(config, args.games, args.seed)), flush=True)


if __name__ == "__main__":
    main()
