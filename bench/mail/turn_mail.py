"""Worker CPU per turn mail: what one composed turn mail costs.

    python -m bench mail.turn_mail [--mails 16]
    python -m bench mail.turn_mail --whole-game [--seeds 7 11]

A worker composes a turn mail (plain text, HTML with the board's tables,
the board picture, the PDF snapshot) for the farmer to act after every
move. This bench does what it does, in one process, for ``--mails``
consecutive moves from the middle of a sample game (seed 7) of each game
with 2 and 4 farmers: each mail for the farmer to act, with their previous
turn's view (changes outlined), composed and written as bytes. It prints
the median and 90th percentile of the CPU time of this process per mail
(``time.process_time``: steadier than wall time on a shared machine), the
first mail of each game apart (nothing of that game drawn yet), the
mail's size as sent and that of its parts as sent (text, HTML, picture,
PDF; medians). The machine's load average is printed with the figures.
Targets: a 2-farmer turn mail <= 100 ms CPU at the median (issue 15); a
4-farmer one <= 250 KB (issue 12).

``--whole-game``: the 250 KB target holds for every turn mail, not only
the middle of a game: the turn mail of every third move of a whole sample
game (from the fifth move on), for each case and each of ``--seeds``; per
case and seed it prints how many mails, how many are over 250 KB, the
median and largest size as sent, the largest one's parts, and the CPU
median.
"""

from __future__ import annotations

import os
import statistics
import time
from email import message_from_bytes, policy

from bench.common import parser

SHORT = ["--mails", "2"]

CASES = [("sunfield", 2, {}), ("sunfield", 4, {"advanced": True}), ("harvest", 2, {}), ("harvest", 4, {})]


def one_mail(context: dict) -> tuple[float, bytes]:
    """CPU milliseconds to compose the mail and write it, and the mail.
    No board model or drawing is kept from an earlier mail (boards.memo):
    a worker serving many games seldom has the farmer's previous view at
    hand, so each mail builds both its boards."""
    from boards import memo
    from mail.outgoing import compose as composer

    memo.forget()
    start = time.process_time()
    data = composer.compose(context).as_bytes(policy=policy.SMTP)
    return (time.process_time() - start) * 1000, data


PARTS = {"text/plain": "text", "text/html": "HTML", "image/png": "PNG", "application/pdf": "PDF"}


def part_sizes(data: bytes) -> dict[str, int]:
    """The bytes of each leaf part as sent (transfer-encoded), by :data:`PARTS` name."""
    return {PARTS[part.get_content_type()]: len(part.get_payload()) for part in message_from_bytes(data).walk()
            if part.get_content_type() in PARTS}


#: issue 12's limit for a turn mail as sent
LIMIT = 250 * 1024


def whole_game(seeds: list[int]) -> None:
    """The turn mail of every third move of a whole game, each case and seed."""
    from bench.mail.contexts import turn_context
    from boards import sample_game

    print(f"{'game':<20} {'seed':>4} {'mails':>5} {'over':>4} {'median':>9} {'largest':>9}   "
          f"{'text':>6} {'HTML':>6} {'PNG':>6} {'PDF':>6} {'CPU':>9}   "
          f"(every third move; KB as sent, the largest mail's parts; CPU median per mail)")
    for name, seats, options in CASES:
        for seed in seeds:
            sample = sample_game(name, seats, options, seed=seed)
            sizes, times, largest = [], [], (0, {})
            for index in range(4, len(sample.states) - 1, 3):
                cpu, data = one_mail(turn_context(sample, index))
                sizes.append(len(data))
                times.append(cpu)
                if len(data) > largest[0]:
                    largest = (len(data), part_sizes(data))
            label = f"{name} {seats}{' adv.' if options else ''}"
            by_part = " ".join(f"{largest[1].get(part, 0) / 1024:6.1f}" for part in PARTS.values())
            print(f"{label:<20} {seed:>4} {len(sizes):>5} {sum(s > LIMIT for s in sizes):>4} "
                  f"{statistics.median(sizes) / 1024:6.1f} KB {largest[0] / 1024:6.1f} KB   {by_part} "
                  f"{statistics.median(times):6.1f} ms")


def p90(values: list[float]) -> float:
    return statistics.quantiles(values, n=10)[-1] if len(values) > 1 else values[0]


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--mails", type=int, default=16,
                           help="consecutive turn mails timed from the middle of each game (default %(default)s)")
    arguments.add_argument("--whole-game", action="store_true",
                           help="every third move of whole games instead: how many mails are over 250 KB")
    arguments.add_argument("--seeds", type=int, nargs="+", default=[7, 11],
                           help="with --whole-game: the sample games' seeds (default 7 11)")
    args = arguments.parse_args(argv)

    from bench.mail.contexts import turn_context
    from boards import sample_game

    mails = args.mails
    print(f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())} ({os.cpu_count()} cores)")
    # the process's one-time costs (fonts, templates, stylesheets) out of the figures,
    # as in a worker that has sent mail before: one mail of an unrelated game first
    one_mail(turn_context(sample_game("sunfield", 3, {}, seed=1), 10))
    one_mail(turn_context(sample_game("harvest", 3, {}, seed=1), 10))
    if args.whole_game:
        whole_game(args.seeds)
        print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
        return
    print(f"{'game':<20} {'first mail':>11} {'median':>9} {'p90':>9} {'size':>9}   "
          f"{'text':>6} {'HTML':>6} {'PNG':>6} {'PDF':>6}   (CPU ms per turn mail, {mails} moves; KB as sent)")
    for name, seats, options in CASES:
        sample = sample_game(name, seats, options, seed=7)
        middle = len(sample.states) // 2
        first, _ = one_mail(turn_context(sample, middle - 1))
        times, sizes, parts = [], [], []
        for index in range(middle, min(middle + mails, len(sample.states) - 1)):
            cpu, data = one_mail(turn_context(sample, index))
            times.append(cpu)
            sizes.append(len(data))
            parts.append(part_sizes(data))
        label = f"{name} {seats}{' adv.' if options else ''}"
        by_part = " ".join(f"{statistics.median(p.get(name, 0) for p in parts) / 1024:6.1f}" for name in PARTS.values())
        print(f"{label:<20} {first:9.1f} ms {statistics.median(times):6.1f} ms {p90(times):6.1f} ms "
              f"{statistics.median(sizes) / 1024:6.1f} KB {by_part}")
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
