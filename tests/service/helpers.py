"""Small helpers the service tests share."""

from __future__ import annotations

import re
from email import message_from_bytes, policy

from sqlalchemy import select
from sqlalchemy.orm import selectinload

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


class Broker:
    """What the moves hand on to the queue, kept: the ids of the requests,
    mails and report mails enqueued (a move enqueues no inbound mail)."""

    def __init__(self):
        self.requests: list[int] = []
        self.mails: list[int] = []
        self.reports: list[int] = []

    def enqueue_request(self, request_id: int, expires: float | None = None) -> None:
        self.requests.append(request_id)

    def enqueue_mail(self, mail_id: int, expires: float | None = None) -> None:
        self.mails.append(mail_id)

    def enqueue_report(self, mail_id: int, expires: float | None = None) -> None:
        self.reports.append(mail_id)

    def enqueue_inbound(self, inbound_id: int, expires: float | None = None) -> None:
        raise AssertionError("a move enqueues no inbound mail")

    def enqueue_webhook(self, delivery_id: int, expires: float | None = None) -> None:
        pass
