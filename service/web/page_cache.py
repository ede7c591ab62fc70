"""What the web pages render once and show again, kept in the web process.

Drawing a board is most of a seat page's CPU. A board fragment shows one
seat's view of one state version, and a version never changes once written,
so the fragment of ``(game, version, seat)`` is the same every time it is
asked for: the rule of the mail snapshots (:mod:`boards.cache`), applied to
the page's fragments. As there, a newer version of a game drops its older
fragments. The key also holds the farmers' names (an open seat taken at
the same version shows a new name). The drawing and the board in words are
kept apart: only the words outline the moves a page offers (all of the
turn's on the seat page, the link's own on its Confirm page), so a
drawing serves every page of its version and seat.

The seat is always part of the key: a farmer's view holds their hidden
cards, so an entry is only ever served to the seat it was drawn for.

Within a version's drawing, many panels (the other farmers' boards, the
key, often the market) are the same as in the drawing before it (about half
of a 4-farmer Sunfield seat page's), and writing a panel's SVG is most of
the drawing's CPU. Each panel's markup is kept,
keyed by a digest of the whole panel (its size, titles and every drawing
operation): the markup is a function of the panel alone, so a panel that
pickles to the same bytes draws the same, whoever it was drawn for.

The view a farmer had at the end of their previous turn (the drawing
outlines what changed since, :mod:`service.game.previous`) is a replay of the
log; it stays the same from the turn mail's Confirm page through every
action of the farmer's turn, so it is kept too, keyed by the log entries
it replays. The state last replayed for each game is kept with the entries
it replays: the replay of a farmer's next turn goes on from it (the moves
of one round) instead of from the game's setup.

Entries live in this process only (each web worker fills its own), with
the database they were made for (a game id means a game of that database),
a bounded number of each (:data:`MAX_BOARDS`...); the least recently used
goes first. A farmer sees each version of the board once, so few boards
are kept: they serve the same page asked for again (a reload, a move link
opened twice, a stale link's page, spectators).
"""

from __future__ import annotations

import hashlib
import pickle
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from markupsafe import Markup

import boards
from boards import Panel, panel_svg
from boards.i18n import DEFAULT_LANGUAGE
from service.core.game_kinds import rules_for
from service.game import previous

#: fragments kept, a drawing or a board in words each (a board's drawing and
#: words measured 85 kB of markup, median, up to 180 kB: about 11 MB at most
#: per web process)
MAX_FRAGMENTS = 128
#: panels kept (14 kB each, median, up to 33 kB)
MAX_PANELS = 512
#: previous views kept (a view is a small dict)
MAX_VIEWS = 256
#: games whose last replayed state is kept (a state is a small dict)
MAX_REPLAYS = 64


class Recent:
    """A bounded map that keeps the most recently used entries.

    ``get_or_make(key, make)`` calls ``make`` outside the lock: two requests
    asking for the same new key at once both make it, and either result is
    right (the same inputs give the same output)."""

    def __init__(self, max_entries: int):
        self.max_entries = max_entries
        self.entries: OrderedDict[Hashable, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get_or_make(self, key: Hashable, make: Callable[[], Any]) -> Any:
        with self.lock:
            if key in self.entries:
                self.entries.move_to_end(key)
                return self.entries[key]
        value = make()
        self.put(key, value)
        return value

    def get(self, key: Hashable) -> Any:
        """The entry of ``key`` (None if there is none), now the most recently used."""
        with self.lock:
            if key not in self.entries:
                return None
            self.entries.move_to_end(key)
            return self.entries[key]

    def put(self, key: Hashable, value: Any) -> None:
        with self.lock:
            self.entries[key] = value
            self.entries.move_to_end(key)
            while len(self.entries) > self.max_entries:
                self.entries.popitem(last=False)

    def drop(self, keep: Callable[[Hashable], bool]) -> None:
        with self.lock:
            for key in [k for k in self.entries if not keep(k)]:
                del self.entries[key]


class BoardFragments:
    """The board fragments of the pages, per ``(game, version, seat, names,
    part)``; ``part``: "drawing", or ``("words", highlight)`` for the board
    in words outlining the moves ``highlight``, or ``("choices", whole)``
    for what the seat page offers (:mod:`service.notify.choices`: as a
    board, a function of the state version and the seat), each with the
    page's language (its words are the reader's). Storing version *v* of a
    game drops its older versions."""

    def __init__(self, max_entries: int = MAX_FRAGMENTS):
        self.recent = Recent(max_entries)

    def get_or_render(self, game_id: int, version: int, seat: int | None, names: tuple[str, ...],
                      part: Hashable, render: Callable[[], Any]) -> Any:
        def render_newer() -> Any:
            self.recent.drop(lambda key: key[0] != game_id or key[1] >= version)
            return render()

        return self.recent.get_or_make((game_id, version, seat, names, part), render_newer)


class PageCaches:
    """The caches of one database (game ids are its own)."""

    def __init__(self):
        self.boards = BoardFragments(MAX_FRAGMENTS)
        self.previous_views = Recent(MAX_VIEWS)
        self.replays = Recent(MAX_REPLAYS)
        self.panels = Recent(MAX_PANELS)

    def drawing_html(self, kind: str, view: dict, seat: int | None, names: list[str],
                     before: dict | None = None, language: str = DEFAULT_LANGUAGE) -> Markup | None:
        """:func:`boards.drawing_html` in ``language``, each panel's SVG written
        once: the markup of a panel already written is taken from
        :attr:`panels`."""
        return boards.drawing_html(kind, view, seat, names, before, write_panel=self.panel_svg, language=language)

    def panel_svg(self, panel: Panel) -> str:
        digest = hashlib.blake2b(pickle.dumps(panel, protocol=pickle.HIGHEST_PROTOCOL), digest_size=20).digest()
        return self.panels.get_or_make(digest, lambda: panel_svg(panel))

    def previous_view(self, game, position: int, log: Sequence) -> dict | None:
        """:func:`service.game.previous.previous_view`, replayed once per turn: its
        result depends only on the log without the farmer's trailing run of
        entries (their turn in progress), the same before their first action
        of the turn as after it."""
        entries = list(log)
        while entries and entries[-1].seat == position:
            entries.pop()
        key = (game.id, position, tuple(entry.id for entry in entries))
        return self.previous_views.get_or_make(
            key, lambda: previous.previous_view(game, position, log, replay=lambda played: self.replay(game, played)))

    def replay(self, game, played: Sequence) -> dict:
        """The game's state after the log entries ``played`` (the first ones
        of its live log), going on from the state last replayed for the game
        when ``played`` begins with its entries (moves never change a state
        they are applied to; an undone entry leaves the live log, and the
        replay then starts again from the setup)."""
        rules = rules_for(game.kind)
        ids = tuple(entry.id for entry in played)
        kept = self.replays.get(game.id)
        if kept is not None and ids[: len(kept[0])] == kept[0]:
            done, state = kept
        else:
            done, state = (), rules.setup(len(game.seats), game.options, game.seed)
        for entry in played[len(done):]:
            state = rules.apply(state, rules.from_code(entry.code))
        self.replays.put(game.id, (ids, state))
        return state


_caches: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_caches_lock = threading.Lock()


def of(svc) -> PageCaches:
    """The page caches of the service's database (made on first use; they go with it)."""
    with _caches_lock:
        caches = _caches.get(svc.db)
        if caches is None:
            caches = _caches[svc.db] = PageCaches()
        return caches
