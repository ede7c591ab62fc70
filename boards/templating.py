"""The Jinja environment shared by every board rendering.

Templates live in the project's ``templates/`` folder (``boards/`` for board
partials, ``pdf/`` for whole PDF documents). Undefined names are errors, so a
state shape that changes under a template fails loudly in tests instead of
printing blanks to farmers.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape

from boards import i18n, palette, printlayout, textgrid

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html", "svg", "xml"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.globals.update(swatch=palette.swatch, farmer_style=palette.farmer_style, is_option_of=is_option_of,
                       print_block=textgrid.print_block, fit_grid=printlayout.fit_grid,
                       share_of_row=printlayout.share_of_row, top_grid_scale=printlayout.top_grid_scale,
                       FULL_PT=printlayout.FULL_PT, HALF_PT=printlayout.HALF_PT)
    env.filters["plural"] = plural
    # the words a board's templates make from its model, in the translator ``t`` a render passes
    from boards import game_terms, harvest, status_words, sunfield
    env.globals.update(term=game_terms.name, score_note=game_terms.note, status=status_words, sunfield=sunfield,
                       harvest=harvest)
    env.filters["term"] = _term
    i18n.jinja_install(env)
    env.filters["plain"] = textgrid.plain
    env.filters["text_width"] = textgrid.width_of
    return env


@pass_context
def _term(context, english: str) -> str:
    """``"Carrot"|term``: an element's name in the language of the render's ``i18n``."""
    from boards.game_terms import name

    return name(context.get("i18n") or i18n.translator(i18n.DEFAULT_LANGUAGE), english)


def render(name: str, **context) -> str:
    return environment().get_template(name).render(**context)


def is_option_of(codes, highlight) -> bool:
    """Whether a highlighted move code is one of ``codes`` or extends one of
    them by more arguments (``build:silo`` covers ``build:silo:c1``)."""
    if not highlight:
        return False
    covered = _covered(highlight)
    return any(c in covered for c in codes)


@lru_cache(maxsize=64)
def _covered(highlight: frozenset) -> frozenset:
    """Every code a highlighted code is or extends (``build:silo:c1``:
    ``build``, ``build:silo`` and itself), worked out once per board
    rendering rather than once per part of the board that asks."""
    return frozenset(":".join(parts[:n]) for parts in (h.split(":") for h in highlight)
                     for n in range(1, len(parts) + 1))


def plural(count: int, singular: str, many: str | None = None) -> str:
    """``3|plural("Seed")`` -> "3 Seeds"."""
    word = singular if count == 1 else (many or singular + "s")
    return f"{count} {word}"
