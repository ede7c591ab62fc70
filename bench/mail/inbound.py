"""Throughput of the pure inbound pipeline (read_mail) on every complete mail
of the corpus and of the client fixtures, ``--rounds`` times over; prints
mails per second, ms per mail, and how many mails came out as each outcome.

    python -m bench mail.inbound [--rounds 5]
"""

from __future__ import annotations

import pathlib
import time
from collections import Counter

from bench.common import parser
from mail.inbound.pipeline import read_mail
from tests.mail.corpus_cases import cases

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHORT = ["--rounds", "1"]


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--rounds", type=int, default=5, help="times every mail is read (default %(default)s)")
    rounds = arguments.parse_args(argv).rounds
    mails = [case.raw() for case in cases(fmt="rfc822")]
    mails += [path.read_bytes() for path in sorted((ROOT / "tests" / "mail" / "fixtures").glob("*.eml"))]
    outcomes = Counter(read_mail(raw, domain="farmpost.example").outcome for raw in mails)
    started = time.perf_counter()
    for _ in range(rounds):
        for raw in mails:
            read_mail(raw, domain="farmpost.example")
    elapsed = time.perf_counter() - started
    count = len(mails) * rounds
    size = sum(len(raw) for raw in mails) // 1024
    print(f"{len(mails)} mails ({size} KB), {rounds} rounds: {count / elapsed:.0f} mails/s, "
          f"{elapsed / count * 1000:.2f} ms/mail")
    print("outcomes:", dict(sorted(outcomes.items())))


if __name__ == "__main__":
    main()
