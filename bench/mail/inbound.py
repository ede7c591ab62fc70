"""Throughput of the pure inbound pipeline (read_mail) on every complete mail
of the corpus and of the client fixtures; prints mails per second.

    .venv/bin/python bench/mail_pipeline.py
"""

from __future__ import annotations

import pathlib
import sys
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from mail.inbound.pipeline import read_mail  # noqa: E402
from tests.mail.corpus_cases import cases  # noqa: E402

ROUNDS = 5


def main() -> None:
    mails = [case.raw() for case in cases(fmt="rfc822")]
    mails += [path.read_bytes() for path in sorted((ROOT / "tests" / "mail" / "fixtures").glob("*.eml"))]
    outcomes = Counter(read_mail(raw, domain="farmpost.example").outcome for raw in mails)
    started = time.perf_counter()
    for _ in range(ROUNDS):
        for raw in mails:
            read_mail(raw, domain="farmpost.example")
    elapsed = time.perf_counter() - started
    count = len(mails) * ROUNDS
    size = sum(len(raw) for raw in mails) // 1024
    print(f"{len(mails)} mails ({size} KB), {ROUNDS} rounds: {count / elapsed:.0f} mails/s, "
          f"{elapsed / count * 1000:.2f} ms/mail")
    print("outcomes:", dict(sorted(outcomes.items())))


if __name__ == "__main__":
    main()
