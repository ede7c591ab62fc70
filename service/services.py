"""What the use cases need, built once per process: configuration, the
database, the link signer and the task queue.

The web app keeps one in ``app.extensions["farmpost"]``, a Celery worker
builds its own, and tests build one per test. No module-level globals.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Protocol

from service.config import Config
from service.db import Database
from service.links import Links


class Queue(Protocol):
    """Where ids of committed work go. Enqueue only after the commit."""

    def enqueue_request(self, request_id: int) -> None: ...

    def enqueue_mail(self, mail_id: int) -> None: ...

    def enqueue_inbound(self, inbound_id: int) -> None: ...


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
        )
        services = cls(config, Database(config.database_url), links)
        services.queue = queue if queue is not None else NullQueue()
        return services


class NullQueue:
    """Leaves work in the tables for the beat sweeper (used when no broker is wanted)."""

    def enqueue_request(self, request_id: int) -> None:
        pass

    def enqueue_mail(self, mail_id: int) -> None:
        pass

    def enqueue_inbound(self, inbound_id: int) -> None:
        pass


class InlineQueue:
    """Does the work at once in this process, one job after another (tests, scripts).
    It has no ``enqueue_inbound``: the inbound pipeline then processes a
    stored mail at once itself.

    Jobs that are enqueued while a job runs wait their turn, so a game of bots
    runs as a loop and not as a deep recursion.
    """

    def __init__(self, services: Services, *, send_mail: bool = True):
        self.services = services
        self.send_mail = send_mail
        self._local = threading.local()  # each thread (a web request) runs its own jobs

    def enqueue_request(self, request_id: int) -> None:
        self._run(("request", request_id))

    def enqueue_mail(self, mail_id: int) -> None:
        if self.send_mail:
            self._run(("mail", mail_id))

    def _run(self, job) -> None:
        from service import outbox, usecases

        local = self._local
        if not hasattr(local, "jobs"):
            local.jobs, local.running = deque(), False
        local.jobs.append(job)
        if local.running:
            return
        local.running = True
        try:
            while local.jobs:
                kind, ident = local.jobs.popleft()
                if kind == "request":
                    usecases.apply_move_request(self.services, ident)
                else:
                    outbox.send_mail(self.services, ident)
        finally:
            local.running = False
