"""Engine speed: seeded random 4-farmer games per second, per setup, and
optionally the same figures for another revision, measured side by side.

    python -m bench engine.revisions [--games N] [--against REV]

Each setup (Sunfield Farm base, Sunfield Farm advanced, Harvest; 4 farmers)
plays seeds 0 to N-1 with the random bot (``engine.bots.play``) and prints one
JSON line: games, CPU seconds, ``games_per_s`` (CPU time of the process, which
holds on a busy machine better than the wall clock) and ``log_hash``, a hash
of every game's move log (the same hash on two revisions: the same games, move
for move).

With ``--against REV`` the same games are played on a ``git worktree`` of REV
(for example ``--against bdfeb42``) and on this tree, each in a subprocess
with this interpreter, setup by setup and in turn (REV, this tree, REV again,
this tree again...: each figure is the best of ``--rounds`` runs, 2 by
default, so a burst of load on the shared machine hurts both sides alike);
each line then gives both figures and their ratio.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETUPS = {
    "sunfield-4": ("sunfield", 4, False),
    "sunfield-4-advanced": ("sunfield", 4, True),
    "harvest-4": ("harvest", 4, False),
}


def measure(setup: str, games: int) -> dict:
    """Play the setup's seeded random games in this process, with the engine
    found on sys.path (the tree the caller put first)."""
    import engine
    from engine import get_game
    from engine.bots import RandomBot, play

    name, players, advanced = SETUPS[setup]
    game = get_game(name)
    options = {"advanced": True} if advanced else {}
    digest = hashlib.sha256()
    cpu = time.process_time()
    for seed in range(games):
        played = play(game, players, options, seed, [RandomBot()] * players)
        digest.update(" ".join(played.codes).encode() + b"\n")
    cpu = time.process_time() - cpu
    return {"setup": setup, "games": games, "cpu_s": round(cpu, 3), "games_per_s": round(games / cpu, 1),
            "log_hash": digest.hexdigest()[:16], "engine": str(Path(engine.__file__).parents[1])}


def measure_in(tree: Path, setup: str, games: int) -> dict:
    """``measure`` in a subprocess whose engine is the one of ``tree``."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    # run from the tree (not as a script: bench/engine.py would shadow the package)
    code = (f"import runpy, sys; sys.argv = ['engine.revisions', '--child', {setup!r}, '--games', '{games}']; "
            f"runpy.run_path({str(Path(__file__).resolve())!r}, run_name='__main__')")
    out = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def compare(rev: str, games: int, rounds: int = 2) -> None:
    with tempfile.TemporaryDirectory(prefix="engine-speed-") as folder:
        tree = Path(folder) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet", str(tree), rev], check=True)
        try:
            for setup in SETUPS:
                theirs, ours = [], []
                for _ in range(rounds):
                    theirs.append(measure_in(tree, setup, games))
                    ours.append(measure_in(ROOT, setup, games))
                before = max(theirs, key=lambda r: r["games_per_s"])
                after = max(ours, key=lambda r: r["games_per_s"])
                print(json.dumps({
                    "setup": setup, "games": games, "rev": rev,
                    "before_games_per_s": before["games_per_s"], "games_per_s": after["games_per_s"],
                    "ratio": round(after["games_per_s"] / before["games_per_s"], 2),
                    "same_games": before["log_hash"] == after["log_hash"],
                }), flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)


SHORT = ["--games", "5"]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench engine.revisions", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="seeded random games per setup (default 20)")
    parser.add_argument("--against", metavar="REV", help="also measure REV (a git revision) and print the ratio")
    parser.add_argument("--rounds", type=int, default=2, help="with --against: runs per side, the best kept (default 2)")
    parser.add_argument("--child", metavar="SETUP", choices=sorted(SETUPS), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(args.child, args.games)))
    elif args.against:
        compare(args.against, args.games, args.rounds)
    else:
        for setup in SETUPS:
            print(json.dumps(measure(setup, args.games)), flush=True)


if __name__ == "__main__":
    main()
