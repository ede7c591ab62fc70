"""Service commands: run, demo, new, worker, beat, db upgrade."""

from __future__ import annotations

import os
import signal
import sys
import time
from typing import TYPE_CHECKING

from engine import BOT_NAMES, game_names

#: the languages Farmpost speaks (boards.i18n.LANGUAGES, which the parser
#: does not import: boards is heavy; a test checks they are the same)
LANGUAGES = ("en", "fr", "de")

if TYPE_CHECKING:
    from service.core.services import Services

# Registering a command imports nothing heavy (argparse only): each command
# imports what it uses, so `farmpost --help` and the MTA's `farmpost ingest`
# stay cheap (tests/service/test_cli_imports.py).


def load_config():
    from service.core.config import load_config

    return load_config()


def services_from_environment():
    from service.wiring import services_from_environment

    return services_from_environment()


def register(subparsers) -> None:
    run = subparsers.add_parser("run", help="web app + Celery worker + beat on this machine (embedded defaults)")
    run.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    run.add_argument("--port", type=int, default=int(os.environ.get("PORT", "5000")))
    run.set_defaults(func=cmd_run)

    demo = subparsers.add_parser("demo", help="create a game with you and bots; prints your seat link",
                                 description="Create a game with you in the first seat and bots in the others; "
                                             "prints your seat link.")
    demo.add_argument("--game", default="sunfield", choices=game_names(),
                      help="the game: %(choices)s (default: %(default)s)")
    demo.add_argument("--name", default="Sam", help="your name in the game (default: %(default)s)")
    demo.add_argument("--email", default=None, help="your address (default: you@MAIL_DOMAIN, read it at /mailbox)")
    demo.add_argument("--bots", type=int, default=3, metavar="N",
                      help="how many bots play against you, at least 1, as many as the game seats besides you "
                           "(default: %(default)s)")
    demo.add_argument("--bot", default="greedy", choices=BOT_NAMES,
                      help="the kind of bot: %(choices)s (default: %(default)s)")
    demo.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="a game option, e.g. advanced=yes; repeat for more (default: none)")
    demo.add_argument("--language", default="en", choices=LANGUAGES,
                      help="the language of your pages and mails: %(choices)s (default: %(default)s)")
    demo.set_defaults(func=cmd_demo)

    new = subparsers.add_parser("new", help="create a game and invite the farmers")
    new.add_argument("game")
    new.add_argument("--farmer", action="append", required=True, metavar="'Name <email> [LANGUAGE]' | bot:KIND",
                     help="one per seat, in seat order; a language (en, fr, de) after the address is this "
                          "farmer's")
    new.add_argument("--language", default="en", choices=LANGUAGES,
                     help="the language of the farmers who are given none: %(choices)s (default: %(default)s)")
    new.add_argument("--host", type=int, default=0, help="seat of the host (joined at once)")
    new.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    new.add_argument("--watchable", action="store_true",
                     help="let people watch by a spectator link (the public view; docs/spectators.md)")
    add_clock_arguments(new)
    new.set_defaults(func=cmd_new)

    worker = subparsers.add_parser("worker", help="a Celery worker")
    worker.add_argument("--concurrency", type=int, default=None, help="processes (default: one per CPU)")
    worker.add_argument("--queues", default=None, metavar="moves,inbound,mail,reports",
                        help="the queues it takes (default: all); docs/operations.md says how to staff them")
    worker.add_argument("--nice", type=int, default=0, metavar="N",
                        help="lower its CPU priority by N (the reports worker: 10)")
    worker.add_argument("--loglevel", default="INFO")
    worker.set_defaults(func=cmd_worker)

    beat = subparsers.add_parser("beat", help="Celery beat: re-enqueues work left pending")
    beat.add_argument("--loglevel", default="INFO")
    beat.set_defaults(func=cmd_beat)

    db = subparsers.add_parser("db", help="database schema")
    db.add_argument("action", choices=["upgrade", "check"])
    db.set_defaults(func=cmd_db)


def cmd_db(args) -> int:
    from service.core.db import Database
    from service.storage.migrate import is_current, upgrade

    database = Database(load_config().database_url)
    if args.action == "upgrade":
        upgrade(database)
        print("database schema is up to date")
        return 0
    current = is_current(database)
    print("up to date" if current else "needs `farmpost db upgrade`")
    return 0 if current else 1


