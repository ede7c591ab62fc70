"""Helpers for the DB-backed inbound tests: a started two-farmer game of
Pebbles (the toy game of tests/service) and replies shaped like Gmail's."""

from __future__ import annotations

import itertools

from sqlalchemy import func, select

from service.storage.models import Game, InboundMail, MoveLogEntry, Seat
from service.usecases import creation

_ids = itertools.count(1)


def start_game(svc, kind: str = "toy") -> tuple[int, dict[str, str]]:
    """Anna (seat 0, the host) and Bob; returns the game id and reply keys."""
    created = creation.create_game(
        svc, kind, [creation.FarmerSpec("Anna", "anna@example.org"), creation.FarmerSpec("Bob", "bob@example.org")],
        host=0, seed=7,
    )
    creation.join(svc, created.game_id, 1)
    with svc.db.transaction() as session:
        seats = session.scalars(select(Seat).where(Seat.game_id == created.game_id)).all()
        keys = {seat.name: seat.reply_key for seat in seats}
    return created.game_id, keys


def reply(key: str, body: str, *, sender: str = "Anna <anna@example.org>", message_id: str | None = None,
          domain: str = "farmpost.test") -> bytes:
    message_id = message_id or f"<reply-{next(_ids)}@mail.example.org>"
    text = (
        f"From: {sender}\r\nTo: play+{key}@{domain}\r\nSubject: Re: Pebbles #1: your turn\r\n"
        f"Message-ID: {message_id}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n\r\n"
        "On Sun, Nov 29, 2026 at 2:30 PM Farmpost <farmpost@farmpost.test> wrote:\r\n"
        "> ## Please reply above this line ##\r\n> Your turn, Anna.\r\n> * take 1\r\n> * take 2\r\n"
    )
    return text.encode()


def game_version(svc, game_id: int) -> int:
    with svc.db.transaction() as session:
        return session.get(Game, game_id).version


def log_texts(svc, game_id: int) -> list[str]:
    with svc.db.transaction() as session:
        return list(session.scalars(select(MoveLogEntry.text).where(
            MoveLogEntry.game_id == game_id, MoveLogEntry.undone.is_(False)).order_by(MoveLogEntry.seq)))


def count(svc, model) -> int:
    with svc.db.transaction() as session:
        return session.scalar(select(func.count()).select_from(model))


def inbound_row(svc, inbound_id: int) -> InboundMail:
    with svc.db.transaction() as session:
        return session.get(InboundMail, inbound_id)

