"""A game's drawing from a farmer's view: its panels, or one SVG of them
(the game's drawing module, from :mod:`boards.games`).

``previous`` is the same farmer's view at their previous turn (optional):
what differs from it is outlined. Both views go through
:func:`boards.games.board` (through :mod:`boards.memo`), which refuses a full state, so a drawing can only
show what the farmer may see.
"""

from __future__ import annotations

from dataclasses import dataclass

from boards import games, memo
from boards.i18n import DEFAULT_LANGUAGE, translator
from boards.svg.canvas import Panel, compose
from boards.svg.changes import Changes, changes

#: the width of the one-SVG drawing (the mail picture), in CSS px: most
#: panels are 460 wide and go one under another, as on a phone
WIDTH = 480


@dataclass
class Drawing:
    title: str
    panels: list[Panel]
    changes: Changes

    def svg(self, width: float = WIDTH) -> str:
        """Every panel in one SVG ``width`` wide (the mail picture, PDFs)."""
        return compose(self.panels, width, self.title, desc=" ".join(p.summary for p in self.panels if p.summary))

    def print_panels(self) -> list[Panel]:
        """The panels in print order: the key right under the status line,
        so a page never holds the key alone."""
        key = [p for p in self.panels if p.key]
        rest = [p for p in self.panels if not p.key]
        return rest[:1] + key + rest[1:]


def drawing(game_name: str, view: dict, seat: int | None, names=None, previous: dict | None = None,
            language: str = DEFAULT_LANGUAGE) -> Drawing:
    """The drawing, made once per view, previous view, seat, names and
    language (a turn mail's picture and PDF share it; :mod:`boards.memo`);
    its labels and alt text in ``language``."""
    key = ("drawing", game_name, seat, memo.names_key(names), memo.view_key(view), memo.view_key(previous), language)
    return memo.kept(key, lambda: _drawing(game_name, view, seat, names, previous, language))


def _drawing(game_name: str, view: dict, seat: int | None, names, previous: dict | None, language: str) -> Drawing:
    board = memo.board(game_name, view, seat, names)  # raises for an unknown game or a full state
    module = games.drawing_module(game_name)
    before = memo.board(game_name, previous, seat, names) if previous is not None else None
    changed = changes(module.parts, board, before)
    t = translator(language)
    return Drawing(t.gettext("%(game)s: the board, drawn", game=board["game_title"]), module.panels(board, changed, t),
                   changed)
