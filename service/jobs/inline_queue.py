"""A queue that does the work at once in this process (tests, scripts)."""

from __future__ import annotations

import threading
from collections import deque

from service.core.services import Services
from service.outbox import sending
from service.usecases import playing
from service.webhooks import delivery


class InlineQueue:
    """Does the work at once in this process, one job after another.
    It has no ``enqueue_inbound``: the inbound pipeline then processes a
    stored mail at once itself.

    Jobs that are enqueued while a job runs wait their turn, so a game of bots
    runs as a loop and not as a deep recursion.
    """

    #: the work is done here, in this process: /healthz needs no worker
    needs_worker = False

    def __init__(self, services: Services, *, send_mail: bool = True):
        self.services = services
        self.send_mail = send_mail
        self._local = threading.local()  # each thread (a web request) runs its own jobs

    def enqueue_request(self, request_id: int, expires: float | None = None) -> None:
        self._run(("request", request_id))

    def enqueue_mail(self, mail_id: int, expires: float | None = None) -> None:
        if self.send_mail:
            self._run(("mail", mail_id))

    def enqueue_report(self, mail_id: int, expires: float | None = None) -> None:
        self.enqueue_mail(mail_id, expires)

    def enqueue_webhook(self, delivery_id: int, expires: float | None = None) -> None:
        self._run(("webhook", delivery_id))

    def _run(self, job) -> None:
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
                    playing.apply_move_request(self.services, ident)
                elif kind == "webhook":
                    delivery.deliver(self.services, ident)
                else:
                    sending.send_mail(self.services, ident)
        finally:
            local.running = False
