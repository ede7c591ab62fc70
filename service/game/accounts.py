"""What was played, told to one reader: the lines of a turn mail's account,
the log page and the seat page's log.

In English the sentences stored with each move are told as they are. In
another language each move's sentence is made again from the position it
was played in (the game replayed from its setup along the live log, which
the caller passes) and told through the ``game`` catalog
(:mod:`boards.game_phrases`)."""

from __future__ import annotations

from boards.game_phrases import say, you_said
from boards.i18n import DEFAULT_LANGUAGE, translator
from engine.core import second_person
from service.core.game_kinds import rules_for
from service.storage.models import Game, MoveLogEntry


def account_lines(game: Game, entries: list[MoveLogEntry], reader: int | None = None, *,
                  language: str = DEFAULT_LANGUAGE, log: list[MoveLogEntry] | None = None,
                  states: list[dict] | None = None) -> list[dict]:
    """What was played, for the farmer at ``reader``: their own moves are told
    to them ("You … your Plot"), the others' by name ("Ann … their Plot");
    in ``language`` when the live ``log`` (from its first move) is given,
    and with it the positions along it when the caller has them
    (:func:`replayed`)."""
    names = {s.position: s.name for s in game.seats}
    if language != DEFAULT_LANGUAGE and log is not None and entries:
        states = states if states is not None else replayed(game, log)
        return _translated(game, entries, reader, names, translator(language), log, states)
    return [{"farmer": "You", "text": e.text, "description": second_person(e.description)} if e.seat == reader
            else {"farmer": names[e.seat], "text": e.text, "description": e.description} for e in entries]


def replayed(game: Game, log: list[MoveLogEntry]) -> list[dict]:
    """The positions along the live ``log``: ``[i]`` is the state after its
    first ``i`` moves (``[0]``: the setup), replayed once for every reader
    of a mail (the previous view of the drawing reads them too)."""
    rules = rules_for(game.kind)
    states = [rules.setup(len(game.seats), game.options, game.seed)]
    for entry in log:
        states.append(rules.apply_legal(states[-1], rules.from_code(entry.code)))
    return states


def _translated(game: Game, entries: list[MoveLogEntry], reader: int | None, names: dict, t,
                log: list[MoveLogEntry], states: list[dict]) -> list[dict]:
    rules = rules_for(game.kind)
    index = {entry.seq: i for i, entry in enumerate(log)}
    lines = []
    for entry in entries:
        mine = entry.seat == reader
        phrase = rules.describe_phrase(states[index[entry.seq]], rules.from_code(entry.code))
        lines.append({"farmer": you_said(t) if mine else names[entry.seat], "text": entry.text,
                      "description": say(phrase, t, you=mine)})
    return lines
