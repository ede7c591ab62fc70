"""Addresses that bounce: a delivery failure report for a farmer's address
marks their seats, and the other farmers of each game are told once, in the
same transaction, so someone can reach the farmer another way. The mark goes
when the farmer's next mail gets through the sender check, or when they save
their preferences. Bounces themselves are never answered (mail.inbound.errors).

A permanent failure (5.x.x) marks at once. A temporary one (``Action:
failed`` with a 4.x.x status: a full mailbox, a server down for days) is
counted per address (``soft_bounces``), and ``Config.soft_bounces`` of them
within ``Config.soft_bounce_days`` mark the seats as one permanent failure
does; a "delayed" report is not counted (the mail is still being tried, and
one mail may bring several). The farmer's next mail that gets through clears
the count with the mark. Mail keeps going to a bouncing address, since the
next one may get through (a full mailbox empties).
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import delete, func, select, update

from boards.i18n import Translator
from mail.inbound.errors import FailedRecipient
from service.core.services import Services
from service.core.wall_time import now
from service.game import clocks
from service.jobs import dispatching
from service.notify.notices import Telling, tell_others
from service.storage import lookup
from service.storage.models import Game, Seat, SoftBounce


def mark_bouncing(svc: Services, failed: tuple[FailedRecipient, ...]) -> list[tuple[int, int]]:
    """Mark the seats of unfinished games whose address failed for good, or
    failed for now once too often (:func:`_soft_limit`); returns the (game
    id, seat) newly marked."""
    hard = {f.address.lower() for f in failed if f.permanent and f.address}
    soft = {f.address.lower(): f.status for f in failed if f.soft and f.address and f.address.lower() not in hard}
    if not hard and not soft:
        return []
    marked = []
    with dispatching.unit_of_work(svc) as (session, work):
        found = session.execute(
            select(Seat.id, Seat.game_id, func.lower(Seat.email)).join(Game)
            .where(func.lower(Seat.email).in_(sorted(hard | set(soft))), Seat.bouncing_since.is_(None),
                   Game.status.in_(("inviting", "active")))
        ).all()
        soft_marks = _soft_limit(session, svc, {a: s for a, s in soft.items() if a in {e for _, _, e in found}})
        found = [(seat_id, game_id) for seat_id, game_id, email in found if email in hard or email in soft_marks]
        ids = {seat_id for seat_id, _ in found}
        for game_id in sorted({game_id for _, game_id in found}):
            game = lookup.lock_game(session, game_id)  # the usual lock order: the game first
            for seat in game.seats:
                if seat.id not in ids or seat.bouncing_since is not None:
                    continue
                seat.bouncing_since = now()
                soft_mark = (seat.email or "").lower() in soft_marks
                tell_others(session, svc, game, seat, kind="bouncing",
                            what=lambda t, name=seat.name: t.gettext("mail to %(name)s bounces", name=name),
                            text=lambda t, name=seat.name, soft_mark=soft_mark: _notice(t, name, _why(svc, soft_mark, t)),
                            key=f"bouncing:{seat.id}:{seat.bouncing_since.isoformat()}",
                            work=work, instead=_host_notice(svc, game, seat, soft_mark))
                marked.append((game.id, seat.position))
    return marked


def _soft_limit(session, svc: Services, soft: dict[str, str]) -> set[str]:
    """Count a temporary failure of each address of a farmer (``soft``:
    address -> status) and return those with ``Config.soft_bounces`` of them
    within ``Config.soft_bounce_days``; older ones are forgotten."""
    if not soft:
        return set()
    moment = now()
    since = moment - timedelta(days=svc.config.soft_bounce_days)
    session.execute(delete(SoftBounce).where(SoftBounce.address.in_(sorted(soft)), SoftBounce.received_at < since))
    session.add_all(SoftBounce(address=address, status=status[:16], received_at=moment)
                    for address, status in sorted(soft.items()))
    session.flush()
    counts = session.execute(select(SoftBounce.address, func.count()).where(SoftBounce.address.in_(sorted(soft)))
                             .group_by(SoftBounce.address)).all()
    return {address for address, count in counts if count >= svc.config.soft_bounces}


def clear_bouncing(session, address: str) -> None:
    """Mail from ``address`` got through: its seats' addresses work again, and
    its temporary failures are forgotten."""
    session.execute(update(Seat).where(func.lower(Seat.email) == address.lower(), Seat.bouncing_since.is_not(None))
                    .values(bouncing_since=None))
    forget_soft_bounces(session, address)


def forget_soft_bounces(session, address: str) -> None:
    session.execute(delete(SoftBounce).where(SoftBounce.address == address.lower()))


def _why(svc: Services, soft: bool, t: Translator) -> str:
    if not soft:
        return t.gettext("their mail server refused it")
    return t.ngettext("their mail server turned it away for now %(count)s times within %(n)s day (a full mailbox, "
                      "or a server that is down)",
                      "their mail server turned it away for now %(count)s times within %(n)s days (a full mailbox, "
                      "or a server that is down)", svc.config.soft_bounce_days, count=svc.config.soft_bounces)


def _host_notice(svc: Services, game: Game, seat: Seat, soft: bool) -> dict[int, Telling]:
    """The host's notice, in place of the others' (one mail): what the host
    can do. Known only on a game with a host (``game_clocks.host``) other
    than the bouncing farmer; the substitute form is on a running clock's card."""
    position = game.clock.host if game.clock is not None else None
    host = next((s for s in game.seats if s.position == position), None)
    if host is None or host.position == seat.position:
        return {}
    name, running = seat.name, clocks.is_running(game)
    url = svc.links.seat_url(game.id, host.position, host.secret)

    def text(t: Translator) -> str:
        told = t.gettext("Farmpost's mail to %(name)s could not be delivered: %(why)s.\n\n"
                         "%(name)s may not know when it is their turn. As the host, you can:\n"
                         "* tell them another way and ask them to check the address they gave (their next mail "
                         "clears the warning);\n", name=name, why=_why(svc, soft, t))
        if running:
            return told + t.gettext(
                "* hand %(name)s's seat to a substitute: on your seat page, in the Clock card, choose %(name)s "
                "under “Hand the seat of”, give the new farmer's name and address and press “Invite a substitute”. "
                "The substitute keeps %(name)s's place on the board; %(name)s's links stop working.\n"
                "  %(url)s\n\n"
                "Until then the clock mails %(name)s no reminders and does not count their timeouts; at their "
                "deadline it still acts, so the game goes on.", name=name, url=url)
        return told + t.gettext("* wait: the game waits for %(name)s, and their seat page shows the warning too.",
                                name=name)

    return {host.position: text}


def _notice(t: Translator, name: str, why: str) -> str:
    return t.gettext("Farmpost's mail to %(name)s could not be delivered: %(why)s.\n\n"
                     "%(name)s may not know when it is their turn. If you can, tell them another way "
                     "and ask them to check the address they gave; their seat page shows the warning too.",
                     name=name, why=why)
