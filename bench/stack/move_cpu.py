"""What the moves worker spends per move, in CPU time, on PostgreSQL.

Games as ``bench.stack.throughput --setups 1x1+bots`` plays them (advanced Sunfield,
one farmer and three greedy bots; the farmers of even games play by link,
those of odd games reply to their turn mails), but driven in this process:
the use cases the moves worker's tasks call (worker/tasks.py) run here one
after another, and each is timed with ``time.process_time``:

* link: ``apply_move_request`` of a farmer's move by link (submitted as the
  web's confirm does; the submit itself is the web's work, not timed), with
  the bots' moves that answer it in its transaction;
* bot: ``apply_move_request`` of a bot's move that went in as a task of its
  own (past ``BOTS_IN_ONE_TRANSACTION``, or all of them with ``--bots-apart``,
  as before the bots answered in the farmer's transaction);
* mail: a reply with one command (the first option of the turn mail, as a
  Gmail reply) that was received (not timed): ``process_inbound_counted``,
  then ``apply_move_request`` of the request it submitted; both figures and
  their sum.

Each kind's figures are per call, with the moves a call applied (a
farmer's and the bots' after it); ``cpu_ms_per_move_mean`` divides all the
CPU by all the moves.

The turn mails the mail farmers answer are composed and delivered to the
local mailbox first (the mail worker's work, not timed), so the reply quotes
a real mail and the inbound side reads the mail it answers, as in
production. Also printed: the moves worker's CPU per move over every move
(bots' and farmers', mail read included), which is what ``bench.stack.throughput``'s
cpu_share of the moves worker divided by its moves per second estimates,
without Celery's own share; and the greedy bot's CPU per decision in
four-bot games on the same seeds (the engine alone).

Uses TEST_DATABASE_URL's server (default the local PostgreSQL) with a
database of its own, dropped afterwards. Prints one JSON object (with the
load average); ``--profile KIND`` prints cProfile's top functions of that
kind's timed calls instead (link, bot, mail). cProfile keeps its own clock,
the wall clock: the time spent waiting for PostgreSQL shows there as
psycopg's ``wait``, which is no CPU.

    python -m bench stack.move_cpu [--games 6] [--profile bot] [--top 40] [--sort cumulative]
"""

from __future__ import annotations

import cProfile
import io
import pstats
import statistics
import time
from email import message_from_bytes, policy
from functools import partial

from bench.common import emit, load_average, ms, parser

SHORT = ["--games", "1"]
NEEDS = ("postgresql",)

KINDS = ("link", "bot", "mail")


class Timer:
    """CPU time per kind of call, and the moves each applied, optionally under one profiler."""

    def __init__(self, profile: str | None, applied=None):
        self.times: dict[str, list[float]] = {kind: [] for kind in (*KINDS, "inbound", "mail_apply")}
        self.moves: dict[str, list[int]] = {kind: [] for kind in self.times}
        self.profile = profile
        self.profiler = cProfile.Profile() if profile else None
        #: how many move requests are applied so far (read outside the timing)
        self.applied = applied or (lambda: 0)

    def run(self, kind: str, call):
        profiled = self.profiler is not None and (kind == self.profile or (self.profile == "mail" and kind in
                                                                           ("inbound", "mail_apply")))
        before = self.applied()
        if profiled:
            self.profiler.enable()
        started = time.process_time()
        result = call()
        self.times[kind].append(time.process_time() - started)
        if profiled:
            self.profiler.disable()
        self.moves[kind].append(self.applied() - before)
        return result


def greedy_choice_ms(games: int) -> float:
    """The greedy bot's CPU per decision, median, in games of four greedy
    bots on the same seeds (the engine alone: no service around it)."""
    from engine import get_game
    from engine.bots import GreedyBot
    from engine.bots import play as self_play

    spent: list[float] = []

    def timed(seat, state, choose):
        started = time.process_time()
        move = choose()
        spent.append(time.process_time() - started)
        return move

    for n in range(games):
        self_play(get_game("sunfield"), 4, {"advanced": True}, 3000 + n, [GreedyBot()] * 4, on_decision=timed)
    return ms(spent)


