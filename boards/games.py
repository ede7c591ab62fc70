"""Which module turns a game's view into the board its templates draw.

Each game module exposes ``board(view, seat, names) -> dict``: plain data shaped
for the templates (labels worked out, colours named, grids as rows), built
from the farmer's VIEW only, so nothing hidden can reach a rendering.
Templates for game ``g`` are ``templates/boards/g/board.html`` (web, mail and
PDF) and ``templates/boards/g/board.txt``; the latter and ``print.html`` read
the grids :func:`in_words` adds.
"""

from __future__ import annotations

from importlib import import_module

from engine.core import second_person

_MODULES = {
    "sunfield": "boards.sunfield",
    "harvest": "boards.harvest",
}


def game_names() -> list[str]:
    """The games that have boards (the service asks before rendering)."""
    return list(_MODULES)


def board(game_name: str, view: dict, seat: int | None, names: list[str] | None = None) -> dict:
    """The board model of ``game_name``; ``names`` default to "Farmer 1", ..."""
    try:
        module = _MODULES[game_name]
    except KeyError:
        raise KeyError(f"no board for game {game_name!r}; known: {', '.join(_MODULES)}") from None
    if "hidden" in view:
        raise ValueError("boards are drawn from a farmer's view, not the full state (it has 'hidden')")
    others = set(view.get("private", {})) - {str(seat)}
    if others:
        raise ValueError(f"the view for seat {seat} holds other seats' private parts: {sorted(others)}")
    if names is not None and len(names) != view["seats"]:
        raise ValueError(f"{len(names)} names for {view['seats']} farmers")
    model = import_module(module).board(view, seat, list(names) if names else None)
    return awaiting(addressed_to_reader(model, seat), view)


def awaiting(model: dict, view: dict) -> dict:
    """A table still waiting for farmers to join (the service marks the view
    with ``waiting_for``, their names): nobody is to act yet, so the line
    about who acts says who is awaited instead of "You to act"."""
    waiting = view.get("waiting_for")
    if not waiting:
        return model
    who = waiting[0] if len(waiting) == 1 else f"{', '.join(waiting[:-1])} and {waiting[-1]}"
    return {**model, "to_act_name": None, "doing": f"Waiting for {who} to join before the game starts"}


def addressed_to_reader(model: dict, seat: int | None) -> dict:
    """When the reader is the farmer to act, the board's line about who acts
    speaks to them: "You to act: placing the Field tile just taken in your
    Plot", not their name and "their Plot"."""
    if seat is not None and model.get("to_act") == seat and model.get("to_act_name"):
        return {**model, "to_act_name": "You", "doing": second_person(model["doing"])}
    return model


def in_words(game_name: str, board: dict) -> dict:
    """The board model with the grids of the board in words added (the game
    module's ``words``): what the text board and the printed board read."""
    return board | import_module(_MODULES[game_name]).words(board)


def print_layout(game_name: str, board: dict) -> dict:
    """The keys the report's board in words adds to a board model (see the
    game module's ``print_layout``)."""
    return import_module(_MODULES[game_name]).print_layout(board)
