"""``farmpost selfplay``: bots play many seeded games and one JSON line of
figures comes out (completion, errors, game length, scores, wins and time
per decision by bot kind).

Timing and printing live here, outside the pure engine. Decisions are timed
in CPU seconds of this process (``time.process_time``), so other work on the
machine does not inflate them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import defaultdict
from typing import TYPE_CHECKING

from engine import BOT_NAMES, game_names

if TYPE_CHECKING:
    from engine.bots import Bot


def register(subparsers) -> None:
    cmd = subparsers.add_parser("selfplay", help="bots play seeded games; prints one JSON object of figures")
    cmd.add_argument("game", choices=game_names())
    cmd.add_argument("--games", type=int, default=100)
    cmd.add_argument("--players", type=int, default=4)
    cmd.add_argument("--advanced", action="store_true", help="advanced mode (games that have it)")
    cmd.add_argument("--seed", type=int, default=1, help="first seed; game i uses seed + i")
    cmd.add_argument("--bots", "--bot", dest="bots", type=bot_kinds, default=["random"], metavar="KIND[,KIND...]",
                     help=f"bot kind by seat, cycling ({', '.join(BOT_NAMES)}); e.g. search,greedy")
    cmd.add_argument("--iterations", type=int, default=None,
                     help="search bot: iterations per decision (default: the bot's own)")
    cmd.set_defaults(func=run)


def bot_kinds(text: str) -> list[str]:
    kinds = [k.strip() for k in text.split(",")]
    unknown = [k for k in kinds if k not in BOT_NAMES]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown bot {', '.join(map(repr, unknown))}; known: {', '.join(BOT_NAMES)}")
    return kinds


def run(args) -> int:
    figures = selfplay(args.game, games=args.games, players=args.players, advanced=args.advanced,
                       seed=args.seed, bots=args.bots, iterations=args.iterations)
    print(json.dumps(figures))
    return 0 if figures["errors"] == 0 else 1


def seat_bots(kinds: list[str], players: int, iterations: int | None = None) -> list[Bot]:
    """One bot per seat, the kinds repeated in order (search,greedy -> S G S G)."""
    from engine.bots import SearchBot, make_bot

    bots = []
    for seat in range(players):
        kind = kinds[seat % len(kinds)]
        bots.append(SearchBot(iterations=iterations) if kind == "search" and iterations else make_bot(kind))
    return bots


def selfplay(name: str, *, games: int, players: int, advanced: bool = False, seed: int = 1,
             bots: list[str] | str = "random", iterations: int | None = None) -> dict:
    from engine import get_game
    from engine.bots import play

    game = get_game(name)
    options = {"advanced": True} if advanced else {}
    kinds = bot_kinds(bots) if isinstance(bots, str) else list(bots)
    seated = seat_bots(kinds, players, iterations)
    kind_of = [kinds[seat % len(kinds)] for seat in range(players)]
    turns: list[int] = []
    moves: list[int] = []
    winning: list[int] = []
    scores: list[int] = []
    errors: list[str] = []
    wins: dict[str, float] = {kind: 0.0 for kind in dict.fromkeys(kind_of)}
    decision_seconds: dict[str, list[float]] = defaultdict(list)

    def timed(seat, state, choose):
        started = time.process_time()
        move = choose()
        decision_seconds[kind_of[seat]].append(time.process_time() - started)
        return move

    started = time.perf_counter()
    for i in range(games):
        try:
            played = play(game, players, options, seed + i, seated, on_decision=timed)
        except Exception as exc:  # a figure, not a crash: the count is the point
            errors.append(f"seed {seed + i}: {type(exc).__name__}: {exc}")
            continue
        total = game.score_sheet(played.state)["total"]
        winning.append(max(total))
        scores.extend(total)
        moves.append(len(played.codes))
        turns.append(played.turns())
        first = game.ranking(played.state)[0]
        for seat in first:  # a shared first place is shared out
            wins[kind_of[seat]] += 1 / len(first)
    seconds = time.perf_counter() - started
    return {
        "game": name,
        "players": players,
        "advanced": advanced,
        "bots": kind_of,
        "games": games,
        "completed": len(winning),
        "errors": len(errors),
        "error_samples": errors[:3],
        "turns": summary(turns),
        "moves": summary(moves),
        "winning_score": summary(winning),
        "score": summary(scores),
        "wins_by_bot": {kind: round(n, 2) for kind, n in wins.items()},
        "seconds_per_decision": {kind: round(statistics.median(values), 4)
                                 for kind, values in decision_seconds.items()},
        "seconds": round(seconds, 3),
        "games_per_second": round(len(winning) / seconds, 2) if seconds else None,
    }


def summary(values: list[int]) -> dict:
    if not values:
        return {"min": None, "median": None, "mean": None, "max": None}
    return {"min": min(values), "median": statistics.median(values),
            "mean": round(statistics.fmean(values), 2), "max": max(values)}