def play(svc, queue, timer: Timer, games: int) -> None:
    import sqlalchemy as sa

    from service.core.game_kinds import rules_for
    from service.core.links import token_key
    from service.inbound.receive import process_inbound_counted, receive
    from service.outbox.sending import send_mail
    from service.storage.models import Game, MailboxMessage, MoveRequest, OutgoingMail
    from service.usecases.creation import FarmerSpec, create_game
    from service.usecases.playing import apply_move_request, submit_move
    from service.web.inbound_hooks import reply_to

    by_mail: dict[str, int] = {}  # a mail farmer's address -> their game
    for n in range(games):
        address = f"g{n}-ann@example.org"
        created = create_game(svc, "sunfield", [FarmerSpec("Ann", address)]
                              + [FarmerSpec(f"Bot {p}", bot="greedy") for p in range(1, 4)],
                              options={"advanced": True}, host=0, seed=3000 + n)
        if n % 2:
            by_mail[address] = created.game_id

    def farmer_moves_by_link() -> None:
        """Every link farmer whose turn it is plays the first legal move (as the web's confirm submits it)."""
        with svc.db.transaction() as session:
            rows = session.execute(sa.select(Game.id, Game.kind, Game.state, Game.version)
                                   .where(Game.status == "active")).all()
        for game_id, kind, state, version in rows:
            rules = rules_for(kind)
            if game_id in by_mail.values() or rules.to_act(state) != 0:
                continue
            code = rules.code(rules.legal_moves(state)[0])
            token = svc.links.token("move", "x", {"g": game_id, "s": 0, "v": version, "m": [code]})
            submit_move(svc, game_id, 0, [code], source="link", base_version=version, dedupe_key=token_key(token))

    def reply_by_mail(mail_id: int) -> None:
        """A mail farmer's turn mail: delivered to the mailbox, then answered with its first option."""
        with svc.db.transaction() as session:
            mail = session.get(OutgoingMail, mail_id)
            if mail.kind != "turn" or mail.to_addr not in by_mail:
                return
        send_mail(svc, mail_id)
        with svc.db.transaction() as session:
            mail = session.get(OutgoingMail, mail_id)
            raw = session.scalar(sa.select(MailboxMessage.raw).where(MailboxMessage.message_id == mail.message_id))
        message = message_from_bytes(raw, policy=policy.default)
        text = message.get_body(preferencelist=("plain",)).get_content()
        options = [line[2:].split(" → ")[0] for line in text.splitlines() if line.startswith("* ") and " → " in line]
        if options:
            receive(svc, reply_to(message, mail.to_addr, options[0], "bench.example"), source="webhook")

    while True:
        farmer_moves_by_link()
        if not queue.jobs:
            break
        while queue.jobs:
            kind, ident = queue.jobs.popleft()
            if kind == "mail":
                reply_by_mail(ident)
            elif kind == "inbound":
                timer.run("inbound", partial(process_inbound_counted, svc, ident))
            else:
                with svc.db.transaction() as session:
                    source = session.scalar(sa.select(MoveRequest.source).where(MoveRequest.id == ident))
                timed = {"bot": "bot", "mail": "mail_apply"}.get(source, "link")
                timer.run(timed, partial(apply_move_request, svc, ident))
    timer.times["mail"] = [a + b for a, b in zip(timer.times["inbound"], timer.times["mail_apply"])]


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--games", type=int, default=6,
                           help="games played to their end, the odd ones by mail (default %(default)s)")
    arguments.add_argument("--profile", choices=KINDS,
                           help="print cProfile's top functions of this kind's calls instead of the figures")
    arguments.add_argument("--top", type=int, default=40, help="with --profile: how many functions")
    arguments.add_argument("--bots-apart", action="store_true",
                           help="each bot's move in a transaction and task of its own (BOTS_IN_ONE_TRANSACTION = 0)")
    arguments.add_argument("--sort", default="tottime", help="with --profile: cProfile's sort key (tottime, cumulative)")
    args = arguments.parse_args(argv)

    import sqlalchemy as sa

    from bench.stack.scratch import RecordingQueue, scratch_services

    if args.bots_apart:
        from service.usecases import playing

        playing.BOTS_IN_ONE_TRANSACTION = 0
    queue = RecordingQueue()
    with scratch_services(queue) as svc:
        def applied() -> int:
            with svc.db.transaction() as session:
                return session.scalar(sa.text("SELECT count(*) FROM move_requests WHERE status = 'applied'"))

        timer = Timer(args.profile, applied)
        play(svc, queue, timer, args.games)

    if args.profile:
        out = io.StringIO()
        pstats.Stats(timer.profiler, stream=out).sort_stats(args.sort).print_stats(args.top)
        print(out.getvalue())
        return
    times, applied = timer.times, timer.moves
    applied["mail"] = applied["mail_apply"]
    moves = sum(applied["link"]) + sum(applied["bot"]) + sum(applied["mail_apply"])
    spent = sum(times["link"]) + sum(times["bot"]) + sum(times["mail"])
    figures = {kind: {"calls": len(times[kind]), "moves": sum(applied[kind]),
                      "moves_per_call_median": statistics.median(applied[kind]) if applied[kind] else None,
                      "cpu_ms_median": ms(times[kind]), "cpu_ms_p90": ms(times[kind], 0.9)}
               for kind in KINDS}
    figures["mail"] |= {"process_inbound_ms_median": ms(times["inbound"]),
                        "apply_ms_median": ms(times["mail_apply"])}
    emit({"games": args.games, **figures, "all_moves": moves,
                      "cpu_ms_per_move_mean": round(spent / moves * 1000, 2) if moves else None,
                      "greedy_choice_ms_median": greedy_choice_ms(args.games),
          "load_average": load_average()}, indent=2)


if __name__ == "__main__":
    main()
