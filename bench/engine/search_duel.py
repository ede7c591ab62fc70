"""The search bot on this engine against the search bot on an older one, at
the same CPU budget per decision.

    python -m bench engine.search_duel [--games N] [--against REV] [--ratio R]

The search bot's budget is a number of iterations (engine/bots/search.py),
so the same seed plays the same game. A faster engine affords more
iterations in the same CPU time: this measures how many, then plays the two
budgets against each other.

1. The cost of a decision: the search bot (its own budget, 50 iterations)
   decides at the same positions (every 8th decision point of seeded random
   games) on this tree and on a ``git worktree`` of REV, each in a
   subprocess with this interpreter, in turn, the better of two runs each.
   R is REV's CPU time over this tree's (``--ratio`` skips the measure).
2. The duel: 2-farmer games, seeds 1 to N, the new bot with round(50 x R)
   iterations against the old one with 50, seats swapped from one seed to
   the next. Both run on this engine, the old one as REV's
   engine/bots/search.py (its SearchBot, loaded from git): REV must play the
   same games move for move (the rules are the same; bench engine.revisions
   checks it), so the old bot with 50 iterations plays here exactly as it
   plays on REV, whatever this tree's search bot has become.

Prints JSON lines: the measure, one line per game, and the summary (wins of
the new bot, a shared first place counting half, with a 95 % Wilson
interval, and each bot's CPU milliseconds per decision in these games). R is
measured at 50 iterations; a bot whose cost is not proportional to its
iterations (a fixed part per decision) is fair at round(50 x R) only if the
summary's two CPU figures agree: the summary is the check, and ``--ratio``
the correction when they do not.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BASE_ITERATIONS = 50


def positions(name: str, players: int, options: dict, seeds: range, every: int) -> list:
    from engine import get_game
    from engine.bots import RandomBot, play

    game = get_game(name)
    out = []
    for seed in seeds:
        played = play(game, players, options, seed, [RandomBot()] * players)
        state = game.setup(players, game.normalize_options(options), seed)
        for index, code in enumerate(played.codes):
            if index % every == 0:
                out.append((seed, index, state))
            state = game.apply(state, game.from_code(code))
    return out


def decision_cost(name: str, players: int, advanced: bool) -> dict:
    """CPU seconds of the search bot's decisions at fixed positions (run in
    the tree whose engine is first on sys.path)."""
    from engine import get_game
    from engine.bots.search import SearchBot
    from engine.core import Rng

    game = get_game(name)
    options = {"advanced": True} if advanced else {}
    bot = SearchBot(iterations=BASE_ITERATIONS)
    chosen = []
    cpu = 0.0
    for seed, index, state in positions(name, players, options, range(6), 8):
        rng = Rng.from_seed(f"duel:{seed}:{index}")
        start = time.process_time()
        move = bot.choose(game, state, rng)
        cpu += time.process_time() - start
        chosen.append(game.code(move))
    return {"decisions": len(chosen), "cpu_s": round(cpu, 3), "moves": chosen}


def cost_in(tree: Path, name: str, players: int, advanced: bool) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    code = (f"import runpy, sys; sys.argv = ['search_duel', '--child', {name!r}, '--players', '{players}'"
            f"{', ' + repr('--advanced') if advanced else ''}]; "
            f"runpy.run_path({str(Path(__file__).resolve())!r}, run_name='__main__')")
    out = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def measure_ratio(rev: str, name: str, players: int, advanced: bool) -> dict:
    with tempfile.TemporaryDirectory(prefix="search-duel-") as folder:
        tree = Path(folder) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(tree), rev], check=True)
        try:
            theirs, ours = [], []
            for _ in range(2):
                theirs.append(cost_in(tree, name, players, advanced))
                ours.append(cost_in(ROOT, name, players, advanced))
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
    before, after = min(r["cpu_s"] for r in theirs), min(r["cpu_s"] for r in ours)
    return {"rev": rev, "decisions": ours[0]["decisions"], "cpu_s_before": before, "cpu_s_after": after,
            "ratio": round(before / after, 2), "same_moves": theirs[0]["moves"] == ours[0]["moves"]}


def wilson(wins: float, n: int) -> tuple[float, float]:
    if not n:
        return (0.0, 1.0)
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (round(centre - half, 3), round(centre + half, 3))


def search_bot_of(rev: str):
    """REV's SearchBot class, run on this engine: REV's engine/bots/search.py
    loaded as a module of its own (it imports this tree's determinise.py,
    simple.py and core.py)."""
    import types

    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:engine/bots/search.py"], check=True,
                            capture_output=True, text=True).stdout
    module = types.ModuleType(f"search_at_{rev}")
    exec(compile(source, f"{rev}:engine/bots/search.py", "exec"), module.__dict__)
    return module.SearchBot


def duel(name: str, advanced: bool, games: int, first_seed: int, ratio: float, rev: str) -> None:
    from engine import get_game
    from engine.bots import play
    from engine.bots.search import SearchBot

    game = get_game(name)
    options = {"advanced": True} if advanced else {}
    new, old = SearchBot(iterations=round(BASE_ITERATIONS * ratio)), search_bot_of(rev)(iterations=BASE_ITERATIONS)
    wins = 0.0
    cpu = {new: [0.0, 0], old: [0.0, 0]}  # CPU seconds and decisions, per bot
    for seed in range(first_seed, first_seed + games):
        new_seat = seed % 2
        bots = [new, old] if new_seat == 0 else [old, new]

        def timed(seat, state, choose, bots=bots):
            started = time.process_time()
            move = choose()
            cpu[bots[seat]][0] += time.process_time() - started
            cpu[bots[seat]][1] += 1
            return move

        played = play(game, 2, options, seed, bots, on_decision=timed)
        firsts = game.ranking(played.state)[0]
        won = (1.0 / len(firsts)) if new_seat in firsts else 0.0
        wins += won
        print(json.dumps({"seed": seed, "new_seat": new_seat, "new_won": won,
                          "scores": [game.score_of(played.state, s) for s in range(2)]}), flush=True)
    low, high = wilson(wins, games)
    print(json.dumps({"game": name, "advanced": advanced, "games": games, "iterations_new": new.iterations,
                      "iterations_old": old.iterations, "new_wins": wins, "win_rate": round(wins / max(games, 1), 3),
                      "wilson_95": [low, high],
                      "cpu_ms_per_decision": {"new": round(1000 * cpu[new][0] / max(cpu[new][1], 1), 1),
                                              "old": round(1000 * cpu[old][0] / max(cpu[old][1], 1), 1)}}),
          flush=True)


#: two games at a given ratio: the duel runs, without measuring the ratio on another tree
SHORT = ["--games", "2", "--ratio", "1.4"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench engine.search_duel", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="sunfield", choices=("sunfield", "harvest"), help="the game of the duel (default sunfield)")
    parser.add_argument("--advanced", action="store_true", help="Sunfield Farm's advanced mode")
    parser.add_argument("--games", type=int, default=10, help="duel games (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--against", metavar="REV", default="1c29bca",
                        help="the older engine and its search bot, same rules (default 1c29bca: before the speed work)")
    parser.add_argument("--ratio", type=float, help="iterations of the new bot per old one (skips the measure)")
    parser.add_argument("--players", type=int, default=2, help=argparse.SUPPRESS)
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(decision_cost(args.child, args.players, args.advanced)))
        return
    ratio = args.ratio
    if ratio is None:
        measured = measure_ratio(args.against, args.game, 2, args.advanced)
        print(json.dumps(measured), flush=True)
        ratio = measured["ratio"]
    duel(args.game, args.advanced, args.games, args.seed, ratio, args.against)


if __name__ == "__main__":
    main()
