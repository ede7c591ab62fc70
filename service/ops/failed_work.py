"""The operator's view of work that failed for good (service/storage/retries.py):
list it, count it for /healthz, send one row round again."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select

from service.jobs.dispatching import mail_job
from service.storage.models import InboundMail, MoveRequest, OutgoingMail


@dataclass(frozen=True)
class Failed:
    kind: str  # request / mail / inbound
    id: int
    attempts: int
    reason: str
    at: datetime | None


KINDS = ("request", "mail", "inbound")


def _models():
    return {
        "request": (MoveRequest, MoveRequest.status, "pending"),
        "mail": (OutgoingMail, OutgoingMail.status, "pending"),
        "inbound": (InboundMail, InboundMail.outcome, "pending"),
    }


def list_failed(svc) -> list[Failed]:
    """Every row that failed for good, oldest first within each kind."""
    found = []
    with svc.db.transaction() as session:
        for kind, (model, status, _) in _models().items():
            for row in session.scalars(select(model).where(status == "failed").order_by(model.id)):
                reason = row.detail if kind == "inbound" else row.last_error
                at = row.processed_at if kind != "mail" else row.created_at
                found.append(Failed(kind, row.id, row.attempts, reason or "", at))
    return found


def count_failed(svc) -> dict[str, int]:
    with svc.db.transaction() as session:
        return {kind: session.scalar(select(func.count()).select_from(model).where(status == "failed"))
                for kind, (model, status, _) in _models().items()}


def retry(svc, kind: str, row_id: int) -> bool:
    """Send one failed row round again (tries counted from zero). False when
    there is no such failed row."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}")
    model, status, pending = _models()[kind]
    with svc.db.transaction() as session:
        row = session.get(model, row_id, with_for_update=True)
        if row is None or getattr(row, status.key) != "failed":
            return False
        setattr(row, status.key, pending)
        row.attempts, row.next_try_at = 0, None
        mail_kind = row.kind if kind == "mail" else None
        if kind == "request":
            row.processed_at, row.result = None, None
        if kind == "inbound":
            row.processed_at = None
    svc.queue.enqueue(mail_job(mail_kind) if kind == "mail" else kind, row_id)
    return True
