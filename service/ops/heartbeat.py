"""Worker and beat liveness: each worker's main process, and beat, writes a
heartbeat row every few seconds (a thread started when it is ready); /healthz
counts the rows younger than ``Config.heartbeat_max_age``. Beat's rows are
named ``beat@host:pid`` and are not workers. A worker's row names the queues
it consumes (``service/jobs/broker.py`` QUEUES), so /healthz can tell a queue that
nobody takes from a service with a worker somewhere. A process that stops
cleanly removes its row, and ``farmpost run`` removes the row of a worker or
beat it saw die, so /healthz knows at once; otherwise a silent one ages out
(and its row stays, saying when that queue was last taken).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Iterable, Sequence
from datetime import datetime, timedelta

from sqlalchemy import delete, func, select

from service.core import wall_time
from service.core.config import Config
from service.core.services import Services
from service.jobs.broker import QUEUES, queue_name
from service.jobs.dispatching import REPORT_MAILS
from service.storage.models import InboundMail, MoveRequest, OutgoingMail, WorkerHeartbeat, as_utc

log = logging.getLogger(__name__)


def worker_name(pid: int | None = None) -> str:
    """host:pid of a worker's main process (default: this process)."""
    return f"{socket.gethostname()}:{pid or os.getpid()}"


#: the name of beat's heartbeat row starts with this
BEAT_PREFIX = "beat@"


def beat_name(pid: int | None = None) -> str:
    """beat@host:pid of a beat process (default: this process)."""
    return BEAT_PREFIX + worker_name(pid)


def consumed(config: Config, broker_queues: Iterable[str]) -> tuple[str, ...]:
    """Which of QUEUES a worker takes that consumes these broker queues
    (named ``<FARMPOST_QUEUE>.<queue>``; any other queue is not Farmpost's)."""
    names = set(broker_queues)
    return tuple(queue for queue in QUEUES if queue_name(config, queue) in names)


def beat(svc: Services, name: str, started_at: datetime, queues: Sequence[str] | None = QUEUES) -> None:
    """Write ``name``'s heartbeat: the worker consuming ``queues`` (None for
    beat, which consumes none) is alive now. The queues are written each
    time: a pid used again after a silent death is a new worker."""
    listed = ",".join(queues) if queues is not None else None
    with svc.db.transaction() as session:
        row = session.get(WorkerHeartbeat, name)
        if row is None:
            session.add(WorkerHeartbeat(name=name, started_at=started_at, beat_at=wall_time.now(), queues=listed))
        else:
            row.started_at, row.beat_at, row.queues = started_at, wall_time.now(), listed


def forget(svc: Services, name: str) -> None:
    with svc.db.transaction() as session:
        session.execute(delete(WorkerHeartbeat).where(WorkerHeartbeat.name == name))


def live_workers(svc: Services) -> list[str]:
    return [name for name in _live(svc) if not name.startswith(BEAT_PREFIX)]


def live_beats(svc: Services) -> list[str]:
    """The beat processes alive (exactly one, when all is well)."""
    return [name for name in _live(svc) if name.startswith(BEAT_PREFIX)]


def _live(svc: Services) -> list[str]:
    since = wall_time.now() - timedelta(seconds=svc.config.heartbeat_max_age)
    with svc.db.transaction() as session:
        return list(session.scalars(select(WorkerHeartbeat.name).where(WorkerHeartbeat.beat_at >= since)
                                    .order_by(WorkerHeartbeat.name)))


def last_seen_per_queue(svc: Services) -> dict[str, datetime | None]:
    """For each of QUEUES, the last heartbeat of a worker consuming it (None:
    no such row, as after its workers stopped, or were seen dead and
    forgotten). A queue is taken while that is younger than
    ``Config.heartbeat_max_age``."""
    seen: dict[str, datetime | None] = dict.fromkeys(QUEUES)
    with svc.db.transaction() as session:
        rows = session.execute(select(WorkerHeartbeat.queues, func.max(WorkerHeartbeat.beat_at))
                               .where(WorkerHeartbeat.name.not_like(BEAT_PREFIX + "%"))
                               .group_by(WorkerHeartbeat.queues)).all()
    for queues, beat_at in rows:
        for queue in (queues or "").split(","):
            if queue in seen and (seen[queue] is None or as_utc(beat_at) > seen[queue]):
                seen[queue] = as_utc(beat_at)
    return seen


def oldest_waiting(svc: Services) -> float | None:
    """Seconds the oldest move request, mail or inbound mail has waited whose
    try is due (None when nothing waits): how far behind the workers are."""
    waits = [wait for wait in oldest_waiting_per_queue(svc).values() if wait is not None]
    return max(waits) if waits else None


def oldest_waiting_per_queue(svc: Services) -> dict[str, float | None]:
    """For the queues whose work is a row (moves: move requests; inbound:
    mail read in; mail and reports: mails to send, by kind), the seconds its
    oldest due row has waited (None: nothing waits)."""
    now = wall_time.now()
    mail = OutgoingMail.status == "pending"
    due = {"moves": (MoveRequest, MoveRequest.created_at, MoveRequest.status == "pending"),
           "inbound": (InboundMail, InboundMail.received_at, InboundMail.outcome == "pending"),
           "mail": (OutgoingMail, OutgoingMail.created_at, mail & OutgoingMail.kind.not_in(REPORT_MAILS)),
           "reports": (OutgoingMail, OutgoingMail.created_at, mail & OutgoingMail.kind.in_(REPORT_MAILS))}
    waits: dict[str, float | None] = {}
    with svc.db.transaction() as session:
        for queue, (model, created, pending) in due.items():
            moment = session.scalar(select(func.min(created)).where(
                pending, model.next_try_at.is_(None) | (model.next_try_at <= now)))
            waits[queue] = round((now - as_utc(moment)).total_seconds(), 1) if moment is not None else None
    return waits


class Heartbeat:
    """Writes this worker's (or beat's: ``queues`` None) heartbeat every
    ``interval`` seconds until stopped."""

    def __init__(self, svc: Services, name: str | None = None, queues: Sequence[str] | None = QUEUES):
        self.svc = svc
        self.name = name or worker_name()
        self.queues = queues
        self.interval = max(0.5, svc.config.heartbeat_max_age / 3)
        self.started_at = wall_time.now()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="farmpost-heartbeat", daemon=True)

    def start(self) -> Heartbeat:
        self._thread.start()
        return self

    def _run(self) -> None:
        failing = False
        while True:
            try:
                beat(self.svc, self.name, self.started_at, self.queues)
                failing = False
            except Exception as error:  # the database is away: /healthz says so by itself
                if not failing:
                    log.warning("heartbeat not written: %s", error)
                failing = True
            if self._stop.wait(self.interval):
                return

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        try:
            forget(self.svc, self.name)
        except Exception as error:
            log.warning("heartbeat row of %s not removed: %s", self.name, error)
