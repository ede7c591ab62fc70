"""The web process's CPU per request on a farmer's path by link (issue 15).

One farmer (seat 0) plays against bots as bench.stack.throughput's farmers do: the
move link of the turn mail (GET, then POST), the page of the move being
applied (GET: 202) and its JSON status, the same page once decided (GET:
303), the seat page, then a button of the rest of the turn (POST .../act)
and the same again. Requests go through Flask's test client; the queue
keeps them until the farmer has asked its status once, then applies them as
a worker would (outside the measure), bots' turns included.

CPU ms of this process (``time.process_time``) per request kind, median
over the requests of the game, on the embedded defaults (SQLite) or
``--database-url``, and the web CPU per move: the sum of the medians of
the requests of one move by link (Confirm page, its POST, the applying
page, one status, the applying page once decided, the seat page) and of
one action by a seat page's button (its POST, then the same from the
applying page on). Each further status poll (every 150 ms while the move
waits for a worker) adds a status. The same from the means
(``cpu_ms_mean``): the garbage collector's full collections fall on a few
requests, which the medians leave out. The process's collector is set as
the web's (:func:`service.app.tune_garbage_collector`; ``--python-gc``:
Python's defaults). Prints one JSON object; asserts nothing.

    python -m bench web.pages [--moves 40] [--profile seat_get] [--python-gc]
"""

from __future__ import annotations

import cProfile
import gc
import os
import pstats
import re
import statistics
import tempfile
import time
from collections import defaultdict

from bench.common import emit, parser

SHORT = ["--moves", "4", "--case", "sunfield-2"]

#: (name, kind, farmers, options): the farmer and bots around them
CASES = [("sunfield-2", "sunfield", 2, {}), ("sunfield-4-advanced", "sunfield", 4, {"advanced": True}),
         ("harvest-2", "harvest", 2, {}), ("harvest-4", "harvest", 4, {})]

KINDS = ("link_get", "link_post", "applying_get", "status_json", "applying_done", "seat_get", "act_post")
#: the requests of one move, from the page of the move being applied on
FOLLOW = ("applying_get", "status_json", "applying_done", "seat_get")
#: the requests of one move by the turn mail's link, and by a seat page's button
PER_MOVE = {"by_link": ("link_get", "link_post", *FOLLOW), "by_button": ("act_post", *FOLLOW)}


class HeldQueue:
    """Keeps the work until :meth:`run` (the worker's turn, not measured)."""

    needs_worker = False

    def __init__(self, svc):
        from service.wiring import inline_queue

        self.jobs: list[tuple[str, int]] = []
        self.inline = inline_queue(svc, send_mail=False)

    def enqueue(self, job: str, ident: int, expires: float | None = None) -> None:
        if job == "request":
            self.jobs.append((job, ident))

    def run(self) -> None:
        while self.jobs:
            kind, ident = self.jobs.pop(0)
            self.inline.enqueue(kind, ident)


class Farmer:
    """Seat 0 of one game, clicking through it; ``cpu[kind]``: ms per request."""

    def __init__(self, svc, queue: HeldQueue, client, game_id: int, profiles: dict):
        self.svc, self.queue, self.client, self.game_id = svc, queue, client, game_id
        self.cpu: dict[str, list[float]] = defaultdict(list)
        self.profiles = profiles

    def request(self, kind: str, method: str, url: str, **kwargs):
        profile = self.profiles.get(kind)
        started = time.process_time()
        if profile is not None:
            profile.enable()
        answer = self.client.open(url, method=method, **kwargs)
        if profile is not None:
            profile.disable()
        self.cpu[kind].append((time.process_time() - started) * 1000)
        return answer

    def game(self):
        from service.storage.lookup import load_game

        with self.svc.db.transaction() as session:
            return load_game(session, self.game_id)

    def play(self, moves: int) -> None:
        """Every other move by the turn mail's link, the others by the seat page's first button."""
        from service.notify.changes import options_for

        page = None
        for done in range(moves):
            if page is not None and done % 2 and b'name="action" value="move"' in page.data:
                code = re.search(rb'name="code" value="([^"]+)"', page.data).group(1).decode()
                version = re.search(rb'name="version" value="(\d+)"', page.data).group(1).decode()
                answer = self.request("act_post", "POST", f"{seat_path(page)}/act",
                                      data={"csrf_token": csrf(page), "action": "move", "code": code,
                                            "version": version})
            else:
                game = self.game()
                options = options_for(self.svc, game, game.seats[0]) if game.status == "active" else []
                if not options:
                    return
                link = options[0]["url"].split("farmpost.test", 1)[1]
                page = self.request("link_get", "GET", link)
                answer = self.request("link_post", "POST", link, data={"csrf_token": csrf(page)})
            page = self.follow(answer)

    def follow(self, answer):
        """The 303 of a submit to the seat page, as the applying page's script does."""
        assert answer.status_code == 303, answer.status_code
        applying = answer.headers["Location"].split("farmpost.test", 1)[-1]
        page = self.request("applying_get", "GET", applying)
        assert page.status_code == 202, page.status_code
        status = re.search(rb'data-status-url="([^"]+)"', page.data).group(1).decode()
        self.request("status_json", "GET", status, headers={"Accept": "application/json"})
        self.queue.run()  # the worker's turn
        done = self.request("applying_done", "GET", applying)
        assert done.status_code == 303, done.status_code
        return self.request("seat_get", "GET", done.headers["Location"].split("farmpost.test", 1)[-1])


