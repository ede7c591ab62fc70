"""Plain mails, built by :func:`mail.outgoing.compose.build` as they are
written, from their envelope and text: what the inbound pipeline answers
and the notices the use cases send.

* the **answer** to a farmer's mail: in their thread (In-Reply-To and
  References point at their mail), ``Auto-Submitted: auto-replied`` (RFC
  3834) so that well-behaved auto-responders stay quiet;
* a **relay** of ``say <text>`` to the other farmers, and the **notices**
  that a farmer's mail bounces or that they are away: in each one's game
  thread, with their own reply address, so they can answer in kind.

Both carry a Message-ID at our domain and ``X-Farmpost-Game``, so they are
recognised as our own mail should they ever come back.
"""

from __future__ import annotations

import hashlib
import re
import uuid

from sqlalchemy import select

from mail.outgoing.compose import build
from mail.outgoing.envelope import Envelope
from service.core import wall_time
from service.core.game_kinds import title_of
from service.core.services import Services
from service.jobs.work import Work
from service.notify.changes import wants_mail
from service.storage.models import Game, OutgoingMail, Seat

_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")


def header_text(value: str | None, limit: int = 200) -> str:
    """Text copied from an inbound mail into one of our headers: a CR or LF
    (an encoded-word can decode to one) would make the header invalid, so
    control characters become spaces, runs of spaces one."""
    return " ".join(_CONTROL.sub(" ", value or "").split())[:limit]


def message_id_or_none(value: str | None) -> str | None:
    """A Message-ID (without brackets) fit to go in In-Reply-To, else None."""
    value = (value or "").strip().strip("<>")
    return value if re.fullmatch(r"[^\s<>\x00-\x1f\x7f]{1,240}", value) else None


def answer_mail(svc: Services, *, to: str, text: str, in_reply_to: str | None, subject: str,
                game_id: int | None, seat: Seat | None = None, language: str = "en") -> OutgoingMail:
    """``seat``: the farmer's seat, when the sender was checked to be its
    farmer; a reply to the answer then goes to the seat's reply address, and
    the answer is in the seat's language (else in ``language``)."""
    subject = header_text(subject)
    subject = subject if subject.lower().startswith("re:") else f"Re: {subject or 'your mail to Farmpost'}"
    in_reply_to = message_id_or_none(in_reply_to)
    thread = f"<{in_reply_to}>" if in_reply_to else None
    reply_to = f"play+{seat.reply_key}@{svc.config.mail_domain}" if seat is not None else None
    return plain_mail(svc, kind="answer", to=to, text=text, subject=subject, thread=thread, game_id=game_id,
                       message_id=f"<{uuid.uuid4().hex}.answer@{svc.config.mail_domain}>",
                       auto_submitted="auto-replied", reply_to=reply_to,
                       language=seat.language if seat is not None else language)


def game_mail(svc: Services, game: Game, recipient: Seat, *, kind: str, what: str, text: str,
              key: str) -> OutgoingMail:
    """A short plain mail to one farmer of ``game`` (a relay, a notice), in
    their game thread and with their reply address. ``key`` makes the
    Message-ID, so the same notice written twice is one mail."""
    digest = hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:20]
    message_id = f"<{kind}.{digest}.s{recipient.position}@{svc.config.mail_domain}>"
    subject = f"{title_of(game.kind)} #{game.id}: {what}"
    return plain_mail(svc, kind=kind, to=recipient.email, text=text, subject=subject,
                       thread=recipient.thread_root, game_id=game.id, message_id=message_id,
                       auto_submitted="auto-generated",
                       reply_to=f"play+{recipient.reply_key}@{svc.config.mail_domain}", to_name=recipient.name,
                       language=recipient.language)


def plain_mail(svc: Services, *, kind: str, to: str, text: str, subject: str, thread: str | None,
                game_id: int | None, message_id: str, auto_submitted: str, reply_to: str | None = None,
                to_name: str = "", language: str = "en") -> OutgoingMail:
    envelope = Envelope(message_id=message_id, sender=svc.config.mail_sender, to=(to_name, to),
                        subject=subject[:200], auto_submitted=auto_submitted, reply_to=reply_to, thread=thread,
                        game_id=game_id, date=wall_time.now(), language=language)
    built = build({"kind": kind, "envelope": envelope.as_data(), "text": text})
    return OutgoingMail(message_id=message_id, game_id=game_id, kind=kind, to_addr=to, subject=subject[:255],
                        context={}, raw=built.raw, text_part=built.text)


def tell_others(session, svc: Services, game: Game, about: Seat, *, kind: str, what: str, text: str, key: str,
                work: Work, instead: dict[int, str] | None = None) -> list[str]:
    """Add a :func:`game_mail` for every other farmer of ``game`` who takes
    mail, in the caller's transaction, unless the same notice (same ``key``)
    was written before; new ids go to ``work``. Returns the farmers' names.
    ``instead``: another text for the farmers of these positions (the host's
    notice says what the host can do), still one mail each."""
    names = []
    for seat in game.seats:
        if seat.position == about.position or not wants_mail(seat):
            continue
        mail = game_mail(svc, game, seat, kind=kind, what=what, text=(instead or {}).get(seat.position, text),
                         key=key)
        names.append(seat.name)
        if session.scalar(select(OutgoingMail.id).where(OutgoingMail.message_id == mail.message_id)) is None:
            session.add(mail)
            work.mails.append(mail)
    return names

