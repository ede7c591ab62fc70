"""What the end-game report says, worked out from the report dict.

Kept apart from the templates so that the ranking explanation and the game
facts can be tested as plain data.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache

from boards.i18n import DEFAULT_LANGUAGE, Translator, translator
from boards.printsize import PAGE_PT

#: the report speaks English until a reader's translator is passed in
ENGLISH = translator(DEFAULT_LANGUAGE)


def ordinal(n: int, t: Translator = ENGLISH) -> str:
    """A place ("1st", "1er", "1.") in ``t``'s language."""
    if t.language == DEFAULT_LANGUAGE:
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    # French and German tell the first apart (1er, 2e; 1., 2.), English's other suffixes stay English's
    return t.gettext("%(n)sst", n=n) if n == 1 else t.gettext("%(n)sth", n=n)


@dataclass
class Place:
    place: int  # 1-based; farmers sharing a place have the same number
    seat: int
    name: str
    total: int
    tiebreak: int | None


def places(names: list[str], sheet: dict, ranking: list[list[int]]) -> list[Place]:
    """Farmers in final order with their shared place numbers (1, 1, 3)."""
    tiebreak = (sheet.get("tiebreak") or {}).get("values")
    out, place = [], 1
    for group in ranking:
        for seat in group:
            out.append(Place(place, seat, names[seat], sheet["total"][seat], tiebreak[seat] if tiebreak else None))
        place += len(group)
    return out


def tiebreak_explanations(names: list[str], sheet: dict, ranking: list[list[int]], t: Translator = ENGLISH) -> list[str]:
    """Sentences saying where the tie-break decided a place, or that it was not needed (in ``t``'s language)."""
    rule = sheet.get("tiebreak") or {}
    label = t.gettext(rule["label"]) if rule.get("label") else t.gettext("tie-break")
    values = rule.get("values")
    ranked = places(names, sheet, ranking)
    sentences = []
    by_total: dict[int, list[Place]] = {}
    for p in ranked:
        by_total.setdefault(p.total, []).append(p)
    for total, tied in by_total.items():
        if len(tied) < 2:
            continue
        who = _join([p.name for p in tied], t)
        if values is None:
            sentences.append(t.gettext("%(who)s tied on %(total)s points and share %(place)s place.", who=who,
                                       total=total, place=ordinal(tied[0].place, t)))
            continue
        figures = ", ".join(f"{p.name} {p.tiebreak}" for p in tied)
        shared = {p.place for p in tied}
        if len(shared) == 1:
            sentences.append(t.gettext(
                "%(who)s tied on %(total)s points and on the tie-break (%(label)s: %(figures)s); "
                "they share %(place)s place.", who=who, total=total, label=label, figures=figures,
                place=ordinal(tied[0].place, t)))
        else:
            order = "; ".join(
                f"{ordinal(place, t)} {_join([p.name for p in tied if p.place == place], t)}" for place in sorted(shared)
            )
            sentences.append(t.gettext("%(who)s tied on %(total)s points; the tie-break is %(label)s (%(figures)s), "
                                       "so: %(order)s.", who=who, total=total, label=label, figures=figures, order=order))
    if not sentences:
        sentences.append(t.gettext("No farmers tied on points, so the tie-break (%(label)s) was not needed.", label=label))
    return sentences


def _join(words: list[str], t: Translator = ENGLISH) -> str:
    if len(words) == 1:
        return words[0]
    return t.gettext("%(first)s and %(last)s", first=", ".join(words[:-1]), last=words[-1])


def parse_time(value) -> datetime | None:
    if value is None or isinstance(value, datetime):
        return value
    return datetime.fromisoformat(str(value))


def duration(delta: timedelta, t: Translator = ENGLISH) -> str:
    """A span as a person says it: "3 d 4 h", "2 h 5 min", "40 s" (the units in ``t``'s language)."""
    seconds = int(delta.total_seconds())
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return t.gettext("%(days)s d %(hours)s h", days=days, hours=hours)
    if hours:
        return t.gettext("%(hours)s h %(minutes)s min", hours=hours, minutes=minutes)
    if minutes:
        return t.gettext("%(minutes)s min", minutes=minutes)
    return t.gettext("%(seconds)s s", seconds=secs)


def moment(at: datetime, t: Translator = ENGLISH) -> str:
    """A moment of the game in UTC: "29 Nov 2026 14:03 UTC" (CLDR's date in ``t``'s language)."""
    if t.language == DEFAULT_LANGUAGE:
        return at.strftime("%d %b %Y %H:%M UTC")
    return t.gettext("%(date)s %(time)s UTC", date=t.date(at.date()), time=at.strftime("%H:%M"))


def game_facts(report: dict, t: Translator = ENGLISH) -> list[tuple[str, str]]:
    """(label, value) lines: dates, length, number of moves, time per move (in ``t``'s language)."""
    moves = report.get("moves", [])
    names = report["names"]
    started, finished = parse_time(report.get("started_at")), parse_time(report.get("finished_at"))
    facts = []
    if started:
        facts.append((t.gettext("Started"), moment(started, t)))
    if finished:
        facts.append((t.gettext("Finished"), moment(finished, t)))
    if started and finished:
        facts.append((t.gettext("Length"), duration(finished - started, t)))
    facts.append((t.gettext("Moves"), str(len(moves))))
    waits = _waits(moves, started)
    if waits:
        facts.append((t.gettext("Median time per move"), duration(statistics.median(w for _, w in waits), t)))
        averages = []
        for seat, name in enumerate(names):
            own = [w for s, w in waits if s == seat]
            if own:
                averages.append(f"{name} {duration(sum(own, timedelta()) / len(own), t)}")
        facts.append((t.gettext("Average time per move"), " · ".join(averages)))
    return facts


