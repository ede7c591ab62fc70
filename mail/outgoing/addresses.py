"""Address headers for outgoing mail, internationalised addresses included.

``email.utils.formataddr`` refuses an address with non-ASCII characters
(``jürgen@bücher.example``, RFC 6531/6532). Such an address is written as
UTF-8; the message is then serialised with ``policy.SMTPUTF8`` and handed to
a server that offers SMTPUTF8 (service/outbox/transport.py).
"""

from __future__ import annotations

from email.headerregistry import Address
from email.utils import formataddr


def format_address(name: str, address: str) -> str:
    """``Name <address>`` for a To or From header."""
    if address.isascii():
        return formataddr((name, address))
    local, _, domain = address.rpartition("@")
    return str(Address(display_name=name, username=local, domain=domain))
