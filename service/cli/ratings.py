"""``farmpost ratings [GAME_KIND]``: the leaderboards as the public page
shows them (docs/ratings.md), and the operator's check and repair of the
stored ratings (``--check``, ``--recompute``)."""

from __future__ import annotations

import sys


def register(subparsers) -> None:
    ratings = subparsers.add_parser("ratings", help="print a leaderboard (every one without GAME_KIND)")
    ratings.add_argument("pool", nargs="?", metavar="GAME_KIND",
                         help="a game kind and its options as the page names it: sunfield, sunfield+advanced, harvest")
    what = ratings.add_mutually_exclusive_group()
    what.add_argument("--check", action="store_true",
                      help="fold every rated game again, in order, and compare with the stored ratings (exit 1: they differ)")
    what.add_argument("--recompute", action="store_true",
                      help="replace the stored ratings by that fold (after a change of the model's parameters)")
    ratings.set_defaults(func=cmd_ratings)


def cmd_ratings(args) -> int:
    from service.core.errors import InvalidInput
    from service.game import rating_store
    from service.game.ratings import pool_title
    from service.storage.models import Rating
    from service.wiring import services_from_environment

    svc = services_from_environment()
    with svc.db.transaction() as session:
        if args.check:
            stored = {(r.pool, r.address): (r.mu, r.sigma, r.games) for r in session.query(Rating)}
            same = rating_store.replay(session) == stored
            print(f"{len(stored)} ratings: " + ("the same as the fold of the rated games" if same else "they differ "
                                                "from the fold of the rated games; run --recompute"))
            return 0 if same else 1
        if args.recompute:
            print(f"{rating_store.recompute(session)} ratings written")
            return 0
        pools = [args.pool] if args.pool else rating_store.pools(session)
        for pool in pools:
            try:
                title = pool_title(pool)
            except InvalidInput as error:
                print(f"error: {error.message}", file=sys.stderr)
                return 2
            print(title)
            board = rating_store.leaderboard(session, pool)
            for line in board:
                place = f"{line.place:>3}." if line.place else "   ?"
                print(f"{place} {line.name:<30} {line.rating:>5}{'?' if line.provisional else ' '} "
                      f"{line.games:>4} games")
            if not board:
                print("    nobody listed yet (a farmer appears once they choose a public name)")
            print()
    return 0
