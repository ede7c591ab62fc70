"""The public page of a game's rules as Farmpost plays them: how many
farmers, the options a host may choose, every command a farmer can mail and
how moves are written. The invitation links it; nothing on it is private."""

from __future__ import annotations

from flask import Blueprint, render_template

from boards import notation_help as told_notation
from service.core.game_kinds import rules_for
from service.inbound.help import typed_commands
from service.web import language

blueprint = Blueprint("rules", __name__)


@blueprint.get("/rules/<kind>")
def show(kind: str):
    rules = rules_for(kind)  # an unknown game is a ServiceError page
    t = language.current()
    notation = told_notation.notation_help(rules, t)  # the examples in the reader's words
    example = notation[0][0] if notation else "pass"
    commands = typed_commands(t, example)
    # the options' words are the game's (its catalog), as the notation's meanings
    options = [{"label": t.gettext(option.label), "help": t.gettext(option.help) if option.help else ""}
               for option in rules.options]
    return render_template("web/rules.html", title=t.gettext("%(game)s rules", game=rules.title), game=rules,
                           options=options, seats={"low": rules.min_seats, "high": rules.max_seats},
                           notation=notation, commands=commands, plans=told_notation.plan_examples(rules, t))
