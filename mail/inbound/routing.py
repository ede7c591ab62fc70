"""Where a reply goes: the reply key in ``play+<key>@<domain>``, or new@.

The key is looked up in the delivery headers an MTA adds (Delivered-To,
X-Original-To, Envelope-To) and in To/Cc, case-insensitively, because
clients and forwarders change the case of addresses. The SMTP envelope, when
the way in knows it, comes first.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from mail.inbound.errors import OwnMail
from mail.inbound.message import InboundMessage

#: header our outgoing mail carries so that a copy coming back is recognised
OWN_HEADER = "X-Farmpost-Game"


@dataclass(frozen=True)
class ReplyTo:
    """A reply to a seat's mail: the key names the game and seat."""

    key: str


@dataclass(frozen=True)
class NewGame:
    """A mail to new@: asks to create a game."""


Route = ReplyTo | NewGame


def find_route(mail: InboundMessage, domain: str, envelope_to: Iterable[str] = ()) -> Route | None:
    domain = domain.lower()
    pattern = re.compile(rf"^play\+([a-z0-9_-]{{4,64}})@{re.escape(domain)}$", re.IGNORECASE)
    candidates = [a.strip().strip("<>").lower() for a in envelope_to] + list(mail.recipients)
    for address in candidates:
        match = pattern.match(address)
        if match:
            return ReplyTo(match.group(1).lower())
    if f"new@{domain}" in candidates:
        return NewGame()
    return None


def detect_own_mail(mail: InboundMessage, domain: str) -> OwnMail | None:
    """Our own mail looping back: our header, our Message-ID domain, or sent
    from one of our own addresses."""
    domain = domain.lower()
    if OWN_HEADER in mail.message:
        return OwnMail(f"{OWN_HEADER} header")
    if mail.message_id and mail.message_id.lower().endswith("@" + domain):
        return OwnMail("our Message-ID")
    local, _, sender_domain = (mail.sender or "").partition("@")
    if sender_domain == domain and (local in _OUR_LOCAL_PARTS or local.startswith(("play+", "bounce"))):
        return OwnMail("sent from one of our addresses")
    return None


#: the addresses Farmpost sends from or receives at; farmers may have other
#: addresses at the same domain (the embedded demo's "you@<domain>")
_OUR_LOCAL_PARTS = {"farmpost", "noreply", "no-reply", "new", "postmaster", "mailer-daemon"}
