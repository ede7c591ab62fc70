"""What a transaction leaves to enqueue once it has committed: its own
module, below the use cases, notify and webhooks, which all fill it."""

from __future__ import annotations

from dataclasses import dataclass, field

from service.storage.models import MoveRequest, OutgoingMail, WebhookDelivery


@dataclass
class Work:
    """The rows to enqueue once the transaction that wrote them has
    committed. They are added to the session, not flushed one by one: the
    commit writes them with the rest (on PostgreSQL the rows of one table in
    one statement), and their ids, known from then on, go to the queue."""

    requests: list[MoveRequest] = field(default_factory=list)
    mails: list[OutgoingMail] = field(default_factory=list)
    #: webhook deliveries (service/webhooks/registration.py)
    webhooks: list[WebhookDelivery] = field(default_factory=list)

    def mark(self) -> tuple[int, int, int]:
        """Where each list ends now, for :meth:`back_to`."""
        return len(self.requests), len(self.mails), len(self.webhooks)

    def back_to(self, mark: tuple[int, int, int]) -> None:
        """Forget what was added since ``mark``: the rows of a savepoint rolled back."""
        del self.requests[mark[0]:], self.mails[mark[1]:], self.webhooks[mark[2]:]
