"""Leagues and the seed of the week (docs/leagues.md): a league's standings,
its sign-up (confirmed by a mailed link), the season-over mail's sign-up
link, the organiser's page; a duplicate event's page, its entry form and an
entrant's results. A GET never changes anything: a link from a mail opens a
page with one button."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request

from service.core.errors import InvalidInput
from service.usecases import duplicate, leagues
from service.web import language, services
from service.web.limits import client, require

blueprint = Blueprint("leagues", __name__)


def _asked(email: str) -> None:
    require("sign-ups-client", client())
    require("sign-ups", email.strip().lower())


@blueprint.get("/league/<id:league_id>")
def standings(league_id: int):
    page = leagues.league_page(services(), league_id)
    return render_template("web/league.html", page=page, league_id=league_id, organiser=None, title=page["name"])


@blueprint.get("/league/<id:league_id>/organise/<secret>")
def organise(league_id: int, secret: str):
    page = leagues.league_page(services(), league_id, secret)
    return render_template("web/league.html", page=page, league_id=league_id, organiser=secret,
                           title=language.current().gettext("Organise %(league)s", league=page["name"]))


@blueprint.post("/league/<id:league_id>/organise/<secret>/start")
def start(league_id: int, secret: str):
    try:
        flash(leagues.start_now(services(), league_id, secret), "ok")
    except InvalidInput as error:
        flash(error.told(language.current()), "error")
    return redirect(f"/league/{league_id}/organise/{secret}", code=303)


@blueprint.get("/league/<id:league_id>/signup")
def signup_form(league_id: int):
    page = leagues.league_page(services(), league_id)
    return render_template("web/league_signup.html", page=page, league_id=league_id, form={},
                           title=_signup_title(page))


@blueprint.post("/league/<id:league_id>/signup")
def signup(league_id: int):
    name, email = request.form.get("name", ""), request.form.get("email", "")
    _asked(email)
    try:
        flash(leagues.ask_to_sign_up(services(), league_id, name, email, language.current().language), "ok")
    except InvalidInput as error:
        page = leagues.league_page(services(), league_id)
        flash(error.told(language.current()), "error")
        return render_template("web/league_signup.html", page=page, league_id=league_id, form=request.form,
                               title=_signup_title(page)), 400
    return redirect(f"/league/{league_id}", code=303)


@blueprint.get("/league/<id:league_id>/signup/<token>")
def signup_confirmation(league_id: int, token: str):
    name, email, _ = leagues.confirmation(services(), league_id, token)
    page = leagues.league_page(services(), league_id)
    t = language.current()
    return render_template("web/sign_up.html", title=page["name"], button=t.gettext("Sign me up"),
                           question=t.gettext("Sign %(name)s (%(email)s) up for %(league)s?", name=name, email=email,
                                              league=page["name"]))


@blueprint.post("/league/<id:league_id>/signup/<token>")
def signup_confirm(league_id: int, token: str):
    name, email, chosen = leagues.confirmation(services(), league_id, token)
    return _signed_up(league_id, lambda: leagues.sign_up(services(), league_id, name, email, chosen))


@blueprint.get("/league/<id:league_id>/again/<id:entry_id>/<secret>")
def again_page(league_id: int, entry_id: int, secret: str):
    entry = leagues.again_entry(services(), league_id, entry_id, secret)
    page = leagues.league_page(services(), league_id)
    t = language.current()
    return render_template("web/sign_up.html", title=page["name"], button=t.gettext("Count me in"),
                           question=t.gettext("Sign %(name)s up for the next season of %(league)s?", name=entry.name,
                                              league=page["name"]))


@blueprint.post("/league/<id:league_id>/again/<id:entry_id>/<secret>")
def again(league_id: int, entry_id: int, secret: str):
    return _signed_up(league_id, lambda: leagues.sign_up_again(services(), league_id, entry_id, secret))


def _signed_up(league_id: int, action):
    try:
        flash(action(), "ok")
    except InvalidInput as error:
        flash(error.told(language.current()), "error")
    return redirect(f"/league/{league_id}", code=303)


@blueprint.get("/duplicate/<id:event_id>")
def event(event_id: int):
    page = duplicate.results(services(), event_id)
    return render_template("web/duplicate.html", page=page, event_id=event_id, form={}, title=_event_title(page))


@blueprint.post("/duplicate/<id:event_id>")
def ask_to_enter(event_id: int):
    name, email = request.form.get("name", ""), request.form.get("email", "")
    _asked(email)
    try:
        flash(duplicate.ask_to_enter(services(), event_id, name, email, language.current().language), "ok")
    except InvalidInput as error:
        flash(error.told(language.current()), "error")
        page = duplicate.results(services(), event_id)
        return render_template("web/duplicate.html", page=page, event_id=event_id, form=request.form,
                               title=_event_title(page)), 400
    return redirect(f"/duplicate/{event_id}", code=303)


@blueprint.get("/duplicate/<id:event_id>/enter/<token>")
def entry_confirmation(event_id: int, token: str):
    name, email, _ = duplicate.confirmation(services(), event_id, token)
    page = duplicate.results(services(), event_id)
    t = language.current()
    return render_template("web/sign_up.html", title=_event_title(page), button=t.gettext("Enter"),
                           question=t.gettext("Enter %(name)s (%(email)s) in the %(game)s seed of the week %(week)s?",
                                              name=name, email=email, game=page["title"], week=page["week"]))


@blueprint.post("/duplicate/<id:event_id>/enter/<token>")
def entry_confirm(event_id: int, token: str):
    name, email, chosen = duplicate.confirmation(services(), event_id, token)
    try:
        flash(duplicate.enter(services(), event_id, name, email, chosen), "ok")
    except InvalidInput as error:
        flash(error.told(language.current()), "error")
    return redirect(f"/duplicate/{event_id}", code=303)


@blueprint.get("/duplicate/<id:event_id>/<id:entry_id>/<secret>")
def entrant(event_id: int, entry_id: int, secret: str):
    page = duplicate.results(services(), event_id, entry_id, secret)
    return render_template("web/duplicate.html", page=page, event_id=event_id, form=None, title=_event_title(page))


def _signup_title(page: dict) -> str:
    return language.current().gettext("Sign up: %(league)s", league=page["name"])


def _event_title(page: dict) -> str:
    return language.current().gettext("%(game)s seed of the week %(week)s", game=page["title"], week=page["week"])
