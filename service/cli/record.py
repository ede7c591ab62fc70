"""``farmpost export GAME_ID`` and ``farmpost replay FILE``: the game record
as JSON, and the check that a record replays to the result it states
(service/game/game_record.py, docs/spectators.md)."""

from __future__ import annotations

import json
import sys


def register(subparsers) -> None:
    export = subparsers.add_parser("export", help="print a game's record as JSON (no seed while it runs)")
    export.add_argument("game_id", type=int)
    export.set_defaults(func=cmd_export)

    replay = subparsers.add_parser("replay", help="replay a game record and check its result (exit 0: the same)")
    replay.add_argument("file", help="a record from `farmpost export` ('-': standard input)")
    replay.set_defaults(func=cmd_replay)


def cmd_export(args) -> int:
    from service.core.errors import NotFound
    from service.game.game_record import game_record
    from service.wiring import services_from_environment

    try:
        record = game_record(services_from_environment(), args.game_id)
    except NotFound as error:
        print(f"error: {error.message}", file=sys.stderr)
        return 1
    print(json.dumps(record, indent=1, ensure_ascii=False))
    return 0


def cmd_replay(args) -> int:
    from service.game.game_record import RecordError, check

    try:
        with (sys.stdin if args.file == "-" else open(args.file, encoding="utf-8")) as stream:
            record = json.load(stream)
    except (OSError, ValueError) as error:
        print(f"error: cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    try:
        print(check(record))
    except RecordError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0
