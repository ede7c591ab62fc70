"""How long each board rendering takes, on this machine.

    python -m bench boards.render [--repeat 30]

Prints median and worst times of the text, mail HTML, web HTML, PDF snapshot
and end-game report renderings for middle and end-of-game states (2 and 4
farmers, advanced Sunfield Farm, solo Harvest), next to WeasyPrint's own time
for a trivial one-page document and the ratio between the two. Every figure
is given as wall time and as CPU time of this process: on a machine shared
with other work, CPU time is the steadier measure. Targets (issue 5): snapshot
<= 150 ms median and <= 15x the trivial page; report <= 1 s.
"""

from __future__ import annotations

import gc
import statistics
from functools import partial

from bench.common import parser, timed

SHORT = ["--repeat", "1"]

TRIVIAL = "<!doctype html><html><body><h1>Farmpost</h1><p>Hello, farmer.</p></body></html>"
CASES = [
    ("sunfield", 2, {}),
    ("sunfield", 4, {"advanced": True}),
    ("harvest", 1, {}),
    ("harvest", 4, {}),
]


def line(label: str, times: tuple[list[float], list[float]]) -> tuple[float, float]:
    wall, cpu = times
    medians = statistics.median(wall), statistics.median(cpu)
    print(f"  {label:<28} median {medians[0]:7.1f} ms wall {medians[1]:7.1f} ms cpu   worst {max(wall):7.1f} ms wall")
    return medians


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--repeat", type=int, default=30,
                           help="timed calls of each rendering after a warm-up call; the report a fifth of them,"
                                " 3 at least (default %(default)s)")
    repeat = arguments.parse_args(argv).repeat

    import boards
    from boards import sample_game
    from boards.htmlpdf import write_pdf

    gc.collect()
    print(f"WeasyPrint, trivial one-page document ({repeat} runs)")
    trivial = line("trivial page", timed(lambda: write_pdf(TRIVIAL), repeat))
    snapshots = []
    for name, seats, options in CASES:
        sample = sample_game(name, seats, options, seed=7)
        names = sample.names
        meta = {"title": "Bench", "game_id": "bench", "version": 1, "names": names}
        for stage in ("middle", "end"):
            view = sample.view(stage, 0)
            print(f"\n{name}, {seats} farmer(s){' advanced' if options else ''}, {stage} of the game")
            line("text", timed(partial(boards.text, name, view, 0, names=names), repeat))
            line("mail HTML (CSS inlined)", timed(partial(boards.mail_html, name, view, 0, names=names), repeat))
            line("web HTML", timed(partial(boards.web_html, name, view, 0, names=names), repeat))
            wall, cpu = line("PDF snapshot", timed(partial(boards.snapshot_pdf, name, view, 0, meta), repeat))
            snapshots.append((wall, cpu))
            print(f"  {'snapshot / trivial page':<28} {wall / trivial[0]:10.1f} x wall {cpu / trivial[1]:7.1f} x cpu")
        report = sample.report()
        line(f"end-game report ({len(report['moves'])} moves)",
             timed(partial(boards.report_pdf, name, report), max(3, repeat // 5)))
    walls, cpus = [w for w, _ in snapshots], [c for _, c in snapshots]
    print(f"\nsnapshots: median of the cases {statistics.median(walls):.1f} ms wall, {statistics.median(cpus):.1f} ms cpu;"
          f" {statistics.median(walls) / trivial[0]:.1f} x (wall) / {statistics.median(cpus) / trivial[1]:.1f} x (cpu)"
          f" the trivial page; slowest case {max(walls):.1f} ms wall")


if __name__ == "__main__":
    main()
