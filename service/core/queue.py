"""Where the ids of committed work go: the Queue the use cases enqueue on.

The use cases only know this protocol: one method, a job's name and a row's
id. Production sends the job to the broker as a Celery task
(service/jobs/broker.py), tests and scripts run it in-process
(service/jobs/inline_queue.py), and NullQueue leaves it in the tables for
beat's sweeper. Enqueue only after the commit (service/jobs/work.py).
"""

from __future__ import annotations

from typing import Protocol

#: the jobs, by the row their id names: a move request, a mail, a mail whose
#: composing renders the end-game report (sent as a mail is, from a queue of
#: its own), a received mail, a webhook delivery
JOBS = ("request", "mail", "report", "inbound", "webhook")


class Queue(Protocol):
    #: False when the work is done at once in this process: /healthz then needs no worker
    needs_worker: bool

    def enqueue(self, job: str, ident: int, expires: float | None = None) -> None:
        """Hand on the id of a committed row to the ``job`` (one of JOBS).
        ``expires``: seconds after which a queued job is dropped unrun (beat's
        sweep re-enqueues with it, so that work waiting through an outage is
        queued once per sweep, not once more every sweep); None: never."""


class NullQueue:
    """Leaves work in the tables for the beat sweeper (used when no broker is wanted)."""

    needs_worker = True

    def enqueue(self, job: str, ident: int, expires: float | None = None) -> None:
        pass
