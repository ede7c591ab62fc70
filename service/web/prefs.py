"""Mail preferences, reached from every mail's footer and List-Unsubscribe.

A POST whose body is ``List-Unsubscribe=One-Click`` (RFC 8058) comes from a
mail provider, not from our form, so it carries no CSRF token: the signed
link itself is the authority, and it turns all mail off for this seat.
"""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_wtf.csrf import CSRFError, validate_csrf
from wtforms import ValidationError

from service.notify.changes import DEFAULT_PREFERENCES
from service.usecases.preferences import set_language, set_preferences
from service.web import language, page_data, services

blueprint = Blueprint("prefs", __name__)


@blueprint.get("/prefs/<id:game_id>/<id:seat>/<token>")
def show(game_id: int, seat: int, token: str):
    access, _ = page_data.open_seat(services(), game_id, seat, token, purpose="prefs")
    return _page(access, token, saved=False)


@blueprint.post("/prefs/<id:game_id>/<id:seat>/<token>")
def save(game_id: int, seat: int, token: str):
    access, _ = page_data.open_seat(services(), game_id, seat, token, purpose="prefs")
    if request.form.get("List-Unsubscribe") == "One-Click":
        set_preferences(services(), game_id, seat, mail=False)
        return "Unsubscribed: Farmpost sends you no more mail about this game.\n", 200, {"Content-Type": "text/plain"}
    _check_csrf()
    access.seat.preferences = set_preferences(services(), game_id, seat, mail="mail" in request.form,
                                              accounts="accounts" in request.form,
                                              confirmations="confirmations" in request.form,
                                              digest="digest" in request.form)
    if request.form.get("language"):
        access.seat.language = set_language(services(), game_id, seat, request.form["language"])
        language.use(access.seat.language)  # the saved page speaks it already
    return _page(access, token, saved=True)


def _check_csrf() -> None:
    try:
        validate_csrf(request.form.get("csrf_token"))
    except ValidationError:
        raise CSRFError("missing or stale form token") from None


def _page(access, token: str, *, saved: bool):
    preferences = {**DEFAULT_PREFERENCES, **(access.seat.preferences or {})}
    return render_template("web/prefs.html", game=access.game, seat=access.seat, preferences=preferences,
                           token=token, saved=saved, seat_url=services().links.seat_url(
                               access.game.id, access.seat.position, access.seat.secret),
                           title=f"{page_data.rules_for(access.game.kind).title} #{access.game.id}")


CSRF_EXEMPT = [save]
