"""gunicorn's CPU per request by worker class (issue 15): sync or gthread.

A 4-farmer Sunfield game (one farmer, three bots) is played to its middle
on SQLite in a temporary instance, and the farmer's move is left pending.
Then gunicorn serves the instance, once per setup, and a client asks the
pages the farmer's browser asks while a move is applied: the status JSON
(every 150 ms: here back to back, one connection kept open as a browser
keeps it) and the same over a new connection each time (what a proxy that
does not keep connections to gunicorn sends), the page of the move being
applied, and the seat page (its board kept after the first).

The figure is the CPU of gunicorn's processes (master and workers, from
/proc) per request, in ms: the client's own CPU is not counted, and the
wall time is not measured. Prints one JSON object; asserts nothing.

    python -m bench web.workers [--requests 400]
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import tempfile
import time

from bench.common import cpu_seconds, emit, free_port, parser

SHORT = ["--requests", "40", "--setup", "sync"]

#: name -> gunicorn's options; ``--setup`` takes the first word of a name
SETUPS = {
    "sync, 1 worker": ["--worker-class", "sync", "--workers", "1"],
    "gthread, 1 worker x 4 threads": ["--worker-class", "gthread", "--workers", "1", "--threads", "4"],
}


def pending_move(folder: str) -> tuple[str, str, str]:
    """The seat page, the page of a move being applied and its status, paths
    on a game played to its middle, the farmer's move left pending."""
    from bench.web.pages import HeldQueue, csrf
    from service.app import create_app
    from service.core.config import load_config
    from service.core.services import Services
    from service.notify.changes import options_for
    from service.storage.lookup import load_game
    from service.storage.migrate import upgrade
    from service.usecases.creation import FarmerSpec, create_game

    svc = Services.from_config(load_config(settings(folder)))
    queue = svc.queue = HeldQueue(svc)
    upgrade(svc.db)
    bots = [FarmerSpec(f"Bot{i}", bot="greedy") for i in range(1, 4)]
    game_id = create_game(svc, "sunfield", [FarmerSpec("Ann", "ann@example.org"), *bots], options={"advanced": True},
                          host=0, seed=7).game_id
    client = create_app(services=svc, testing=True).test_client()
    for _ in range(21):  # to the middle of the game, by the turn mails' first links
        queue.run()
        with svc.db.transaction() as session:
            game = load_game(session, game_id)
        link = options_for(svc, game, game.seats[0])[0]["url"].split("farmpost.test", 1)[1]
        answer = client.post(link, data={"csrf_token": csrf(client.get(link))})
    applying = answer.headers["Location"].split("farmpost.test", 1)[-1]
    seat = applying.split("/requests/", 1)[0]
    status = re.search(r'data-status-url="([^"]+)"', client.get(applying).get_data(as_text=True)).group(1)
    svc.db.dispose()
    return seat, applying, status


def settings(folder: str) -> dict:
    return {"FARMPOST_INSTANCE": folder, "BASE_URL": "http://farmpost.test", "SECRET_KEY": "bench"}


def cpu_ms(pid: int) -> float:
    """User and system CPU so far of gunicorn's processes (master and
    workers: its process group, of which ``pid`` leads), in ms."""
    return cpu_seconds(group=pid) * 1000


def measure(folder: str, options: list[str], paths: tuple[str, str, str], count: int) -> dict:
    import requests

    seat, applying, status = paths
    port = free_port()
    venv = os.path.dirname(sys.executable)
    server = subprocess.Popen([os.path.join(venv, "gunicorn"), *options, "-b", f"127.0.0.1:{port}", "service.wsgi:app"],
                              env={**os.environ, **settings(folder)}, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                requests.get(base + seat, timeout=30)
                break
            except requests.ConnectionError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.3)
        kept = requests.Session()
        json_only = {"Accept": "application/json"}
        asks = {
            "status, one connection": lambda: kept.get(base + status, headers=json_only),
            "status, a connection each": lambda: requests.get(base + status, headers=json_only),
            "applying page": lambda: kept.get(base + applying),
            "seat page": lambda: kept.get(base + seat),
        }
        out = {}
        for name, ask in asks.items():
            for _ in range(5):
                ask()  # warm: templates, caches, connections
            times = count if name.startswith("status") else count // 4
            before = cpu_ms(server.pid)
            for _ in range(times):
                assert ask().status_code in (200, 202)
            out[name] = round((cpu_ms(server.pid) - before) / times, 2)
        return out
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--requests", type=int, default=400,
                           help="status requests per setup; a quarter as many of each page (default %(default)s)")
    arguments.add_argument("--setup", action="append", choices=[name.split(",")[0] for name in SETUPS],
                           help="serve with this worker class only (may be given again); default: each of them")
    args = arguments.parse_args(argv)
    count = args.requests
    figures = {"requests": count, "loadavg_before": os.getloadavg(), "cpu_ms_per_request": {}}
    with tempfile.TemporaryDirectory() as folder:
        paths = pending_move(folder)
        for name, options in SETUPS.items():
            if args.setup and name.split(",")[0] not in args.setup:
                continue
            figures["cpu_ms_per_request"][name] = measure(folder, options, paths, count)
    figures["loadavg_after"] = os.getloadavg()
    emit(figures)


if __name__ == "__main__":
    main()
