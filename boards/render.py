"""The renderings of a board (text, HTML, drawing as SVG or PNG, PDF) and
the end-game report."""

from __future__ import annotations

import re
import textwrap
from functools import lru_cache

import css_inline
from markupsafe import Markup

from boards import chart, games, memo, pdf, png, printsize, snapshot
from boards import report as facts
from boards.svg import pdfdraw
from boards.svg.canvas import panel_svg
from boards.svg.drawing import WIDTH, drawing
from boards.templating import TEMPLATES, render
from engine import get_game

#: the plain-text board fits a classic 72-column mail reader
TEXT_WIDTH = 72
#: a run of white space: one space to HTML (outside <pre>, which a board has not), so one
#: character of it, a line break if it has one
_BLANKS = re.compile(r"\s{2,}|\t|\n\s+")
#: small (or bold) runs of plain text one line apart, as a Plot cell's empty spaces are: one run
#: with line breaks in it, the same text, 15 (17) bytes less a line
_RUNS = re.compile(r'<(small|strong)( class="fp-small")?>[^<]*</\1>(?:<br>\n?<\1(?: class="fp-small")?>[^<]*</\1>)+')
_RUN = re.compile(r">([^<]*)</")


@lru_cache(maxsize=1)
def board_css() -> str:
    return (TEMPLATES / "boards" / "board.css").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _inliner() -> css_inline.CSSInliner:
    """The mail board's inliner, with mail.css: the web's look, written for
    being inlined into every tag (what inherits set once on a table)."""
    css = (TEMPLATES / "boards" / "mail.css").read_text(encoding="utf-8")
    return css_inline.CSSInliner(extra_css=css, load_remote_stylesheets=False)


def render_text(game_name: str, view: dict, seat: int | None, *, names=None) -> str:
    """The board in monospace text, for text-only mail clients and the text
    part of every mail; lines stay within 72 characters. ``names``: the
    farmers' names in seat order (default "Farmer 1", ...)."""
    def make() -> str:
        text = render(f"boards/{game_name}/board.txt", b=memo.board_in_words(game_name, view, seat, names), seat=seat)
        return wrap_long_lines(text, TEXT_WIDTH)

    # a turn mail has it twice: in its text part and in its PDF
    return memo.kept(("text", game_name, seat, memo.names_key(names), memo.view_key(view)), make)


