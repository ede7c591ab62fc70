"""A board's renderings for mail and the web: the board in words (plain
text, mail HTML, web HTML) and the board drawn (one SVG, the web's panels,
the mail's PNG). The PDFs are :mod:`boards.pdf`'s.

Every function returns None for a game that has no boards yet
(:func:`boards.games.has_board`), so pages and mails then show the plain
facts (where the game stands) instead.
"""

from __future__ import annotations

import re
import textwrap
from functools import lru_cache

import css_inline
from markupsafe import Markup

from boards import memo, png
from boards.games import has_board
from boards.i18n import DEFAULT_LANGUAGE, translator
from boards.svg.canvas import panel_svg
from boards.svg.drawing import WIDTH, drawing
from boards.templating import TEMPLATES, render

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


def text(game_name: str, view: dict, seat: int | None, names=None, language: str = DEFAULT_LANGUAGE) -> str | None:
    """The board in monospace text, for text-only mail clients and the text
    part of every mail; lines stay within 72 characters. ``names``: the
    farmers' names in seat order (default "Farmer 1", ...); its words in
    ``language``."""
    def make() -> str:
        t = translator(language)
        text = render(f"boards/{game_name}/board.txt", b=memo.board_in_words(game_name, view, seat, names, language),
                      seat=seat, i18n=t, t=t)
        return wrap_long_lines(text, TEXT_WIDTH)

    if not has_board(game_name):
        return None
    # a turn mail has it twice: in its text part and in its PDF
    return memo.kept(("text", game_name, seat, memo.names_key(names), memo.view_key(view), language), make)


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


def mail_html(game_name: str, view: dict, seat: int | None, names=None,
              language: str = DEFAULT_LANGUAGE) -> Markup | None:
    """The board as an HTML fragment for mail bodies: tables with inline
    styles only (no SVG, no script, no class-dependent styling); nothing is
    highlighted, since mail links carry the options. Its words in
    ``language`` (the recipient's)."""
    if not has_board(game_name):
        return None
    body = _board_html(game_name, view, seat, names, "mail", frozenset(), language)
    # a line break and the blanks around it are one space to HTML, as the break alone is: 1-2 KB less
    html = _inliner().inline_fragment(_BLANKS.sub(_one_blank, body), "")
    return Markup(_RUNS.sub(_one_run, html))


def web_html(game_name: str, view: dict, seat: int | None, names=None, highlight=(),
             language: str = DEFAULT_LANGUAGE) -> Markup | None:
    """The board as an HTML fragment for the farmer's web page, with its own
    scoped ``<style>``; board elements that a legal move acts on
    (``highlight`` = move codes) are outlined and starred. Its words in
    ``language`` (the page's)."""
    if not has_board(game_name):
        return None
    body = _board_html(game_name, view, seat, names, "web", frozenset(highlight), language)
    return Markup(f"<style>{board_css()}</style>\n{body}")


def _board_html(game_name: str, view: dict, seat: int | None, names, mode: str, highlight: frozenset,
                language: str) -> str:
    board = memo.board(game_name, view, seat, names)
    t = translator(language)
    return render(f"boards/{game_name}/board.html", b=board, seat=seat, mode=mode, highlight=highlight, i18n=t, t=t)


def _one_blank(match: re.Match) -> str:
    return "\n" if "\n" in match.group() else " "


def _one_run(match: re.Match) -> str:
    tag = match.group(1)
    return f"<{tag}{match.group(2) or ''}>{'<br>'.join(_RUN.findall(match.group()))}</{tag}>"


def picture_svg(game_name: str, view: dict, seat: int | None, names=None, previous=None,
                language: str = DEFAULT_LANGUAGE) -> str | None:
    """The board drawn as one SVG: the picture :func:`picture_png` paints.

    ``previous``: the same farmer's view at their previous turn (optional);
    what differs from it is outlined. Its labels and alt text are in ``language``.
    """
    if not has_board(game_name):
        return None
    return drawing(game_name, view, seat, names, previous, language).svg()


def drawing_html(game_name: str, view: dict, seat: int | None, names=None, previous=None,
                 write_panel=None, language: str = DEFAULT_LANGUAGE) -> Markup | None:
    """The drawing for a web page: one SVG per part of the board (market,
    Clients, each farmer...) in a block that lets them flow, so a phone
    shows them one under the other at a readable size. ``write_panel``:
    what writes one panel's SVG (default :func:`boards.svg.canvas.panel_svg`;
    the web's page cache passes one that keeps what it wrote)."""
    if not has_board(game_name):
        return None
    write = write_panel or panel_svg
    parts = [(Markup(write(panel)), panel.wide) for panel in drawing(game_name, view, seat, names, previous, language).panels]
    return Markup(render("boards/drawing.html", panels=parts))


def picture_png(game_name: str, view: dict, seat: int | None, names=None, previous=None,
                language: str = DEFAULT_LANGUAGE) -> bytes | None:
    """The drawing as a PNG (:data:`boards.png.PNG_WIDTH` pixels wide), for
    mail clients, which do not show SVG: the picture :func:`picture_svg`
    describes, painted from the same drawing operations."""
    if not has_board(game_name):
        return None
    return png.panels_to_png(drawing(game_name, view, seat, names, previous, language).panels, WIDTH)
