"""Ratings (docs/ratings.md): what rating one finished game costs, and
recomputing the leaderboard of 1,000 games.

Three figures, CPU milliseconds of this process (``time.process_time``):
the model alone (openskill's Plackett-Luce update of one 4-farmer game,
with a tie now and then and a bot at its fixed rating); rating a finished
game as the game-over transaction does it (``rating_store.rate_game``:
read the ratings, update, write them and the rated game's row; one
transaction per game); and the fold of every rated game again from the
game rows, in order (``rating_store.replay``, what ``farmpost ratings
--check`` and ``--recompute`` do), with the leaderboard read after it.
The games are 4-farmer Sunfield games played by random bots (a few dozen,
their final states reused) seated with farmers drawn from 60 addresses and
a greedy bot in one game of four. Embedded defaults (SQLite), or with
``--postgresql`` a database of its own on TEST_DATABASE_URL's server (made
and dropped). Prints one JSON object; asserts nothing.

    python -m bench ratings.leaderboard [--games 1000] [--postgresql]
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time

from bench.common import emit, parser

SHORT = ["--games", "100"]


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--games", type=int, default=1000,
                           help="finished games rated and then folded again (default %(default)s)")
    arguments.add_argument("--postgresql", action="store_true",
                           help="a scratch PostgreSQL database (default: SQLite in a temporary folder)")
    args = arguments.parse_args(argv)
    if args.postgresql:
        from bench.stack.scratch import scratch_database

        with scratch_database() as url:
            run(args.games, url)
    else:
        run(args.games, None)


def run(games: int, database_url: str | None) -> None:
    from engine import get_game
    from engine.bots import RandomBot, play
    from service.core.config import load_config
    from service.core.queue import NullQueue
    from service.core.services import Services
    from service.game import rating_store, ratings
    from service.storage.migrate import upgrade
    from service.storage.models import Game, Seat

    rules = get_game("sunfield")
    finals = [play(rules, 4, {}, seed, [RandomBot()] * 4).state for seed in range(40)]
    draw = random.Random(7)

    model_ms = []
    for _ in range(2000):
        entries = [ratings.Entry(0, "bot", draw.randrange(3), bot="greedy")] + [
            ratings.Entry(p, f"f{p}", draw.randrange(3), address=f"f{p}@example.org") for p in (1, 2, 3)]
        started = time.process_time()
        ratings.rate(entries, {})
        model_ms.append((time.process_time() - started) * 1000)

    with tempfile.TemporaryDirectory() as folder:
        values = {"FARMPOST_INSTANCE": folder, "BASE_URL": "http://127.0.0.1:5000", "SECRET_KEY": "bench"}
        if database_url:
            values["DATABASE_URL"] = database_url
        svc = Services.from_config(load_config(values), NullQueue())
        upgrade(svc.db)  # a scratch PostgreSQL database is upgraded already: nothing to do
        game_ids = []
        with svc.db.transaction() as session:
            for number in range(games):
                game = Game(kind="sunfield", options={"advanced": False}, seed=number, status="over",
                            state=finals[number % len(finals)], version=1, next_seq=0)
                session.add(game)
                addresses = draw.sample(range(60), 4)
                for position in range(4):
                    bot = position == 3 and number % 4 == 0
                    session.add(Seat(game=game, position=position, name=f"Farmer {addresses[position]}",
                                     email=None if bot else f"farmer{addresses[position]}@example.org",
                                     bot="greedy" if bot else None, secret="s", reply_key=f"k{number}-{position}"))
            session.flush()
            game_ids = [game.id for game in session.query(Game).order_by(Game.id)]
        rate_ms = []
        for game_id in game_ids:
            started = time.process_time()
            with svc.db.transaction() as session:
                rating_store.rate_game(session, session.get(Game, game_id))
            rate_ms.append((time.process_time() - started) * 1000)
        with svc.db.transaction() as session:
            started = time.process_time()
            folded = rating_store.replay(session)
            replay_ms = (time.process_time() - started) * 1000
            started = time.process_time()
            rating_store.leaderboard(session, "sunfield")
            board_ms = (time.process_time() - started) * 1000
        svc.db.dispose()
    emit({
        "games": games,
        "farmers": len(folded),
        "database": "postgresql" if database_url else "sqlite",
        "model_rate_4_farmers_ms_median": round(statistics.median(model_ms), 3),
        "rate_game_transaction_ms_median": round(statistics.median(rate_ms), 2),
        "rate_game_transaction_ms_p90": round(sorted(rate_ms)[int(len(rate_ms) * 0.9)], 2),
        "replay_all_games_ms": round(replay_ms, 1),
        "replay_ms_per_game": round(replay_ms / max(1, games), 3),
        "leaderboard_read_ms": round(board_ms, 2),
    })


if __name__ == "__main__":
    main()
