"""Where the ids of committed work go: the Queue the use cases enqueue on.

The use cases only know this protocol. Production sends task names to the
broker (service/jobs/broker.py), tests and scripts run the work in-process
(service/jobs/inline_queue.py), and NullQueue leaves it in the tables for beat's
sweeper. Enqueue only after the commit.
"""

from __future__ import annotations

from typing import Protocol


class Queue(Protocol):
    """``expires``: seconds after which a queued job is dropped unrun (beat's
    sweep re-enqueues with it, so that work waiting through an outage is
    queued once per sweep, not once more every sweep); None: never."""

    def enqueue_request(self, request_id: int, expires: float | None = None) -> None: ...

    def enqueue_mail(self, mail_id: int, expires: float | None = None) -> None: ...

    def enqueue_report(self, mail_id: int, expires: float | None = None) -> None:
        """A mail whose composing renders the end-game report: sent as
        ``enqueue_mail`` is, from a queue of its own."""

    def enqueue_inbound(self, inbound_id: int, expires: float | None = None) -> None: ...

    def enqueue_webhook(self, delivery_id: int, expires: float | None = None) -> None: ...


class NullQueue:
    """Leaves work in the tables for the beat sweeper (used when no broker is wanted)."""

    def enqueue_request(self, request_id: int, expires: float | None = None) -> None:
        pass

    def enqueue_mail(self, mail_id: int, expires: float | None = None) -> None:
        pass

    def enqueue_report(self, mail_id: int, expires: float | None = None) -> None:
        pass

    def enqueue_inbound(self, inbound_id: int, expires: float | None = None) -> None:
        pass

    def enqueue_webhook(self, delivery_id: int, expires: float | None = None) -> None:
        pass
