"""Creating a league season, on the embedded defaults (SQLite), in one process:
``--farmers`` signed up in divisions of 8, one table each (100 farmers: 25
tables of four, the last division of four at one table), started with
``leagues.start_now``: the entries frozen, every table made by the creation
use case (each one's game, seats, clock, first turn mail), and one mail per
farmer with their tables. Mails are written, not sent (the queue is a null
one). Prints one JSON object: the tables made, seconds in all (wall and this
process's CPU), ms per table.

    python -m bench leagues.season [--farmers 100] [--game harvest]
"""

from __future__ import annotations

import tempfile
import time

from bench.common import emit, load_average, parser

SHORT = ["--farmers", "12"]


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--farmers", type=int, default=100,
                           help="farmers signed up (default %(default)s: 25 tables of four)")
    arguments.add_argument("--game", default="harvest", choices=("harvest", "sunfield"),
                           help="the league's game (default %(default)s)")
    options = arguments.parse_args(argv)

    from sqlalchemy import func, select

    from service.core.config import load_config
    from service.core.queue import NullQueue
    from service.core.services import Services
    from service.storage.migrate import upgrade
    from service.storage.models import LeagueTable, OutgoingMail
    from service.usecases import leagues

    with tempfile.TemporaryDirectory() as folder:
        config = load_config({"FARMPOST_INSTANCE": folder, "BASE_URL": "http://127.0.0.1:5000"})
        svc = Services.from_config(config, NullQueue())
        upgrade(svc.db)
        created = leagues.create_league(svc, "Bench League", options.game, division_size=8, rounds=1,
                                        signup_days=0)
        for n in range(options.farmers):
            leagues.sign_up(svc, created.league_id, f"Farmer {n}", f"farmer{n}@example.org")
        t0, cpu0 = time.perf_counter(), time.process_time()
        leagues.start_now(svc, created.league_id)
        seconds, cpu = time.perf_counter() - t0, time.process_time() - cpu0
        with svc.db.transaction() as session:
            tables = session.scalar(select(func.count()).select_from(LeagueTable))
            mails = session.scalar(select(func.count()).select_from(OutgoingMail))
        emit({"game": options.game, "farmers": options.farmers, "tables": tables, "mails_written": mails,
              "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2),
              "ms_per_table": round(seconds * 1000 / tables, 1), "cpu_ms_per_table": round(cpu * 1000 / tables, 1),
              "load": load_average()})
