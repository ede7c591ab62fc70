"""Move links from turn mails: GET shows the move and a Confirm button, and
only the POST submits it. GET and HEAD never change anything."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for

from service.core.links import token_key
from service.usecases.playing import submit_move
from service.web import page_data, services
from service.web.seats import applying_url

blueprint = Blueprint("moves", __name__)

#: HTTP status of each page a move link can lead to
STATUS = {"ready": 200, "done": 200, "pending": 202, "stale": 409, "rejected": 409, "failed": 409, "over": 410}


@blueprint.get("/m/<id:game_id>/<id:seat>/<token>")
def confirm_page(game_id: int, seat: int, token: str):
    svc = services()
    access, move_token, info = page_data.move_link(svc, game_id, seat, token)
    # the confirmation marks the chosen move on the board and lists no options; other pages, the options
    ready = info["state"] == "ready"
    page = page_data.seat_page(svc, access, highlight=list(move_token.codes) if ready else None, with_options=not ready)
    return render_template("web/move.html", info=info, token=token, **page), STATUS[info["state"]]


@blueprint.post("/m/<id:game_id>/<id:seat>/<token>")
def confirm(game_id: int, seat: int, token: str):
    """Store the move and answer at once with the page of the move being applied."""
    svc = services()
    state, move_token, move_request, secret = page_data.confirming(svc, game_id, seat, token)
    if state == "pending":
        # the same link confirmed a moment ago (a double click): follow that one
        return redirect(applying_url(svc, game_id, seat, secret, move_request.id), code=303)
    if state != "ready":
        # already done, stale, rejected, over: that page says so
        return redirect(url_for("moves.confirm_page", game_id=game_id, seat=seat, token=token), code=303)
    request_id = submit_move(svc, game_id, seat, list(move_token.codes), source="link",
                             base_version=move_token.version, dedupe_key=token_key(token))
    return redirect(applying_url(svc, game_id, seat, secret, request_id), code=303)
