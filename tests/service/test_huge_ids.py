"""An id past 64 bits in any URL (/g/9999…9/0/x, /m, /w, /join, /prefs,
/confirm, /mailbox/<id>, ?page=, ?at=) answered 500 with an OverflowError
from the database driver. Every route's ids are bounded to 63 bits and
answer 404 beyond; a bounded query argument falls back to its default.
Runs on SQLite and PostgreSQL."""

from __future__ import annotations

import re

import pytest
from werkzeug.routing import BaseConverter, IntegerConverter

from service.web.ids import MAX_ID, IdConverter
from tests.service.helpers import path_of
from tests.service.test_web import started

HUGE = [str(MAX_ID + 1), "9" * 19, "9" * 30, str(2**64 + 1)]


def huge_urls(app, huge: str) -> list[tuple[str, str]]:
    """(method, path) of every route taking a number, each number ``huge``
    (and every other part "x")."""
    urls = []
    for rule in app.url_map.iter_rules():
        converters = rule._converters
        numbers = {name for name, converter in converters.items() if _takes_number(converter)}
        if not numbers:
            continue
        path = re.sub(r"<(?:\w+:)?(\w+)>", lambda m, numbers=numbers: huge if m.group(1) in numbers else "x",
                      rule.rule)
        urls += [(method, path) for method in sorted(rule.methods - {"HEAD", "OPTIONS"})]
    return urls


def _takes_number(converter: BaseConverter) -> bool:
    return isinstance(converter, (IdConverter, IntegerConverter))


def test_every_route_with_a_number_takes_it_as_a_bounded_id(app):
    kinds = {type(c).__name__ for rule in app.url_map.iter_rules() for c in rule._converters.values()}
    assert "IntegerConverter" not in kinds and IdConverter.__name__ in kinds


@pytest.mark.parametrize("huge", HUGE)
def test_every_url_pattern_with_a_huge_id_answers_404(app, client, huge):
    urls = huge_urls(app, huge)
    prefixes = {path.split("/")[1] for _, path in urls}
    assert {"g", "m", "w", "join", "prefs", "confirm", "mailbox", "t", "follow"} <= prefixes
    answers = {(method, path): client.open(path, method=method).status_code for method, path in urls}
    assert answers == dict.fromkeys(answers, 404)


def test_a_huge_page_or_version_in_the_query_falls_back_instead_of_failing(svc, client):
    started(svc)
    game_id = 1
    seat_url = path_of(svc.links.seat_url(game_id, 0, _secret(svc, game_id, 0)))
    for huge in HUGE:
        assert client.get(f"/mailbox?page={huge}").status_code == 200
        assert client.get(f"{seat_url}/log?at={huge}").status_code == 200
        assert client.get(f"/mailbox/{huge}").status_code == 404


def _secret(svc, game_id, position):
    from service.storage import lookup

    with svc.db.transaction() as session:
        return lookup.seat_of(lookup.load_game(session, game_id), position).secret
