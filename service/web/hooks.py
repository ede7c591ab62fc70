"""Webhooks from the seat page (docs/webhooks.md): add one, remove one.
A JSON hook's signing secret is shown once, on the page that answers the add."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request

from service.core.errors import InvalidInput
from service.web import language, page_data, services
from service.webhooks import registration

blueprint = Blueprint("hooks", __name__)


@blueprint.post("/g/<id:game_id>/<id:seat>/<token>/webhooks")
def add(game_id: int, seat: int, token: str):
    svc = services()
    access, _ = page_data.open_seat(svc, game_id, seat, token)
    seat_url = svc.links.seat_url(game_id, seat, access.seat.secret)
    try:
        added = registration.register(svc, game_id, seat, request.form.get("url", ""), request.form.get("format", ""),
                                  request.form.get("scope", "farmer"))
    except InvalidInput as error:
        flash(error.told(language.current()), "error")
        return redirect(seat_url, code=303)
    if added.secret:
        return render_template("web/webhook_added.html", secret=added.secret, seat_url=seat_url,
                               title=language.gettext("Webhook added"))
    flash(language.gettext("The webhook is added: it hears about the next turn."), "ok")
    return redirect(seat_url, code=303)


@blueprint.post("/g/<id:game_id>/<id:seat>/<token>/webhooks/<id:hook_id>/remove")
def remove(game_id: int, seat: int, token: str, hook_id: int):
    svc = services()
    access, _ = page_data.open_seat(svc, game_id, seat, token)
    registration.remove(svc, game_id, seat, hook_id)
    flash(language.gettext("The webhook is removed."), "ok")
    return redirect(svc.links.seat_url(game_id, seat, access.seat.secret), code=303)
