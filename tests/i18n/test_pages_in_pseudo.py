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
from mail.outgoing import compose
from service.core.config import ROOT
from service.usecases import creation, my_games, open_tables, preferences, watching
from service.usecases.creation import FarmerSpec, create_game, join
from service.usecases.seat_links import new_seat_link
from tests.pseudo import unmarked_html, unmarked_text
from tests.service.helpers import csrf_token, game_row, path_of
from tests.service.played import ANN_WINS, SHARED, play_turns

pytestmark = pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)

#: names, not words: the farmers', the service's, the games', the languages' own
NAMES = ["Ann", "Béatrice", "Cat", "Farmpost", "Pebbles", "Sunfield Farm", "Harvest", "English", "Français", "Deutsch"]
#: values a template compares or that are no one's words (left as they are)
KEPT = {"status", "state", "action", "kind", "language", "listing", "fate", "position", "format", "code", "scope", "csrf_token"}


class Marked:
    """A read model's object as a page shows it (a game's rules: the game's
    domain; an open table: the use case's), its strings marked."""

    def __init__(self, game):
        self._game = game

    def __getattr__(self, name):
        value = getattr(self._game, name)
        if name in ("options",):
            return [Marked(option) for option in value]
        return value if name in ("name", "key", "default", "kind", "url", "status") else marked(value)


def marked(value, key: str = ""):
    """The values a template is given, each string marked (as its own
    catalog would have marked it)."""
    if key in KEPT:
        return value
    if key in ("games", "tables") and type(value) is list:
        return [Marked(item) for item in value]
    if key == "table":
        return Marked(value)
    if isinstance(value, Markup):
        return Markup(f"⟦{value}⟧")
    if type(value) is str:
        return f"⟦{value}⟧" if value.strip() else value
    if type(value) is dict:
        return {k: marked(v, k) for k, v in value.items()}
    if type(value) in (list, tuple):
        return type(value)(marked(v, key) for v in value)
    return value


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
    # not in this game: "note" (a notice's text and the footer: no words of its own) and
    # "stillin" (a full open table's "still in?", tests/service/test_open_tables.py)
    assert {name.split("/")[1].split(".")[0] for name in pseudo_mails} >= kinds - {"note", "stillin"}
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
    game = game_row(svc, created.game_id)
    client.get(path_of(svc.links.move_url(game.id, 0, game.seats[0].secret, game.version, ["take:1"])) + "?lang=qps")
    watch_page = path_of(svc.links.watch_url(game.id, game.watch_secret))
    client.get(watch_page + "?lang=qps")
    watching.follow(svc, game.id, watch_page.rsplit("/", 1)[1], "sam@example.org")
    [spectator] = watching_rows(svc)
    client.get(path_of(svc.links.follow_url(game.id, spectator.id, spectator.secret, "confirm")) + "?lang=qps")
    client.get(path_of(svc.links.prefs_url(game.id, 0, game.seats[0].secret)) + "?lang=qps")
    play_turns(svc, created.game_id, ANN_WINS)
    client.get(seat_page + "?lang=qps")
    table = create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("", open=True)], host=0,
                        seed=2, listing="listed")
    table_page = path_of(svc.links.table_url(table.game_id)) + "?lang=qps"
    shown = client.get(table_page)
    client.post(table_page, data={"csrf_token": csrf_token(shown.text), "name": "Cat", "email": "cat@example.org"})
    [claim] = claims(svc)
    client.get(path_of(svc.links.claim_url(table.game_id, claim.id, claim.nonce)) + "?lang=qps")
    host_page = path_of(table.host_url)
    client.post(host_page + "/new-link?lang=qps", data={"csrf_token": csrf_token(client.get(host_page).text)})
    assert {"web/index.html", "web/new.html", "web/games.html", "web/error.html", "web/join.html", "web/open.html",
            "web/seat.html", "web/prefs.html", "web/table.html", "web/claim_sent.html", "web/confirm_seat.html",
            "web/new_link.html", "web/move.html", "web/watch.html", "web/follow.html"} <= set(pseudo_pages)
    assert report(pseudo_pages) == ""


def test_given_the_pages_around_a_finished_game_in_the_pseudo_locale_then_no_template_text_is_unmarked(
        svc, client, pseudo_pages, monkeypatch):
    """The log (a farmer's and a spectator's, during and after the game),
    the record, the leaderboards, the rules of every game and the local
    mailbox, whose mails (their subjects) are the pseudo-locale's too."""
    from service.usecases.public_names import set_public_name

    monkeypatch.setattr(creation, "LANGUAGES", (*LANGUAGES, PSEUDO))
    created = create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org", language=PSEUDO),
                                       FarmerSpec("Béatrice", "bea@example.org", language=PSEUDO)],
                          host=0, seed=1, watchable=True)
    join(svc, created.game_id, 1)
    game = game_row(svc, created.game_id)
    seat_page = path_of(created.host_url)
    watch_page = path_of(svc.links.watch_url(game.id, game.watch_secret))
    for path in (seat_page + "/log", watch_page + "/log"):  # a game under way: the reader's own view
        client.get(path + "?lang=qps")
    play_turns(svc, created.game_id, ANN_WINS)
    for path in (seat_page + "/log", seat_page + "/log?at=1&as=public", watch_page + "/log?at=2"):  # over
        client.get(path + ("&" if "?" in path else "?") + "lang=qps")
    set_public_name(svc, "ann@example.org", "Ann")
    record = path_of(svc.links.record_url("ann@example.org"))
    for path in (record, "/ratings", "/ratings/toy", "/ratings/sunfield+advanced", "/rules/toy", "/rules/sunfield",
                 "/rules/harvest", "/mailbox", "/mailbox?to=ann@example.org"):
        client.get(path + ("&" if "?" in path else "?") + "lang=qps")
    for message in mailbox_rows(svc)[:3]:
        client.get(f"/mailbox/{message}?lang=qps")
    shown = client.get(record + "?lang=qps")
    client.post(record + "/name?lang=qps", data={"csrf_token": csrf_token(shown.text), "name": "!"})  # refused
    assert {"web/log.html", "web/record.html", "web/ratings.html", "web/ratings_index.html", "web/rules.html",
            "web/mailbox.html", "web/mailbox_message.html"} <= set(pseudo_pages)
    # the mailbox's addresses, cut where a narrow screen may break them, are no one's words
    cut = {"text: ann@", "text: bea@", "text: example.org"}
    left = report({name: [w for w in words if w not in cut] for name, words in pseudo_pages.items()})
    assert left == ""


def mailbox_rows(svc):
    from sqlalchemy import select

    from service.storage.models import MailboxMessage
    with svc.db.transaction() as session:
        return list(session.scalars(select(MailboxMessage.id).order_by(MailboxMessage.id)))
