"""``farmpost selfplay``: bots play many seeded games and one JSON line of
figures comes out (completion, errors, game length, winning scores, speed).

Timing and printing live here, outside the pure engine.
"""

from __future__ import annotations

import json
import statistics
import time

from engine import game_names, get_game
from engine.bots import make_bot, play


def register(subparsers) -> None:
    cmd = subparsers.add_parser("selfplay", help="bots play seeded games; prints one JSON object of figures")
    cmd.add_argument("game", choices=game_names())
    cmd.add_argument("--games", type=int, default=100)
    cmd.add_argument("--players", type=int, default=4)
    cmd.add_argument("--advanced", action="store_true", help="advanced mode (games that have it)")
    cmd.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed + i")
    cmd.add_argument("--bot", choices=["random", "greedy"], default="random")
    cmd.set_defaults(func=run)


def run(args) -> int:
    figures = selfplay(args.game, games=args.games, players=args.players, advanced=args.advanced,
                       seed=args.seed, bot=args.bot)
    print(json.dumps(figures))
    return 0 if figures["errors"] == 0 else 1


def selfplay(name: str, *, games: int, players: int, advanced: bool = False, seed: int = 1, bot: str = "random") -> dict:
    game = get_game(name)
    options = {"advanced": True} if advanced else {}
    bots = [make_bot(bot) for _ in range(players)]
    turns: list[int] = []
    moves: list[int] = []
    winning: list[int] = []
    scores: list[int] = []
    errors: list[str] = []
    started = time.perf_counter()
    for i in range(games):
        try:
            played = play(game, players, options, seed + i, bots)
        except Exception as exc:  # a figure, not a crash: the count is the point
            errors.append(f"seed {seed + i}: {type(exc).__name__}: {exc}")
            continue
        total = game.score_sheet(played.state)["total"]
        winning.append(max(total))
        scores.extend(total)
        moves.append(len(played.codes))
        turns.append(played.turns())
    seconds = time.perf_counter() - started
    return {
        "game": name,
        "players": players,
        "advanced": advanced,
        "bot": bot,
        "games": games,
        "completed": len(winning),
        "errors": len(errors),
        "error_samples": errors[:3],
        "turns": summary(turns),
        "moves": summary(moves),
        "winning_score": summary(winning),
        "score": summary(scores),
        "seconds": round(seconds, 3),
        "games_per_second": round(len(winning) / seconds, 2) if seconds else None,
    }


def summary(values: list[int]) -> dict:
    if not values:
        return {"min": None, "median": None, "mean": None, "max": None}
    return {"min": min(values), "median": statistics.median(values),
            "mean": round(statistics.fmean(values), 2), "max": max(values)}
