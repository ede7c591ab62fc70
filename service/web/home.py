"""The front page and the create-a-game form."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request

from engine.bots import BOTS
from mail.inbound.clock_words import SETTING_NAMES
from mail.sentence import N_
from service.core.errors import InvalidInput
from service.core.game_kinds import available_games
from service.game.clocks import ClockSettings, read_settings
from service.usecases.creation import FarmerSpec, create_game
from service.web import language, services
from service.web.limits import client, require

blueprint = Blueprint("home", __name__)

SEATS = 4


@blueprint.get("/")
def index():
    return render_template("web/index.html", games=available_games())


@blueprint.route("/new", methods=["GET", "POST"])
def new_game():
    games = available_games()
    if request.method == "GET":
        return render_template("web/new.html", games=games, bots=list(BOTS), seats=SEATS, form={}, error=None)
    require("web-new-games", client())  # each game mails its invitations to the addresses given
    try:
        kind, farmers, options, host = read_new_game_form(request.form, language.chosen())
        clock = read_clock_form(request.form)
        created = create_game(services(), kind, farmers, options=options, host=host, clock=clock,
                              listing=request.form.get("listing") or None,
                              watchable="watchable" in request.form,
                              min_in_time=_percent(request.form.get("min_in_time")),
                              language=language.current().language)
    except InvalidInput as error:
        form = request.form.to_dict()
        return render_template("web/new.html", games=games, bots=list(BOTS), seats=SEATS, form=form,
                               error=error.told(language.current())), 400
    return redirect(created.host_url, code=303)


def _percent(value: str | None) -> int | None:
    """The open table's minimum share of turns in time: empty, or a whole per cent."""
    value = (value or "").strip().rstrip("%").strip()
    if not value:
        return None
    if not value.isdigit():
        raise InvalidInput(language.gettext("The minimum share of turns answered in time is a whole per cent, e.g. 90."))
    return int(value)


def read_new_game_form(form, language: str = "en") -> tuple[str, list[FarmerSpec], dict, int]:
    """Read the create-a-game form: farmer rows 1..4 (empty rows skipped),
    each a person, a bot or an open seat; the host is the row marked "me".
    Each person's language is their row's (``language``, the host's page's,
    when the row says none)."""
    kind = form.get("game", "")
    farmers: list[FarmerSpec] = []
    host = None
    for row in range(SEATS):
        player = form.get(f"player{row}", "person")
        name = form.get(f"name{row}", "").strip()
        if player == "empty" or (player == "person" and not name and not form.get(f"email{row}", "").strip()):
            continue
        if form.get("host") == str(row):
            if player != "person":
                raise InvalidInput(N_("Your own seat must be a person, not a bot or an open seat."))
            host = len(farmers)
        if player == "person":
            farmers.append(FarmerSpec(name, form.get(f"email{row}", "").strip() or None,
                                      language=form.get(f"language{row}") or language))
        elif player == "open":
            farmers.append(FarmerSpec("", open=True))
        else:
            farmers.append(FarmerSpec(name or f"{player.capitalize()} bot", bot=player))
    if not farmers:
        raise InvalidInput(N_("Write the farmers' names: at least your own, in the row marked “me”."))
    if host is None:
        marked = form.get("host", "")
        if marked.isdigit() and int(marked) < SEATS and form.get(f"player{marked}", "person") == "person":
            raise InvalidInput(N_("Write your name in the row marked “me”: that is your seat."))
        raise InvalidInput(N_("Mark which farmer you are (“me”): you get that seat's page."))
    options = {}
    for game in available_games():
        if game.name != kind:
            continue
        for option in game.options:
            field = f"option.{kind}.{option.key}"
            if isinstance(option.default, bool):
                options[option.key] = field in form
            elif isinstance(option.default, int):
                try:
                    options[option.key] = int(form.get(field, option.default))
                except ValueError:
                    raise InvalidInput(N_("%(option)s must be a whole number."),
                                       option=language.gettext(option.label)) from None
            else:
                options[option.key] = form.get(field, option.default)
    return kind, farmers, options, host


def read_clock_form(form) -> ClockSettings:
    """The clock fieldset (fields ``clock.<setting>``, docs/clocks.md). Without a
    time per turn the other fields are left at their defaults and unused."""
    values = {name: form.get(f"clock.{name}") for name in SETTING_NAMES if form.get(f"clock.{name}") is not None}
    if not (values.get("clock") or "").strip():
        return ClockSettings()
    try:
        return read_settings(values)
    except ValueError as error:
        raise InvalidInput(str(error)) from None
