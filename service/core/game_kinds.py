"""The service's only door to the engine: game rules by kind, and the few
facts about a game that pages and mails need. Nothing here is game-specific."""

from __future__ import annotations

from engine import game_names, get_game
from engine.core import Game
from mail.sentence import N_
from service.core.errors import InvalidInput


def rules_for(kind: str) -> Game:
    try:
        return get_game(kind)
    except (KeyError, ImportError):
        raise InvalidInput(N_("There is no game called “%(kind)s”."), kind=kind) from None


def available_games() -> list[Game]:
    """The games whose engine is installed."""
    out = []
    for name in game_names():
        try:
            out.append(get_game(name))
        except ImportError:
            continue
    return out


def title_of(kind: str) -> str:
    try:
        return get_game(kind).title or kind
    except (KeyError, ImportError):
        return kind
