"""Addresses that bounce: a delivery failure report for a farmer's address
marks their seats, and the other farmers of each game are told once, in the
same transaction, so someone can reach the farmer another way. The mark goes
when the farmer's next mail gets through the sender check, or when they save
their preferences. Bounces themselves are never answered (mail.inbound.errors).

Only permanent failures count: a "delayed" report or a 4.x.x status says the
mail may still arrive. Mail keeps going to a bouncing address, since the
next one may get through (a full mailbox empties).
"""

from __future__ import annotations

from sqlalchemy import func, select, update

from mail.inbound.errors import FailedRecipient
from service.core.services import Services
from service.core.wall_time import now
from service.game import clocks
from service.jobs import dispatching
from service.notify.notices import tell_others
from service.storage import lookup
from service.storage.models import Game, Seat


def mark_bouncing(svc: Services, failed: tuple[FailedRecipient, ...]) -> list[tuple[int, int]]:
    """Mark the seats of unfinished games whose address failed for good;
    returns the (game id, seat) newly marked."""
    addresses = sorted({f.address.lower() for f in failed if f.permanent and f.address})
    if not addresses:
        return []
    marked = []
    with dispatching.unit_of_work(svc) as (session, work):
        found = session.execute(
            select(Seat.id, Seat.game_id).join(Game).where(func.lower(Seat.email).in_(addresses),
                                                           Seat.bouncing_since.is_(None),
                                                           Game.status.in_(("inviting", "active")))
        ).all()
        ids = {seat_id for seat_id, _ in found}
        for game_id in sorted({game_id for _, game_id in found}):
            game = lookup.lock_game(session, game_id)  # the usual lock order: the game first
            for seat in game.seats:
                if seat.id not in ids or seat.bouncing_since is not None:
                    continue
                seat.bouncing_since = now()
                tell_others(session, svc, game, seat, kind="bouncing", what=f"mail to {seat.name} bounces",
                            text=_notice(seat.name), key=f"bouncing:{seat.id}:{seat.bouncing_since.isoformat()}",
                            work=work, instead=_host_notice(svc, game, seat))
                marked.append((game.id, seat.position))
    return marked


def clear_bouncing(session, address: str) -> None:
    """Mail from ``address`` got through: its seats' addresses work again."""
    session.execute(update(Seat).where(func.lower(Seat.email) == address.lower(), Seat.bouncing_since.is_not(None))
                    .values(bouncing_since=None))


def _host_notice(svc: Services, game: Game, seat: Seat) -> dict[int, str]:
    """The host's notice, in place of the others' (one mail): what the host
    can do. Known only on a game with a host (``game_clocks.host``) other
    than the bouncing farmer; the substitute form is on a running clock's card."""
    position = game.clock.host if game.clock is not None else None
    host = next((s for s in game.seats if s.position == position), None)
    if host is None or host.position == seat.position:
        return {}
    name = seat.name
    text = (f"Farmpost's mail to {name} could not be delivered: their mail server refused it.\n\n"
            f"{name} may not know when it is their turn. As the host, you can:\n"
            f"* tell them another way and ask them to check the address they gave (their next mail clears "
            "the warning);\n")
    if clocks.is_running(game):
        text += (f"* hand {name}'s seat to a substitute: on your seat page, in the Clock card, choose {name} under "
                 "“Hand the seat of”, give the new farmer's name and address and press “Invite a substitute”. "
                 f"The substitute keeps {name}'s place on the board; {name}'s links stop working.\n"
                 f"  {svc.links.seat_url(game.id, host.position, host.secret)}\n\n"
                 f"Until then the clock mails {name} no reminders and does not count their timeouts; at their "
                 "deadline it still acts, so the game goes on.")
    else:
        text += f"* wait: the game waits for {name}, and their seat page shows the warning too."
    return {host.position: text}


def _notice(name: str) -> str:
    return (f"Farmpost's mail to {name} could not be delivered: their mail server refused it.\n\n"
            f"{name} may not know when it is their turn. If you can, tell them another way "
            "and ask them to check the address they gave; their seat page shows the warning too.")