def worker_command(role: str, *options: str) -> list[str]:
    """The worker and beat run as their own processes (``python -m worker``):
    the service starts them by name and never imports their code."""
    return [sys.executable, "-m", "worker", role, *options]


def cmd_worker(args) -> int:
    options = [f"--loglevel={args.loglevel}"] + ([f"--concurrency={args.concurrency}"] if args.concurrency else []) \
        + ([f"--queues={args.queues}"] if args.queues else []) + ([f"--nice={args.nice}"] if args.nice else [])
    os.execv(sys.executable, worker_command("worker", *options))


def cmd_beat(args) -> int:
    os.execv(sys.executable, worker_command("beat", f"--loglevel={args.loglevel}"))


def note_running(path, url: str) -> int:
    """Write the address a ``farmpost run`` serves on into the instance
    folder: to a name of its own, then renamed in, so the file is this
    run's own (its inode, returned) and :func:`forget_running` can tell."""
    fresh = path.with_name(f"{path.name}.{os.getpid()}")
    fresh.write_text(url + "\n")
    os.replace(fresh, path)
    return path.stat().st_ino


def forget_running(path, inode: int) -> None:
    """Remove the address file if it is still this run's: a run started on
    the same instance folder while this one was stopping has written its
    own, which stays (a stopping run removed it, and ``farmpost demo``
    linked to port 5000)."""
    try:
        if path.stat().st_ino == inode:
            path.unlink()
    except FileNotFoundError:
        pass


