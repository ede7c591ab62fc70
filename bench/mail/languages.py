"""A turn mail in English, French and German, and the caches' hit rates with
languages mixed at one table.

    python -m bench mail.languages [--mails 8]

Rendering: for ``--mails`` consecutive moves from the middle of a sample
game (seed 7) of each game with 2 farmers, the turn mail of the farmer to
act is composed and written (text, HTML, picture, PDF, as a worker does:
bench.mail.turn_mail) once in each language, the order of the languages
turned from one move to the next so that none always comes first. It
prints the median CPU time of this process per mail in each language
and French's and German's over English's (target: at most 10 % more).

Caches: a 4-farmer table and 3 spectators follow a whole game, each
version opened once by every farmer (their seat page: the drawing and the
board in words, :mod:`service.web.page_cache`) and by every spectator (the
public board), then the final mail to every farmer (the end-game report,
:mod:`boards.cache`, public and shared). It prints each cache's hit rate
with everyone in English and with the languages mixed (farmers en, fr,
de, en; spectators fr, de, en): per-seat entries hit as often whatever the
languages (a seat has one); shared entries are kept once per language
read at the table, so each language read is drawn once per version; "drawn
twice" counts the entries drawn again (0: none was evicted or missed).
Last, the panel cache under the drawings (a panel's markup written once,
whoever it is for): its hit rate drawing a sample game's public board for
three spectators of one language and of three.
"""

from __future__ import annotations

import os
import statistics
import time
from email import policy

from bench.common import parser

SHORT = ["--mails", "1"]

CASES = [("sunfield", 2, {}), ("harvest", 2, {})]
LANGUAGES = ("en", "fr", "de")


def one_mail(context: dict, language: str) -> float:
    """CPU milliseconds to compose the mail in ``language`` and write it."""
    from boards import memo
    from mail.outgoing import compose as composer

    memo.forget()
    context = {**context, "envelope": {**context["envelope"], "language": language}}
    start = time.process_time()
    composer.compose(context).as_bytes(policy=policy.SMTP)
    return (time.process_time() - start) * 1000


def rendering(mails: int) -> None:
    from bench.mail.contexts import turn_context
    from boards import sample_game

    print(f"{'game':<14} " + " ".join(f"{lang:>9}" for lang in LANGUAGES) + f" {'fr/en':>7} {'de/en':>7}"
          f"   (CPU ms per turn mail, median of {mails} moves)")
    for name, seats, options in CASES:
        sample = sample_game(name, seats, options, seed=7)
        middle = len(sample.states) // 2
        times: dict[str, list[float]] = {lang: [] for lang in LANGUAGES}
        for turn, index in enumerate(range(middle, min(middle + mails, len(sample.states) - 1))):
            context = turn_context(sample, index)
            order = LANGUAGES[turn % 3:] + LANGUAGES[:turn % 3]
            for language in order:
                times[language].append(one_mail(context, language))
        medians = {lang: statistics.median(values) for lang, values in times.items()}
        over = {lang: (medians[lang] / medians["en"] - 1) * 100 for lang in ("fr", "de")}
        print(f"{name + ' ' + str(seats):<14} " + " ".join(f"{medians[lang]:6.1f} ms" for lang in LANGUAGES)
              + f" {over['fr']:+6.1f}% {over['de']:+6.1f}%")


def hit_rates(farmers: tuple[str, ...], spectators: tuple[str, ...], versions: int) -> dict[str, tuple]:
    """The page fragments' and the report's hit rates over a game of
    ``versions`` versions, with these languages at the table, and how many
    entries were drawn a second time (evicted, or keyed wrong: 0 when the
    caches keep every entry they should)."""
    from boards import MemoryStore, SnapshotCache, SnapshotKey
    from service.web.page_cache import BoardFragments

    names = tuple(f"Farmer {i}" for i in range(len(farmers)))
    fragments = BoardFragments()
    asked = {"pages": [0, 0, 0], "report": [0, 0, 0]}  # [asked, rendered, rendered again]
    drawn: set = set()

    def rendered(what: str, key):
        def render():
            asked[what][1] += 1
            asked[what][2] += key in drawn
            drawn.add(key)
            return what
        return render

    for version in range(versions):
        readers = [(seat, lang) for seat, lang in enumerate(farmers)] + [(None, lang) for lang in spectators]
        for seat, language in readers:
            for part in ("drawing", "words"):
                asked["pages"][0] += 1
                key = (version, seat, part, language)
                fragments.get_or_render(1, version, seat, names, (part, (), language), rendered("pages", key))
    reports = SnapshotCache(MemoryStore())
    for language in farmers:
        asked["report"][0] += 1
        reports.get_or_render(SnapshotKey("1", versions, None, "report", language),
                              rendered("report", ("report", language)))
    return {what: (1 - made / total, again) for what, (total, made, again) in asked.items()}


def panel_hits(name: str, languages: tuple[str, ...], versions: int) -> tuple[float, float]:
    """The panel cache's hit rate and the CPU seconds of drawing a sample
    game's public board (``versions`` versions from its 10th) once in each
    language read (:class:`service.web.page_cache.PageCaches`: a panel's
    markup is written once, whoever it is drawn for)."""
    from boards import sample_game
    from engine import get_game
    from service.web.page_cache import PageCaches

    sample, rules, caches = sample_game(name, 2, {}, seed=7), get_game(name), PageCaches()
    counts = [0, 0]  # [asked, written]
    keep = caches.panels.get_or_make

    def counted(key, make):
        counts[0] += 1

        def write():
            counts[1] += 1
            return make()
        return keep(key, write)

    caches.panels.get_or_make = counted
    start = time.process_time()
    for state in sample.states[10:10 + versions]:
        for language in dict.fromkeys(languages):  # a language read twice is the fragment cache's
            caches.drawing_html(name, rules.view(state, None), None, ["Ann", "Bob"], language=language)
    return 1 - counts[1] / counts[0], time.process_time() - start


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--mails", type=int, default=8,
                           help="consecutive turn mails timed in each language from the middle of each game "
                                "(default %(default)s)")
    args = arguments.parse_args(argv)

    from bench.mail.contexts import turn_context
    from boards import sample_game

    print(f"load average before: {' '.join(f'{v:.2f}' for v in os.getloadavg())} ({os.cpu_count()} cores)")
    # the process's one-time costs (fonts, templates, catalogs) out of the figures
    for language in LANGUAGES:
        one_mail(turn_context(sample_game("sunfield", 3, {}, seed=1), 10), language)
    rendering(args.mails)
    print(f"\n{'languages at the table':<50} {'pages':>7} {'report':>7} {'drawn twice':>12}"
          "   (hit rates over a 60-version game)")
    for label, farmers, spectators in (("all English", ("en",) * 4, ("en",) * 3),
                                       ("mixed: farmers en fr de en, spectators fr de en",
                                        ("en", "fr", "de", "en"), ("fr", "de", "en"))):
        rates = hit_rates(farmers, spectators, 60)
        again = rates["pages"][1] + rates["report"][1]
        print(f"{label:<50} {rates['pages'][0] * 100:6.1f}% {rates['report'][0] * 100:6.1f}% {again:>12}")
    print(f"\n{'public board drawn, by game':<50} {'panels':>7} {'CPU':>7}   (30 versions, each language read)")
    for name, _, _ in CASES:
        for label, spectators in (("one language", ("en",) * 3), ("three languages", ("fr", "de", "en"))):
            rate, cpu = panel_hits(name, spectators, 30)
            print(f"{name + ', ' + label:<50} {rate * 100:6.1f}% {cpu:6.2f}s")
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
