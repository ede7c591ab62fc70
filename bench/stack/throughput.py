"""The service on the real stack: PostgreSQL, Redis, gunicorn, Celery
workers on their queues (a moves worker, a mail worker, and a reports
worker of one process at nice 10, as deploy/ runs them) and an SMTP sink.

Many two-farmer Sunfield games are played at once, as farmers play them:
each farmer waits for their turn mail at the sink and answers it. Half of
them click: they open one of its move links, confirm it, follow the page of
the move being applied to their seat page and play the rest of their turn
with its buttons. The other half reply by mail: the first option's command,
as a Gmail reply, posted to ``/inbound/mime`` as an MTA hands mail in, then
the same for each "your turn continues" answer. Each farmer is its own
client behind a trusted proxy (X-Forwarded-For), as the web's rate limits
see farmers in production. A setup ``GxW`` runs G gunicorn processes and W
processes on each queue; ``GxMxS`` runs M on the moves queue and S on mail
(docs/operations.md sizes 2 cores as 2x1x2). Printed per setup (gunicorn
processes, moves and mail processes, finished games already stored):

* moves_per_s: move log entries written per second (every step applied);
* mails_per_s: mails that reached the SMTP sink per second;
* turn_mail_ms p50/p99: from the POST that ends a turn (a confirm, a
  button or a reply handed in) to the next farmer's turn mail at the sink;
* submit_ms p50/p99: how long a submit (the POST) took to answer;
* refused: POSTs answered with neither a redirect nor 202 (none expected);
* games_over: games that ended by the window's end (a game that ends
  takes its load away; bot-only setups play four times ``--games`` so that
  none does).

The finished games (``--stored``, 10,000 by default) are inserted with bulk
SQL: 4 seats, 80 log entries and 10 sent mails each (the mails without
their bytes). Uses TEST_DATABASE_URL's server (default the local
PostgreSQL) with a database of its own, dropped afterwards, and Redis
database 14 with queue names of its own.

``+bots`` setups play games of one farmer and three greedy bots (half the
farmers by mail): most moves are the bots', and each farmer's turn ends with
a 4-farmer turn mail. ``+mix`` setups play a share of their games so
(``--against-bots``, half by default) and the others with two farmers, as a
service hosts both: the two-farmer games bring the mails, the games against
bots the moves; the share sets the load's mix (0.64 of 28-30 games is issue
15's 40 moves/s with 10 mails/s). ``botsN`` setups play bot-only games (no farmer, no
mail): the moves queue alone, with N worker processes on it. Also printed:
each process role's CPU share during the window (cores; the SMTP sink runs
in a process of its own, as an MTA would), the mails by
subject, and each stage's p50/p99 read from the rows' timestamps; and, for
the timed turn mails, where they spent their time (medians, ms), all of
them, those after a click, after a reply, and the slowest 5%: the submit to
the farmer's move request (``to_request``: for a reply also the moves queue
and reading the mail), the request in the moves queue until applied
(``moves_queue``), applied to the mail's row (``to_row``: the bots' moves),
the row until claimed (``mail_queue``: waiting and composing), claimed to
sent (``smtp``) and sent to the sink (``to_sink``, below 0: the row is
marked sent after the sink has the mail).

Games end at a steady load: at issue 15's, 30 games ending and new ones
beginning would bring about 0.3 game ends a second
(``game_ends_per_s_at_this_pace``: the window's moves over the mean length
of their games), each with its final mails and report. The window's own
games are young and none ends; ``--game-ends R`` ends R games a second
besides them: two-farmer games played in this process to one move before
their end before the stack starts (their mails marked sent), whose last
move the bench submits in the window as the web does.

Farmers answer at once by default: the stack then runs as fast as it can
and the turn-mail latency is mostly time in the queues. ``--think S`` makes
each farmer read each mail for 0.5-1.5 S seconds first, which holds the load
below the stack's most, where the latency is the work's own.

Prints JSON lines, one per setup, with the machine's load average.

    python -m bench stack.throughput [--games 24] [--seconds 40] [--think 0]
        [--setups bots1,bots2,1x1,2x2,2x2+stored,1x1+bots,2x1x2+bots]
"""

