"""The Jinja environment of mail bodies (templates/mail)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, pass_context, select_autoescape

from boards import i18n, score_note, score_table

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


@lru_cache(maxsize=1)
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["score_table"] = _score_table
    env.filters["score_note"] = _score_note
    i18n.jinja_install(env)
    return env


@pass_context
def _score_table(context, sheet: dict, names) -> str:
    """The score sheet in words, in the language of the mail (its ``i18n``)."""
    return score_table(sheet, names, context.get("i18n"))


@pass_context
def _score_note(context, note: str) -> str:
    """A score sheet's note ("Gairy's rating: ...") in the language of the mail."""
    return score_note(context.get("i18n") or i18n.translator(i18n.DEFAULT_LANGUAGE), note)


def render_mail(name: str, values: dict) -> str:
    return environment().get_template(name).render(**values)
