"""Parse raw RFC 5322 bytes into an :class:`InboundMessage`, defensively.

Real mail is often malformed (missing boundaries, bad encoded words, blank
first lines, bare CR line endings, lying charsets). Nothing here raises: a
header that cannot be parsed reads as empty and the defect is recorded.
"""

from __future__ import annotations

import email
import hashlib
import re
from dataclasses import dataclass, field
from email import policy
from email.header import Header, decode_header, make_header
from email.headerregistry import AddressHeader, HeaderRegistry
from email.message import EmailMessage
from functools import lru_cache

from mail.inbound.charsets import decode_bytes

#: headers that can carry the address a mail was delivered to, best first
RECIPIENT_HEADERS = ("Delivered-To", "X-Original-To", "Envelope-To", "X-Envelope-To", "To", "Cc")

_MBOX_FROM = re.compile(rb"\AFrom [^\r\n]*(\r\n|\r|\n)")


class _ParsedOnce(HeaderRegistry):
    """The standard header registry, which keeps the headers it parsed last.
    The parser and the guards ask a mail for its Content-Type about ten
    times (its parts, the body, the bounce and report checks) and each ask
    parses the value again; a header object is immutable and depends on its
    name and value alone, so one parse serves them all. Values longer than
    a mail's line may be (998 characters) are parsed each time, not kept."""

    def __call__(self, name: str, value: str):
        if len(value) > 998:
            return super().__call__(name, value)
        return self._kept(name, value)

    @lru_cache(maxsize=512)  # noqa: B019  (one registry for the process: POLICY's)
    def _kept(self, name: str, value: str):
        return super().__call__(name, value)


#: the standard library's default policy, with :class:`_ParsedOnce`
POLICY = policy.default.clone(header_factory=_ParsedOnce())


@dataclass(frozen=True)
class InboundMessage:
    """One received mail, with the few header values the pipeline needs."""

    message: EmailMessage
    message_id: str | None
    sender: str | None  # where an answer goes: the first address of a readable From, else Sender's; lower case
    sender_name: str
    recipients: tuple[str, ...]  # lower case, in RECIPIENT_HEADERS order
    subject: str
    raw_sha256: str
    defects: tuple[str, ...] = field(default=())
    author: str | None = None  # who wrote it: the From header's one address, lower case; None for none or several

    @property
    def dedupe_key(self) -> str:
        """The Message-ID, or a hash of the bytes when there is none."""
        return _bounded(self.message_id) if self.message_id else "sha256:" + self.raw_sha256

    def header(self, name: str) -> str:
        return header_text(self.message, name)

    def headers(self, name: str) -> list[str]:
        return header_texts(self.message, name)


def parse_message(raw: bytes | str) -> InboundMessage:
    """Read raw mail bytes; never raises, however broken the input."""
    if isinstance(raw, str):
        raw = raw.encode("utf-8", "surrogateescape")
    digest = hashlib.sha256(raw).hexdigest()
    raw = _MBOX_FROM.sub(b"", raw.lstrip(b"\r\n\t "), count=1)
    message = email.message_from_bytes(raw, policy=POLICY)
    defects = [type(d).__name__ for d in _all_defects(message)]
    authors, whole = _mailboxes(message, "From")
    senders = (authors if whole else []) or addresses(message, "Sender")
    recipients: list[str] = []
    for name in RECIPIENT_HEADERS:
        for _, address in addresses(message, name):
            if address not in recipients:
                recipients.append(address)
    message_id = _message_id(header_text(message, "Message-ID"))
    return InboundMessage(
        message=message,
        message_id=message_id,
        sender=senders[0][1] if senders else None,
        sender_name=senders[0][0] if senders else "",
        author=author(message),
        recipients=tuple(recipients),
        subject=header_text(message, "Subject"),
        raw_sha256=digest,
        defects=tuple(defects),
    )


def dedupe_key_of(raw: bytes) -> str:
    """The key that makes two deliveries of one mail the same: its Message-ID,
    else a hash of the bytes. Reads the header block only, so it is cheap
    even for a mail too large to parse."""
    head = re.split(rb"\r?\n\r?\n|\r\r", raw.lstrip(b"\r\n\t "), maxsplit=1)[0][:65536]
    message_id = parse_message(head).message_id
    return _bounded(message_id) if message_id else "sha256:" + hashlib.sha256(raw).hexdigest()


def _bounded(message_id: str) -> str:
    """Message-IDs longer than a database key may be are replaced by their hash."""
    if len(message_id) <= 200:
        return message_id
    return "mid-sha256:" + hashlib.sha256(message_id.encode("utf-8", "surrogateescape")).hexdigest()


