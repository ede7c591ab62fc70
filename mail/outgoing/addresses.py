"""Address headers for outgoing mail: written from (name, address) pairs by
the standard library's header classes, never by formatting text, and
folded so that a reader finds exactly the addresses that were set.

* :func:`address` makes an :class:`email.headerregistry.Address` from a
  farmer's name and address; internationalised addresses
  (``jürgen@bücher.example``, RFC 6531/6532) are written as UTF-8, the
  message then serialised with ``policy.SMTPUTF8`` and handed to a server
  that offers SMTPUTF8 (service/outbox/transport.py). A mail context, which is
  stored as JSON, holds the pair itself (:func:`pair`); composing turns it
  into the Address.
* :data:`ADDRESS_HEADERS` are the header classes of outgoing mail's policy
  (mail/outgoing/compose.py POLICY and POLICY_UTF8) for From, To, Cc, Bcc, Reply-To and Sender: the standard ones, whose folding is
  checked. The standard folder of Python 3.11 drops the quotes of a display
  name it has to break (CPython gh-80222): a name of some 60 characters such
  as ``… <mallory@evil.example>, Bob`` was written ``To: …\\r\\n
  <mallory@evil.example>, Bob <bob@example.org>`` and read as two
  recipients. A header whose folded text does not read back as the very
  mailboxes it holds is written again, one address to a line, each line
  left as long as it needs (up to RFC 5322's 998 characters: the standard
  folder writes a quoted or encoded name correctly when it need not break
  it); and if even that did not read back, composing fails rather than
  mail anyone else.
"""

from __future__ import annotations

import re
from email.headerregistry import Address, HeaderRegistry, UniqueAddressHeader, UniqueSingleAddressHeader


def address(name: str, addr: str) -> Address:
    """The mailbox ``name <addr>`` as the standard library's Address. A name
    holding ``=?`` has it written ``= ?``: the standard library writes such a
    name as it is, and every reader decodes an ``=?utf-8?q?…?=`` in it as an
    encoded-word (``mallory=40evil.example`` read as an address)."""
    local, _, domain = addr.rpartition("@")
    return Address(display_name=(name or "").replace("=?", "= ?"), username=local, domain=domain)


_LINE_BREAK = re.compile(r"\r?\n(?=[ \t])")


class _CheckedFold:
    """An address header whose folded text is read back before it is used."""

    def fold(self, *, policy) -> str:
        folded = super().fold(policy=policy)
        if _read_back(self.name, folded) == tuple(self.addresses):
            return folded
        folded = _fold_apart(self.name, self.addresses, policy)
        if _mailboxes(_read_back(self.name, folded)) != _mailboxes(self.addresses):
            raise ValueError(f"the {self.name} header cannot be written so that it reads back as its addresses")
        return folded


class CheckedAddressHeader(_CheckedFold, UniqueAddressHeader):
    pass


class CheckedSingleAddressHeader(_CheckedFold, UniqueSingleAddressHeader):
    pass


ADDRESS_HEADERS = {"from": CheckedAddressHeader, "to": CheckedAddressHeader, "cc": CheckedAddressHeader,
                   "bcc": CheckedAddressHeader, "reply-to": CheckedAddressHeader,
                   "sender": CheckedSingleAddressHeader}

#: a plain standard registry: how a mail client reads a header back
_READER = HeaderRegistry()


def _read_back(name: str, folded: str) -> tuple[Address, ...] | None:
    """The addresses a reader finds in ``folded`` ("Name: value" and its
    line ends), unfolded as a reader unfolds it; None when it cannot read it."""
    value = _LINE_BREAK.sub("", folded.partition(":")[2]).strip("\r\n").lstrip(" ")
    try:
        return tuple(_READER(name, value).addresses)
    except Exception:
        return None


def _mailboxes(addresses) -> list[str] | None:
    """The addr-specs of ``addresses``, in order: who gets the mail. A
    display name the standard folder has to break may read back with a
    space more (in an encoded-word broken across lines), which is text."""
    return None if addresses is None else [a.addr_spec for a in addresses]


def _fold_apart(name: str, addresses, policy) -> str:
    """Every address on a line of its own, written by the standard folder
    with room enough (RFC 5322's 998 characters) that it never breaks a
    display name: a name is at most 80 characters, a few hundred encoded."""
    wide = policy.clone(max_line_length=998)
    parts = [_READER(name, [item]).fold(policy=wide).partition(":")[2].strip() for item in addresses]
    return f"{name}: " + f",{policy.linesep} ".join(parts) + policy.linesep
