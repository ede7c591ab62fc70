"""The ``farmpost`` command line.

Each feature module that offers commands exposes ``register(subparsers)``,
which adds its subcommands and sets ``func`` on each; this module only wires
them together, so features stay in their own packages.
"""

from __future__ import annotations

import argparse
import sys
from importlib import import_module

from service.core.config import ConfigError

#: modules exposing ``register(subparsers)``; each adds its own commands
COMMAND_MODULES = [
    "service.cli.selfplay",
    "service.cli.commands",
    "service.cli.inbound",
    "service.cli.admin",
    "service.cli.record",
    "service.cli.ratings",
    "service.cli.mail",
    "service.cli.leagues",
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="farmpost", description="Farmpost: farm board games by email.")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except ConfigError as error:
        print(f"error: {error}", file=sys.stderr)
        return 78  # EX_CONFIG (sysexits.h)


if __name__ == "__main__":
    sys.exit(main())