def header_texts(message: EmailMessage, name: str) -> list[str]:
    """Every value of a header, RFC 2047 decoded, never raising."""
    out = []
    for key, value in _raw_items(message):
        if key.lower() == name.lower():
            out.append(_decode_words(value))
    return out


def header_text(message: EmailMessage, name: str) -> str:
    values = header_texts(message, name)
    return values[0] if values else ""


#: every header read as an address list, by the standard library's parser
_ADDRESS_LISTS = HeaderRegistry(default_class=AddressHeader, use_default_map=False)

_ENCODED_WORD = re.compile(r"=\?[^?\s]+\?[bBqQ]\?[^?\s]*\?=")
_CONTROLS = re.compile(r"[\x00-\x1f\x7f]+")


def addresses(message: EmailMessage, name: str) -> list[tuple[str, str]]:
    """(display name, lower-case address) pairs of every mailbox of an
    address header, as the standard library's header parser reads its raw
    value. Encoded-words (RFC 2047) are decoded where they may stand, in a
    display name or a comment, and what they decode to stays text: a display
    name that reads ``bob@example.org`` or holds a line break and
    ``Bcc: x@evil.example`` is no address. (Decoding the whole header first
    and parsing the text read such a name as a mailbox.)"""
    return _mailboxes(message, name)[0]


def author(message: EmailMessage) -> str | None:
    """The From header's one mailbox (lower case), or None: none, several, or
    a part the parser could not read (``anna@example.org <mallory@evil.example>``:
    another reader, the MTA's DMARC check among them, may find another
    address there)."""
    pairs, whole = _mailboxes(message, "From")
    return pairs[0][1] if whole and len(pairs) == 1 else None


def _mailboxes(message: EmailMessage, name: str) -> tuple[list[tuple[str, str]], bool]:
    """The mailboxes of every ``name`` header, and whether the parser read
    all of its text as address-list entries."""
    out, whole = [], True
    for key, value in _raw_items(message):
        if key.lower() != name.lower():
            continue
        value = re.sub(r"\r?\n(?=[ \t])", "", value).strip()
        if any("\udc80" <= ch <= "\udcff" for ch in value):  # raw 8-bit bytes (RFC 6532 UTF-8, or a legacy charset)
            value = decode_bytes(value.encode("utf-8", "surrogateescape"))
        header = _address_list(name, value)
        if header is None:
            whole = False
            continue
        whole = whole and not any("invalid address" in str(d) for d in header.defects)
        out += [(m.display_name.strip(), m.addr_spec.lower()) for m in header.addresses if m.username and m.domain]
    return out, whole


def _address_list(name: str, value: str):
    """The standard library's address header for ``value``; an encoded-word
    decoding to a line break or another control character (which the
    library refuses in a display name) is read as its text with spaces
    there. None when the value cannot be read at all."""
    try:
        return _ADDRESS_LISTS(name, value)
    except ValueError:  # "address parts cannot contain CR or LF": read again below
        pass
    except Exception:  # the parser fails on some garbage ("<" alone: IndexError)
        return None
    try:
        return _ADDRESS_LISTS(name, _ENCODED_WORD.sub(_without_controls, value))
    except Exception:
        return None


def _without_controls(word: re.Match) -> str:
    try:
        text = str(make_header(decode_header(word.group())))
    except Exception:
        return word.group()
    if not _CONTROLS.search(text):
        return word.group()
    return Header(_CONTROLS.sub(" ", text), "utf-8").encode()


def _raw_items(message: EmailMessage) -> list[tuple[str, str]]:
    try:
        return [(k, str(v)) for k, v in message._headers]  # raw, unparsed values
    except Exception:  # pragma: no cover - _headers is always a list of pairs
        return []


def _decode_words(value: str) -> str:
    value = re.sub(r"\r?\n[ \t]+", " ", value).strip()
    if any("\udc80" <= ch <= "\udcff" for ch in value):
        # raw 8-bit bytes in a header (RFC 6532 UTF-8, or a legacy charset)
        value = decode_bytes(value.encode("utf-8", "surrogateescape"))
    if "=?" not in value:
        return value
    try:
        return str(make_header(decode_header(value)))
    except Exception:  # unknown charset, bad base64: keep the raw text
        return value


def _message_id(value: str) -> str | None:
    """The id inside <…>, or a bare one; None when there is none or it holds
    control characters (which no database key should carry)."""
    match = re.search(r"<([^<>\s]+)>", value)
    value = match.group(1) if match else value.strip()
    if not value or len(value) >= 500 or re.search(r"[\x00-\x20\x7f]", value):
        return None
    return value


def _all_defects(message: EmailMessage) -> list:
    try:
        return [d for part in message.walk() for d in getattr(part, "defects", [])]
    except Exception:
        return list(getattr(message, "defects", []))
