"""The last step before a mail's bytes go out: the ``Feedback-ID`` header,
then the DKIM signatures (mail.outgoing.dkim) over the bytes as they are.

Done once per mail, on the bytes however they were built (composed from a
context, or written whole, as an answer is); the outbox keeps the result,
so a mail tried again goes out with the same signature.

``Feedback-ID`` (Gmail's feedback loop; Yahoo's and Microsoft's ARF reports
quote the original mail, header included): ``<kind>:<game>:<sender>``, so
a complaint says which kind of mail of which game drew it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mail.outgoing.dkim import Key, header_block, sign


def feedback_id(kind: str, game_id: int | None, sender: str) -> str:
    """The Feedback-ID value: fields of letters, digits, ``.`` and ``-``."""
    fields = [kind or "mail", str(game_id) if game_id else "0", sender or "farmpost"]
    return ":".join(re.sub(r"[^A-Za-z0-9.-]", "-", field) for field in fields)


def finish(raw: bytes, *, feedback: str | None = None, keys: Sequence[Key] = ()) -> bytes:
    """``raw`` with its Feedback-ID (unless it has one) and signed with ``keys``."""
    if feedback and not has_header(raw, "Feedback-ID"):
        raw = b"Feedback-ID: " + feedback.encode("ascii") + _linesep(raw) + raw
    return sign(raw, keys)


def is_finished(raw: bytes, *, signed: bool) -> bool:
    """Whether :func:`finish` went over ``raw`` (``signed``: with keys)."""
    return has_header(raw, "Feedback-ID") and (not signed or has_header(raw, "DKIM-Signature"))


def has_header(raw: bytes, name: str) -> bool:
    return re.search(rb"(?im)^" + re.escape(name.encode()) + rb":", header_block(raw)) is not None


def _linesep(raw: bytes) -> bytes:
    return b"\r\n" if b"\r\n" in raw[:2000] else b"\n"
