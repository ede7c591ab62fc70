"""A farmer's own page: the board, the log, their options as buttons."""

from __future__ import annotations

import hashlib
import json

from flask import Blueprint, Response, flash, jsonify, redirect, render_template, request

import boards
from mail.inbound.plans import PlanError, is_plan_line, read_plan
from mail.sentence import N_, both, quoted, told
from service.core.errors import InvalidInput
from service.game import game_log, rating_store
from service.game.final_report import report_data
from service.game.game_record import game_record
from service.usecases import plans
from service.usecases.playing import submit_move
from service.usecases.rematch import rematch
from service.usecases.seat_links import new_seat_link
from service.usecases.watching import set_watchable
from service.web import language, page_data, services
from service.web.ids import id_arg
from service.webhooks import registration

blueprint = Blueprint("seats", __name__)

#: seconds after which the page of a move still being applied says it takes
#: longer than usual (the workers are busy or away; nothing is lost)
LONG_WAIT = 10.0


@blueprint.get("/g/<id:game_id>/<id:seat>/<token>")
def page(game_id: int, seat: int, token: str):
    access, _ = page_data.open_seat(services(), game_id, seat, token)
    return render_template("web/seat.html", **page_data.seat_page(services(), access), token=token,
                           table_url=table_link(access), hooks=registration.hooks_of(services(), game_id, seat),
                           hook_formats=registration.FORMATS, hook_scopes=registration.SCOPES)


def table_link(access) -> str | None:
    """The open table's join link, for its host while a seat is open."""
    game = access.game
    host = game.clock.host if game.clock else None
    if game.listing is None or game.status != "inviting" or host != access.seat.position:
        return None
    return services().links.table_url(game.id) if any(s.open for s in game.seats) else None


@blueprint.post("/g/<id:game_id>/<id:seat>/<token>/act")
def act(game_id: int, seat: int, token: str):
    """One button of the seat page: a move (or a whole turn: several
    ``code`` fields, played in order), undo or resign. The request is
    stored and queued, and the answer comes at once: the page of the move
    being applied (a worker applies it), which follows it by itself and
    then shows the seat page, where a turn that goes on offers what is next."""
    svc = services()
    secret = page_data.seat_secret(svc, game_id, seat, token)
    action = request.form.get("action", "move")
    codes = [c for c in request.form.getlist("code") if c]
    try:
        version = id_arg(request.form.get("version", ""))
    except ValueError:
        raise InvalidInput(N_("The form was incomplete; reload the page and try again.")) from None
    if action == "resign" and request.form.get("confirm") != "yes":
        flash(language.gettext("To resign, tick the box that says you are sure."), "error")
        return redirect(svc.links.seat_url(game_id, seat, secret), code=303)
    codes = codes if action == "move" else []
    # the same button pressed twice on the same board is one request
    moves = "+".join(codes)
    moves = moves if len(moves) <= 120 else hashlib.sha256(moves.encode()).hexdigest()  # a long whole turn
    dedupe = f"web:{game_id}:{seat}:{version}:{action}:{moves}"
    request_id = submit_move(svc, game_id, seat, codes, source="web", base_version=version, dedupe_key=dedupe,
                             action=action)
    return redirect(applying_url(svc, game_id, seat, secret, request_id), code=303)


def applying_url(svc, game_id: int, seat: int, secret: str, request_id: int) -> str:
    return f"{svc.links.seat_url(game_id, seat, secret)}/requests/{request_id}"


@blueprint.get("/g/<id:game_id>/<id:seat>/<token>/requests/<id:request_id>")
def applying(game_id: int, seat: int, token: str, request_id: int):
    """A submitted move: while it is being applied, a small page (202) that
    says so and follows it (a script asks ``status``; without scripts, the
    page refreshes itself); once decided, the seat page with the answer."""
    svc = services()
    secret, move_request, waited = page_data.seat_request(svc, game_id, seat, token, request_id)
    if move_request.status != "pending":
        flash_result(move_request)
        return redirect(svc.links.seat_url(game_id, seat, secret), code=303)
    return render_template("web/applying.html", move_request=move_request, long=waited >= LONG_WAIT,
                           moves=page_data.request_texts(svc, game_id, move_request.codes),
                           long_wait=LONG_WAIT, waited=waited, seat_url=svc.links.seat_url(game_id, seat, secret)), 202


@blueprint.get("/g/<id:game_id>/<id:seat>/<token>/requests/<id:request_id>/status")
def status(game_id: int, seat: int, token: str, request_id: int):
    """What the page of a move being applied asks, a few times a second."""
    svc = services()
    _, move_request, waited = page_data.seat_request(svc, game_id, seat, token, request_id)
    return jsonify(status=move_request.status, waited=round(waited, 1))


def flash_result(move_request) -> None:
    if move_request.status == "applied":
        flash(move_request.result, "ok")
    elif move_request.status == "stale":
        flash(language.gettext("The board has moved on since that page was shown; here it is as it is now."), "error")
    else:
        flash(move_request.result, "error")


