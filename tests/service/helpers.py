"""Small helpers the service tests share."""

from __future__ import annotations

import re
from email import message_from_bytes, policy

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from service.core.queue import JOBS
from service.storage.models import Game, MailboxMessage, MoveLogEntry, MoveRequest, OutgoingMail


def game_row(svc, game_id: int = 1) -> Game | None:
    """The game with its seats loaded (usable after the session closes)."""
    with svc.db.transaction() as session:
        return session.get(Game, game_id, options=[selectinload(Game.seats)])


def mails(svc, kind: str | None = None, to: str | None = None) -> list[OutgoingMail]:
    with svc.db.transaction() as session:
        query = select(OutgoingMail).order_by(OutgoingMail.id)
        if kind:
            query = query.where(OutgoingMail.kind == kind)
        if to:
            query = query.where(OutgoingMail.to_addr == to)
        return list(session.scalars(query))


def mailbox(svc, to: str | None = None) -> list:
    """The local mailbox as parsed messages, oldest first."""
    with svc.db.transaction() as session:
        query = select(MailboxMessage).order_by(MailboxMessage.id)
        if to:
            query = query.where(MailboxMessage.to_addr == to)
        return [message_from_bytes(item.raw, policy=policy.default) for item in session.scalars(query)]


def log_of(svc, game_id: int = 1, live: bool = True) -> list[MoveLogEntry]:
    with svc.db.transaction() as session:
        query = select(MoveLogEntry).where(MoveLogEntry.game_id == game_id).order_by(MoveLogEntry.seq)
        if live:
            query = query.where(MoveLogEntry.undone.is_(False))
        return list(session.scalars(query))


def requests_of(svc, game_id: int = 1) -> list[MoveRequest]:
    with svc.db.transaction() as session:
        return list(session.scalars(select(MoveRequest).where(MoveRequest.game_id == game_id).order_by(MoveRequest.id)))


def text_part(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


def html_part(message) -> str:
    return message.get_body(preferencelist=("html",)).get_content().replace("\r\n", "\n")


def links_in(text: str, kind: str) -> list[str]:
    """URLs of one kind ("m" move, "g" seat, "join", "prefs") in a mail body."""
    return re.findall(rf"https?://[^\s\"<>]+/{kind}/\d+/\d+/[A-Za-z0-9_.\-]+", text)


def csrf_token(html: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', html).group(1)


def path_of(url: str) -> str:
    return re.sub(r"^https?://[^/]+", "", url)


class RecordingQueue:
    """The tests' one fake queue. It keeps what it is handed, as a broker holds
    it for workers that have not run yet: in order (``jobs``: job, id,
    expires) and by job (``requests``, ``mails``, ``reports``, ``held``).
    ``passes``: the jobs handed on to ``to`` instead (the inline queue: a
    stored mail is still read at once); ``fails``: raised for every other job
    (a broker that is down)."""

    needs_worker = True

    def __init__(self, to=None, passes=(), fails: Exception | None = None):
        self.to, self.passes, self.fails = to, frozenset(passes), fails
        self.jobs: list[tuple[str, int, float | None]] = []
        self.held: dict[str, list[int]] = {job: [] for job in JOBS}

    def enqueue(self, job: str, ident: int, expires: float | None = None) -> None:
        if job in self.passes:
            self.to.enqueue(job, ident, expires=expires)
            return
        if self.fails is not None:
            raise self.fails
        self.jobs.append((job, ident, expires))
        self.held[job].append(ident)

    @property
    def requests(self) -> list[int]:
        return self.held["request"]

    @property
    def mails(self) -> list[int]:
        return self.held["mail"]

    @property
    def reports(self) -> list[int]:
        return self.held["report"]
