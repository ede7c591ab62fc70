"""Mails and bytes per farmer for a whole 4-farmer Sunfield Farm game played
by mail, through the service as it runs (embedded defaults: SQLite, every
task done at once in this process, mail delivered to the local mailbox).

Three tables, each seat choosing with its own seeded generator:

* ``4 by mail``: four farmers who each play only by replying to their
  latest turn mail with one of the options it lists (Gmail-style quoting);
* ``1 by mail + 3 bots``: one such farmer and three greedy bots;
* ``4 by links``: four farmers who play by clicking the move links of their
  mails (each step submitted as a link click would submit it).

For each farmer who takes mail: how many outbox rows were written to them,
by kind, and the bytes of the composed messages. Mail preferences are the
defaults unless ``--accounts`` (every farmer opts in to the per-move account
mails). Prints one JSON object.

    python -m bench mail.volume [--accounts]
"""

from __future__ import annotations

import tempfile
from collections import Counter, defaultdict
from email import message_from_bytes, policy

from bench.common import emit, parser

SEED = 7
#: one table, the one with bots (most of its moves are the bots': the quickest game)
SHORT = ["--table", "1 by mail + 3 bots"]
TABLES = ("4 by mail", "1 by mail + 3 bots", "4 by links")


def play(svc, farmers, *, accounts: bool, by: str = "mail") -> dict:
    import re

    from sqlalchemy import select

    from engine.core import Rng
    from service.inbound.receive import receive
    from service.storage.models import Game, OutgoingMail, Seat
    from service.usecases import creation, playing, preferences

    created = creation.create_game(svc, "sunfield", farmers, options={"advanced": True}, host=0, seed=SEED)
    people = [p for p, f in enumerate(farmers) if f.bot is None]
    for position in people[1:]:
        creation.join(svc, created.game_id, position)
    if accounts:
        for position in people:
            preferences.set_preferences(svc, created.game_id, position, accounts=True)
    option = re.compile(r"^\* (.+?)(?: → .+)?\n  http\S+$", re.M)  # "* take b3 → what it does"
    rngs = {p: Rng.from_seed(SEED + p) for p in people}
    answered: set[str] = set()
    for _ in range(5000):
        with svc.db.transaction() as session:
            game = session.get(Game, created.game_id)
            if game.status != "active":
                break
            to_act = svc_rules(game.kind).to_act(game.state)
            seat = session.scalar(select(Seat).where(Seat.game_id == game.id, Seat.position == to_act))
            turn = session.scalars(select(OutgoingMail).where(
                OutgoingMail.seat_id == seat.id, OutgoingMail.kind == "turn").order_by(OutgoingMail.id.desc())).first()
            raw, message_id = turn.raw, turn.message_id
        assert by == "links" or message_id not in answered, "a turn mail was answered and no new one came"
        answered.add(message_id)
        message = message_from_bytes(raw, policy=policy.default)
        text = message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
        if by == "links":  # a click on a link of the page or the mail: no mail in between steps
            with svc.db.transaction() as session:
                game = session.get(Game, created.game_id)
                state, version = game.state, game.version
            rules = svc_rules("sunfield")
            while rules.to_act(state) == to_act:
                moves = rules.legal_moves(state)
                move = moves[rngs[to_act].below(len(moves))]
                playing.submit_move(svc, created.game_id, to_act, [rules.code(move)], source="link",
                                     base_version=version)
                with svc.db.transaction() as session:
                    game = session.get(Game, created.game_id)
                    state, version = game.state, game.version
            continue
        options = option.findall(text)
        typed = options[rngs[to_act].below(len(options))]
        receive(svc, reply_to(message, farmers[to_act].email, typed), source="ingest")
    with svc.db.transaction() as session:
        assert session.get(Game, created.game_id).status == "over"
        rows = session.execute(select(OutgoingMail.to_addr, OutgoingMail.kind, OutgoingMail.raw)
                               .where(OutgoingMail.game_id == created.game_id)).all()
    per = defaultdict(lambda: {"mails": 0, "bytes": 0, "kinds": Counter()})
    for to, kind, raw in rows:
        per[to]["mails"] += 1
        per[to]["bytes"] += len(raw or b"")
        per[to]["kinds"][kind] += 1
    return {to: {**v, "kinds": dict(sorted(v["kinds"].items()))} for to, v in sorted(per.items())}


def reply_to(original, farmer: str, typed: str) -> bytes:
    """A reply as Gmail writes it: the option typed, then the mail quoted."""
    import hashlib

    text = original.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")
    quoted = "\n".join(f"> {line}".rstrip() for line in text.splitlines())
    reply = message_from_bytes(b"", policy=policy.SMTP)
    reply["From"], reply["To"] = farmer, str(original["Reply-To"])
    reply["Subject"] = "Re: " + str(original["Subject"])
    digest = hashlib.sha256(f"{original['Message-ID']}{typed}".encode()).hexdigest()[:24]
    reply["Message-ID"] = f"<{digest}@mail.example.org>"
    reply["In-Reply-To"] = reply["References"] = str(original["Message-ID"])
    reply.set_content(f"{typed}\n\nOn Sunday Farmpost wrote:\n\n{quoted}\n")
    return reply.as_bytes()


def svc_rules(kind):
    from service.core.game_kinds import rules_for

    return rules_for(kind)


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--accounts", action="store_true",
                           help="every farmer opts in to the per-move account mails")
    arguments.add_argument("--table", choices=TABLES, action="append",
                           help="play only this table (may be given again); default: all three")
    args = arguments.parse_args(argv)

    from service.core.config import load_config
    from service.core.services import Services
    from service.storage.migrate import upgrade
    from service.usecases import creation
    from service.wiring import inline_queue

    accounts = args.accounts
    people = [creation.FarmerSpec(f"Farmer {n}", f"farmer{n}@example.org") for n in range(1, 5)]
    bots = [creation.FarmerSpec(f"Bot {n}", bot="greedy") for n in range(2, 5)]
    tables = {"4 by mail": (people, "mail"), "1 by mail + 3 bots": (people[:1] + bots, "mail"),
              "4 by links": (people, "links")}
    results = {}
    for name, (farmers, by) in tables.items():
        if args.table and name not in args.table:
            continue
        with tempfile.TemporaryDirectory() as folder:
            config = load_config({"FARMPOST_INSTANCE": folder, "BASE_URL": "http://127.0.0.1:5000"})
            svc = Services.from_config(config)
            svc.queue = inline_queue(svc)
            upgrade(svc.db)
            per = play(svc, farmers, accounts=accounts, by=by)
            svc.db.engine.dispose()
        mails = [v["mails"] for v in per.values()]
        size = [v["bytes"] for v in per.values()]
        results[name] = {"per_farmer": per, "mails_per_farmer_mean": round(sum(mails) / len(mails), 1),
                         "kb_per_farmer_mean": round(sum(size) / len(size) / 1024)}
    emit({"accounts_opted_in": accounts, **results}, indent=1)


if __name__ == "__main__":
    main()
