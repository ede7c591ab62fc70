"""Ids in URLs and query strings: whole numbers that fit the database's
signed 64-bit integers. Werkzeug's ``int`` converter takes any number of
digits, and a game id of 9999…9 then failed deep in the database driver
(OverflowError: a 500). Every blueprint's ids use ``<id:…>`` instead, which
answers 404 past 63 bits, and query arguments use :func:`id_arg`."""

from __future__ import annotations

from flask import Flask
from werkzeug.exceptions import NotFound
from werkzeug.routing import BaseConverter

#: the largest id: PostgreSQL's BIGINT, SQLite's INTEGER
MAX_ID = 2**63 - 1


class IdConverter(BaseConverter):
    """``<id:game_id>``: 0 to :data:`MAX_ID`, else no route matches (404)."""

    regex = r"\d{1,19}"
    part_isolating = True

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            # not ValidationError: werkzeug would then try the rules of the
            # same path for other methods and answer 405 to a POST
            raise NotFound()
        return number

    def to_url(self, value) -> str:
        return str(int(value))


def id_arg(value: str) -> int:
    """``type=`` for ``request.args.get``: a whole number from 0 to
    :data:`MAX_ID` (ValueError otherwise, which gives the default)."""
    number = int(value)
    if not 0 <= number <= MAX_ID:
        raise ValueError(f"{value!r} is not an id")
    return number


def install(app: Flask) -> None:
    """Before any blueprint is registered: their rules name the converter."""
    app.url_map.converters["id"] = IdConverter
