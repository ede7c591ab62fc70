"""A bot's turn: when a bot is to act, its move goes in as a move request
like anyone's, chosen from the game's seed and version (deterministic)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from engine.bots import make_bot
from engine.core import Rng
from service.core.game_kinds import rules_for
from service.jobs.work import Work
from service.storage.lookup import seat_of
from service.storage.models import Game, MoveRequest


def queue_bot(session: Session, game: Game, work: Work) -> None:
    """If a bot is to act, its move goes in as a request like anyone's."""
    rules = rules_for(game.kind)
    to_act = rules.to_act(game.state)
    if to_act is None:
        return
    seat = seat_of(game, to_act)
    if seat.bot is None:
        return
    move = make_bot(seat.bot).choose(rules, game.state, Rng.from_seed(f"bot:{game.seed}:{game.version}"))
    request = MoveRequest(game_id=game.id, seat=to_act, action="move", codes=[rules.code(move)], source="bot",
                          base_version=game.version, dedupe_key=f"bot:{game.id}:{game.version}", status="pending")
    session.add(request)
    work.requests.append(request)
