"""Find the body a farmer wrote: the text/plain part when there is one, else
the HTML part converted to text. Charsets are decoded defensively: labels lie
(UTF-8 sent as Big5), some are unknown to Python (``unicode-1-1-utf-7``), and
a broken part must never stop the pipeline.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import Message

from mail.inbound.charsets import decode_bytes
from mail.inbound.html import html_to_text


@dataclass(frozen=True)
class Body:
    """The text a farmer sent, and where it came from ("plain" or "html")."""

    text: str
    source: str
    truncated: bool = False  # the text went on past ``max_chars``: only its start is here


#: how much more HTML than text is read: markup, styles and quoted mail make
#: most of an HTML body
HTML_PER_TEXT = 4


def extract_body(message: Message, *, max_chars: int | None = None) -> Body:
    """The farmer's text from a parsed mail; empty text when there is none.
    ``max_chars``: at most this much text is taken (and of an HTML part, at
    most :data:`HTML_PER_TEXT` times as much markup is converted): reading
    costs in proportion to it, and a reply's commands are at its start."""
    plain, html = _first_text_parts(message)
    if plain is not None:
        return _bounded(normalize_newlines(decode_part(plain)), "plain", max_chars)
    if html is not None:
        markup = decode_part(html)
        cut = max_chars is not None and len(markup) > max_chars * HTML_PER_TEXT
        body = _bounded(html_to_text(markup[: max_chars * HTML_PER_TEXT] if cut else markup), "html", max_chars)
        return Body(body.text, body.source, body.truncated or cut)
    if _maintype(message) == "multipart":
        # A multipart whose boundary never occurs: the parts are lost, but the
        # farmer's words are still there in the undivided body.
        return _bounded(normalize_newlines(_undivided_body(message)), "plain", max_chars)
    return Body("", "none")


def _bounded(text: str, source: str, max_chars: int | None) -> Body:
    if max_chars is not None and len(text) > max_chars:
        return Body(text[:max_chars], source, truncated=True)
    return Body(text, source)


def _maintype(message: Message) -> str:
    try:
        return message.get_content_maintype()
    except Exception:
        return ""


def _first_text_parts(message: Message) -> tuple[Message | None, Message | None]:
    plain = html = None
    try:
        parts = list(message.walk())
    except Exception:
        parts = [message]
    for part in parts:
        try:
            if part.is_multipart() or _is_attachment(part):
                continue
            kind = part.get_content_type()
        except Exception:
            continue
        if kind == "text/plain" and plain is None:
            plain = part
        elif kind == "text/html" and html is None:
            html = part
    return plain, html


def _is_attachment(part: Message) -> bool:
    disposition = str(part.get("Content-Disposition", "") or "").lower()
    return disposition.startswith("attachment")


def decode_part(part: Message) -> str:
    """A leaf part's text, whatever its transfer encoding and charset."""
    try:
        payload = part.get_payload(decode=True)
    except Exception:
        payload = None
    if payload is None:
        raw = part.get_payload()
        return raw if isinstance(raw, str) else ""
    try:
        label = part.get_content_charset() or ""
    except Exception:
        label = ""
    return decode_bytes(payload, label)


def normalize_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _undivided_body(message: Message) -> str:
    try:
        payload = message.get_payload(decode=True)
    except Exception:
        payload = None
    if isinstance(payload, bytes):
        return decode_bytes(payload)
    return ""