from __future__ import annotations

import math
import os
import statistics
import tempfile
import threading
import time
import uuid

from bench.common import emit, parser

REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")

#: bot-only setups play this many times ``--games``: at 24 games a game ran
#: its ~200 moves within the window and the figure fell as games ended
BOT_GAMES_PER_GAME = 4

#: the mean length in moves of an advanced Sunfield game of 2 and of 4
#: seats played by greedy bots (6 seeds each: 87-95 and 151-177 moves)
GAME_LENGTH = {2: 91, 4: 163}


def run_setup(database_url: str, instance: str, web: int, workers: tuple[int, int], games: int, seconds: float,
              stored: int, bots: bool = False, farmer_and_bots: bool = False, think: float = 0.0,
              mixed: bool = False, against_bots: float = 0.5, game_ends: float = 0.0) -> dict:
    import redis
    import sqlalchemy as sa

    from bench.common import free_port
    from bench.stack.farmers import Farmer
    from bench.stack.processes import Stack
    from bench.stack.seeding import end_games, games_at_their_last_move, insert_finished_games
    from bench.stack.sink import Sink
    from bench.stack.stages import stage_times, where_slow_mails_waited
    from service.core.config import load_config
    from service.core.services import Services
    from service.jobs.broker import CeleryQueue, sender
    from service.usecases.creation import FarmerSpec, create_game, join

    sink = Sink()
    port = free_port()
    prefix = f"farmpost-bench-{uuid.uuid4().hex[:8]}"
    env = {"DATABASE_URL": database_url, "CELERY_BROKER_URL": REDIS_URL, "SMTP_URL": f"smtp://127.0.0.1:{sink.port}",
           "BASE_URL": f"http://127.0.0.1:{port}", "PORT": str(port), "FARMPOST_INSTANCE": instance,
           "SECRET_KEY": "bench-secret", "MAIL_DOMAIN": "farmpost.test", "FARMPOST_QUEUE": prefix,
           "INBOUND_SECRET": "bench-inbound", "TRUSTED_PROXIES": "1"}
    engine = sa.create_engine(database_url)
    if stored:
        insert_finished_games(engine, stored)
    config = load_config(env)
    # enough for the warm-up and the window, and a few to spare
    last_moves = games_at_their_last_move(config, math.ceil(game_ends * (min(10.0, seconds / 4) + seconds)) + 2) \
        if game_ends else []
    stack = Stack(env, web, workers).start()
    svc = Services.from_config(config, CeleryQueue(sender(config)))  # sends task names to Redis, as the web does
    stop, submits, farmers = threading.Event(), [], []
    try:
        if bots:  # enough that none ends in the window: a bot-only game runs 5 moves/s when 24 share the stack
            games *= BOT_GAMES_PER_GAME
        for n in range(games if bots else 0):  # the moves pipeline alone: no farmer, no mail
            create_game(svc, "sunfield", [FarmerSpec(f"Bot {p}", bot="greedy") for p in range(4)],
                        options={"advanced": True}, host=None, seed=2000 + n)
        def farmer_against_bots(n: int) -> None:  # one farmer against three bots, half of them by mail
            address = f"g{n}-ann@example.org"
            created = create_game(svc, "sunfield", [FarmerSpec("Ann", address)]
                                  + [FarmerSpec(f"Bot {p}", bot="greedy") for p in range(1, 4)],
                                  options={"advanced": True}, host=0, seed=3000 + n)
            farmers.append(Farmer(address, created.game_id, sink, stop, submits, env["BASE_URL"], f"10.1.{n}.1",
                                  by_mail=n % 2 == 1, inbound_secret=env["INBOUND_SECRET"], think=think))

        def two_farmers(n: int) -> None:
            address = [f"g{n}-ann@example.org", f"g{n}-bob@example.org"]
            created = create_game(svc, "sunfield", [FarmerSpec("Ann", address[0]), FarmerSpec("Bob", address[1])],
                                  options={"advanced": True}, host=0, seed=1000 + n)
            join(svc, created.game_id, 1)
            farmers.extend(Farmer(a, created.game_id, sink, stop, submits, env["BASE_URL"], f"10.0.{n}.{p + 1}",
                                  by_mail=(n + p) % 2 == 1, inbound_secret=env["INBOUND_SECRET"], think=think)
                           for p, a in enumerate(address))

        for n in range(0 if bots else games):
            # mixed: a share of the games (spread evenly, by mail or by links alike) is one farmer against bots
            if farmer_and_bots or (mixed and math.floor((n + 1) * against_bots) > math.floor(n * against_bots)):
                farmer_against_bots(n)
            else:
                two_farmers(n)
        for farmer in farmers:
            farmer.start()
        if last_moves:
            threading.Thread(target=end_games, args=(svc, last_moves, 1 / game_ends, stop), daemon=True).start()
        time.sleep(min(10.0, seconds / 4))  # warm up: every game under way
        with engine.connect() as c:
            moves0, since = c.execute(sa.text("SELECT count(*), now() FROM move_log")).one()
        mails0, latencies0, submits0, t0 = sink.count, len(sink.latencies), len(submits), time.perf_counter()
        cpu0 = {**stack.cpu(), "smtp sink": sink.cpu_seconds()}
        time.sleep(seconds)
        elapsed = time.perf_counter() - t0
        cpu1 = {**stack.cpu(), "smtp sink": sink.cpu_seconds()}
        with engine.connect() as c:
            moves1 = c.execute(sa.text("SELECT count(*) FROM move_log")).scalar()
            over = c.execute(sa.text("SELECT count(*) FROM games WHERE status = 'over' AND id > :stored"),
                             {"stored": stored}).scalar()  # the stored games come first
            stages = stage_times(c)
            ended = c.execute(sa.text("SELECT count(*) FROM games WHERE status = 'over' AND updated_at >= :since"
                                      " AND id > :stored"), {"since": since, "stored": stored}).scalar()
            by_seats = dict(c.execute(sa.text(
                "SELECT (SELECT count(*) FROM seats s WHERE s.game_id = m.game_id), count(*) FROM move_log m"
                " WHERE m.created_at >= :since GROUP BY 1"), {"since": since}).all())
            mails1, timed, times = sink.count, sink.latencies[latencies0:], sorted(submits[submits0:])
            stages["turn_mails_timed"] = where_slow_mails_waited(c, timed, sink.timed[latencies0:len(sink.latencies)])
    finally:
        stop.set()
        for farmer in farmers:
            farmer.join(timeout=30)
        stack.stop()
        sink.stop()
        svc.db.dispose()
        broker = redis.Redis.from_url(REDIS_URL)
        broker.delete(*(f"{prefix}.{q}" for q in ("moves", "mail", "reports")))
        broker.close()
        engine.dispose()

    def pct(values, q):
        return round(values[min(len(values) - 1, int(len(values) * q))] * 1000, 1) if values else None

    errors = [e for f in farmers for e in f.errors]
    latencies = sorted(t for t, _ in timed)
    by_way = {how: sorted(t for t, way in timed if way == how) for how in ("link", "mail")}
    kind = ("bot-only games" if bots else "a farmer and three bots per game, by links and by mail"
            if farmer_and_bots else f"{against_bots:.0%} of the games a farmer and three bots, the others two farmers,"
            " by links and by mail" if mixed else "two farmers per game, by links and by mail")
    return {"setup": kind,
            "gunicorn": web,
            "processes_moves_mail": list(workers), "think_s": think, "stored_games": stored, "games": games,
            "games_over": over, "game_ends_per_s": round(ended / elapsed, 2),
            # the ends the window's moves would bring if its games ran to their end and new ones began
            "game_ends_per_s_at_this_pace": round(sum(count / GAME_LENGTH.get(seats, GAME_LENGTH[4])
                                                      for seats, count in by_seats.items()) / elapsed, 2),
            "seconds": round(elapsed, 1), "moves_per_s": round((moves1 - moves0) / elapsed, 1),
            "mails_per_s": round((mails1 - mails0) / elapsed, 1),
            "turn_mail_ms_p50": round(statistics.median(latencies) * 1000, 1) if latencies else None,
            "turn_mail_ms_p99": pct(latencies, 0.99), "turn_mails_timed": len(latencies),
            **{f"after_{how}_ms_p50_p99": [pct(values, 0.5), pct(values, 0.99)] for how, values in by_way.items()},
            "submit_ms_p50": pct(times, 0.5), "submit_ms_p99": pct(times, 0.99), "submits": len(times),
            "stages": stages, "mails_by_subject": sink.kinds,
            "cpu_share": {role: round((cpu1[role] - cpu0[role]) / elapsed, 2) for role in cpu1}, "refused": sum(f.refused for f in farmers), "errors": errors[:3], "load_average": os.getloadavg()}


