"""Around the games: "my games" (a farmer's address in, one mail out) and a
farmer's record, reached by the signed link in that mail."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from service.core.errors import InvalidInput
from service.game.standings import record_of
from service.usecases.my_games import ask_for_my_games
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
        return render_template("web/games.html", title=language.gettext("My games"), address=address, error=error.message,
                               sent=False), 400
    return render_template("web/games.html", title=language.gettext("My games"), address=address, error=None, sent=True)


@blueprint.get("/record/<token>")
def record(token: str):
    address = services().links.check_record(token)
    return render_template("web/record.html", title=language.gettext("Your record"), record=record_of(services(), address))
