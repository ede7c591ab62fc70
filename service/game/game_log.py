"""The game's log page (docs/spectators.md): every move with its sentence,
round markers, undone moves marked, and the board at any move.

The board at a move is rebuilt by replaying the live log from the seed on
the server; what the page shows of it is a view: the reader's own (a
farmer's seat, or the public view for a spectator) while the game runs, and
once it is over any farmer's, chosen on the page: then nothing is hidden any
more. The seed itself is never shown.
"""

from __future__ import annotations

import boards
from boards.game_phrases import progress as progress_said
from boards.game_phrases import say, you_said
from boards.i18n import DEFAULT_LANGUAGE, LANGUAGES, translator
from engine.core import MoveError
from engine.words import in_language
from service.core.game_kinds import rules_for
from service.game.accounts import account_lines
from service.storage.models import Game, MoveLogEntry


def log_page(game: Game, entries: list[MoveLogEntry], reader: int | None, at: int | None = None,
             as_seat: str | None = None, language: str = DEFAULT_LANGUAGE) -> dict:
    """``entries``: the whole log, undone moves too, in order. ``reader``:
    the farmer's seat, None for a spectator. ``at``: how many live moves the
    board shows (default: all). ``as_seat``: once the game is over, whose
    view to show ("public" or a seat number). ``language``: the page's, in
    which the moves and rounds are told (another than English tells each
    move from the position it was played in, as the replay goes)."""
    rules = rules_for(game.kind)
    t = translator(language)
    names = [s.name for s in game.seats]
    live = [e for e in entries if not e.undone]
    at = len(live) if at is None else max(0, min(at, len(live)))
    over = game.status == "over"

    state = rules.setup(len(game.seats), game.options, game.seed)
    shown = state if at == 0 else None
    lines = account_lines(game, entries, reader)
    rows, step, last_progress = [], 0, None
    for entry, line in zip(entries, lines):
        if t.language in LANGUAGES and t.language != DEFAULT_LANGUAGE:
            line = {**(_told(rules, state, entry, reader, names, t) or line),
                    "text": in_language(rules, entry.text, t.language)}
        if entry.undone:
            rows.append({"kind": "move", "step": None, "undone": True, **line})
            continue
        progress = rules.progress(state)
        if progress and progress != last_progress:
            rows.append({"kind": "round", "label": progress_said(rules, state, t)})
            last_progress = progress
        state = rules.apply(state, rules.from_code(entry.code))
        step += 1
        if step == at:
            shown = state
        rows.append({"kind": "move", "step": step, "undone": False, "current": step == at, **line})

    seat = _whose_view(reader, over, as_seat, len(names))
    view = rules.view(shown, seat)
    return {
        "rows": rows,
        "at": at,
        "steps": len(live),
        "over": over,
        "seat": seat,
        "choices": ([("public", t.gettext("the public view"))] + [(str(p), n) for p, n in enumerate(names)])
        if over else [],
        "as_seat": "public" if seat is None else str(seat),
        "board": {"html": boards.web_html(game.kind, view, seat, names, language=language),
                  "drawing": boards.drawing_html(game.kind, view, seat, names, language=language),
                  "progress": progress_said(rules, shown, t)},
    }


def _told(rules, state: dict, entry: MoveLogEntry, reader: int | None, names: list[str], t) -> dict | None:
    """``entry``'s line in ``t``'s language, its sentence made from
    ``state``, the position before it (an undone move: the position it was
    taken back to, None when it was played from another)."""
    mine = entry.seat == reader
    try:
        phrase = rules.describe_phrase(state, rules.from_code(entry.code))
    except (MoveError, ValueError, KeyError, IndexError, TypeError):
        return None
    return {"farmer": you_said(t) if mine else names[entry.seat], "text": entry.text,
            "description": say(phrase, t, you=mine)}


def _whose_view(reader: int | None, over: bool, as_seat: str | None, seats: int) -> int | None:
    """The reader's own view while the game runs; once it is over, the one
    they chose (anyone's: nothing is hidden any more)."""
    if not over or as_seat is None:
        return reader
    if as_seat.isdigit() and int(as_seat) < seats:
        return int(as_seat)
    return None
