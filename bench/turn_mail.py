"""Worker CPU per turn mail: what one composed turn mail costs.

    .venv/bin/python bench/turn_mail.py [--mails 16]
    .venv/bin/python bench/turn_mail.py --whole-game [--seeds 7 11]

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

import argparse
import os
import statistics
import sys
import time
from email import message_from_bytes, policy
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from boards import memo  # noqa: E402
from boards.samples import sample_game  # noqa: E402
from engine import get_game  # noqa: E402
from mail.outgoing import compose as composer  # noqa: E402
from mail.outgoing.envelope import Envelope  # noqa: E402
from service.core.links import Links

CASES = [("sunfield", 2, {}), ("sunfield", 4, {"advanced": True}), ("harvest", 2, {}), ("harvest", 4, {})]


#: signs the bench's links as the service does (their length is the real one)
LINKS = Links("bench-secret", "https://farmpost.example", move_max_age=3600, seat_max_age=3600)
SEAT_SECRET = "s" * 22


def turn_context(sample, index: int) -> dict:
    """The context the service gives the composer for the farmer to act
    after ``index`` moves, as ``service.notify.changes`` completes it: every legal
    move with its outcome and its signed link, what the others played since
    the farmer's previous turn, and their view at that turn."""
    game = get_game(sample.game_name)
    state = sample.states[index]
    seat = game.to_act(state)
    last = max(0, index - sample.seats)
    played = [{"farmer": "You" if game.to_act(sample.states[i]) == seat else sample.names[game.to_act(sample.states[i])],
               "text": game.text(game.from_code(sample.codes[i])),
               "description": game.describe(sample.states[i], game.from_code(sample.codes[i]))}
              for i in range(last, index)]
    options = [{"text": game.text(move), "code": game.code(move),
                "url": LINKS.move_url(7, seat, SEAT_SECRET, index, [game.code(move)]),
                "outcome": game.outcome(state, move)} for move in game.legal_moves(state)]
    return mail_context(sample, seat=seat, view=game.view(state, seat), previous_view=game.view(sample.states[last], seat),
                        version=index, progress=game.progress(state), message_id=f"<bench.{index}@farmpost.example>",
                        options=options, account=played, notation_help=[list(pair) for pair in game.notation_help()])


def mail_context(sample, *, seat: int, view: dict, previous_view: dict | None, version: int, progress: str,
                 message_id: str, options: list[dict] | None = None, account: list[dict] | None = None,
                 notation_help: list | None = None) -> dict:
    """A turn mail's context as notify builds it; without ``options``,
    twelve of a typical length, and the links have the length of real
    signed ones."""
    context = {
        "kind": "turn",
        "game": {"id": 7, "kind": sample.game_name, "title": "Bench", "progress": progress,
                 "options": sample.options, "status": "active"},
        "version": version,
        "seat": {"position": seat, "name": sample.names[seat]},
        "farmers": [{"position": i, "name": n, "bot": None, "away_until": None} for i, n in enumerate(sample.names)],
        "view": view,
        "links": {"seat": LINKS.seat_url(7, seat, SEAT_SECRET),
                  "prefs": LINKS.prefs_url(7, seat, SEAT_SECRET)},
        "notation_help": notation_help or [],
        "clock": None,
        "note": None,
        "account": account or [],
        "account_title": "Since your last turn",
        "options": options if options is not None else [
            {"text": f"option {i}", "code": f"o{i}", "url": "https://farmpost.example/m/7/0/" + "y" * 120,
             "outcome": "Sheep tile (Carrot), free, collects 1 Seed"} for i in range(12)],
        "envelope": Envelope(message_id=message_id, sender=("Farmpost", "play@farmpost.example"),
                             to=("", "farmer@example.org"), subject="Bench: your turn").as_data(),
    }
    if previous_view is not None:
        context["previous_view"] = previous_view
    return context


def one_mail(context: dict) -> tuple[float, bytes]:
    """CPU milliseconds to compose the mail and write it, and the mail.
    No board model or drawing is kept from an earlier mail (boards.memo):
    a worker serving many games seldom has the farmer's previous view at
    hand, so each mail builds both its boards."""
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mails", type=int, default=16)
    parser.add_argument("--whole-game", action="store_true",
                        help="every third move of whole games: how many mails are over 250 KB")
    parser.add_argument("--seeds", type=int, nargs="+", default=[7, 11], help="with --whole-game")
    args = parser.parse_args()
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
