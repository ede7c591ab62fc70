"""The VERP return path: every mail sent by SMTP goes out with the envelope
sender ``bounce+<id>-<mac>@MAIL_DOMAIN``, so a bounce names the outgoing mail
it is about even when its report does not name the failed recipient.

``<id>`` is the ``outgoing_mail`` row's id in decimal, ``<mac>`` the first 10
characters (50 bits) of the base32 HMAC-SHA256 of ``verp:<id>`` with the
service's secret key, lower case: digits, letters and one hyphen, so an MTA
that lower-cases local parts does no harm, and a stranger can neither forge
one nor walk the ids.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re

from service.core.config import Config

#: the local part's prefix, recognised as a bounce address by mail.inbound.bounce
PREFIX = "bounce+"
_ADDRESS = re.compile(r"^bounce\+(\d{1,18})-([a-z2-7]{10})@(.+)$")


def return_path(config: Config, mail_id: int) -> str:
    """The envelope sender of outgoing mail ``mail_id``."""
    return f"{PREFIX}{mail_id}-{_mac(config, mail_id)}@{config.mail_domain}"


def mail_of(config: Config, address: str) -> int | None:
    """The outgoing mail id ``address`` names, when it is one of our return
    paths and its mac verifies; else None."""
    match = _ADDRESS.match(address.strip().strip("<>").lower())
    if match is None or match.group(3) != config.mail_domain.lower():
        return None
    mail_id = int(match.group(1))
    return mail_id if hmac.compare_digest(match.group(2), _mac(config, mail_id)) else None


def _mac(config: Config, mail_id: int) -> str:
    digest = hmac.new(config.secret_key.encode(), f"verp:{mail_id}".encode(), hashlib.sha256).digest()
    return base64.b32encode(digest).decode()[:10].lower()
