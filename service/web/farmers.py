"""Around the games: "my games" (a farmer's address in, one mail out) and a
farmer's record, reached by the signed link in that mail: results, ratings,
reliability on the clock, and the public name for the leaderboards."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, flash, redirect, render_template, request

from service.core.errors import InvalidInput
from service.game import rating_store
from service.game.ratings import pool_title
from service.game.reliability import reliability_one
from service.game.standings import record_of
from service.usecases.my_games import ask_for_my_games
from service.usecases.public_names import public_name_of, set_public_name
from service.web import language, services
from service.web.limits import client, require

blueprint = Blueprint("farmers", __name__)


@blueprint.get("/games")
def my_games_form():
    return render_template("web/games.html", title=language.gettext("My games"), address="", error=None, sent=False)


@blueprint.post("/games")
def my_games_ask():
    """The same page for every well-formed address, known or not: the mail
    says the rest, and only to the address's owner."""
    address = request.form.get("address", "").strip()
    require("my-games-client", client())
    require("my-games", address.lower())
    try:
        ask_for_my_games(services(), address, language.chosen())
    except InvalidInput as error:
        return render_template("web/games.html", title=language.gettext("My games"), address=address, error=error.told(language.current()),
                               sent=False), 400
    return render_template("web/games.html", title=language.gettext("My games"), address=address, error=None, sent=True)


@blueprint.get("/record/<token>")
def record(token: str):
    address = services().links.check_record(token)
    language.use(services().links.record_language(token))  # the language of the mail that gave the link
    return _record_page(token, address)


@blueprint.post("/record/<token>/name")
def public_name(token: str):
    """The farmer's public name on the leaderboards (empty: off them). The
    signed link proves the address: it was mailed to it."""
    address = services().links.check_record(token)
    language.use(services().links.record_language(token))
    try:
        chosen = set_public_name(services(), address, request.form.get("name", ""))
    except InvalidInput as error:
        return _record_page(token, address, error=error.told(language.current()), typed=request.form.get("name", ""), status=400)
    flash(language.gettext("You are on the leaderboards as “%(name)s”.", name=chosen) if chosen
          else language.gettext("You are off the leaderboards."), "ok")
    return redirect(f"/record/{token}", code=303)


def _record_page(token: str, address: str, error: str | None = None, typed: str | None = None, status: int = 200):
    svc = services()
    with svc.db.transaction() as session:
        standings, reliable = rating_store.ratings_of(session, address), reliability_one(session, address)
    t = language.current()
    standings = [replace(line, title=pool_title(line.pool, t)) for line in standings]
    name = public_name_of(svc, address)
    return render_template("web/record.html", title=language.gettext("Your record"), record=record_of(svc, address), token=token,
                           ratings=standings, reliability=reliable, public_name=name, error=error,
                           typed=name if typed is None else typed), status
