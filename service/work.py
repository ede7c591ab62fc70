"""What a transaction leaves to enqueue once it has committed: its own
module, below the use cases, notify and webhooks, which all fill it."""

from __future__ import annotations

from dataclasses import dataclass, field

from service.models import MoveRequest, OutgoingMail, WebhookDelivery


@dataclass
class Work:
    """The rows to enqueue once the transaction that wrote them has
    committed. They are added to the session, not flushed one by one: the
    commit writes them with the rest (on PostgreSQL the rows of one table in
    one statement), and their ids, known from then on, go to the queue."""

    requests: list[MoveRequest] = field(default_factory=list)
    mails: list[OutgoingMail] = field(default_factory=list)
    #: webhook deliveries (service/webhooks.py)
    webhooks: list[WebhookDelivery] = field(default_factory=list)
