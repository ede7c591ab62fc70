"""Replies to Farmpost's mails shaped the way two common clients shape them,
for the tests where bots play by mail.

* Gmail: the typed text, then "On <date> <sender> wrote:" and the original's
  text part quoted line by line with ">".
* Outlook: the typed text, a rule of underscores, then an unquoted
  "From: … Sent: … To: … Subject: …" block and the original's text as is.

Both answer ``original`` (In-Reply-To, References) and go to its Reply-To,
unless ``to`` names the farmer's reply address (an answer mail has none: the
farmer replies to the address of the game's thread). Message-IDs are derived
from what is answered and typed, so building the same reply twice gives the
same mail (a duplicate delivery), and another reply another Message-ID.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from email import message_from_bytes, policy
from email.utils import format_datetime, parseaddr, parsedate_to_datetime


def gmail_reply(original, farmer: str, typed: str, *, to: str | None = None) -> bytes:
    name, sender = parseaddr(str(original["From"]))
    sent = parsedate_to_datetime(str(original["Date"]))
    when = sent.strftime("%a, %b %-d, %Y at %-I:%M %p")
    quoted = "\n".join(f"> {line}".rstrip() for line in _text(original).splitlines())
    body = f"{typed}\n\nOn {when} {name} <{sender}> wrote:\n\n{quoted}\n"
    return _reply(original, farmer, body, to=to, subject_prefix="Re: ",
                  message_id=f"<CA+{_digest(original, farmer, typed)}@mail.gmail.com>")


def outlook_reply(original, farmer: str, typed: str, *, to: str | None = None) -> bytes:
    name, sender = parseaddr(str(original["From"]))
    sent = parsedate_to_datetime(str(original["Date"]))
    when = sent.strftime("%A, %B %-d, %Y %-I:%M %p")
    body = (f"{typed}\n\n________________________________\nFrom: {name} <{sender}>\n"
            f"Sent: {when}\nTo: {farmer}\nSubject: {original['Subject']}\n\n{_text(original)}")
    digest = _digest(original, farmer, typed)
    return _reply(original, farmer, body, to=to, subject_prefix="RE: ",
                  message_id=f"<AM0PR07MB{digest.upper()}@AM0PR07MB6241.eurprd07.prod.outlook.com>")


def _text(original) -> str:
    return original.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def _digest(original, farmer: str, typed: str) -> str:
    return hashlib.sha256(f"{original['Message-ID']}\n{farmer}\n{typed}".encode()).hexdigest()[:24]


def _reply(original, farmer: str, body: str, *, to: str | None, subject_prefix: str,
           message_id: str) -> bytes:
    reply = message_from_bytes(b"", policy=policy.SMTP)
    reply["From"], reply["To"] = farmer, to or str(original["Reply-To"])
    subject = str(original["Subject"]).strip()
    reply["Subject"] = subject if subject.lower().startswith("re:") else subject_prefix + subject
    reply["Date"] = format_datetime(datetime.now(UTC))
    reply["Message-ID"] = message_id
    reply["In-Reply-To"] = reply["References"] = str(original["Message-ID"])
    reply.set_content(body)
    return reply.as_bytes()