def wrap_long_lines(text: str, width: int) -> str:
    """Break lines longer than ``width`` at spaces; continuation lines keep
    the line's indent plus four spaces, so lists stay readable."""
    out = []
    for line in text.splitlines():
        if len(line) <= width:
            out.append(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        out += textwrap.wrap(line, width, initial_indent="", subsequent_indent=indent + "    ",
                             break_on_hyphens=False) or [line]
    return "\n".join(out) + "\n"


def render_html(game_name: str, view: dict, seat: int | None, *, mail: bool, highlight=(), names=None) -> Markup:
    """The board as an HTML fragment.

    ``mail=True``: tables with inline styles only (no SVG, no script, no
    class-dependent styling), for mail bodies; ``highlight`` is ignored since
    mail links carry the options. ``mail=False``: the farmer's web page board
    with its own scoped ``<style>``; board elements that a legal move acts on
    (``highlight`` = move codes) are outlined and starred.
    """
    board = memo.board(game_name, view, seat, names)
    body = render(
        f"boards/{game_name}/board.html",
        b=board,
        seat=seat,
        mode="mail" if mail else "web",
        highlight=frozenset(() if mail else highlight),
    )
    if mail:
        # a line break and the blanks around it are one space to HTML, as the break alone is: 1-2 KB less
        html = _inliner().inline_fragment(_BLANKS.sub(_one_blank, body), "")
        return Markup(_RUNS.sub(_one_run, html))
    return Markup(f"<style>{board_css()}</style>\n{body}")


def _one_blank(match: re.Match) -> str:
    return "\n" if "\n" in match.group() else " "


def _one_run(match: re.Match) -> str:
    tag = match.group(1)
    return f"<{tag}{match.group(2) or ''}>{'<br>'.join(_RUN.findall(match.group()))}</{tag}>"


def render_svg(game_name: str, view: dict, seat: int | None, *, names=None, previous=None) -> str:
    """The board drawn as one SVG (the picture of mails and PDFs).

    ``previous``: the same farmer's view at their previous turn (optional);
    what differs from it is outlined.
    """
    return drawing(game_name, view, seat, names, previous).svg()


def render_drawing_html(game_name: str, view: dict, seat: int | None, *, names=None, previous=None,
                        write_panel=None) -> Markup:
    """The drawing for a web page: one SVG per part of the board (market,
    Clients, each farmer...) in a block that lets them flow, so a phone
    shows them one under the other at a readable size. ``write_panel``:
    what writes one panel's SVG (default :func:`boards.svg.canvas.panel_svg`;
    the web's page cache passes one that keeps what it wrote)."""
    write = write_panel or panel_svg
    parts = [write(panel) for panel in drawing(game_name, view, seat, names, previous).panels]
    return Markup(render("boards/drawing.html", panels=[Markup(p) for p in parts]))


def render_png(game_name: str, view: dict, seat: int | None, *, names=None, previous=None) -> bytes:
    """The drawing as a PNG (:data:`boards.png.PNG_WIDTH` pixels wide), for
    mail clients, which do not show SVG: the picture :func:`render_svg`
    describes, painted from the same drawing operations."""
    return png.panels_to_png(drawing(game_name, view, seat, names, previous).panels, WIDTH)


def render_snapshot_pdf(game_name: str, view: dict, seat: int | None, meta: dict) -> bytes:
    """The turn mail's PDF: the board drawn from the addressed farmer's
    view (its panels packed as on the report), on A4 pages that Letter
    prints whole, written directly (:mod:`boards.snapshot`, :mod:`boards.pdfwrite`); the mail's
    text and HTML carry the board in words.

    ``meta``: ``{"title": str, "game_id": str, "version": int,
    "names": [str per seat], "generated_at": str (optional), "previous":
    the farmer's view at their previous turn (optional)}``. With
    ``previous`` the drawing is the one of the mail's picture, what changed
    outlined the same way, and built only once for both.
    """
    require(meta, ("title", "game_id", "version", "names"), "meta")
    who = f" · for {meta['names'][seat]}" if seat is not None else ""
    when = f" · {meta['generated_at']}" if meta.get("generated_at") else ""
    note = (f"Farmpost · {get_game(game_name).title} · game {meta['game_id']} · board version {meta['version']}"
            f"{who}{when}")
    panels = drawing(game_name, view, seat, meta["names"], meta.get("previous")).print_panels()
    return snapshot.snapshot_pdf(panels, meta["title"], note)


def drawn_pdf(game_name: str, view: dict, seat: int | None, names, heading: str, note: str, previous=None) -> bytes:
    """The drawing on A4 pages, painted by cairo (:mod:`boards.svg.pdfdraw`)."""
    return pdfdraw.drawing_pdf(drawing(game_name, view, seat, names, previous).print_panels(), heading, note)


def render_report_pdf(game_name: str, report: dict) -> bytes:
    """The end-game score report.

    ``report``::

        {"game_id": "g42", "title": "Sunday farm",       # title optional
         "names": ["Ann", "Bob"],                         # in seat order
         "options": {"advanced": False},                  # shown as set up
         "view": Game.view(final_state, None),            # public final state
         "score_sheet": Game.score_sheet(final_state),
         "ranking": Game.ranking(final_state),
         "rounds": [{"label": "Round 1", "totals": [5, 3]}, ...],  # score
             # totals per farmer at the end of each round (or turn), in order
         "moves": [{"seat": 0, "text": "take b2", "at": "2026-11-29T14:03:00+00:00"}, ...],
             # the full move log; "at" (ISO 8601 or datetime) may be None
         "started_at": "2026-11-20T09:00:00+00:00", "finished_at": "..."}

    The ranking is the engine's (tie-break applied); the report explains
    where the tie-break decided a place.
    """
    require(report, ("game_id", "names", "view", "score_sheet", "ranking"), "report")
    game = get_game(game_name)
    names = report["names"]
    sheet = report["score_sheet"]
    board = games.in_words(game_name, games.board(game_name, report["view"], None, names))
    board = board | games.print_layout(game_name, board)
    # the report has pages to spare: every farmer full width, none split across pages
    board_html = render(f"boards/{game_name}/print.html", b=board, seat=None, full_width=True,
                        small_pt=printsize.small_pt(printsize.BASE_PT))
    drawn = drawn_pdf(game_name, report["view"], None, names, "Final boards, drawn",
                      f"{game.title} · game {report['game_id']} · the boards in words follow")
    html = render(
        "pdf/report.html",
        r=report,
        game_title=game.title,
        places=facts.places(names, sheet, report["ranking"]),
        explanations=facts.tiebreak_explanations(names, sheet, report["ranking"]),
        facts=facts.game_facts(report),
        chart=chart.score_chart(names, report.get("rounds") or []),
        board_html=Markup(board_html),
        ordinal=facts.ordinal,
        drawn_pages=[f"{pdf.PAGE_KEPT}{k}" for k in range(pdf.page_count(drawn))],
        log_pages=facts.move_log_pages(names, report.get("moves") or []),
    )
    return pdf.write_pdf(html, pdf.REPORT, root_pt=printsize.BASE_PT, onto=drawn)


def require(data: dict, keys: tuple[str, ...], what: str) -> None:
    """A clear error for a caller that left out a key, rather than a KeyError deep in a template."""
    missing = [k for k in keys if k not in data]
    if missing:
        raise ValueError(f"{what} lacks {', '.join(missing)}")
