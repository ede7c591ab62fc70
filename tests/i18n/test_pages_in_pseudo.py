"""Every web page and mail template says its words through the catalogs:
rendered in the pseudo-locale, no visible text is left unmarked
(tests/pseudo.py, docs/i18n.md).

A game of Pebbles (the toy game of tests/service) is set up, joined and
played to its end; every page a farmer, a spectator or a stranger opens on
the way and every mail it sends is rendered a second time, in the
pseudo-locale, from the values the real rendering was given. Those values
(names, subjects, move sentences, the clock's sentences) are built by code
whose texts other tests check (the answers' and the game's domains), so
they are passed in marked: what is left unmarked is a template's own text.
The titles the web views give their pages are this domain's and stay as
the views wrote them."""

from __future__ import annotations

import pytest
from flask import template_rendered
from markupsafe import Markup

from boards.i18n import LANGUAGES, PSEUDO
from mail.outgoing import compose, templates
from service.core.config import ROOT
from service.usecases import creation, my_games, open_tables, preferences, watching
from service.usecases.creation import FarmerSpec, create_game, join
from service.usecases.seat_links import new_seat_link
from tests.pseudo import unmarked_html, unmarked_text
from tests.service.helpers import game_row, path_of
from tests.service.played import ANN_WINS, SHARED, play_turns

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

#: names, not words: the farmers', the service's, the games', the languages' own
NAMES = ["Ann", "Béatrice", "Cat", "Farmpost", "Pebbles", "Sunfield Farm", "Harvest", "English", "Français", "Deutsch"]
#: values a template compares or that are no one's words (left as they are)
KEPT = {"status", "kind", "language", "listing", "fate", "position", "format", "code", "scope", "csrf_token"}


class MarkedGame:
    """A game's rules as a page shows them (title, options' labels and help:
    the game's domain), their strings marked."""

    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        value = getattr(self._game, name)
        if name in ("options",):
            return [MarkedGame(option) for option in value]
        return value if name in ("name", "key", "default") else marked(value)


def marked(value, key: str = ""):
    """The values a template is given, each string marked (as its own
    catalog would have marked it)."""
    if key in KEPT:
        return value
    if key == "games" and type(value) is list:
        return [MarkedGame(game) for game in value]
    if isinstance(value, Markup):
        return Markup(f"⟦{value}⟧")
    if type(value) is str:
        return f"⟦{value}⟧" if value.strip() else value
    if type(value) is dict:
        return {k: marked(v, k) for k, v in value.items()}
    if type(value) in (list, tuple):
        return type(value)(marked(v, key) for v in value)
    return value


filters_score_table = templates.environment().filters["score_table"]


@pytest.fixture
def pseudo_mails(monkeypatch):
    """Every mail template rendered for real and again in the pseudo-locale."""
    monkeypatch.setattr(creation, "LANGUAGES", (*LANGUAGES, PSEUDO))
    seen: dict[str, list[str]] = {}
    real = compose.render_mail

    def render(name: str, values: dict) -> str:
        again = real(name, {**marked(values), "i18n": compose.translator(PSEUDO), "language": "en"})
        finder = unmarked_text if name.endswith(".txt") else unmarked_html
        seen.setdefault(name, []).extend(finder(again, NAMES))
        return real(name, values)

    monkeypatch.setattr(compose, "render_mail", render)
    # the score sheet in words is the boards' (the game's domain), as the values are
    filters = templates.environment().filters
    monkeypatch.setitem(filters, "score_table", lambda *args: "\n".join(
        f"⟦{line}⟧" for line in filters_score_table(*args).split("\n")))
    return seen


@pytest.fixture
def pseudo_pages(app):
    """Every page rendered for real and again in the pseudo-locale."""
    from boards.i18n import translator

    seen: dict[str, list[str]] = {}

    def rendered(sender, template, context, **extra):
        values = {k: (v if k in ("title",) else marked(v, k)) for k, v in context.items()}
        again = template.render(**{**values, "i18n": translator(PSEUDO)})
        seen.setdefault(template.name, []).extend(unmarked_html(again, NAMES))

    template_rendered.connect(rendered, app)
    yield seen
    template_rendered.disconnect(rendered, app)


