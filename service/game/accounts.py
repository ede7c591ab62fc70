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
                  language: str = DEFAULT_LANGUAGE, log: list[MoveLogEntry] | None = None) -> list[dict]:
    """What was played, for the farmer at ``reader``: their own moves are told
    to them ("You … your Plot"), the others' by name ("Ann … their Plot");
    in ``language`` when the live ``log`` (from its first move) is given."""
    names = {s.position: s.name for s in game.seats}
    if language != DEFAULT_LANGUAGE and log is not None and entries:
        return _translated(game, entries, reader, names, language, log)
    return [{"farmer": "You", "text": e.text, "description": second_person(e.description)} if e.seat == reader
            else {"farmer": names[e.seat], "text": e.text, "description": e.description} for e in entries]


def _translated(game: Game, entries: list[MoveLogEntry], reader: int | None, names: dict, language: str,
                log: list[MoveLogEntry]) -> list[dict]:
    t, rules = translator(language), rules_for(game.kind)
    wanted = {e.seq for e in entries}
    told: dict[int, dict] = {}
    state = rules.setup(len(game.seats), game.options, game.seed)
    for entry in log:
        move = rules.from_code(entry.code)
        if entry.seq in wanted:
            phrase = rules.describe_phrase(state, move)
            mine = entry.seat == reader
            told[entry.seq] = {"farmer": you_said(t) if mine else names[entry.seat], "text": entry.text,
                               "description": say(phrase, t, you=mine)}
        if entry.seq >= max(wanted):
            break
        state = rules.apply(state, move)
    return [told[e.seq] for e in entries if e.seq in told]