#: the short run of ``python -m bench --short``: one small setup of two-farmer games
SHORT = ["--setups", "1x1", "--games", "4", "--seconds", "6"]
NEEDS = ("postgresql", "redis")

DEFAULT_SETUPS = "bots1,bots2,1x1,2x2,2x2+stored,1x1+bots,2x1x2+bots"


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--games", type=int, default=24,
                           help="games played at once in each setup (bot-only setups: four times as many)")
    arguments.add_argument("--seconds", type=float, default=40.0,
                           help="the measured window per setup, after a warm-up of a quarter of it (10 s at most)")
    arguments.add_argument("--think", type=float, default=0.0,
                           help="seconds a farmer reads a mail before answering it (0.5-1.5 times this), to hold the"
                                " load below what the stack can take; 0: answer at once, the stack's most")
    arguments.add_argument("--against-bots", type=float, default=0.5,
                           help="+mix: the share of the games that are a farmer against three bots (they bring the"
                                " moves, the two-farmer games the mails)")
    arguments.add_argument("--game-ends", type=float, default=0.0,
                           help="games ended per second in the window besides the farmers' (two-farmer games played"
                                " to their last move before the stack starts): the final mails with the report that a"
                                " steady load brings (the figure game_ends_per_s_at_this_pace says how many)")
    arguments.add_argument("--stored", type=int, default=10_000, help="finished games for the +stored setups")
    arguments.add_argument("--setups", default=DEFAULT_SETUPS,
                           help="comma separated: GxW, gunicorn processes x worker processes per queue, or GxMxS,"
                                " x moves x mail processes; +stored: with the finished games; +bots: a farmer and"
                                " three bots per game; +mix: --against-bots of the games so, the others two farmers;"
                                " botsN: bot-only games, N processes on the moves queue (default %(default)s)")
    args = arguments.parse_args(argv)

    from bench.stack.scratch import scratch_database

    for setup in args.setups.split(","):
        shape, *extras = setup.split("+")
        stored = args.stored if "stored" in extras else 0
        bots = shape.startswith("bots")
        if bots:
            web, workers = 1, (int(shape[4:]), 1)
        else:
            web, *counts = (int(x) for x in shape.split("x"))
            workers = (counts[0], counts[-1])
        with scratch_database() as url, tempfile.TemporaryDirectory() as instance:
            emit(run_setup(url, instance, web, workers, args.games, args.seconds, stored, bots,
                           farmer_and_bots="bots" in extras, think=args.think,
                           mixed="mix" in extras, against_bots=args.against_bots, game_ends=args.game_ends))


if __name__ == "__main__":
    main()