def report(seen: dict[str, list[str]]) -> str:
    """Each template's unmarked words, once each, one template a line."""
    return "\n".join(f"{name}: {' '.join(dict.fromkeys(words))}" for name, words in sorted(seen.items()) if words)


def test_given_every_mail_of_a_game_in_the_pseudo_locale_then_no_template_text_is_unmarked(svc, pseudo_mails):
    ann = FarmerSpec("Ann", "ann@example.org", language=PSEUDO)
    bea = FarmerSpec("Béatrice", "bea@example.org", language=PSEUDO)
    cat = FarmerSpec("Cat", "cat@example.org", language=PSEUDO)
    created = create_game(svc, "toy", [ann, bea, cat], host=0, seed=1, watchable=True)  # the invitations
    join(svc, created.game_id, 1)
    join(svc, created.game_id, 2)  # the first turn mail
    preferences.set_preferences(svc, created.game_id, 2, accounts=True)  # the account mails
    game = game_row(svc, created.game_id)
    watch_token = svc.links.watch_url(game.id, game.watch_secret).rsplit("/", 1)[1]
    watching.follow(svc, game.id, watch_token, "sam@example.org", PSEUDO)  # the spectator's confirmation
    [spectator] = watching_rows(svc)
    confirm_url = svc.links.follow_url(game.id, spectator.id, spectator.secret, "confirm")
    watching.confirm(svc, game.id, spectator.id, confirm_url.rsplit("/", 1)[1])
    new_seat_link(svc, game.id, 1)  # the new link
    play_turns(svc, game.id, SHARED)  # turns, accounts, round mails, the final mails
    my_games.ask_for_my_games(svc, "ann@example.org", PSEUDO)  # the list of games
    table = create_game(svc, "toy", [ann, FarmerSpec("", open=True)], host=0, seed=2)
    table_token = svc.links.table_url(table.game_id).rsplit("/", 1)[1]
    open_tables.ask_for_seat(svc, table.game_id, table_token, "Cat", "cat@example.org", PSEUDO)  # the claim
    [claim] = claims(svc)
    open_tables.confirm(svc, table.game_id, claim.id, svc.links.claim_url(table.game_id, claim.id, claim.nonce)
                        .rsplit("/", 1)[1])  # seated
    kinds = {p.stem for p in (ROOT / "templates" / "mail").glob("*.txt") if not p.stem.startswith("_")}
    assert {name.split("/")[1].split(".")[0] for name in pseudo_mails} >= kinds - {"note"}
    assert report(pseudo_mails) == ""


def watching_rows(svc):
    from sqlalchemy import select

    from service.storage.models import Spectator
    with svc.db.transaction() as session:
        return list(session.scalars(select(Spectator)))


def claims(svc):
    from sqlalchemy import select

    from service.storage.models import SeatClaim
    with svc.db.transaction() as session:
        return list(session.scalars(select(SeatClaim)))


def test_given_the_pages_a_newcomer_and_a_farmer_see_in_the_pseudo_locale_then_no_template_text_is_unmarked(
        svc, client, pseudo_pages):
    for path in ("/", "/new", "/games", "/open", "/nowhere"):
        client.get(path + "?lang=qps")
    created = create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"),
                                       FarmerSpec("Béatrice", "bea@example.org")], host=0, seed=1, watchable=True)
    game = game_row(svc, created.game_id)
    client.get(path_of(svc.links.join_url(game.id, 1, game.seats[1].secret)) + "?lang=qps")
    join(svc, created.game_id, 1)
    seat_page = path_of(created.host_url)
    client.get(seat_page + "?lang=qps")
    client.get(path_of(svc.links.prefs_url(game.id, 0, game.seats[0].secret)) + "?lang=qps")
    play_turns(svc, created.game_id, ANN_WINS)
    client.get(seat_page + "?lang=qps")
    assert {"web/index.html", "web/new.html", "web/games.html", "web/error.html", "web/join.html",
            "web/seat.html", "web/prefs.html"} <= set(pseudo_pages)
    assert report(pseudo_pages) == ""
