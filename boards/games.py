"""The one registry of the game kinds that have boards, and of the modules
that render each: every lookup of a game's board or drawing goes through here.

Each game's board module exposes ``board(view, seat, names) -> dict``: plain data shaped
for the templates (labels worked out, colours named, grids as rows), built
from the farmer's VIEW only, so nothing hidden can reach a rendering.
Templates for game ``g`` are ``templates/boards/g/board.html`` (web, mail and
PDF) and ``templates/boards/g/board.txt``; the latter and ``print.html`` read
the grids :func:`in_words` adds. Each game's drawing module
(:mod:`boards.svg.sunfield`, ...) exposes ``parts`` and ``panels(board,
changes)`` (:mod:`boards.svg.drawing`).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

import engine
from boards.i18n import DEFAULT_LANGUAGE, translator
from engine.core import second_person

#: the game kinds that have boards: kind -> (its board module, its drawing module)
BOARDS = {
    "sunfield": ("boards.sunfield", "boards.svg.sunfield"),
    "harvest": ("boards.harvest", "boards.svg.harvest"),
}


def game_names() -> list[str]:
    """The games that have boards."""
    return list(BOARDS)


def has_board(game_name: str) -> bool:
    """Whether the game has boards (the service asks before rendering); False
    for a game of the engine that has none yet, whose pages and mails then
    show where the game stands instead. A name that is no game of the engine
    is a KeyError, as asking its board is."""
    if game_name in BOARDS:
        return True
    if game_name in engine.game_names():
        return False
    raise _no_board(game_name)


def board_module(game_name: str) -> ModuleType:
    """The module that turns the game's view into its board model."""
    return import_module(_modules(game_name)[0])


def drawing_module(game_name: str) -> ModuleType:
    """The module that draws the game's board model as panels."""
    return import_module(_modules(game_name)[1])


def _modules(game_name: str) -> tuple[str, str]:
    try:
        return BOARDS[game_name]
    except KeyError:
        raise _no_board(game_name) from None


def _no_board(game_name: str) -> KeyError:
    return KeyError(f"no board for game {game_name!r}; known: {', '.join(BOARDS)}")


def board(game_name: str, view: dict, seat: int | None, names: list[str] | None = None) -> dict:
    """The board model of ``game_name``; ``names`` default to "Farmer 1", ..."""
    module = board_module(game_name)
    if "hidden" in view:
        raise ValueError("boards are drawn from a farmer's view, not the full state (it has 'hidden')")
    others = set(view.get("private", {})) - {str(seat)}
    if others:
        raise ValueError(f"the view for seat {seat} holds other seats' private parts: {sorted(others)}")
    if names is not None and len(names) != view["seats"]:
        raise ValueError(f"{len(names)} names for {view['seats']} farmers")
    model = module.board(view, seat, list(names) if names else None)
    return awaiting(addressed_to_reader(model, seat), view)


def awaiting(model: dict, view: dict) -> dict:
    """A table still waiting for farmers to join (the service marks the view
    with ``waiting_for``, their names): nobody is to act yet, so the line
    about who acts says who is awaited instead of "You to act"."""
    waiting = view.get("waiting_for")
    if not waiting:
        return model
    who = waiting[0] if len(waiting) == 1 else f"{', '.join(waiting[:-1])} and {waiting[-1]}"
    # "doing" stays the English sentence (the web's board); "waiting_for" is what a reader's language tells
    return {**model, "to_act_name": None, "doing": f"Waiting for {who} to join before the game starts",
            "waiting_for": list(waiting)}


def addressed_to_reader(model: dict, seat: int | None) -> dict:
    """When the reader is the farmer to act, the board's line about who acts
    speaks to them: "You to act: placing the Field tile just taken in your
    Plot", not their name and "their Plot"."""
    if seat is not None and model.get("to_act") == seat and model.get("to_act_name"):
        # "you_act": the renderings in a reader's language say so in theirs (boards.status_words)
        return {**model, "to_act_name": "You", "doing": second_person(model["doing"]), "you_act": True}
    return model


def in_words(game_name: str, board: dict, language: str = DEFAULT_LANGUAGE) -> dict:
    """The board model with the grids of the board in words added (the game
    module's ``words``), their words in ``language``: what the text board
    and the printed board read."""
    return board | board_module(game_name).words(board, translator(language))


def print_layout(game_name: str, board: dict) -> dict:
    """The keys the report's board in words adds to a board model (see the
    game module's ``print_layout``)."""
    return board_module(game_name).print_layout(board)
