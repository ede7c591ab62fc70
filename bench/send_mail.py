"""What the mail worker spends per turn mail, in CPU time, on PostgreSQL.

Sunfield games (advanced) of 4 and of 2 farmers, no bots, joined and played in this
process: each farmer to act plays their first legal move by link, and every
mail the moves owe is sent at once by ``service.outbox.send_mail`` (the mail
worker's task: ``notify.full_context``, ``compose``, ``as_bytes`` and its two
short transactions), timed with ``time.process_time``. The transport is the
local mailbox, whose ``deliver_locally`` parses each mail again (the SMTP
path does not): its CPU is timed apart and left out of the figures.

Prints one JSON object: per number of farmers, the turn mails timed and
their CPU median and p90 in ms (a game's mails are sent up to ``--mails``
turn mails).

    python -m bench.send_mail [--games 2] [--mails 80]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
import uuid

import sqlalchemy as sa

from bench.move_cpu import ADMIN_URL, RecordingQueue, ms


def play(svc, queue: RecordingQueue, farmers: int, games: int, mails: int) -> list[float]:
    """CPU seconds of send_mail per turn mail, local delivery left out."""
    import service.outbox as outbox
    from service.links import token_key
    from service.models import Game, OutgoingMail
    from service.rules import rules_for
    from service.usecases.creation import FarmerSpec, create_game, join
    from service.usecases.playing import apply_move_request, submit_move

    delivering = []
    deliver = outbox.deliver_locally

    def timed_delivery(session, raw):
        started = time.process_time()
        try:
            return deliver(session, raw)
        finally:
            delivering.append(time.process_time() - started)

    outbox.deliver_locally = timed_delivery
    spent: list[float] = []
    try:
        for n in range(games):
            created = create_game(svc, "sunfield", [FarmerSpec(f"Farmer {p}", f"f{farmers}-{n}-{p}@example.org")
                                                    for p in range(farmers)],
                                  options={"advanced": True}, host=0, seed=4000 + n)
            for p in range(1, farmers):
                join(svc, created.game_id, p)
            timed = 0
            while timed < mails:
                while queue.jobs:
                    kind, ident = queue.jobs.popleft()
                    if kind == "mail":
                        with svc.db.transaction() as session:
                            turn = session.get(OutgoingMail, ident).kind == "turn"
                        delivering.clear()
                        started = time.process_time()
                        outbox.send_mail(svc, ident)
                        if turn:
                            spent.append(time.process_time() - started - sum(delivering))
                            timed += 1
                    elif kind == "request":
                        apply_move_request(svc, ident)
                with svc.db.transaction() as session:
                    game = session.get(Game, created.game_id)
                    kind, state, version, status = game.kind, game.state, game.version, game.status
                if status != "active":
                    break
                rules = rules_for(kind)
                seat = rules.to_act(state)
                code = rules.code(rules.legal_moves(state)[0])
                token = svc.links.token("move", "x", {"g": created.game_id, "s": seat, "v": version, "m": [code]})
                submit_move(svc, created.game_id, seat, [code], source="link", base_version=version,
                            dedupe_key=token_key(token))
    finally:
        outbox.deliver_locally = deliver
    return spent


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games per number of farmers")
    parser.add_argument("--mails", type=int, default=80, help="turn mails timed per game at most")
    args = parser.parse_args(argv)

    from service.config import load_config
    from service.db import Database
    from service.migrate import upgrade
    from service.services import Services

    name = f"farmpost_bench_{uuid.uuid4().hex[:8]}"
    admin = sa.create_engine(ADMIN_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.exec_driver_sql(f'CREATE DATABASE "{name}"')
    url = admin.url.set(database=name).render_as_string(hide_password=False)
    figures = {}
    try:
        database = Database(url)
        upgrade(database)
        database.dispose()
        with tempfile.TemporaryDirectory() as instance:
            config = load_config({"DATABASE_URL": url, "FARMPOST_INSTANCE": instance, "SECRET_KEY": "bench-secret",
                                  "BASE_URL": "http://127.0.0.1:5000", "MAIL_DOMAIN": "farmpost.test"})
            queue = RecordingQueue()
            svc = Services.from_config(config, queue)
            for farmers in (4, 2):
                spent = play(svc, queue, farmers, args.games, args.mails)
                figures[f"{farmers}_farmers"] = {"turn_mails": len(spent), "cpu_ms_median": ms(spent),
                                                 "cpu_ms_p90": ms(spent, 0.9)}
            svc.db.dispose()
    finally:
        with admin.connect() as c:
            c.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()
    print(json.dumps({"games": args.games, **figures,
                      "load_average": [round(x, 2) for x in os.getloadavg()]}, indent=2))


if __name__ == "__main__":
    main()
