"""What a reply from a seat's farmer asks for, beyond the commands the pure
reading split: the checks and readings of :mod:`mail.inbound` that need the
database (the seat, the game, the mail the reply answers).

* :func:`author_refusal` — From is the seat's farmer (or, with several From
  mailboxes, Sender is), and DMARC did not fail where the operator's MTA
  checks it (``AUTHSERV_ID``; :mod:`mail.inbound.authorship`).
* :func:`commands_for_seat` — a reply to a relayed ``say`` is a say back
  (:func:`mail.inbound.intents.say_back`); lines that are prose are dropped
  (:mod:`mail.inbound.prose`).
* :func:`answered_mail` — the kind of our mail a reply answers (``turn``,
  ``invite``, ``say``, …), by its In-Reply-To, and its text lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from email import message_from_bytes

from sqlalchemy import func, select

from mail.inbound import commands as cmd
from mail.inbound.authorship import author_refusal as _author_refusal
from mail.inbound.body import extract_body
from mail.inbound.errors import ForgedSender, InboundRejection
from mail.inbound.intents import say_back
from mail.inbound.message import addresses, parse_message
from mail.inbound.pipeline import Reading
from mail.inbound.prose import MoveWords, is_prose_for_game
from service.models import Game, OutgoingMail
from service.rules import rules_for
from service.services import Services


def author_refusal(svc: Services, reading: Reading, seat_address: str, where: str) -> InboundRejection | None:
    """Why this mail may not speak for the seat of ``seat_address``, or None."""
    mail = reading.message
    several = mail is not None and len(addresses(mail.message, "From")) > 1
    if not seat_address or (reading.sender != seat_address and not several):
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


#: the bytes of our mail read first: its text part ends well before (a
#: turn mail's is about 8 KB of its 200 KB), so the rest is not even fetched
HEAD_BYTES = 65536


def answered_mail(svc: Services, raw: bytes) -> Answered:
    """What :class:`Answered` says of the reply ``raw``, in one read."""
    replied_to = parse_message(raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]).header("In-Reply-To")
    message_id = replied_to.strip()
    if not message_id.endswith("@" + svc.config.mail_domain + ">"):
        return Answered()
    ours = OutgoingMail.message_id == message_id
    with svc.db.transaction() as session:
        row = session.execute(select(OutgoingMail.kind, func.substr(OutgoingMail.raw, 1, HEAD_BYTES),
                                     func.length(OutgoingMail.raw)).where(ours)).one_or_none()
        if row is None:
            return Answered()
        kind, head, size = row
        if not head:
            return Answered(kind)
        text = text_part_only(head)
        if text is None:  # not our multipart's shape, or its text runs past the head: the whole mail
            sent = head if size <= len(head) else session.scalar(select(OutgoingMail.raw).where(ours))
            text = text_part_only(sent) or sent
    # our own mail, well formed: read with the plain (compat32) parser, which
    # builds no header objects; the text is the same, for a sixth of the cost
    return Answered(kind, tuple(extract_body(message_from_bytes(text)).text.splitlines()))


_TEXT_PART = re.compile(rb"^Content-Type:\s*text/plain", re.IGNORECASE | re.MULTILINE)
_BOUNDARY = re.compile(rb'boundary="([^"\r\n]+)"', re.IGNORECASE)


def text_part_only(raw: bytes) -> bytes | None:
    """One of our mails cut after its plain text part, which comes before
    the HTML, the picture and the PDF (a turn mail's 200 KB, whose parsing
    cost a reply more than the rest of its reading): the multiparts the
    text is in are closed by their declared boundaries right after it.
    None for a mail of another shape, or one whose text part does not end
    within ``raw``."""
    text = _TEXT_PART.search(raw)
    if text is None:
        return None
    boundaries = _BOUNDARY.findall(raw, 0, text.start())
    if not boundaries:
        return None
    ends = [raw.find(b"\n--" + boundary, text.end()) for boundary in boundaries]
    if min(ends) < 0:
        return None
    cut = raw[:min(ends)]
    newline = b"\r\n" if cut.endswith(b"\r") else b"\n"
    closing = b"".join(newline + b"--" + boundary + b"--" for boundary in reversed(boundaries))
    return cut.rstrip(b"\r") + closing + newline


def commands_for_seat(reading: Reading, game: Game, position: int, answered_kind: str | None) -> cmd.Commands:
    """The commands to act on: a say back for a reply to a say relay
    (``answered_kind``, :class:`Answered`); the others without the lines
    that are prose for ``game`` as the mail found it."""
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
                 if c.kind != cmd.MOVE or not is_prose_for_game(c.text, rules, state, position, words))
    return cmd.Commands(kept, commands.errors)

