"""Spectators (docs/spectators.md): the spectator page and its log, the
game record, the ask for round mails, and the confirm / stop links those
mails carry.

A POST whose body is ``List-Unsubscribe=One-Click`` (RFC 8058) comes from a
mail provider, not from our page: the signed stop link is its authority.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request
from flask_wtf.csrf import CSRFError, validate_csrf
from wtforms import ValidationError

from service.core.errors import InvalidInput
from service.game import game_log
from service.game.game_record import game_record
from service.usecases import watching
from service.web import language, page_data, services
from service.web.ids import id_arg
from service.web.seats import record_response

blueprint = Blueprint("watch", __name__)


@blueprint.get("/w/<id:game_id>/<token>")
def page(game_id: int, token: str):
    game, log = page_data.open_watch(services(), game_id, token)
    return render_template("web/watch.html", **page_data.watch_page(services(), game, log), token=token)


@blueprint.get("/w/<id:game_id>/<token>/log")
def log(game_id: int, token: str):
    game, _ = page_data.open_watch(services(), game_id, token)
    data = game_log.log_page(game, page_data.whole_log(services(), game_id), None,
                            at=request.args.get("at", type=id_arg), as_seat=request.args.get("as"),
                            language=language.current().language)
    return render_template("web/log.html", game=game, title=f"{page_data.rules_for(game.kind).title} #{game.id}",
                           reader=None, back=f"/w/{game_id}/{token}", base=f"/w/{game_id}/{token}/log", **data)


@blueprint.get("/w/<id:game_id>/<token>/record.json")
def record(game_id: int, token: str):
    page_data.open_watch(services(), game_id, token)
    return record_response(game_record(services(), game_id), game_id)


@blueprint.post("/w/<id:game_id>/<token>/follow")
def follow(game_id: int, token: str):
    try:
        flash(watching.follow(services(), game_id, token, request.form.get("email", ""), language.chosen()), "ok")
    except InvalidInput as error:
        flash(error.told(language.current()), "error")
    return redirect(f"/w/{game_id}/{token}", code=303)


@blueprint.get("/follow/<id:game_id>/<id:spectator_id>/<token>")
def follow_link(game_id: int, spectator_id: int, token: str):
    """A confirm or stop link from a mail: a page with one button (a GET
    never changes anything: mail scanners open links)."""
    spectator, action = watching.spectator_link(services(), game_id, spectator_id, token)
    return render_template("web/follow.html", title=language.gettext("Game #%(id)s", id=game_id), email=spectator.email, action=action,
                           done=None)


@blueprint.post("/follow/<id:game_id>/<id:spectator_id>/<token>")
def follow_act(game_id: int, spectator_id: int, token: str):
    spectator, action = watching.spectator_link(services(), game_id, spectator_id, token)
    one_click = request.form.get("List-Unsubscribe") == "One-Click"
    if one_click and action == "stop":
        message = watching.stop(services(), game_id, spectator_id, token)
        return message + "\n", 200, {"Content-Type": "text/plain"}
    try:
        validate_csrf(request.form.get("csrf_token"))
    except ValidationError:
        raise CSRFError("missing or stale form token") from None
    act = watching.confirm if action == "confirm" else watching.stop
    return render_template("web/follow.html", title=language.gettext("Game #%(id)s", id=game_id), email=spectator.email, action=action,
                           done=act(services(), game_id, spectator_id, token))


CSRF_EXEMPT = [follow_act]
