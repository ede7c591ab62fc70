"""The public page of a game's rules as Farmpost plays them: how many
farmers, the options a host may choose, every command a farmer can mail and
how moves are written. The invitation links it; nothing on it is private."""

from __future__ import annotations

from flask import Blueprint, render_template

from service.core.game_kinds import rules_for
from service.inbound.help import COMMANDS
from service.web import language

blueprint = Blueprint("rules", __name__)


@blueprint.get("/rules/<kind>")
def show(kind: str):
    rules = rules_for(kind)  # an unknown game is a ServiceError page
    notation = list(rules.notation_help())
    example = notation[0][0] if notation else "pass"
    commands = [(text.format(move=example), meaning) for text, meaning in COMMANDS]
    return render_template("web/rules.html", title=language.gettext("%(game)s rules", game=rules.title), game=rules, notation=notation,
                           commands=commands)
