"""Pure game rules. Nothing here does I/O, reads the clock or knows about Flask.

``get_game(name)`` returns the rules of a game by its registry name.
"""

from __future__ import annotations

from importlib import import_module

from engine.core import Game

#: registry name -> module that defines ``GAME``
_MODULES = {
    "sunfield": "engine.sunfield",
    "harvest": "engine.harvest",
}


#: the kinds of bot in ``engine.bots.BOTS``, by name: for argument parsers
#: that must not import the bots (and through them the games) to list them
BOT_NAMES = ("random", "greedy", "search")


def game_names() -> list[str]:
    return list(_MODULES)


def get_game(name: str) -> Game:
    try:
        module = _MODULES[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(_MODULES)}") from None
    return import_module(module).GAME
