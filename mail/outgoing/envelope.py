"""What the headers of an outgoing mail say, as plain facts: the service
fills an :class:`Envelope` and :func:`mail.outgoing.compose.build` writes
the headers from it, for every kind of mail (docs/mail.md, "Building a
mail"). It goes in the outbox row's context as :meth:`Envelope.as_data`
(JSON), for a mail composed when it is sent."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime


@dataclass(frozen=True)
class Envelope:
    """``sender`` and ``to``: (display name, address) pairs, the name "" for
    a bare address. ``thread``: the Message-ID this mail follows (In-Reply-To
    and References), ``reply_to`` the address a reply goes to, ``list_id``
    the List-Id, ``unsubscribe`` the URL of List-Unsubscribe (one-click,
    RFC 8058: List-Unsubscribe-Post goes with it), ``game_id`` the
    X-Farmpost-Game. ``date``: None, the moment the mail is composed.
    ``language``: the recipient's (``boards.i18n.LANGUAGES``): the mail's
    words are written in it and its Content-Language says so."""

    message_id: str
    sender: tuple[str, str]
    to: tuple[str, str]
    subject: str
    auto_submitted: str = "auto-generated"
    reply_to: str | None = None
    thread: str | None = None
    list_id: str | None = None
    unsubscribe: str | None = None
    game_id: int | None = None
    date: datetime | None = None
    language: str = "en"

    def as_data(self) -> dict:
        """The envelope as JSON data (an outbox row's context keeps it)."""
        data = asdict(self)
        data["date"] = self.date.isoformat() if self.date else None
        return data

    @classmethod
    def from_data(cls, data: dict) -> Envelope:
        date = data.get("date")
        return cls(**{**data, "sender": tuple(data["sender"]), "to": tuple(data["to"]),
                      "date": datetime.fromisoformat(date) if date else None})
