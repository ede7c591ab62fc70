"""What a transaction leaves to enqueue once it has committed: its own
module, below the use cases, notify and webhooks, which all fill it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Work:
    """Ids to enqueue once the transaction that created them has committed."""

    requests: list[int] = field(default_factory=list)
    mails: list[int] = field(default_factory=list)
    #: webhook deliveries (service/webhooks.py)
    webhooks: list[int] = field(default_factory=list)
