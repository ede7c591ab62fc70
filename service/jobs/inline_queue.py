"""A queue that does the work at once in this process (tests, scripts)."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Mapping

from service.core.services import Services

#: what a job does with its row's id (service/wiring.py names them)
Job = Callable[[Services, int], object]


class InlineQueue:
    """Does each job at once in this process, one after another, with the
    function ``jobs`` names for it (service/wiring.py: the same use cases the
    Celery tasks call). ``send_mail=False`` leaves mails in the outbox.

    Jobs that are enqueued while a job runs wait their turn, so a game of bots
    runs as a loop and not as a deep recursion. A received mail is read at
    once, in the caller's turn: the moves it submits are then applied before
    it is answered, as a worker that reads it applies them in its task.
    """

    #: the work is done here, in this process: /healthz needs no worker
    needs_worker = False

    def __init__(self, services: Services, jobs: Mapping[str, Job], *, send_mail: bool = True):
        self.services = services
        self.jobs = jobs
        self.send_mail = send_mail
        self._local = threading.local()  # each thread (a web request) runs its own jobs

    def enqueue(self, job: str, ident: int, expires: float | None = None) -> None:
        if job in ("mail", "report") and not self.send_mail:
            return
        if job == "inbound":
            self.jobs[job](self.services, ident)
            return
        local = self._local
        if not hasattr(local, "jobs"):
            local.jobs, local.running = deque(), False
        local.jobs.append((job, ident))
        if local.running:
            return
        local.running = True
        try:
            while local.jobs:
                name, row_id = local.jobs.popleft()
                self.jobs[name](self.services, row_id)
        finally:
            local.running = False
