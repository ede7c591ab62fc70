"""Open tables (docs/open_tables.md): the public list /open, a table's join
page (ask for a seat by name and address), the mailed confirmation (GET
shows a button, POST takes the seat: mail scanners that open links take
nothing), and the "still in?" before turn 1, the same way."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request

from service.core.errors import InvalidInput
from service.core.game_kinds import rules_for
from service.usecases import open_tables
from service.web import language, page_data, services
from service.web.limits import client, require

blueprint = Blueprint("tables", __name__)


@blueprint.get("/open")
def listed():
    return render_template("web/open.html", tables=open_tables.listed_tables(services(), language.current()),
                           title=language.gettext("Open tables"))


@blueprint.get("/t/<id:game_id>/<token>")
def table(game_id: int, token: str):
    found = open_tables.table(services(), game_id, token, language.current())
    return render_template("web/table.html", table=found, form={}, error=None, title=found.title)


@blueprint.post("/t/<id:game_id>/<token>")
def ask(game_id: int, token: str):
    """Ask for an open seat; each ask mails a confirmation to the address
    given, so asks are limited per client and per address here (besides
    every post's per-client limit), and per table and in all by the use case."""
    svc = services()
    name, email = request.form.get("name", ""), request.form.get("email", "")
    require("seat-asks-client", client())
    require("seat-asks", email.strip().lower())
    try:
        open_tables.ask_for_seat(svc, game_id, token, name, email, language.chosen())
    except InvalidInput as error:
        found = open_tables.table(svc, game_id, token, language.current())
        return render_template("web/table.html", table=found, form=request.form, error=error.told(language.current()),
                               title=found.title), 400
    return render_template("web/claim_sent.html", email=email.strip(), title=language.gettext("Check your mail"))


@blueprint.get("/t/<id:game_id>/confirm/<id:claim_id>/<token>")
def confirmation(game_id: int, claim_id: int, token: str):
    claim = open_tables.check_claim(services(), game_id, claim_id, token)
    return render_template("web/confirm_seat.html", claim=claim, title=language.gettext("Take the seat"))


@blueprint.post("/t/<id:game_id>/confirm/<id:claim_id>/<token>")
def confirm(game_id: int, claim_id: int, token: str):
    done = open_tables.confirm(services(), game_id, claim_id, token, language.current().language)
    if done.seat_url:
        return redirect(done.seat_url, code=303)
    return render_template("web/seat_taken.html", done=done, title=language.gettext("No seat for this link")), 409


@blueprint.get("/g/<id:game_id>/<id:seat>/<token>/still-in")
def still_in_page(game_id: int, seat: int, token: str):
    """The mailed "still in?": GET shows one button (mail scanners open links), POST answers."""
    access, _ = page_data.open_seat(services(), game_id, seat, token)
    return render_template("web/still_in.html", game=access.game, seat=access.seat, title=language.gettext("Still in?"),
                           game_title=rules_for(access.game.kind).title,
                           asked=open_tables.asked_still_in(services(), game_id, seat))


@blueprint.post("/g/<id:game_id>/<id:seat>/<token>/still-in")
def still_in(game_id: int, seat: int, token: str):
    flash(open_tables.still_in(services(), game_id, seat, token, language.current().language), "ok")
    return redirect(services().links.seat_url(game_id, seat, page_data.seat_secret(services(), game_id, seat, token)),
                    code=303)
