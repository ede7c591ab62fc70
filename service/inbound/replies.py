"""What a reply from a seat's farmer asks for, beyond the commands the pure
reading split: the checks and readings of :mod:`mail.inbound` that need the
database (the seat, the game, the mail the reply answers).

* :func:`author_refusal` — From's one mailbox is the seat's farmer (several
  From mailboxes never are, whatever Sender says), and DMARC did not fail where the operator's MTA
  checks it (``AUTHSERV_ID``; :mod:`mail.inbound.authorship`).
* :func:`commands_for_seat` — a reply to a relayed ``say`` is a say back
  (:func:`mail.inbound.intents.say_back`); lines that are prose are dropped
  (:mod:`mail.inbound.prose`).
* :func:`answered_mail` — the kind of our mail a reply answers (``turn``,
  ``invite``, ``say``, …), by its In-Reply-To, and its text lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from email import message_from_bytes
from email.parser import BytesHeaderParser
from email.policy import compat32

from sqlalchemy import select
from sqlalchemy.orm import Session

from mail.inbound import commands as cmd
from mail.inbound.authorship import author_refusal as _author_refusal
from mail.inbound.errors import ForgedSender, InboundRejection
from mail.inbound.intents import say_back
from mail.inbound.message import addresses, header_text
from mail.inbound.pipeline import Reading
from mail.inbound.prose import MoveWords, is_prose_for_game
from mail.outgoing.compose import own_text
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.storage.models import Game, OutgoingMail


def author_refusal(svc: Services, reading: Reading, seat_address: str, where: str) -> InboundRejection | None:
    """Why this mail may not speak for the seat of ``seat_address``, or None."""
    mail = reading.message
    several = mail is not None and len(addresses(mail.message, "From")) > 1
    author = mail.author if mail is not None else None  # From's one mailbox, never a display name or Sender
    if not seat_address or (author != seat_address and not several):
        return ForgedSender(f"From {reading.sender}, {where}")
    return _author_refusal(mail, seat_address, svc.config.authserv_id) if mail is not None else None


@dataclass(frozen=True)
class Answered:
    """The mail of ours a reply answers (by its In-Reply-To): its kind
    (``turn``, ``invite``, ``say``, …) and its text lines, which are never
    the farmer's commands, whatever their client did to them. Empty when the
    reply answers none of ours."""

    kind: str | None = None
    lines: tuple[str, ...] = ()
    game_id: int | None = None  # the game our mail was about (None: about none)


def answered_mail(session: Session, domain: str, raw: bytes) -> Answered:
    """What :class:`Answered` says of the reply ``raw`` to our mail at
    ``domain``: its In-Reply-To, read from its header block alone with the
    standard library's plain parser (no header objects are built), then
    the kind and the text part kept of our mail (:func:`~mail.outgoing.compose.own_text`) in one
    statement of the caller's transaction. Never raises for what a mail holds."""
    head = raw.lstrip(b"\r\n\t ").split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
    message_id = header_text(BytesHeaderParser(policy=compat32).parsebytes(head), "In-Reply-To").strip()
    if not message_id.endswith("@" + domain + ">"):
        return Answered()
    ours = OutgoingMail.message_id == message_id
    row = session.execute(select(OutgoingMail.kind, OutgoingMail.text_part, OutgoingMail.game_id)
                          .where(ours)).one_or_none()
    if row is None:
        return Answered()
    kind, text, game_id = row
    if text is None:  # sent before its text part was kept (migration 0014), or not sent yet
        sent = session.scalar(select(OutgoingMail.raw).where(ours))
        # our own mail, well formed: read with the plain (compat32) parser,
        # which builds no header objects and decodes no part it is not asked for
        text = own_text(message_from_bytes(sent)) if sent else ""
    return Answered(kind, tuple(text.splitlines()), game_id)



def commands_for_seat(reading: Reading, game: Game, position: int, answered_kind: str | None) -> cmd.Commands:
    """The commands to act on: a say back for a reply to a say relay
    (``answered_kind``, :class:`Answered`); the others without the lines
    that are prose for ``game`` as the mail found it (the steps chained on
    one line are prose when their whole line is)."""
    name = reading.message.sender_name if reading.message else ""
    commands = reading.commands
    if answered_kind == "say":
        commands = say_back(reading.text, commands, sender_name=name)
    if not commands.moves:
        return commands
    kind, state = game.kind, game.state
    rules = rules_for(kind)
    words = MoveWords.for_game(rules, state)
    kept = tuple(c for c in commands.commands
                 if c.kind != cmd.MOVE or not is_prose_for_game(c.chain or c.text, rules, state, position, words))
    return cmd.Commands(kept, commands.errors)

