"""The inbound table: every received mail, stored before anything is done
with it, with the outcome of processing it (created by migration 0002)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, Boolean, DateTime, Integer, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from service.models import Base, utcnow


class InboundMail(Base):
    __tablename__ = "inbound_mail"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: Message-ID, else "sha256:<hash of the bytes>": the same mail delivered twice is one row
    dedupe_key: Mapped[str] = mapped_column(String(255), unique=True)
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    size: Mapped[int] = mapped_column(Integer)
    #: how it came in: mime / mailgun / sendgrid / ingest / mailbox
    source: Mapped[str] = mapped_column(String(12))
    #: SMTP envelope recipients, when the way in knows them
    envelope_to: Mapped[list] = mapped_column(JSON, default=list)
    sender: Mapped[str | None] = mapped_column(String(254), nullable=True, index=True)
    #: pending, then a mail.inbound.errors reason ("bounce", "forged-sender", ...)
    #: or "applied", "queued", "answered", "created"
    outcome: Mapped[str] = mapped_column(String(24), default="pending", index=True)
    detail: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: the answer for the sender, when one is due
    answer: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: False when no answer is due or it was held back (a loop, over the hourly cap of answers)
    answered: Mapped[bool] = mapped_column(Boolean, default=False)
    #: SHA-256 of the sender and the fresh text: the same text again within minutes is a loop (migration 0004)
    text_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    game_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    request_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: processing tries that failed and when the next is due (service/retries.py);
    #: past the bound the outcome is "failed" and detail says why
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    next_try_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    processed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)



class WebhookToken(Base):
    """A Mailgun webhook token already accepted: Mailgun's guidance is to
    refuse a second request with the same token (a replay)."""

    __tablename__ = "webhook_tokens"

    token: Mapped[str] = mapped_column(String(128), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
