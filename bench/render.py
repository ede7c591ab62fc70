"""How long each board rendering takes, on this machine.

    .venv/bin/python bench/render.py [--repeat 30]

Prints median and worst times of the text, mail HTML, web HTML, PDF snapshot
and end-game report renderings for middle-of-game states (2 and 4 farmers),
next to WeasyPrint's own time for a trivial one-page document, and the ratio
between the two. Targets (issue 5): snapshot <= 150 ms median and <= 15x the
trivial page; report <= 1 s.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from service.boards import render_html, render_report_pdf, render_snapshot_pdf, render_text  # noqa: E402
from service.boards.pdf import write_pdf  # noqa: E402
from service.boards.samples import sample_game  # noqa: E402

TRIVIAL = "<!doctype html><html><body><h1>Farmpost</h1><p>Hello, farmer.</p></body></html>"


def timed(fn, repeat: int) -> list[float]:
    fn()  # warm up: templates compiled, fonts loaded
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times


def line(label: str, times: list[float]) -> float:
    median = statistics.median(times)
    print(f"  {label:<34} median {median:8.1f} ms   worst {max(times):8.1f} ms")
    return median


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args()
    repeat = args.repeat
    gc.collect()
    print(f"WeasyPrint trivial one-page document ({repeat} runs)")
    trivial = line("trivial page", timed(lambda: write_pdf(TRIVIAL), repeat))
    cases = [
        ("sunfield", 2, {}),
        ("sunfield", 4, {"advanced": True}),
        ("harvest", 1, {}),
        ("harvest", 4, {}),
    ]
    worst_ratio = 0.0
    for name, seats, options in cases:
        sample = sample_game(name, seats, options, seed=7)
        view = sample.view("middle", 0)
        meta = {"title": "Bench", "game_id": "bench", "version": 1, "names": sample.names}
        print(f"\n{name}, {seats} farmer(s) {options or ''} — middle of the game")
        line("text", timed(lambda: render_text(name, view, 0, names=sample.names), repeat))
        line("mail HTML (inlined)", timed(lambda: render_html(name, view, 0, mail=True, names=sample.names), repeat))
        line("web HTML", timed(lambda: render_html(name, view, 0, mail=False, names=sample.names), repeat))
        snapshot = line("PDF snapshot", timed(lambda: render_snapshot_pdf(name, view, 0, meta), repeat))
        ratio = snapshot / trivial
        worst_ratio = max(worst_ratio, ratio)
        print(f"  {'PDF snapshot / trivial page':<34} {ratio:8.1f} x   (target <= 15 x, <= 150 ms)")
        report = sample.report()
        line("end-game report PDF", timed(lambda: render_report_pdf(name, report), max(3, repeat // 5)))
    print(f"\nworst snapshot ratio: {worst_ratio:.1f} x the trivial page")


if __name__ == "__main__":
    main()
