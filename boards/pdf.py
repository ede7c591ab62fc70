"""The two PDFs, the one route to each: the turn mail's snapshot (the
farmer's board drawn, :func:`snapshot_pdf`) and the end-game report
(:func:`report_pdf`). Here is what goes into each; the steps that write
them are modules of their own: :mod:`boards.pdfwrite` writes the snapshot's
pages directly, :mod:`boards.svg.pdfdraw` paints the report's drawn pages
with cairo and :mod:`boards.htmlpdf` lays out the rest of the report with
WeasyPrint and joins the drawn pages in.

The snapshot is the drawing alone, its panels packed as in the report
(:func:`boards.svg.pdfdraw.pack`: as few pages as the 7.5 pt text floor
allows). The board in words is not in it: the mail carries the words twice
already (its plain text and its HTML tables), and the words pages were
7-8 KB of the largest turn mails, which kept them over 250 KB
(docs/boards.md, "The turn mail's PDF is the drawn board"). The end-game
report keeps its board in words.

Every text of the snapshot, the drawing's included, is set in the one face
of DejaVu Sans Mono (no bold, no italic: the drawing's titles stand out by
size and bars): each further face embedded costs 4-9 KB in every turn
mail. The face is embedded without its hinting (:mod:`boards.pdffont`), a
third of its size. The drawing's layout sizes text at 0.6 em a letter
(:mod:`canvas <boards.svg.canvas>`), which the mono face's 0.602 em matches.

Both return None for a game that has no boards yet
(:func:`boards.games.has_board`).
"""

from __future__ import annotations

from markupsafe import Markup

from boards import chart, games, htmlpdf, pdfwrite, printsize
from boards import report as facts
from boards.game_terms import note as score_note
from boards.games import has_board
from boards.i18n import DEFAULT_LANGUAGE, N_, translator
from boards.svg import pdfdraw
from boards.svg.drawing import drawing
from boards.templating import render
from engine import get_game
from engine.words import in_language


def snapshot_pdf(game_name: str, view: dict, seat: int | None, meta: dict) -> bytes | None:
    """The turn mail's PDF: the board drawn from the addressed farmer's
    view (its panels packed as on the report), on A4 pages that Letter
    prints whole, written directly (:mod:`boards.pdfwrite`); the mail's
    text and HTML carry the board in words.

    ``meta``: ``{"title": str, "game_id": str, "version": int,
    "names": [str per seat], "generated_at": str (optional), "previous":
    the farmer's view at their previous turn (optional), "language": the
    reader's (optional, English by default)}``. With
    ``previous`` the drawing is the one of the mail's picture, what changed
    outlined the same way, and built only once for both.
    """
    if not has_board(game_name):
        return None
    require(meta, ("title", "game_id", "version", "names"), "meta")
    language = meta.get("language", DEFAULT_LANGUAGE)
    t = translator(language)
    who = t.gettext(" · for %(name)s", name=meta["names"][seat]) if seat is not None else ""
    when = f" · {meta['generated_at']}" if meta.get("generated_at") else ""
    note = t.gettext("Farmpost · %(game)s · game %(id)s · board version %(version)s", game=get_game(game_name).title,
                     id=meta["game_id"], version=meta["version"]) + who + when
    panels = drawing(game_name, view, seat, meta["names"], meta.get("previous"), language).print_panels()
    return pdfwrite.snapshot(panels, meta["title"], note)


def drawn_pdf(game_name: str, view: dict, seat: int | None, names, heading: str, note: str, previous=None,
              language: str = DEFAULT_LANGUAGE) -> bytes:
    """The drawing on A4 pages, painted by cairo (:mod:`boards.svg.pdfdraw`), its words in ``language``."""
    return pdfdraw.drawing_pdf(drawing(game_name, view, seat, names, previous, language).print_panels(), heading, note)


#: the report's options by their key, as its heading names them (the glossary's "Advanced mode")
OPTION_LABELS = {"advanced": N_("Advanced mode")}


def page_numbers(t) -> str:
    """The CSS ``content`` of the report's page numbers ("page 2 of 9") in ``t``'s language."""
    words = t.gettext("page %(page)s of %(pages)s", page="\0page\0", pages="\0pages\0")
    parts = []
    for k, part in enumerate(words.split("\0")):
        if k % 2:
            parts.append(f"counter({part})")
        elif part:
            parts.append('"' + part.replace("\\", "\\\\").replace('"', '\\"') + '"')
    return " ".join(parts)


def report_pdf(game_name: str, report: dict) -> bytes | None:
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
    where the tie-break decided a place. ``report["language"]`` (optional,
    English by default): the reader's; every word of the report is in it.
    """
    if not has_board(game_name):
        return None
    require(report, ("game_id", "names", "view", "score_sheet", "ranking"), "report")
    game = get_game(game_name)
    names = report["names"]
    sheet = report["score_sheet"]
    language = report.get("language", DEFAULT_LANGUAGE)
    t = translator(language)
    board = games.in_words(game_name, games.board(game_name, report["view"], None, names), language)
    board = board | games.print_layout(game_name, board)
    # the report has pages to spare: every farmer full width, none split across pages
    board_html = render(f"boards/{game_name}/print.html", b=board, seat=None, full_width=True,
                        small_pt=printsize.small_pt(printsize.BASE_PT), i18n=t, t=t)
    drawn = drawn_pdf(game_name, report["view"], None, names, t.gettext("Final boards, drawn"),
                      t.gettext("%(game)s · game %(id)s · the boards in words follow", game=game.title,
                                id=report["game_id"]), language=language)
    html = render(
        "pdf/report.html",
        r=report,
        i18n=t,
        lang=t.locale,
        page_numbers=page_numbers(t),
        option_label=lambda key: t.gettext(OPTION_LABELS[key]) if key in OPTION_LABELS else key,
        score_note=score_note,
        game_title=game.title,
        places=facts.places(names, sheet, report["ranking"]),
        explanations=facts.tiebreak_explanations(names, sheet, report["ranking"], t),
        facts=facts.game_facts(report, t),
        chart=chart.score_chart(names, report.get("rounds") or [], t),
        board_html=Markup(board_html),
        ordinal=facts.ordinal,
        drawn_pages=[f"{htmlpdf.PAGE_KEPT}{k}" for k in range(htmlpdf.page_count(drawn))],
        # each move as the reader types it ("placer champs 3"), as the seat page offers it
        log_pages=facts.move_log_pages(names, [{**move, "text": in_language(game, move["text"], language)}
                                               for move in report.get("moves") or []]),
    )
    return htmlpdf.write_pdf(html, htmlpdf.REPORT, root_pt=printsize.BASE_PT, onto=drawn)


def require(data: dict, keys: tuple[str, ...], what: str) -> None:
    """A clear error for a caller that left out a key, rather than a KeyError deep in a template."""
    missing = [k for k in keys if k not in data]
    if missing:
        raise ValueError(f"{what} lacks {', '.join(missing)}")
