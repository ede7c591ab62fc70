"""The host hands a seat to a new farmer (docs/clocks.md).

The seat keeps its place, pieces and score; it gets a new name and address,
a new secret and reply key (so every link and reply address of the farmer
who left stops working), and an invitation for the substitute. Timeouts,
vacation and bank start afresh, and if it is the seat's turn the turn time
starts again from the hand-over. The other farmers are told once.
"""

from __future__ import annotations

from sqlalchemy import select

from boards.i18n import N_, translator
from service.core.errors import InvalidInput
from service.core.services import Services
from service.core.wall_time import now
from service.game import clocks
from service.jobs import dispatching
from service.notify import changes
from service.notify.notices import tell_others
from service.storage import lookup
from service.storage.models import ClockEvent, Invitation
from service.usecases import creation, plans, seat_links


def substitute(svc: Services, game_id: int, by: int, position: int, name: str, email: str) -> str:
    """``by`` (the host) gives seat ``position`` to ``name <email>``; returns the answer for the host."""
    name, email = (name or "").strip(), (email or "").strip()
    creation.check_farmer(creation.FarmerSpec(name, email), is_host=False, utf8=svc.config.smtputf8)
    with dispatching.unit_of_work(svc) as (session, work):
        game = lookup.lock_game(session, game_id)
        host = lookup.seat_of(game, by)
        seat = lookup.seat_of(game, position)
        if game.clock is None or game.clock.host != by:
            raise InvalidInput(N_("Only the host can hand a seat to a new farmer."))
        if position == by:
            raise InvalidInput(N_("The host keeps their own seat; hand another one."))
        if game.status == "over":
            raise InvalidInput(N_("This game is over."))
        left = seat.name
        seat.name, seat.email = name, email
        seat.secret, seat.reply_key = seat_links.new_secret(), seat_links.new_reply_key()
        seat.joined_at, seat.thread_root, seat.bot, seat.resigned = None, None, None, False
        seat.away_until, seat.turn_held, seat.bouncing_since = None, False, None
        seat.preferences = dict(changes.DEFAULT_PREFERENCES)
        plans.drop_for_substitute(session, game, seat)  # the new farmer starts without the old one's plan
        if seat.clock is not None:
            seat.clock.timeouts = seat.clock.vacation_used = 0
            seat.clock.bank_left, seat.clock.time_zone = game.clock.bank, None
        invitation = session.scalar(select(Invitation).where(Invitation.seat_id == seat.id))
        if invitation is None:
            session.add(Invitation(game_id=game.id, seat_id=seat.id, email=email))
        else:
            invitation.email, invitation.created_at, invitation.accepted_at = email, now(), None
        session.flush()
        if clocks.is_running(game) and game.clock.turn_seat in (None, position):
            clocks.restart_turn(game, now())
        session.add(ClockEvent(game_id=game.id, key=f"g{game.id}:substitute:{position}:{now().isoformat()}",
                               kind="substitute", seat=position, turn=game.clock.turn, detail=f"{left} -> {name}"))
        changes.invite(session, svc, game, seat, host, work)
        tell_others(session, svc, game, seat, kind="clock",
                    what=lambda t: t.gettext("%(name)s takes %(left)s's seat", name=name, left=left),
                    text=lambda t: t.gettext("%(host)s, the host, handed %(left)s's seat to %(name)s, who is invited "
                                             "to join. %(name)s keeps %(left)s's place on the board.",
                                             host=host.name, left=left, name=name),
                    key=f"substitute:{game.id}:{position}:{now().isoformat()}", work=work)
        t = translator(host.language)
    return t.gettext("%(left)s's seat goes to %(name)s; the invitation is on its way to %(address)s.", left=left,
                     name=name, address=email)
