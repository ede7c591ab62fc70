"""What the mail worker spends per turn mail, in CPU time, on PostgreSQL.

Sunfield games (advanced) of 4 and of 2 farmers, no bots, joined and played in this
process: each farmer to act plays their first legal move by link, and every
mail the moves owe is sent at once by ``service.outbox.sending.send_mail`` (the mail
worker's task: ``notify.full_context``, ``compose``, ``as_bytes`` and its two
short transactions), timed with ``time.process_time``. The transport is the
local mailbox, whose ``deliver_locally`` parses each mail again (the SMTP
path does not): its CPU is timed apart and left out of the figures.

Prints one JSON object: per number of farmers, the turn mails timed and
their CPU median and p90 in ms (up to ``--mails`` turn mails a game), and
the median of some of its parts: ``full_context``, ``compose`` (of which
the board ``picture`` PNG and the ``pdf`` snapshot) and ``as_bytes``; and
the pictures' sizes (median and largest, KB of PNG before base64).

    python -m bench stack.send_mail [--games 2] [--mails 80]
"""

from __future__ import annotations

import statistics
import time

from bench.common import emit, load_average, ms, parser

SHORT = ["--games", "1", "--mails", "4"]
NEEDS = ("postgresql",)


class Parts:
    """CPU seconds of some of send_mail's parts, call by call, while used as
    a context: each function is wrapped where send_mail finds it."""

    #: (module, function name, label)
    WRAPPED = (("service.outbox.sending", "full_context", "full_context"), ("mail.outgoing.compose", "compose", "compose"),
               ("mail.outgoing.compose", "board_picture", "picture"), ("mail.outgoing.compose", "snapshot_pdf", "pdf"),
               ("service.outbox.sending", "deliver_locally", "deliver_locally"))

    def __init__(self):
        self.spent: dict[str, list[float]] = {label: [] for *_, label in self.WRAPPED} | {"as_bytes": []}
        #: bytes of each board picture made
        self.pictures: list[int] = []
        self.originals: list[tuple[object, str, object]] = []

    def __enter__(self):
        import importlib

        from mail.outgoing.compose import Mail  # what compose returns: it writes itself

        for module_name, name, label in self.WRAPPED:
            self._wrap(importlib.import_module(module_name), name, label)
        self._wrap(Mail, "as_bytes", "as_bytes")
        return self

    def __exit__(self, *exc):
        for owner, name, original in reversed(self.originals):
            setattr(owner, name, original)

    def _wrap(self, owner, name: str, label: str) -> None:
        original = getattr(owner, name)
        spent = self.spent[label]

        def timed(*args, **kwargs):
            started = time.process_time()
            try:
                result = original(*args, **kwargs)
            finally:
                spent.append(time.process_time() - started)
            if label == "picture" and result:
                self.pictures.append(len(result))
            return result

        self.originals.append((owner, name, original))
        setattr(owner, name, timed)

    def since(self, label: str, start: int) -> float:
        return sum(self.spent[label][start:])


def play(svc, queue, farmers: int, games: int, mails: int) -> dict[str, list[float]]:
    """CPU seconds per turn mail of send_mail (local delivery left out) and
    of its parts."""
    import service.outbox.sending as outbox
    from service.core.game_kinds import rules_for
    from service.core.links import token_key
    from service.storage.models import Game, OutgoingMail
    from service.usecases.creation import FarmerSpec, create_game, join
    from service.usecases.playing import apply_move_request, submit_move

    spent: dict[str, list[float]] = {"send_mail": []}
    pictures: list[int] = []
    with Parts() as parts:
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
                        marks = {label: len(values) for label, values in parts.spent.items()}
                        marks_pictures = len(parts.pictures)
                        started = time.process_time()
                        outbox.send_mail(svc, ident)
                        total = time.process_time() - started
                        if turn:
                            pictures.extend(parts.pictures[marks_pictures:])
                            spent["send_mail"].append(total - parts.since("deliver_locally", marks["deliver_locally"]))
                            for label in marks:
                                if label != "deliver_locally":
                                    spent.setdefault(label, []).append(parts.since(label, marks[label]))
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
    spent["picture_bytes"] = pictures
    return spent


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--games", type=int, default=2, help="games per number of farmers (default %(default)s)")
    arguments.add_argument("--mails", type=int, default=80,
                           help="turn mails timed per game at most (default %(default)s)")
    args = arguments.parse_args(argv)

    from bench.stack.scratch import RecordingQueue, scratch_services

    figures = {}
    queue = RecordingQueue()
    with scratch_services(queue) as svc:
        for farmers in (4, 2):
            spent = play(svc, queue, farmers, args.games, args.mails)
            figures[f"{farmers}_farmers"] = {"turn_mails": len(spent["send_mail"]),
                                             "cpu_ms_median": ms(spent["send_mail"]),
                                             "cpu_ms_p90": ms(spent["send_mail"], 0.9),
                                             "parts_ms_median": {label: ms(values) for label, values in spent.items()
                                                                 if label not in ("send_mail", "picture_bytes")},
                                             "picture_kb": {"median": round(statistics.median(spent["picture_bytes"]) / 1024, 1),
                                                            "largest": round(max(spent["picture_bytes"]) / 1024, 1)}}
    emit({"games": args.games, **figures, "load_average": load_average()}, indent=2)


if __name__ == "__main__":
    main()
