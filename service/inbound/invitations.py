"""A reply to an invitation joins or declines the game.

The invited farmer's seat has a reply address from the start, so replying
"yes" (or "join", "count me in", "ja gerne"…) to the invitation joins, as
the join link does; "no" (or "decline", "no thanks", "nein danke"…)
declines, and the farmers already at the table (the host among them) are
told. The words are read by :func:`mail.inbound.intents.invitation_answer`.
A reply that says neither is answered with how to say it. Farmers who
joined already are read as usual.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from boards.i18n import Translator, translator
from mail.inbound.intents import DECLINE, JOIN, invitation_answer
from mail.inbound.pipeline import Reading
from service.core.game_kinds import title_of
from service.core.services import Services
from service.jobs import dispatching
from service.notify.changes import wants_mail
from service.notify.notices import game_mail
from service.storage import lookup
from service.storage.models import Game, OutgoingMail
from service.usecases import creation


@dataclass(frozen=True)
class InvitationReply:
    """What became of a reply to an invitation: the outcome and the answer."""

    outcome: str  # joined / declined / answered
    answer: str


def answer_invitation(svc: Services, reading: Reading, game: Game, position: int,
                      t: Translator) -> InvitationReply | None:
    """Join or decline for a farmer who has not joined yet; None for a seated
    farmer. ``game``: as the mail found it, with its seats; the answer in
    ``t``'s language, the farmers told each in theirs."""
    seat = lookup.seat_of(game, position)
    if seat.joined_at is not None or game.status != "inviting":
        return None
    game_id, title = game.id, f"{title_of(game.kind)} #{game.id}"
    name = reading.message.sender_name if reading.message else ""
    intent = invitation_answer(reading.text, sender_name=name)
    if intent == JOIN:
        url = creation.join(svc, game_id, position)
        return InvitationReply("joined", t.gettext("Welcome to %(title)s! You have joined the game; you will get a "
                                                   "mail when it is your turn.\nYour seat: %(url)s", title=title,
                                                   url=url))
    if intent == DECLINE:
        told = _tell_the_table(svc, game_id, position, reading.dedupe_key)
        if not told:
            return InvitationReply("declined", t.gettext("You declined the invitation to %(title)s.", title=title))
        return InvitationReply("declined", t.ngettext(
            "You declined the invitation to %(title)s. %(names)s was told.",
            "You declined the invitation to %(title)s. %(names)s were told.", len(told),
            title=title, names=", ".join(told)))
    return InvitationReply("answered", t.gettext("You are invited to %(title)s. Reply “yes” to join the game, or “no” "
                                                 "to decline the invitation.", title=title))


def _tell_the_table(svc: Services, game_id: int, position: int, key: str) -> list[str]:
    """Tell the farmers who joined (the host among them) of the decline, once per mail."""
    names = []
    with dispatching.unit_of_work(svc) as (session, work):
        game = lookup.load_game(session, game_id)
        declined = lookup.seat_of(game, position)
        for seat in game.seats:
            if seat.position == position or seat.joined_at is None or not seat.email or not wants_mail(seat):
                continue
            t = translator(seat.language)
            mail = game_mail(svc, game, seat, kind="declined", what=t.gettext("%(name)s declined", name=declined.name),
                             text=t.gettext("%(name)s (%(address)s) declined the invitation to this game.",
                                            name=declined.name, address=declined.email),
                             key=f"declined:{key}")
            if not _written(session, mail.message_id):
                session.add(mail)
                work.mails.append(mail)
            names.append(seat.name)
    return names


def _written(session, message_id: str) -> bool:
    return session.scalar(select(OutgoingMail.id).where(OutgoingMail.message_id == message_id)) is not None