def cmd_run(args) -> int:
    """Everything on one machine: schema upgrade, two workers (moves; mail
    and reports) and beat as child
    processes (restarted when they die, service/ops/supervise.py), and the web
    app in this one. The address it serves on goes into the instance folder
    while it runs, so `farmpost demo` in another shell links to it."""
    import threading

    from werkzeug.serving import make_server

    from service.app import create_app, mailbox_notice, tune_garbage_collector
    from service.core.config import RUNNING_URL_FILE
    from service.ops.heartbeat import beat_name, forget, worker_name
    from service.ops.supervise import Supervisor

    os.environ["PORT"] = str(args.port)
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::', '') else args.host}:{args.port}"
    running_file = load_config().instance_path / RUNNING_URL_FILE
    ours = note_running(running_file, os.environ.get("BASE_URL", url).rstrip("/"))
    tune_garbage_collector()
    try:
        app = create_app()
        server = make_server(args.host, args.port, app, threaded=True)  # fails first if the port is taken
    except BaseException:
        forget_running(running_file, ours)
        raise
    svc = app.extensions["farmpost"]

    def died(name: str, pid: int) -> None:
        # /healthz should know at once, not when the heartbeat ages out
        forget(svc, beat_name(pid) if name == "beat" else worker_name(pid))

    quiet = ["--quiet", "--loglevel=WARNING"]
    # one worker for the moves and one for the mail in and out: a move never waits behind a turn
    # mail's board, nor behind a mail being read
    supervisor = Supervisor({"moves worker": worker_command("worker", "--queues=moves", "--concurrency=1", *quiet),
                             "mail worker": worker_command("worker", "--queues=inbound,mail,reports", "--concurrency=1",
                                                           *quiet),
                             "beat": worker_command("beat", *quiet)}, on_death=died).start()
    gave_up, stopping = threading.Event(), threading.Event()

    def watch() -> None:
        while not stopping.is_set():
            if not supervisor.check():
                gave_up.set()
                server.shutdown()
                return
            time.sleep(0.5)

    def stop(*_):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    threading.Thread(target=watch, name="farmpost-supervisor", daemon=True).start()
    print(f"Farmpost is running at {url}/  ({mailbox_notice(svc.config)}; Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        stopping.set()
        server.server_close()
        supervisor.stop()
        forget_running(running_file, ours)
    if gave_up.is_set():
        print("error: the worker or beat keeps dying; Farmpost stopped (see the log above)", file=sys.stderr)
        return 1
    return 0


def parse_options(pairs: list[str]) -> dict:
    options = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        lowered = value.strip().lower()
        if lowered in ("true", "yes", "on", ""):
            options[key.strip()] = True
        elif lowered in ("false", "no", "off"):
            options[key.strip()] = False
        else:
            options[key.strip()] = int(value) if value.strip().lstrip("-").isdigit() else value
    return options


def parse_farmer(text: str, language: str = "en"):
    """``Name <address>``, a bare address, or ``bot:KIND``; after the address
    a language (``Céline <c@example.org> fr``), else ``language``. The name
    is kept as typed (``parseaddr`` would quietly drop a line break and what
    follows), so the use case can refuse what cannot go into a mail header."""
    import re

    from service.usecases.creation import FarmerSpec

    if text.startswith("bot:"):
        kind = text[4:]
        return FarmerSpec(f"{kind.capitalize()} bot", bot=kind)
    spoken = re.fullmatch(r"(.*?)\s+([A-Za-z]{2})\s*", text, flags=re.DOTALL)
    if spoken and spoken.group(2).lower() in LANGUAGES and (spoken.group(1).endswith(">") or "<" not in text):
        text, language = spoken.group(1), spoken.group(2).lower()
    match = re.fullmatch(r"(.*?)\s*<([^<>]*)>\s*", text, flags=re.DOTALL)
    name, email = (match.group(1).strip().strip('"'), match.group(2).strip()) if match else ("", text.strip())
    return FarmerSpec(name or email.split("@")[0], email or None, language=language)


def add_clock_arguments(parser) -> None:
    """The clock of a new game (docs/clocks.md); the same names as the web form and new@ lines."""
    group = parser.add_argument_group("clock")
    group.add_argument("--clock", metavar="DURATION", help="time per turn, e.g. 3d or 36h (default: no clock)")
    group.add_argument("--bank", metavar="DURATION", help="extra time per farmer for the whole game, e.g. 2d")
    group.add_argument("--on-timeout", choices=["bot", "pause", "replace"],
                       help="when time runs out: a bot plays the turn (default), pause, or replace the seat")
    group.add_argument("--replace-after", metavar="N", help="replace: timeouts before the bot keeps the seat (3)")
    group.add_argument("--reminders", metavar="POINTS", help="e.g. '50%%,24h' (the default) or none")
    group.add_argument("--vacation", metavar="DURATION", help="vacation that stops the clock, per farmer (14d)")
    group.add_argument("--timeout-bot", metavar="BOT", help="the bot that plays a late turn (search)")


def clock_settings(args):
    from service.game.clocks import read_settings

    return read_settings({name: getattr(args, name.replace("-", "_")) for name in
                          ("clock", "bank", "on-timeout", "replace-after", "reminders", "vacation", "timeout-bot")})


def cmd_new(args) -> int:
    from service.core.errors import InvalidInput
    from service.usecases.creation import create_game

    try:
        clock = clock_settings(args)
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    svc = services_from_environment()
    try:
        created = create_game(svc, args.game, [parse_farmer(f, args.language) for f in args.farmer],
                              options=parse_options(args.option), host=args.host, clock=clock,
                              watchable=args.watchable)
    except InvalidInput as error:
        print(f"error: {error.message}", file=sys.stderr)
        return 2
    print(f"game #{created.game_id} created; host's seat page: {created.host_url}")
    if args.watchable:
        print(f"spectator link: {spectator_url(svc, created.game_id)}")
    return 0


def spectator_url(svc: Services, game_id: int) -> str:
    from service.storage.models import Game

    with svc.db.transaction() as session:
        game = session.get(Game, game_id)
        return svc.links.watch_url(game.id, game.watch_secret)


def cmd_demo(args) -> int:
    from service.core.errors import InvalidInput
    from service.usecases.creation import FarmerSpec, create_game

    svc = services_from_environment()
    email = args.email or f"you@{svc.config.mail_domain}"
    farmers = [FarmerSpec(args.name, email, language=args.language)] + [FarmerSpec(f"{args.bot.capitalize()} bot {i + 1}", bot=args.bot)
                                                 for i in range(args.bots)]
    try:
        created = create_game(svc, args.game, farmers, options=parse_options(args.option), host=0)
    except InvalidInput as error:
        print(f"error: {error.message}", file=sys.stderr)
        return 2
    print(f"Demo game #{created.game_id}: you play against {args.bots} {args.bot} bot(s).")
    print(f"Your seat page: {created.host_url}")
    print(f"Your mail ({email}): {svc.config.base_url}/mailbox?to={email}")
    return 0
