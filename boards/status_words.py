"""Where a game stands, in the reader's language: the status line every
board rendering writes ("Céline to act: taking a Field tile or delivering
a Client.", "You to act: ...", "Waiting for Ann to join ...") and the
game's progress ("round 3 of 4"), from the board model of either game.

The board model (:mod:`boards.games`) is made once whatever the reader's
language; its ``doing`` is an English text marked for the catalog (both its
forms: "their Plot", and "your Plot" told to the farmer to act, whom
``you_act`` marks), ``waiting_for`` the names a table still awaits, and
``progress_of`` the facts of the game's progress.
"""

from __future__ import annotations

from boards.i18n import N_, Translator
from boards.in_words import listed


def doing(b: dict, t: Translator) -> str:
    """What the farmer to act is doing ("placing a Wheelbarrow")."""
    return t.gettext(b["doing"])


def acting(b: dict, t: Translator) -> str:
    """The status line's sentence: the game over, the farmers awaited, or
    who acts and what they are doing."""
    if b["over"]:
        return t.gettext("The game is over.")
    if b.get("waiting_for"):
        return t.gettext("Waiting for %(names)s to join before the game starts.", names=listed(b["waiting_for"], t))
    if b.get("you_act"):
        return t.gettext("You to act: %(doing)s.", doing=doing(b, t))
    if b.get("to_act_name"):
        return t.gettext("%(name)s to act: %(doing)s.", name=b["to_act_name"], doing=doing(b, t))
    return doing(b, t)


#: the engine's progress labels (engine/*/game.py ``progress``), made again in the reader's language
PROGRESS = {
    "over": N_("game over after round %(n)s"),
    "setup": N_("setup: keeping Characters and Farmhouses"),
    "round": N_("round %(n)s"),
    "last": N_("round %(n)s (last round)"),
    "round_of": N_("round %(n)s of %(rounds)s"),
}


def progress(b: dict, t: Translator) -> str:
    """The game's progress ("round 3", "round 2 of 4", "game over after
    round 7"), from the model's ``progress_of``: ``{"key": one of
    :data:`PROGRESS`, "n": the round, "rounds": how many (Harvest)}``."""
    of = b["progress_of"]
    return t.gettext(PROGRESS[of["key"]], n=of["n"], rounds=of.get("rounds"))


def you(f: dict, t: Translator) -> str:
    """A farmer's name, "(you)" after it when the reader is that farmer."""
    return t.gettext("%(name)s (you)", name=f["name"]) if f["you"] else f["name"]
