"""Plan links from turn mails ("and next turn, if still possible: …"): GET
shows the plan and a Keep button, and only the POST keeps it. A link made
for a board that has moved on keeps nothing (the farmer planned on what
they saw) and says so."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template

from mail.inbound.plans import PlanError, read_plan
from mail.sentence import told
from service.core.errors import InvalidInput
from service.usecases import plans
from service.web import language, page_data, services

blueprint = Blueprint("plan_links", __name__)


@blueprint.get("/p/<id:game_id>/<id:seat>/<token>")
def show(game_id: int, seat: int, token: str):
    svc = services()
    access, _ = page_data.open_seat(svc, game_id, seat, token, purpose="plan")
    version, line = svc.links.check_plan(token, game_id=game_id, seat=seat, seat_secret=access.seat.secret)
    stale = version != access.game.version or access.game.status != "active"
    page = page_data.seat_page(svc, access, highlight=[], with_options=False)
    return render_template("web/plan_link.html", line=line, stale=stale, token=token, **page), 409 if stale else 200


@blueprint.post("/p/<id:game_id>/<id:seat>/<token>")
def keep(game_id: int, seat: int, token: str):
    svc = services()
    access, _ = page_data.open_seat(svc, game_id, seat, token, purpose="plan")
    version, line = svc.links.check_plan(token, game_id=game_id, seat=seat, seat_secret=access.seat.secret)
    seat_url = svc.links.seat_url(game_id, seat, access.seat.secret)
    if version != access.game.version:
        flash(language.current().gettext("The board has moved on since that mail: the plan was not kept. Plan on the board as "
                             "it is now."), "error")
        return redirect(seat_url, code=303)
    try:
        flash(plans.make_plan(svc, game_id, seat, read_plan(line)), "ok")
    except PlanError as error:
        raise InvalidInput(language.current().gettext("This link's plan cannot be read: %(why)s", why=told(error, language.current()))) from None
    return redirect(seat_url, code=303)
