"""The Jinja environment of mail bodies (templates/mail)."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from boards import i18n, score_table

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
    env.filters["score_table"] = score_table
    i18n.jinja_install(env)
    return env


def render_mail(name: str, values: dict) -> str:
    return environment().get_template(name).render(**values)
