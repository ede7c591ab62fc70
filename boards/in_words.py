"""The board in a few sentences, for a farmer who asks by mail and for
anyone who cannot see the picture (a screen reader, a small phone):
``market``, ``my plot``, ``clients``, ``scores`` and ``what changed``, each a short answer in
the reader's language, read from that farmer's view only.

:func:`answer` is the one entry; each game's sentences are in
:mod:`boards.sunfield_words` and :mod:`boards.harvest_words`.
"""

from __future__ import annotations

from boards.i18n import Translator
from engine import get_game

#: what a farmer may ask (the command kinds of mail/inbound/commands.py)
MARKET, PLOT, CLIENTS, SCORES = "market", "plot", "clients", "scores"
TOPICS = (MARKET, PLOT, CLIENTS, SCORES)


def answer(game_name: str, topic: str, view: dict, seat: int | None, names: list[str], t: Translator) -> str:
    """The answer to ``topic`` for ``seat`` (None: a spectator), from ``view``."""
    if topic == SCORES:
        return scores(game_name, view, names, t)
    if game_name == "sunfield":
        from boards import sunfield_words as words
    elif game_name == "harvest":
        from boards import harvest_words as words
    else:
        return t.gettext("This game has no board to tell in words.")
    return {MARKET: words.market, PLOT: words.plot, CLIENTS: words.clients}[topic](view, seat, names, t)


def scores(game_name: str, view: dict, names: list[str], t: Translator) -> str:
    """Every farmer's points now, best first, and who leads."""
    game = get_game(game_name)
    totals = game.score_sheet(view)["total"]
    ranking = game.ranking(view)
    lines = [t.ngettext("%(name)s: %(n)s point", "%(name)s: %(n)s points", totals[seat], name=names[seat])
             for group in ranking for seat in group]
    leaders = [names[seat] for seat in ranking[0]]
    if len(leaders) == 1:
        lead = t.gettext("%(name)s leads.", name=leaders[0])
    else:
        lead = t.gettext("%(names)s share the lead.", names=listed(leaders, t))
    return "\n".join([t.gettext("Scores now (what the score sheet would give):"), *lines, lead])


def told_changes(lines: list[str], t: Translator) -> str:
    """``what changed``: the moves played since the farmer's last one
    (sentences of the log, "Bob took Field tile b2"), in order."""
    if not lines:
        return t.gettext("Nothing has changed since your last move.")
    return "\n".join([t.gettext("Since your last move, in the order played:"), *(f"* {line}" for line in lines)])


def listed(items: list[str], t: Translator) -> str:
    """``a``, ``a and b``, ``a, b and c`` in ``t``'s language."""
    if len(items) <= 1:
        return "".join(items)
    return t.gettext("%(first)s and %(last)s", first=", ".join(items[:-1]), last=items[-1])
