"""The answer to a farmer's mail, as a ready message for the outbox.

Plain text, in the farmer's thread (In-Reply-To and References point at
their mail), marked ``Auto-Submitted: auto-replied`` (RFC 3834) so that well
behaved auto-responders stay quiet, with a Message-ID at our domain so the
answer is recognised as our own mail should it ever come back.
"""

from __future__ import annotations

import uuid
from email.message import EmailMessage
from email.policy import SMTP
from email.utils import format_datetime

from service.models import OutgoingMail, utcnow
from service.services import Services

FOOTER = "\n\n-- \nFarmpost. This answer was sent automatically."


def answer_mail(svc: Services, *, to: str, text: str, in_reply_to: str | None, subject: str,
                game_id: int | None) -> OutgoingMail:
    domain = svc.config.mail_domain
    message_id = f"<{uuid.uuid4().hex}.answer@{domain}>"
    subject = subject if subject.lower().startswith("re:") else f"Re: {subject or 'your mail to Farmpost'}"
    message = EmailMessage(policy=SMTP)
    message["Message-ID"] = message_id
    message["Date"] = format_datetime(utcnow())
    message["From"] = svc.config.mail_from
    message["To"] = to
    message["Subject"] = subject[:200]
    if in_reply_to:
        message["In-Reply-To"] = f"<{in_reply_to}>"
        message["References"] = f"<{in_reply_to}>"
    message["Auto-Submitted"] = "auto-replied"
    if game_id is not None:
        message["X-Farmpost-Game"] = str(game_id)
    message.set_content(text.strip() + FOOTER, charset="utf-8", cte="quoted-printable")
    return OutgoingMail(message_id=message_id, game_id=game_id, kind="answer", to_addr=to, subject=subject[:255],
                        context={}, raw=message.as_bytes())
