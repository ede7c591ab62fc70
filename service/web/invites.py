"""Join links from invitation mails: GET shows the invitation, POST accepts it.
Confirm links of games asked for by mail (new@): GET shows what was asked
for, POST opens the game (service/usecases/creation.py)."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request

from mail.sentence import N_
from service.usecases.creation import NotConfirmable, confirm_game, join
from service.web import page_data, services

blueprint = Blueprint("invites", __name__)


@blueprint.get("/join/<id:game_id>/<id:seat>/<token>")
def invitation(game_id: int, seat: int, token: str):
    access, _ = page_data.open_seat(services(), game_id, seat, token, purpose="join")
    return render_template("web/join.html", game=access.game, seat=access.seat,
                           title=f"{page_data.rules_for(access.game.kind).title} #{game_id}")


@blueprint.post("/join/<id:game_id>/<id:seat>/<token>")
def accept(game_id: int, seat: int, token: str):
    page_data.open_seat(services(), game_id, seat, token, purpose="join")
    return redirect(join(services(), game_id, seat, request.form.get("language") or None), code=303)


@blueprint.get("/confirm/<id:game_id>/<id:seat>/<token>")
def confirmation(game_id: int, seat: int, token: str):
    access, _ = page_data.open_seat(services(), game_id, seat, token, purpose="confirm")
    if access.game.status != "unconfirmed":
        raise NotConfirmable(N_("This game was confirmed already, or waited too long and was dropped; the link "
                                "works once."))
    return render_template("web/confirm.html", game=access.game, seat=access.seat,
                           title=f"{page_data.rules_for(access.game.kind).title} #{game_id}")


@blueprint.post("/confirm/<id:game_id>/<id:seat>/<token>")
def confirm(game_id: int, seat: int, token: str):
    page_data.open_seat(services(), game_id, seat, token, purpose="confirm")
    return redirect(confirm_game(services(), game_id, seat), code=303)