@blueprint.post("/g/<id:game_id>/<id:seat>/<token>/plan")
def plan(game_id: int, seat: int, token: str):
    """The seat page's plan form: keep a plan (``plan``: its line) or cancel it."""
    svc = services()
    secret = page_data.seat_secret(svc, game_id, seat, token)
    if request.form.get("action") == "cancel":
        flash(plans.cancel_plan(svc, game_id, seat), "ok")
    else:
        line = (request.form.get("plan") or "").strip()
        if line and not is_plan_line(line):
            line = f"next: {line}"  # the form is for plans: a line of moves plans the next turn
        try:
            flash(plans.make_plan(svc, game_id, seat, read_plan(line)), "ok")
        except PlanError as error:
            flash(f"{quoted(language.current(), line)}: {told(error, language.current())}", "error")  # the plan reader's rule
    return redirect(svc.links.seat_url(game_id, seat, secret), code=303)


@blueprint.post("/g/<id:game_id>/<id:seat>/<token>/new-link")
def new_link(game_id: int, seat: int, token: str):
    svc = services()
    page_data.open_seat(svc, game_id, seat, token)
    url, mailed = new_seat_link(svc, game_id, seat)
    return render_template("web/new_link.html", url=None if mailed else url, mailed=mailed)


@blueprint.post("/g/<id:game_id>/<id:seat>/<token>/rematch")
def play_again(game_id: int, seat: int, token: str):
    """The finished game's "Play again": to the farmer's seat in the rematch."""
    svc = services()
    page_data.open_seat(svc, game_id, seat, token)
    made = rematch(svc, game_id, seat)
    t = language.current()
    invited = (" " + t.gettext("Invitations went to %(names)s.", names=both(t, made.invited))
               if made.new and made.invited else "")
    flash(t.gettext("%(game)s is set up: a rematch of #%(id)s.", game=made.title, id=game_id) + invited if made.new
          else t.gettext("You are in %(game)s, the rematch of #%(id)s.", game=made.title, id=game_id), "ok")
    return redirect(made.seat_url, code=303)


@blueprint.get("/g/<id:game_id>/<id:seat>/<token>/report.pdf")
def report(game_id: int, seat: int, token: str):
    svc = services()
    access, _ = page_data.open_seat(svc, game_id, seat, token)
    if access.game.status != "over":
        raise InvalidInput(N_("The score report is ready when the game is over."))
    with svc.db.transaction() as session:
        rated = rating_store.report_lines(rating_store.rated_game(session, game_id))
    pdf = boards.report_pdf(access.game.kind, report_data(access.game, access.log, rated)
                            | {"language": access.seat.language})  # in the seat's language, as its pages
    if pdf is None:
        raise InvalidInput(N_("This game has no PDF report yet."))
    filename = f"{access.game.kind}-{game_id}-report.pdf"
    return Response(pdf, mimetype="application/pdf",
                    headers={"Content-Disposition": f'attachment; filename="{filename}"'})


@blueprint.get("/g/<id:game_id>/<id:seat>/<token>/log")
def log(game_id: int, seat: int, token: str):
    """The game's log, the board at any move (this farmer's view until the game is over)."""
    svc = services()
    access, _ = page_data.open_seat(svc, game_id, seat, token)
    data = game_log.log_page(access.game, page_data.whole_log(svc, game_id), seat,
                            at=request.args.get("at", type=id_arg), as_seat=request.args.get("as"),
                            language=language.current().language)
    return render_template("web/log.html", game=access.game, title=f"{page_data.rules_for(access.game.kind).title} "
                           f"#{game_id}", reader=access.seat, back=f"/g/{game_id}/{seat}/{token}",
                           base=f"/g/{game_id}/{seat}/{token}/log", **data)


@blueprint.get("/g/<id:game_id>/<id:seat>/<token>/record.json")
def record(game_id: int, seat: int, token: str):
    page_data.open_seat(services(), game_id, seat, token)
    return record_response(game_record(services(), game_id), game_id)


def record_response(record: dict, game_id: int) -> Response:
    """The game record as a JSON download (no seed while the game runs: docs/spectators.md)."""
    return Response(json.dumps(record, indent=1, ensure_ascii=False) + "\n", mimetype="application/json",
                    headers={"Content-Disposition": f'attachment; filename="farmpost-{game_id}.json"'})


@blueprint.post("/g/<id:game_id>/<id:seat>/<token>/watchable")
def watchable(game_id: int, seat: int, token: str):
    """The host's toggle: may spectators watch this game?"""
    svc = services()
    access, _ = page_data.open_seat(svc, game_id, seat, token)
    try:
        flash(set_watchable(svc, game_id, seat, request.form.get("watchable") == "on"), "ok")
    except InvalidInput as error:
        flash(error.told(language.current()), "error")
    return redirect(svc.links.seat_url(game_id, seat, access.seat.secret), code=303)
