"""``farmpost admin failed`` and ``farmpost admin retry KIND ID``: the work
that failed for good (service/ops/failed_work.py), and sending one row round again."""

from __future__ import annotations

import sys

#: service.ops.failed_work.KINDS, written out so that registering the
#: command does not import the models (tests/service/test_cli_imports.py)
KINDS = ("request", "mail", "inbound")


def register(subparsers) -> None:
    admin = subparsers.add_parser("admin", help="the operator's view: failed work, retrying it")
    actions = admin.add_subparsers(dest="admin_action", metavar="ACTION", required=True)
    failed = actions.add_parser("failed", help="list the move requests, mails and inbound mails that failed for good")
    failed.set_defaults(func=cmd_failed)
    again = actions.add_parser("retry", help="send one failed row round again (its tries start from zero)")
    again.add_argument("kind", choices=KINDS)
    again.add_argument("id", type=int)
    again.set_defaults(func=cmd_retry)


def cmd_failed(args) -> int:
    from service.ops.failed_work import list_failed
    from service.wiring import services_from_environment

    rows = list_failed(services_from_environment())
    if not rows:
        print("nothing has failed")
        return 0
    for row in rows:
        when = row.at.strftime("%Y-%m-%d %H:%M") if row.at else "-"
        print(f"{row.kind} #{row.id}  {when}  {row.attempts} tries  {row.reason.splitlines()[0] if row.reason else ''}")
    print(f"{len(rows)} failed; `farmpost admin retry KIND ID` sends one round again")
    return 0


def cmd_retry(args) -> int:
    from service.ops.failed_work import retry
    from service.wiring import services_from_environment

    if not retry(services_from_environment(), args.kind, args.id):
        print(f"error: there is no failed {args.kind} #{args.id}", file=sys.stderr)
        return 1
    print(f"{args.kind} #{args.id} is pending again")
    return 0