def _waits(moves: list[dict], started: datetime | None) -> list[tuple[int, timedelta]]:
    """(seat, time since the previous move or the start) for every timed move."""
    waits, previous = [], started
    for move in moves:
        at = parse_time(move.get("at"))
        if at is None:
            continue
        if previous is not None:
            waits.append((move["seat"], max(timedelta(), at - previous)))
        previous = at
    return waits


#: the move log's lines: 7.5 pt type (0.75 of the report's 10 pt root) on 9 pt lines
#: (templates/pdf/report.css, .pdf-log), three columns a page
LOG_COLUMNS = 3
LOG_TYPE_PT = 7.5
LOG_LINE_PT = 9.0
#: a page of the log: the page's height less 10 pt to spare
LOG_ROWS = int((PAGE_PT - 10) // LOG_LINE_PT)
#: its first page has the appendix's heading over it (about 28 pt: 12 pt type, its margins and rule)
LOG_FIRST_ROWS = LOG_ROWS - 4
#: the width a line may take: a third of the page's (186 mm, 527 pt) less 12 pt between columns
LOG_LINE_WIDTH_PT = 527.2 / LOG_COLUMNS - 12
#: a figure space: as wide as a digit in DejaVu Sans, so the move numbers line up on the right
FIGURE_SPACE = "\u2007"


@cache
def _sans():
    """DejaVu Sans (cairo's face for it, as the drawn pages use), to measure lines in em."""
    import cairocffi as cairo

    options = cairo.FontOptions()
    options.set_hint_metrics(cairo.HINT_METRICS_OFF)
    return cairo.ScaledFont(cairo.ToyFontFace("DejaVu Sans"), cairo.Matrix(xx=100, yy=100), options=options)


def text_em(text: str) -> float:
    """The width of ``text`` in DejaVu Sans, in em (kerning, which narrows, left out)."""
    return _sans().text_extents(text)[4] / 100


def _fitted(line: str, indent: str, width_em: float) -> list[str]:
    """``line`` as rows no wider than ``width_em``, broken at spaces (inside a word if
    it must), the rows after the first indented by ``indent``."""
    if text_em(line) <= width_em:
        return [line]
    rows, row = [], ""
    for word in line.split(" "):
        candidate = f"{row} {word}" if row else word
        if text_em(candidate) <= width_em or not row.strip():
            row = candidate
        else:
            rows.append(row.rstrip())
            row = indent + word
        while text_em(row) > width_em and len(row) > len(indent) + 1:  # a word wider than a column
            cut = len(row) - 1
            while cut > len(indent) + 1 and text_em(row[:cut]) > width_em:
                cut -= 1
            rows.append(row[:cut])
            row = indent + row[cut:]
    rows.append(row.rstrip())
    return rows


def move_log_pages(names: list[str], moves: list[dict]) -> list[list[list[str]]]:
    """The move log laid out for print: pages of columns of rows
    ("12. Ann: plant wheat b1"), numbered from 1, reading down the first
    column, then the second, then the third. A line too wide for its column
    goes on in the rows under it, indented. A page holds as many rows as
    its columns take (:data:`LOG_ROWS`; fewer under the heading of the
    first); the last page shares its rows out evenly between its columns
    (a move's rows stay together). Laid out here, WeasyPrint balances no
    CSS columns (200 ms of a 208-move report) and sets each column as one
    preformatted text (a box for the column, not for every line)."""
    width = len(str(len(moves)))
    indent = FIGURE_SPACE * (width + 2)
    width_em = LOG_LINE_WIDTH_PT / LOG_TYPE_PT
    lines = [_fitted(f"{str(i).rjust(width, FIGURE_SPACE)}. {names[m['seat']]}: {m['text']}", indent, width_em)
             for i, m in enumerate(moves, start=1)]
    pages, start = [], 0
    while start < len(lines):
        rows = LOG_FIRST_ROWS if not pages else LOG_ROWS
        columns = _columns(lines[start:], rows)
        rest = len(lines) - start
        if sum(map(len, columns)) == rest:  # the last page: as few rows as hold the rest
            while rows > 1 and sum(map(len, shorter := _columns(lines[start:], rows - 1))) == rest:
                rows, columns = rows - 1, shorter
        start += sum(map(len, columns))
        pages.append([[row for line in column for row in line] for column in columns])
    return pages


def _columns(lines: list[list[str]], rows: int) -> list[list[list[str]]]:
    """The first lines (each a list of rows) that fill up to :data:`LOG_COLUMNS`
    columns of ``rows`` rows, a line's rows in one column."""
    columns: list[list[list[str]]] = []
    used = rows
    for line in lines:
        if used + len(line) > rows:
            if len(columns) == LOG_COLUMNS:
                break
            columns.append([])
            used = 0
        columns[-1].append(line)
        used += len(line)
    return columns
