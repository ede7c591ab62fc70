"""What beat's clocks task costs, on the embedded defaults (SQLite), in one process:

* idle pass: ``run_clocks`` over ``--games`` running two-farmer clocks with nothing
  due (the usual case: it reads, locks nothing), in ms per pass and per game;
* timeout: one late turn played by the bot through the locked apply path
  (event, request, log, snapshot, mails), median of 50 games (all of them
  when fewer).

Time is moved with the service's clock seam. Prints one JSON object.

    python -m bench pace.clocks [--games 200]
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from bench.common import emit, parser

SHORT = ["--games", "20"]


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--games", type=int, default=200,
                           help="running two-farmer games, each on a clock of 3 days a turn (default %(default)s)")
    games = arguments.parse_args(argv).games

    from service.core import wall_time
    from service.core.config import load_config
    from service.core.queue import NullQueue
    from service.core.services import Services
    from service.game.clocks import ClockSettings
    from service.storage.migrate import upgrade
    from service.storage.models import Game, as_utc
    from service.usecases import clock_actions, creation

    with tempfile.TemporaryDirectory() as folder:
        offset_file = Path(folder) / "clock-offset"
        os.environ[wall_time.ENVIRONMENT_VARIABLE] = str(offset_file)
        config = load_config({"FARMPOST_INSTANCE": folder, "BASE_URL": "http://127.0.0.1:5000"})
        svc = Services.from_config(config, NullQueue())
        upgrade(svc.db)
        farmers = [creation.FarmerSpec("Ann", "ann@example.org"), creation.FarmerSpec("Bob", "bob@example.org")]
        ids = []
        for seed in range(games):
            created = creation.create_game(svc, "sunfield", farmers, host=0, seed=seed,
                                           clock=ClockSettings(per_turn=3 * 24 * 3600))
            creation.join(svc, created.game_id, 1)
            ids.append(created.game_id)

        passes = []
        for _ in range(5):
            t0 = time.perf_counter()
            clock_actions.run_clocks(svc)
            passes.append(time.perf_counter() - t0)
        idle = statistics.median(passes)

        with svc.db.transaction() as session:
            deadline = max(as_utc(session.get(Game, i).clock.deadline) for i in ids)
        wall_time.travel_to(offset_file, deadline + timedelta(seconds=1))
        timeouts = []
        for game_id in ids[:50]:
            t0 = time.perf_counter()
            done = clock_actions.tick(svc, game_id)
            timeouts.append(time.perf_counter() - t0)
            assert "timeout" in done, done
        del os.environ[wall_time.ENVIRONMENT_VARIABLE]
        emit({
            "games": games,
            "idle_pass_ms": round(idle * 1000, 1),
            "idle_pass_ms_per_game": round(idle * 1000 / games, 2),
            "timeout_ms_median": round(statistics.median(timeouts) * 1000, 1),
        })


if __name__ == "__main__":
    main()
