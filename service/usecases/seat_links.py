"""A seat's secrets: the seat link and the reply address, made at creation
and replaced on request (every older link then stops working)."""

from __future__ import annotations

import secrets

from service.core.services import Services
from service.jobs.dispatching import unit_of_work
from service.notify import changes
from service.storage.lookup import lock_game, seat_of


def new_secret() -> str:
    return secrets.token_urlsafe(24)


def new_reply_key() -> str:
    return secrets.token_hex(10)  # lower-case hex: case-insensitive by construction


def new_seat_link(svc: Services, game_id: int, position: int) -> tuple[str, bool]:
    """Replace the seat's secret and reply key: every older link and reply
    address of this farmer stops working. Returns (new seat link, mailed?)."""
    with unit_of_work(svc) as (session, work):
        game = lock_game(session, game_id)
        seat = seat_of(game, position)
        seat.secret = new_secret()
        seat.reply_key = new_reply_key()
        session.flush()
        mailed = changes.new_link(session, svc, game, seat, work)
        url = svc.links.seat_url(game.id, seat.position, seat.secret)
    return url, mailed
