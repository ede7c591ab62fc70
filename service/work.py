"""What a transaction leaves to enqueue once it has committed: its own
module, below the use cases, notify and webhooks, which all fill it."""

from __future__ import annotations

from dataclasses import dataclass, field

from service.models import OutgoingMail


@dataclass
class Work:
    """What to enqueue once the transaction that created it has committed."""

    requests: list[int] = field(default_factory=list)
    #: the outbox rows written, added to the session and not flushed one by
    #: one: the commit writes them all in one statement (their ids are
    #: known from then on, when they are enqueued)
    mails: list[OutgoingMail] = field(default_factory=list)
    #: webhook deliveries (service/webhooks.py)
    webhooks: list[int] = field(default_factory=list)
