"""The path of one mailed reply through the service: a farmer of a
two-farmer Sunfield Farm game (against a greedy bot) answers their turn
mail with a whole turn, and the reply is followed from ``receive`` until
every job it caused has run (in-process queue, SQLite in a scratch instance
folder). It prints, as one JSON object:

- ``service_modules``: the distinct modules of service/ the reply's code ran
  in, and ``service_packages``, how many of them each package holds;
- ``transactions``: database transactions opened;
- ``jobs``: the jobs handed to the queue, by name (each would be a task of
  its own with a broker);
- ``mail_climbs``: how many times the code went from service/ back into
  mail/inbound (a reading of the mail done in several places);
- ``revisits``: the service modules entered again after the code had left
  them for another service module, by module.

A figure of the code's shape, not of time: it does not change with the
machine's load.
"""

from __future__ import annotations

import sys
import tempfile
from collections import Counter

from bench.common import emit, parser

SHORT: list[str] = []


class Tracer:
    """Which modules the code enters, call by call (sys.setprofile)."""

    def __init__(self):
        self.modules: list[str] = []

    def __call__(self, frame, event, arg):
        if event != "call":
            return
        module = frame.f_globals.get("__name__", "")
        if module.startswith(("service.", "mail.inbound")) and (not self.modules or self.modules[-1] != module):
            self.modules.append(module)


def path_figures(entered: list[str], transactions: int, jobs: Counter) -> dict:
    service = [m for m in entered if m.startswith("service.")]
    distinct = sorted(set(service))
    climbs = sum(1 for a, b in zip(entered, entered[1:]) if a.startswith("service.") and b.startswith("mail.inbound"))
    left: set[str] = set()
    revisits: Counter = Counter()
    previous = None
    for module in service:
        if module != previous and module in left:
            revisits[module] += 1
        if previous is not None and previous != module:
            left.add(previous)
        previous = module
    return {"service_modules": len(distinct),
            "service_packages": dict(Counter(m.split(".")[1] for m in distinct)),
            "modules": distinct, "transactions": transactions, "jobs": dict(jobs), "mail_climbs": climbs,
            "revisits": dict(revisits.most_common())}


def main(argv: list[str] | None = None) -> None:
    parser(__doc__, __spec__).parse_args(argv)

    from service.core.config import load_config
    from service.core.db import Database
    from service.core.services import Services
    from service.inbound.receive import receive
    from service.storage.migrate import upgrade
    from service.storage.models import Game, Seat
    from service.usecases.creation import FarmerSpec, create_game
    from service.wiring import inline_queue

    with tempfile.TemporaryDirectory() as instance:
        config = load_config({"FARMPOST_INSTANCE": instance, "SECRET_KEY": "bench-secret",
                              "BASE_URL": "http://127.0.0.1:5000", "MAIL_DOMAIN": "farmpost.test"})
        svc = Services.from_config(config)
        svc.queue = inline_queue(svc)
        upgrade(svc.db)
        created = create_game(svc, "sunfield", [FarmerSpec("Ann", "ann@example.org"),
                                                FarmerSpec("Bot", bot="greedy")], host=0, seed=7)
        with svc.db.transaction() as session:
            game = session.get(Game, created.game_id)
            seat = session.query(Seat).filter_by(game_id=game.id, position=0).one()
            from service.core.game_kinds import rules_for

            rules = rules_for(game.kind)
            first = rules.legal_moves(game.state)[0]
            text, key = rules.text(first), seat.reply_key
        raw = (f"From: Ann <ann@example.org>\r\nTo: play+{key}@farmpost.test\r\nSubject: Re: Sunfield Farm #1\r\n"
               f"Message-ID: <reply-path@mail.example.org>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n"
               f"{text}\r\n\r\nOn Sun, Nov 29, 2026 at 2:30 PM Farmpost <farmpost@farmpost.test> wrote:\r\n"
               "> Your turn, Ann.\r\n").encode()

        transactions = 0
        opened = Database.transaction

        def counted(self, *args, **kwargs):
            nonlocal transactions
            transactions += 1
            return opened(self, *args, **kwargs)

        jobs: Counter = Counter()
        enqueue = svc.queue.enqueue

        def counted_enqueue(job, ident, expires=None):
            jobs[job] += 1
            return enqueue(job, ident, expires=expires)

        Database.transaction = counted
        svc.queue.enqueue = counted_enqueue
        tracer = Tracer()
        sys.setprofile(tracer)
        try:
            receive(svc, raw, source="ingest")
        finally:
            sys.setprofile(None)
            Database.transaction = opened
        emit({"reply": text, **path_figures(tracer.modules, transactions, jobs)})
        svc.db.dispose()


if __name__ == "__main__":
    main()
