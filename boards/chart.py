"""Geometry of the score-over-rounds chart in the end-game report.

The numbers are worked out here and drawn by ``templates/pdf/score_chart.svg``:
one line per farmer, each with its own colour, marker and dash pattern and
the farmer's name at the end of the line, so the chart reads in grey print and
for colour-blind readers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from boards.i18n import N_
from boards.palette import FarmerStyle, farmer_style

WIDTH, HEIGHT = 640, 210
LEFT, RIGHT, TOP, BOTTOM = 44, 130, 14, 34


@dataclass
class Series:
    name: str
    style: FarmerStyle
    points: list[tuple[float, float, int]] = field(default_factory=list)  # x, y, score
    label_y: float = 0.0  # where the name goes at the line's end, kept apart from the others

    @property
    def path(self) -> str:
        return " ".join(f"{x:.1f},{y:.1f}" for x, y, _ in self.points)


@dataclass
class Chart:
    width: int
    height: int
    series: list[Series]
    x_ticks: list[tuple[float, str]]
    y_ticks: list[tuple[float, int]]
    plot: tuple[int, int, int, int]  # left, top, right, bottom


def nice_step(top: int) -> int:
    """A round tick step giving about five ticks up to ``top``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if top / step <= 6:
            return step
    return max(1, top // 5)


def score_chart(names: list[str], rounds: list[dict], t=None) -> Chart:
    """``rounds`` is ``[{"label": "Round 1", "totals": [3, 5]}, ...]``: each
    farmer's score total at the end of that round (or turn), in seat order;
    the x labels in the language of ``t`` (a :class:`boards.i18n.Translator`,
    English without one)."""
    left, top, right, bottom = LEFT, TOP, WIDTH - RIGHT, HEIGHT - BOTTOM
    highest = max([1] + [t for r in rounds for t in r["totals"]])
    lowest = min([0] + [t for r in rounds for t in r["totals"]])
    step = nice_step(highest - lowest)
    low = (lowest // step) * step
    high = -(-highest // step) * step
    span = max(1, high - low)
    count = max(1, len(rounds) - 1)

    def x_of(i: int) -> float:
        return left + (right - left) * (i / count if len(rounds) > 1 else 0.5)

    def y_of(score: int) -> float:
        return bottom - (bottom - top) * (score - low) / span

    series = []
    for seat, name in enumerate(names):
        s = Series(name, farmer_style(seat))
        for i, r in enumerate(rounds):
            s.points.append((x_of(i), y_of(r["totals"][seat]), r["totals"][seat]))
        series.append(s)
    _spread_labels(series, top, bottom)
    every = max(1, -(-len(rounds) // 10))  # at most about ten x labels
    shown = list(range(0, len(rounds), every))
    if shown and shown[-1] != len(rounds) - 1:
        # the last label always shows; it replaces a neighbour that would touch it
        if len(rounds) - 1 - shown[-1] < every:
            shown[-1] = len(rounds) - 1
        else:
            shown.append(len(rounds) - 1)
    x_ticks = [(x_of(i), short_label(rounds[i]["label"], t)) for i in shown]
    y_ticks = [(y_of(v), v) for v in range(low, high + 1, step)]
    return Chart(WIDTH, HEIGHT, series, x_ticks, y_ticks, (left, top, right, bottom))


def _spread_labels(series: list[Series], top: float, bottom: float, gap: float = 13.0) -> None:
    """Place end-of-line names at their line's last point, pushed apart so two
    farmers who end on the same score do not print over each other."""
    ordered = sorted((s for s in series if s.points), key=lambda s: s.points[-1][1])
    previous = top - gap
    for s in ordered:
        s.label_y = max(s.points[-1][1], previous + gap)
        previous = s.label_y
    overflow = previous - (bottom + gap)
    if overflow > 0:
        for s in ordered:
            s.label_y -= overflow


#: the engine's words in a stage's label (engine/*/game.py ``progress``, the report's "End")
STAGE_WORDS = {"setup": N_("setup"), "end": N_("End"), "stage": N_("Stage %(n)s")}


def short_label(label: str, t=None) -> str:
    """An x-axis label that fits under its tick: "round 5 (last round)" ->
    "R5", "round 2 of 4" -> "R2", "setup: keeping ..." -> "setup"; in the
    language of ``t`` ("M5" in French: manche)."""
    label = str(label).split(":")[0].split(" (")[0].split(" of ")[0]
    for word in ("round ", "Round "):
        if label.startswith(word):
            number = label[len(word):]
            return t.gettext("R%(n)s", n=number) if t else "R" + number
    if t is not None:
        word, _, number = label.partition(" ")
        if word.lower() in STAGE_WORDS:
            label = t.gettext(STAGE_WORDS[word.lower()], n=number) if number else t.gettext(STAGE_WORDS[word.lower()])
    return label if len(label) <= 8 else label[:7] + "…"
