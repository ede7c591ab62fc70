"""Board models and drawings built once per view, whoever asks.

A turn mail asks for the same farmer's board five times (text part, HTML
part, picture, PDF and the PDF's words) and for the board at their
previous turn once more; building a 4-farmer Sunfield board takes 2-3 ms
of CPU, its drawing as much again. Here they are kept, keyed by the
*content* of the view (a digest of its pickle) rather than the dict
object, so equal views from different callers share one board and a
changed view can never get a stale one.

What is returned is shared: callers read it and never change it (a test
renders everything from a board and checks it is unchanged).
"""

from __future__ import annotations

import hashlib
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

from boards import games

#: how many boards, drawings and texts are kept: a mail needs a handful;
#: a worker going from game to game rarely comes back to the same views
KEPT = 32

T = TypeVar("T")

_kept: OrderedDict[Hashable, object] = OrderedDict()
_lock = threading.Lock()


def view_key(view: dict | None) -> bytes | None:
    """A digest of the view's content (None for no view)."""
    if view is None:
        return None
    return hashlib.blake2b(pickle.dumps(view, protocol=5), digest_size=16).digest()


def names_key(names) -> tuple | None:
    return tuple(names) if names is not None else None


def kept(key: Hashable, make: Callable[[], T]) -> T:
    """``make()``'s result for ``key``, made once while it is among the
    :data:`KEPT` most recently used. Safe to call from threads (a web
    server's): the dict is changed under a lock, ``make`` runs outside it."""
    with _lock:
        if key in _kept:
            _kept.move_to_end(key)
            return _kept[key]  # type: ignore[return-value]
    value = make()
    with _lock:
        _kept[key] = value
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return value


def forget() -> None:
    """Drop everything kept (bench/drawing.py times a new view so)."""
    with _lock:
        _kept.clear()


def board(game_name: str, view: dict, seat: int | None, names=None) -> dict:
    """:func:`boards.games.board`, built once per view content, seat and names."""
    return kept(("board", game_name, seat, names_key(names), view_key(view)),
                lambda: games.board(game_name, view, seat, names))


def board_in_words(game_name: str, view: dict, seat: int | None, names=None, language: str = "en") -> dict:
    """:func:`boards.games.in_words` of :func:`board`, made once per view content, seat, names and
    language (its grids' words are the reader's)."""
    return kept(("words", game_name, seat, names_key(names), view_key(view), language),
                lambda: games.in_words(game_name, board(game_name, view, seat, names), language))
