"""What the use cases need, built once per process: configuration, the
database, the link signer and the task queue.

The web app keeps one in ``app.extensions["farmpost"]``, a Celery worker
builds its own, and tests build one per test. No module-level globals. A
process builds its own from the environment with service/wiring.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from service.core.config import Config
from service.core.db import Database
from service.core.links import Links
from service.core.queue import NullQueue, Queue


@dataclass
class Services:
    config: Config
    db: Database
    links: Links
    queue: Queue = field(default=None)  # type: ignore[assignment]

    @classmethod
    def from_config(cls, config: Config, queue: Queue | None = None) -> Services:
        links = Links(
            config.secret_key,
            config.base_url,
            move_max_age=config.move_link_max_age,
            seat_max_age=config.seat_link_max_age,
            confirm_max_age=config.unconfirmed_days * 24 * 3600,
        )
        services = cls(config, Database(config.database_url), links)
        services.queue = queue if queue is not None else NullQueue()
        return services
