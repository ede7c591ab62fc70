"""The clock on the seat page: more time for the farmer to act, the host's
pause and resume, and handing a seat to a new farmer (docs/clocks.md)."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, request

from mail.inbound.clock_words import parse_duration
from mail.sentence import N_
from service.core.errors import InvalidInput
from service.usecases import clock_actions, substitutes
from service.web import language, page_data, services

blueprint = Blueprint("clock", __name__)


@blueprint.post("/g/<id:game_id>/<id:seat>/<token>/clock")
def clock(game_id: int, seat: int, token: str):
    """One clock button: ``action`` more-time (with ``amount``), pause, resume or substitute."""
    svc = services()
    access, _ = page_data.open_seat(svc, game_id, seat, token)
    action = request.form.get("action", "")
    try:
        if action == "more-time":
            try:
                seconds = parse_duration(request.form.get("amount", "1d"))
            except ValueError as error:
                raise InvalidInput(getattr(error, "sentence", None) or str(error)) from None
            # the same button pressed twice on the same turn is one grant
            key = f"web:{request.form.get('turn', '')}:{request.form.get('amount', '')}"
            message = clock_actions.grant(svc, game_id, seat, seconds, key)
        elif action == "pause":
            message = clock_actions.pause(svc, game_id, seat)
        elif action == "resume":
            message = clock_actions.resume(svc, game_id, seat)
        elif action == "substitute":
            position = request.form.get("position", "")
            if not position.isdigit():
                raise InvalidInput(N_("Choose the seat to hand over."))
            message = substitutes.substitute(svc, game_id, seat, int(position), request.form.get("name", ""),
                                             request.form.get("email", ""))
        else:
            raise InvalidInput(N_("The form was incomplete; reload the page and try again."))
        flash(message, "ok")
    except InvalidInput as error:
        flash(error.told(language.current()), "error")
    return redirect(svc.links.seat_url(game_id, seat, access.seat.secret), code=303)
