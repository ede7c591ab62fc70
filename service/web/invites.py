"""Join links from invitation mails: GET shows the invitation, POST accepts it."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template

from service import queries
from service.usecases.creation import join
from service.web import services

blueprint = Blueprint("invites", __name__)


@blueprint.get("/join/<int:game_id>/<int:seat>/<token>")
def invitation(game_id: int, seat: int, token: str):
    access, _ = queries.open_seat(services(), game_id, seat, token, purpose="join")
    return render_template("web/join.html", game=access.game, seat=access.seat,
                           title=f"{queries.rules_for(access.game.kind).title} #{game_id}")


@blueprint.post("/join/<int:game_id>/<int:seat>/<token>")
def accept(game_id: int, seat: int, token: str):
    queries.open_seat(services(), game_id, seat, token, purpose="join")
    return redirect(join(services(), game_id, seat), code=303)