def csrf(page) -> str:
    return re.search(rb'name="csrf_token" value="([^"]+)"', page.data).group(1).decode()


def seat_path(page) -> str:
    return re.search(rb'action="(/g/\d+/\d+/[^"/]+)/act"', page.data).group(1).decode()


def run_case(kind: str, farmers: int, options: dict, moves: int, database_url: str | None, profiles: dict) -> dict:
    from service.app import create_app
    from service.core.config import load_config
    from service.core.services import Services
    from service.storage.migrate import upgrade
    from service.usecases.creation import FarmerSpec, create_game

    with tempfile.TemporaryDirectory() as folder:
        settings = {"FARMPOST_INSTANCE": folder, "BASE_URL": "http://farmpost.test", "SECRET_KEY": "bench"}
        if database_url:
            settings["DATABASE_URL"] = database_url
        svc = Services.from_config(load_config(settings))
        queue = HeldQueue(svc)
        svc.queue = queue
        upgrade(svc.db)
        bots = [FarmerSpec(f"Bot{i}", bot="greedy") for i in range(1, farmers)]
        game = create_game(svc, kind, [FarmerSpec("Ann", "ann@example.org"), *bots], options=options, host=0, seed=7)
        queue.run()
        farmer = Farmer(svc, queue, create_app(services=svc, testing=True).test_client(), game.game_id, profiles)
        farmer.play(2)  # warm up: templates compiled, caches of the process filled
        farmer.cpu.clear()
        farmer.play(moves)
        svc.db.dispose()
    return {k: (round(statistics.median(v), 2), len(v), round(statistics.mean(v), 2)) for k, v in farmer.cpu.items()}


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--moves", type=int, default=40, help="the farmer's moves per game (default %(default)s)")
    arguments.add_argument("--database-url", default=None,
                           help="the database to play on, e.g. postgresql+psycopg://postgres@127.0.0.1/bench"
                                " (default: SQLite in a temporary instance)")
    arguments.add_argument("--profile", choices=KINDS, default=None,
                           help="also print a cProfile of one request kind")
    arguments.add_argument("--case", action="append", choices=[c[0] for c in CASES],
                           help="play only this game (may be given again); default: all of them")
    arguments.add_argument("--python-gc", action="store_true", help="Python's collector thresholds, not the web's")
    args = arguments.parse_args(argv)
    report(args.moves, args.database_url, args.profile, args.case, args.python_gc)


def report(moves: int, database_url: str | None, profile: str | None, cases: list[str] | None,
           python_gc: bool) -> None:
    if not python_gc:
        from service.app import tune_garbage_collector

        tune_garbage_collector()
    profiles = {profile: cProfile.Profile()} if profile else {}
    figures = {"moves": moves, "database": database_url or "sqlite (embedded default)",
              "gc_threshold": gc.get_threshold(), "loadavg_before": os.getloadavg()}
    results = {}
    for name, kind, farmers, options in CASES:
        if cases and name not in cases:
            continue
        results[name] = run_case(kind, farmers, options, moves, database_url, profiles)
    for figure, index in (("", 0), ("_mean", 2)):
        figures[f"cpu_ms{figure or '_median'}"] = {name: {k: r[k][index] for k in KINDS if k in r}
                                                 for name, r in results.items()}
        figures[f"cpu_ms_per_move{figure}"] = {
            name: {way: round(sum(r[k][index] for k in kinds), 1) for way, kinds in PER_MOVE.items()}
            for name, r in results.items()}
    figures["requests"] = {name: {k: r[k][1] for k in KINDS if k in r} for name, r in results.items()}
    figures["loadavg_after"] = os.getloadavg()
    emit(figures)
    for kind, prof in profiles.items():
        print(f"\n--- profile of {kind} (cumulative) ---")
        pstats.Stats(prof).sort_stats("cumulative").print_stats(45)


if __name__ == "__main__":
    main()
