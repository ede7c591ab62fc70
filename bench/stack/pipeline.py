"""The service's own costs, on the embedded defaults (SQLite), in one process:

* apply: one move request applied under the game lock (log, snapshot, outbox
  rows, the next bot's choice), median and 90th percentile;
* compose: one turn mail built from its context (text, HTML with inlined CSS,
  PDF snapshot), median; the context completed first as the mail task does
  it (notify.full_context) is not timed;
* a whole 4-farmer advanced Sunfield game, its moves chosen by the greedy
  bot and each submitted and applied as a request (outbox rows written, not
  sent): moves per second.

Prints one JSON object.

    python -m bench stack.pipeline [--compose 12]
"""

from __future__ import annotations

import statistics
import tempfile
import time
from email import policy

from bench.common import emit, parser

SHORT = ["--compose", "2"]


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--compose", type=int, default=12,
                           help="turn mails of the game composed and timed (default %(default)s)")
    args = arguments.parse_args(argv)

    from mail.outgoing.compose import compose
    from service.core.config import load_config
    from service.core.queue import NullQueue
    from service.core.services import Services
    from service.notify.changes import full_context
    from service.storage.migrate import upgrade
    from service.storage.models import MoveRequest, OutgoingMail
    from service.usecases import creation, playing

    with tempfile.TemporaryDirectory() as folder:
        config = load_config({"FARMPOST_INSTANCE": folder, "BASE_URL": "http://127.0.0.1:5000"})
        svc = Services.from_config(config, NullQueue())
        upgrade(svc.db)
        farmers = [creation.FarmerSpec(f"Farmer {n}", f"farmer{n}@example.org") for n in range(1, 5)]

        # moves: people's turns played by the greedy bot's choices, applied one request at a time
        created = creation.create_game(svc, "sunfield", farmers, options={"advanced": True}, host=0, seed=7)
        for position in range(1, 4):
            creation.join(svc, created.game_id, position)
        from engine import get_game
        from engine.bots import GreedyBot
        from engine.core import Rng
        from service.storage.models import Game

        rules, bot, rng = get_game("sunfield"), GreedyBot(), Rng(1)
        apply_times = []
        started = time.perf_counter()
        while True:
            with svc.db.transaction() as session:
                game = session.get(Game, created.game_id)
                state, version, status = game.state, game.version, game.status
            if status != "active":
                break
            seat = rules.to_act(state)
            code = rules.code(bot.choose(rules, state, rng))
            request_id = playing.submit_move(svc, created.game_id, seat, [code], source="web", base_version=version)
            t0 = time.perf_counter()
            playing.apply_move_request(svc, request_id)
            apply_times.append(time.perf_counter() - t0)
        game_seconds = time.perf_counter() - started

        with svc.db.transaction() as session:
            contexts = [full_context(session, svc, m) for m in session.query(OutgoingMail).filter_by(kind="turn").limit(args.compose)]
            mail_count = session.query(OutgoingMail).count()
            moves = session.query(MoveRequest).count()
        compose_pdf_times = []
        for context in contexts:
            t0 = time.perf_counter()
            compose(context).as_bytes(policy=policy.SMTP)
            compose_pdf_times.append(time.perf_counter() - t0)
        svc.db.dispose()

    apply_times.sort()
    emit({
        "moves": moves,
        "notifications": mail_count,
        "apply_ms_median": round(statistics.median(apply_times) * 1000, 2),
        "apply_ms_p90": round(apply_times[int(len(apply_times) * 0.9)] * 1000, 2),
        "moves_per_second_with_outbox_rows": round(moves / game_seconds, 1),
        "compose_turn_mail_with_pdf_ms_median": round(statistics.median(compose_pdf_times) * 1000, 1),
    }, indent=2)


if __name__ == "__main__":
    main()
