"""My games (docs/around.md): what the form's request costs for an address
that holds 30 seats and for one that holds none, and what the worker then
spends making each mail (the list, the record, text and HTML).

The request only checks the address and writes one outbox row, so its cost
should not depend on the address; the worker's does. CPU seconds of this
process (``time.process_time``), median of alternating runs, on the embedded
defaults (SQLite, no queue). Prints one JSON object; asserts nothing.

    python -m bench web.my_games [--runs 200]
"""

from __future__ import annotations

import statistics
import tempfile

from bench.common import cpu_ms as _cpu_ms
from bench.common import emit, parser

SHORT = ["--runs", "20"]


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--runs", type=int, default=200,
                           help="requests timed per address; a twentieth as many mails, 5 at least"
                                " (default %(default)s)")
    runs = arguments.parse_args(argv).runs

    from email import policy

    from mail.outgoing.compose import compose
    from service.core.config import load_config
    from service.core.queue import NullQueue
    from service.core.services import Services
    from service.notify.listings import with_listing
    from service.storage.migrate import upgrade
    from service.storage.models import OutgoingMail
    from service.usecases import creation
    from service.usecases.my_games import ask_for_my_games

    with tempfile.TemporaryDirectory() as folder:
        svc = Services.from_config(load_config({"FARMPOST_INSTANCE": folder, "BASE_URL": "http://127.0.0.1:5000"}),
                                   NullQueue())
        upgrade(svc.db)
        for seed in range(30):  # 30 seats for ann: she plays against a bot in each game
            creation.create_game(svc, "sunfield", [creation.FarmerSpec("Ann", "ann@example.org"),
                                                   creation.FarmerSpec("Bot", bot="greedy")], host=0, seed=seed)
        asks: dict[str, list[float]] = {"known": [], "unknown": []}
        for _ in range(runs):
            asks["known"].append(_cpu_ms(lambda: ask_for_my_games(svc, "ann@example.org")))
            asks["unknown"].append(_cpu_ms(lambda: ask_for_my_games(svc, "zoe@example.org")))
        with svc.db.transaction() as session:
            contexts = {row.to_addr: row.context for row in session.query(OutgoingMail).filter_by(kind="games")}
        sends = {}
        for name, address in (("known", "ann@example.org"), ("unknown", "zoe@example.org")):
            times = [_cpu_ms(lambda a=address: compose(with_listing(svc, contexts[a])).as_bytes(policy=policy.SMTP))
                     for _ in range(max(5, runs // 20))]
            sends[name] = round(statistics.median(times), 2)
        svc.db.dispose()
    emit({
        "runs": runs,
        "seats_known": 30,
        "request_cpu_ms_median": {k: round(statistics.median(v), 3) for k, v in asks.items()},
        "worker_cpu_ms_median": sends,
    })


if __name__ == "__main__":
    main()
