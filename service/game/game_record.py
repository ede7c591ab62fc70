"""The game record: a game as one JSON document (kind, options, seats
without addresses, every move) and the check that it replays to the result
it claims (`farmpost export`, `farmpost replay`, docs/spectators.md).

The seed is in the record only once the game is over: with the seed and the
public move codes anyone could rebuild the hidden state (the order of the
piles, the other farmers' cards) of a game still being played. So a running
game's record lists its moves but cannot be replayed yet.
"""

from __future__ import annotations

from sqlalchemy import select

from engine import get_game
from engine.core import MoveError
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.storage.lookup import load_game
from service.storage.models import MoveLogEntry

FORMAT = "farmpost-record/1"


class RecordError(ValueError):
    """A record that cannot be replayed, or replays to something else."""


def build(kind: str, options: dict, seed: int | None, over: bool, seats: list[dict], moves: list[dict],
          state: dict | None = None) -> dict:
    """The record of a game. ``seats``: name and bot per position (no
    addresses); ``moves``: every log entry (seq, seat, code, text,
    description, undone). The seed and the result (``state``'s score sheet
    and ranking) are written only when ``over``."""
    record = {
        "format": FORMAT,
        "game": kind,
        "options": options,
        "over": over,
        "seed": seed if over else None,
        "seats": [{"position": s["position"], "name": s["name"], "bot": s.get("bot")} for s in seats],
        "moves": [{key: m[key] for key in ("seq", "seat", "code", "text", "description", "undone")} for m in moves],
    }
    if over and state is not None:
        rules = rules_for(kind)
        record["result"] = {"scores": rules.score_sheet(state)["total"], "ranking": rules.ranking(state)}
    return record


def game_record(svc: Services, game_id: int) -> dict:
    """The record of a stored game (NotFound if there is none)."""
    with svc.db.transaction() as session:
        game = load_game(session, game_id)
        entries = session.scalars(select(MoveLogEntry).where(MoveLogEntry.game_id == game_id)
                                  .order_by(MoveLogEntry.seq))
        moves = [{"seq": e.seq, "seat": e.seat, "code": e.code, "text": e.text, "description": e.description,
                  "undone": e.undone} for e in entries]
        seats = [{"position": s.position, "name": s.name, "bot": s.bot} for s in game.seats]
        return build(game.kind, game.options, game.seed, game.status == "over", seats, moves, game.state)


def check(record: dict) -> str:
    """Replay a record and compare it with the result it states; returns a
    one-line summary, or raises RecordError saying what differs."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"not a Farmpost game record (expected format {FORMAT!r})")
    try:
        rules = get_game(record["game"])
        options = rules.normalize_options(record["options"])
        seats = len(record["seats"])
        moves = [m for m in record["moves"] if not m["undone"]]
    except (KeyError, TypeError, ValueError) as error:
        raise RecordError(f"the record is incomplete or malformed ({error})") from None
    if record.get("seed") is None:
        raise RecordError("the game was still running when this record was made: its seed is withheld until "
                          "the game is over, so it cannot be replayed yet")
    try:
        state = rules.setup(seats, options, record["seed"])
    except ValueError as error:
        raise RecordError(f"the game cannot be set up: {error}") from None
    for move in moves:
        if rules.to_act(state) != move["seat"]:
            raise RecordError(f"move {move['seq']} ({move['text']}) is by seat {move['seat']}, "
                              f"but seat {rules.to_act(state)} is to act then")
        try:
            played = rules.from_code(move["code"])
            text = rules.text(played)
            state = rules.apply(state, played)
        except MoveError as error:
            raise RecordError(f"move {move['seq']} ({move['text']}) cannot be played: {error.reason}") from None
        if text != move["text"]:
            raise RecordError(f"move {move['seq']} reads {text!r} on replay, the record says {move['text']!r}")
    if not rules.is_over(state):
        raise RecordError(f"the moves do not end the game ({len(moves)} moves replayed)")
    result = record.get("result") or {}
    scores, ranking = rules.score_sheet(state)["total"], rules.ranking(state)
    if result.get("scores") != scores:
        raise RecordError(f"the replay scores {scores}, the record says {result.get('scores')}")
    if result.get("ranking") != ranking:
        raise RecordError(f"the replay ranks {ranking}, the record says {result.get('ranking')}")
    names = [s["name"] for s in record["seats"]]
    return f"{rules.title}: {len(moves)} moves replay to the same result: " + ", ".join(
        f"{names[seat]} {scores[seat]}" for seat in range(seats))
