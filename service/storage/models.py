"""The stored data. The move log is the truth; ``Game.state`` is its snapshot.

Every table is created by an Alembic migration (migrations/versions); the
models here must stay in step with them (a test compares the two).
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

from service.core import wall_time


def as_utc(moment: datetime | None) -> datetime | None:
    """SQLite hands back naive datetimes; they were stored as UTC."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


#: a moment as farmers read it, per language (CLDR patterns; the others: English's)
_DATE_PATTERNS = {"de": "d. MMMM y, HH:mm 'UTC'"}
_DATE_PATTERN = "d MMMM y, HH:mm 'UTC'"


def date_text(moment: datetime, t=None) -> str:
    """A moment as farmers read it in a mail: "6 December 2026, 15:40 UTC",
    in the language of the translator ``t`` (English without one): "6
    décembre 2026, 15:40 UTC", "6. Dezember 2026, 15:40 UTC"."""
    from boards.i18n import DEFAULT_LANGUAGE, translator  # the boards load where a date is written, not with the models

    t = t or translator(DEFAULT_LANGUAGE)
    naive = as_utc(moment).astimezone(UTC).replace(tzinfo=None)
    return t.datetime(naive, None, format=_DATE_PATTERNS.get(t.locale, _DATE_PATTERN))


class Base(DeclarativeBase):
    pass


#: timestamps are stored with their time zone on PostgreSQL and as UTC on SQLite
Timestamp = DateTime(timezone=True)


class Game(Base):
    __tablename__ = "games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    #: inviting -> active -> over
    status: Mapped[str] = mapped_column(String(16), default="inviting")
    #: bumped by every change of the state (move or undo); links carry it
    version: Mapped[int] = mapped_column(Integer, default=0)
    #: the seq of the next move log entry (undone entries keep theirs): one
    #: more than the last, so a move appends without asking the log
    next_seq: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: the full state after the last live move of the log
    state: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
    updated_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now, onupdate=wall_time.now)
    #: what created the game, when it may be asked twice (a new@ mail processed
    #: again after a crash): the second ask finds this game instead of making one
    creation_key: Mapped[str | None] = mapped_column(String(255), nullable=True, unique=True, index=True)
    #: an open table (docs/open_tables.md): "listed" on /open, "unlisted" (the
    #: host shares its join link), None: every seat was filled by the host
    listing: Mapped[str | None] = mapped_column(String(8), nullable=True, index=True)
    #: the host lets people watch: the spectator link shows the public view (docs/spectators.md)
    watchable: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: part of the signing key of the spectator link (made when first needed)
    watch_secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: a webhook was registered for this game: only then does a turn change look
    #: for hooks (a move stays at its few statements; docs/webhooks.md)
    hooked: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: an open table's host asks that a farmer who takes an open seat answered
    #: at least this per cent of their timed turns in time (docs/ratings.md)
    min_in_time: Mapped[int | None] = mapped_column(Integer, nullable=True)

    seats: Mapped[list[Seat]] = relationship(back_populates="game", order_by="Seat.position")
    #: its clock and host (docs/clocks.md); None for a game made before clocks
    clock: Mapped[GameClock | None] = relationship(uselist=False)


class Seat(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(80))
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    #: part of the signing key of every link of this seat: replacing it revokes them
    secret: Mapped[str] = mapped_column(String(64))
    #: the <key> of play+<key>@domain; lower case, so lookups are case-insensitive
    reply_key: Mapped[str] = mapped_column(String(64), unique=True)
    preferences: Mapped[dict] = mapped_column(JSON, default=dict)
    #: a bot kind from engine.bots ("random", "greedy", "search"), or None for a person
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    joined_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    resigned: Mapped[bool] = mapped_column(Boolean, default=False)
    #: Message-ID of the first mail to this farmer: the root of their thread
    thread_root: Mapped[str | None] = mapped_column(String(255), nullable=True)
    #: when a delivery failure report for this farmer's address came in; None
    #: while mail gets through (cleared by their next good mail or a preferences change)
    bouncing_since: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    #: on vacation until then (``vacation <days>``): turn and account mails are held back
    away_until: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True, index=True)
    #: a turn mail was held back while away: one is sent when the farmer is back
    turn_held: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: an open seat: nobody sits here yet, anyone may ask for it and the first
    #: confirmed ask takes it (docs/open_tables.md)
    open: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: the language of this farmer's mails and pages (boards.i18n.LANGUAGES)
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    #: the farmer has a plan waiting (a row of ``plans``): only then is it read when their turn comes
    planned: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: what became of a plan, not yet told: the next mail to the farmer says it and clears it
    plan_news: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: the farmer has been told how a turn they mail in is confirmed (the
    #: first such turn at this table): later ones are told in their next mail only
    confirmation_told: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    game: Mapped[Game] = relationship(back_populates="seats")
    clock: Mapped[SeatClock | None] = relationship(uselist=False)


class MoveLogEntry(Base):
    """One applied move. Undone moves stay, marked, so history is never lost."""

    __tablename__ = "move_log"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    code: Mapped[str] = mapped_column(String(200))
    text: Mapped[str] = mapped_column(String(200))
    #: the engine's sentence for the other farmers ("took Field tile b2")
    description: Mapped[str] = mapped_column(String(400))
    #: link / mail / web / bot / clock / plan (played from the farmer's plan)
    source: Mapped[str] = mapped_column(String(8))
    request_id: Mapped[int | None] = mapped_column(ForeignKey("move_requests.id"), nullable=True)
    #: whether the move drew on hidden information (then it can never be undone)
    revealed: Mapped[bool] = mapped_column(Boolean, default=False)
    undone: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)


class MoveRequest(Base):
    """The inbox: every way a move comes in writes one of these first."""

    __tablename__ = "move_requests"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    #: move (codes applied as one batch, all or nothing) / undo / resign
    action: Mapped[str] = mapped_column(String(8), default="move")
    codes: Mapped[list] = mapped_column(JSON, default=list)
    source: Mapped[str] = mapped_column(String(8))
    #: the state version the farmer saw; None means "whatever is current"
    base_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: what makes two submissions the same one (a link token's hash, a Message-ID)
    dedupe_key: Mapped[str | None] = mapped_column(String(255), unique=True, nullable=True)
    #: pending -> applied / stale / rejected, or failed (it could not be
    #: applied after service.storage.retries' bound; last_error says why)
    status: Mapped[str] = mapped_column(String(10), default="pending", index=True)
    #: the answer for the farmer
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: tries that failed, when the next one is due, and what went wrong last
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    next_try_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
    processed_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)


class Plan(Base):
    """A farmer's plan (docs/plans.md): moves to be played for them when their
    turn comes. ``kind``: next (their next turn, once) or round (every turn
    of theirs to the end of the round). Only the farmer sees it."""

    __tablename__ = "plans"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    #: the alternatives in order of preference, each a list of move texts
    alternatives: Mapped[list] = mapped_column(JSON)
    #: stop conditions: [{"name", "op", "value"}]
    stops: Mapped[list] = mapped_column(JSON, default=list)
    #: the plan as written back to the farmer ("next: take b2, place 1 0")
    text: Mapped[str] = mapped_column(Text)
    #: the farmer's view when they planned: what the moves named then (``Game.names``)
    view: Mapped[dict] = mapped_column(JSON)
    #: where the game stood: its version, the log's next seq, its progress ("round 2 of 4")
    made_version: Mapped[int] = mapped_column(Integer)
    made_seq: Mapped[int] = mapped_column(Integer)
    progress: Mapped[str] = mapped_column(String(80), default="")
    #: active -> played (a next plan) / stopped (with its reason) / cancelled
    status: Mapped[str] = mapped_column(String(10), default="active", index=True)
    #: turns played from it
    played: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    #: why it stopped, or what it played last
    note: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
    ended_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)


class OutgoingMail(Base):
    """The outbox. The body is composed from ``context`` when it is first sent,
    so a move's transaction stays short; ``raw`` keeps exactly what went out."""

    __tablename__ = "outgoing_mail"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_id: Mapped[str] = mapped_column(String(255), unique=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"), nullable=True, index=True)
    seat_id: Mapped[int | None] = mapped_column(ForeignKey("seats.id", ondelete="SET NULL"), nullable=True)
    #: invite / turn / account / final / answer
    kind: Mapped[str] = mapped_column(String(10))
    to_addr: Mapped[str] = mapped_column(String(254))
    subject: Mapped[str] = mapped_column(String(255))
    context: Mapped[dict] = mapped_column(JSON)
    raw: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    #: the text part of ``raw`` as a reader decodes it, kept when ``raw`` is
    #: written: the lines a reply to this mail quotes, which are never the
    #: farmer's commands (service/inbound/replies.py), read without parsing
    #: the whole mail again (a turn mail is 200 KB, its text part 8 KB)
    text_part: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: pending -> sending -> sent (or back to pending after a failure, with
    #: next_try_at; failed for good after service.storage.retries' bound)
    status: Mapped[str] = mapped_column(String(8), default="pending", index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    next_try_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
    claimed_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    sent_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)


class Invitation(Base):
    __tablename__ = "invitations"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    seat_id: Mapped[int] = mapped_column(ForeignKey("seats.id", ondelete="CASCADE"), unique=True)
    email: Mapped[str] = mapped_column(String(254))
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
    accepted_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)


class SeatClaim(Base):
    """Someone asked for an open seat (docs/open_tables.md). The seat is theirs
    once they confirm by the mailed link, which is signed with ``nonce`` and
    works once (``used_at``); ``seat`` is the seat it took, None if the table
    was full by then."""

    __tablename__ = "seat_claims"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    email: Mapped[str] = mapped_column(String(254))
    nonce: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
    used_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: the language of the asker's mails, the seat's once it is taken
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    #: "still in?" before turn 1 (docs/open_tables.md): when the ask lapses,
    #: when the farmer answered it, and when it lapsed (the seat was opened again)
    still_in_due: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True, index=True)
    still_in_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    lapsed_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)


class MailboxMessage(Base):
    """The local mailbox: where mail goes when no SMTP server is configured."""

    __tablename__ = "mailbox"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    message_id: Mapped[str] = mapped_column(String(255), unique=True)
    mail_from: Mapped[str] = mapped_column(String(254))
    to_addr: Mapped[str] = mapped_column(String(254), index=True)
    subject: Mapped[str] = mapped_column(String(255))
    raw: Mapped[bytes] = mapped_column(LargeBinary)
    received_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)


class MailComplaint(Base):
    """A spam complaint (an ARF report, service/inbound/complaints.py). While
    one is not lifted, no mail goes to its address (service/outbox/sending.py);
    the farmer lifts it by saving their mail preferences. ``address`` is empty
    when the report named neither the address nor a mail we know: it still
    counts for the complaint rate (/healthz)."""

    __tablename__ = "mail_complaints"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    address: Mapped[str] = mapped_column(String(254), index=True)
    #: the report's Feedback-Type: abuse, fraud, virus, other, not-spam
    feedback_type: Mapped[str] = mapped_column(String(32))
    #: the Message-ID and Feedback-ID of our mail complained about, when the report returns it
    message_id: Mapped[str | None] = mapped_column(String(255), nullable=True)
    feedback_id: Mapped[str | None] = mapped_column(String(255), nullable=True)
    received_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now, index=True)
    lifted_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)


class SoftBounce(Base):
    """A temporary delivery failure for an address (a DSN ``Action: failed``
    with a 4.x.x status, service/inbound/bounces.py): enough of them within
    ``Config.soft_bounce_days`` mark its seats bouncing. The farmer's next
    mail that gets through removes them, as it clears the mark."""

    __tablename__ = "soft_bounces"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    address: Mapped[str] = mapped_column(String(254), index=True)
    #: the RFC 3463 status the report gave ("4.2.2"), or empty
    status: Mapped[str] = mapped_column(String(16), default="")
    received_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now, index=True)


class MailCheck(Base):
    """One run of ``farmpost mail-check`` (service/ops/mail_check.py): its
    lines, each ``{"name", "status", "text"}``; /healthz shows the last."""

    __tablename__ = "mail_checks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    ran_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
    passed: Mapped[bool] = mapped_column(Boolean)
    lines: Mapped[list] = mapped_column(JSON)


class WorkerHeartbeat(Base):
    """A live worker writes its row every few seconds (service/ops/heartbeat.py);
    /healthz reads them. A worker that stops cleanly, or whose supervisor saw
    it die, has no row."""

    __tablename__ = "worker_heartbeats"

    #: host:pid of the worker's main process (beat@host:pid for beat)
    name: Mapped[str] = mapped_column(String(200), primary_key=True)
    started_at: Mapped[datetime] = mapped_column(Timestamp)
    beat_at: Mapped[datetime] = mapped_column(Timestamp)
    #: the queues the worker consumes, comma separated, without the
    #: FARMPOST_QUEUE prefix ("mail,reports"); None for beat, and for a row a
    #: worker older than this column wrote (it counts for no queue)
    queues: Mapped[str | None] = mapped_column(String(200), nullable=True)


class CircuitBreaker(Base):
    """An outside server that refused connections (service/outbox/circuit.py): no
    one tries it before ``open_until``, then one probe does."""

    __tablename__ = "circuit_breakers"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    open_until: Mapped[datetime] = mapped_column(Timestamp)
    #: connection failures in a row (the wait doubles with each)
    failures: Mapped[int] = mapped_column(Integer)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)


class GameClock(Base):
    """A game's clock (docs/clocks.md): its settings, and the turn it is timing.

    ``turn`` counts the turns the clock has timed; every clock event of a turn
    is keyed by it, so a reminder or a timeout belongs to exactly one turn.
    """

    __tablename__ = "game_clocks"

    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    #: the host's seat: they may pause, resume and hand a seat to a new farmer
    host: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: seconds a farmer has for a turn; None: the game has no clock
    per_turn: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: seconds of extra time each farmer starts with (spent, never refilled)
    bank: Mapped[int] = mapped_column(Integer, default=0)
    #: bot / pause / replace
    on_timeout: Mapped[str] = mapped_column(String(8), default="bot")
    #: replace: after this many timeouts the bot keeps the seat
    replace_after: Mapped[int] = mapped_column(Integer, default=3)
    #: the engine.bots bot that plays a late turn
    bot: Mapped[str] = mapped_column(String(32), default="greedy")
    #: reminder points: "50%" (of the time to the deadline gone), "24h" (before it)
    reminders: Mapped[list] = mapped_column(JSON, default=list)
    #: seconds of vacation per farmer that stop the clock
    vacation_budget: Mapped[int] = mapped_column(Integer, default=14 * 24 * 3600)
    turn: Mapped[int] = mapped_column(Integer, default=0)
    #: the seat being timed (None: nobody, e.g. a bot or the game is over)
    turn_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn_started: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    #: the end of the turn time proper; after it the farmer spends their bank
    due: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    #: the end of turn time and bank: then the timeout policy applies
    deadline: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True, index=True)
    #: vacation already counted in this turn's deadline, up to this moment
    leave_until: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    #: set while the clock is stopped; ``paused_left`` is what was left then
    paused_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    paused_left: Mapped[int | None] = mapped_column(Integer, nullable=True)


class SeatClock(Base):
    """One farmer's side of the clock."""

    __tablename__ = "seat_clocks"

    seat_id: Mapped[int] = mapped_column(ForeignKey("seats.id", ondelete="CASCADE"), primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    #: seconds of extra time left
    bank_left: Mapped[int] = mapped_column(Integer, default=0)
    timeouts: Mapped[int] = mapped_column(Integer, default=0)
    #: seconds of vacation that stopped this farmer's clock so far
    vacation_used: Mapped[int] = mapped_column(Integer, default=0)
    #: IANA name ("Europe/Berlin") or a fixed offset ("+02:00"); None: UTC
    time_zone: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ClockEvent(Base):
    """What the clock did, once: the unique ``key`` is written in the same
    transaction as the event's effect (a mail, a bot's turn), so a second
    beat, a retried task or a restart can never do it twice."""

    __tablename__ = "clock_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(160), unique=True)
    #: remind / overdue / timeout / pause / resume / grant / substitute
    kind: Mapped[str] = mapped_column(String(16))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    turn: Mapped[int] = mapped_column(Integer, default=0)
    detail: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)


class Webhook(Base):
    """A URL told about a game's turns and its end (docs/webhooks.md). The
    host's hooks (scope ``game``) hear every turn; a farmer's (``farmer``)
    hear their own turns; both hear the end. Turned off (``active`` False)
    after ``Config.webhook_max_failures`` failed tries in a row, or at once
    when the receiver says it is gone; its owner is told by mail."""

    __tablename__ = "webhooks"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    #: the owner's seat
    position: Mapped[int] = mapped_column(Integer)
    #: game / farmer
    scope: Mapped[str] = mapped_column(String(8))
    url: Mapped[str] = mapped_column(String(2000))
    #: sha256 of the URL: one call per URL and event, whoever registered it
    url_hash: Mapped[str] = mapped_column(String(64))
    #: discord / slack / json
    format: Mapped[str] = mapped_column(String(8))
    #: json: the HMAC-SHA256 key of the signature header (shown to its owner once)
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    #: failed tries in a row (a success sets it back to 0)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
    disabled_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)


class WebhookDelivery(Base):
    """One event for one URL, written in the transaction of the change it
    tells of and sent afterwards by the worker (service/webhooks/delivery.py).
    The URL, format and secret are copied from the hook that asked first."""

    __tablename__ = "webhook_deliveries"
    __table_args__ = (UniqueConstraint("event_key", "url_hash"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    #: g<game>:v<version>:turn or g<game>:over
    event_key: Mapped[str] = mapped_column(String(64))
    url_hash: Mapped[str] = mapped_column(String(64))
    url: Mapped[str] = mapped_column(String(2000))
    format: Mapped[str] = mapped_column(String(8))
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: the public event (service.webhooks.registration.turn_event / over_event)
    event: Mapped[dict] = mapped_column(JSON)
    #: pending -> sending -> sent; failed (after service.storage.retries' bound);
    #: dropped (its hooks were turned off or removed before it went)
    status: Mapped[str] = mapped_column(String(8), default="pending", index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_try_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    last_error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
    claimed_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    sent_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)


class Spectator(Base):
    """An address that asked for one mail per round of a game it watches.
    Nothing is sent before the address confirms (a click in the mail sent to
    it), so nobody can use Farmpost to mail someone else."""

    __tablename__ = "spectators"
    __table_args__ = (UniqueConstraint("game_id", "email"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    email: Mapped[str] = mapped_column(String(254))
    #: signs this address's confirm and unsubscribe links; replaced on a new ask
    secret: Mapped[str] = mapped_column(String(64))
    #: when the last confirmation mail was sent (at most one an hour per address and game)
    asked_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
    confirmed_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    unsubscribed_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)
    #: ``Game.progress`` when the last round mail went (or at confirmation)
    last_progress: Mapped[str | None] = mapped_column(String(80), nullable=True)
    #: the last move-log seq the mails have told (-1: none)
    last_seq: Mapped[int] = mapped_column(Integer, default=-1, server_default="-1")
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
    #: the language of this address's mails about the game
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")


class RateCount(Base):
    """How often something happened to one key in its current window
    (service/storage/ratelimit.py): a row per bucket and key, reset when the window
    has passed and pruned by beat."""

    __tablename__ = "rate_counts"

    #: what is counted ("answers", "new-games", "web-posts", …; Config.rate_limits)
    bucket: Mapped[str] = mapped_column(String(32), primary_key=True)
    #: who is counted: an address, a client's IP address, "*" for everyone
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    #: the window's end, in seconds since the epoch (service.core.wall_time's clock)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


# -- inbound mail (migration 0002) --------------------------------------------


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
    #: processing tries that failed and when the next is due (service/storage/retries.py);
    #: past the bound the outcome is "failed" and detail says why
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    next_try_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=wall_time.now)
    processed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class WebhookToken(Base):
    """A Mailgun webhook token already accepted: Mailgun's guidance is to
    refuse a second request with the same token (a replay)."""

    __tablename__ = "webhook_tokens"

    token: Mapped[str] = mapped_column(String(128), primary_key=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=wall_time.now, index=True)


# -- ratings (migration 0018, docs/ratings.md) --------------------------------


class Rating(Base):
    """A farmer's rating in one pool (a game kind and its rated options,
    ``sunfield``, ``sunfield+advanced``, ``harvest``): the fold of every rated
    game of that pool in the order they were rated (service/game/rating_store.py)."""

    __tablename__ = "ratings"

    #: the farmer's address, lower case (there are no accounts: an address is the farmer)
    address: Mapped[str] = mapped_column(String(254), primary_key=True)
    pool: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    #: rated games played in this pool
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)


class RatedGame(Base):
    """A finished game that was rated: the unique ``game_id`` makes rating a
    game happen once however often the game-over work runs, and ``id`` is
    the order the ratings were folded in. ``changes`` holds what each rated
    seat had before and after (for the final mail, the report and my games)."""

    __tablename__ = "rated_games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), unique=True)
    pool: Mapped[str] = mapped_column(String(64))
    #: per rated seat: position, name, address (None for a bot), place, before and after
    changes: Mapped[list] = mapped_column(JSON)
    rated_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)


class PublicName(Base):
    """The name a farmer chose to appear under on the public leaderboards
    (opt-in; without a row the farmer is not listed, and an address is never shown)."""

    __tablename__ = "public_names"

    address: Mapped[str] = mapped_column(String(254), primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    #: the name folded to lower case: two farmers cannot take the same name
    name_key: Mapped[str] = mapped_column(String(40), unique=True)
    chosen_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
class League(Base):
    """A league (docs/leagues.md): seasons of divisions of tables, on a clock
    whose timeout policy makes every table end. ``secret`` opens its
    organiser's page."""

    __tablename__ = "leagues"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    kind: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    #: seconds a farmer has for a turn at the league's tables
    per_turn: Mapped[int] = mapped_column(Integer)
    #: after this many timeouts the bot keeps the seat (the clock's replace policy)
    replace_after: Mapped[int] = mapped_column(Integer, default=2)
    #: farmers per division (the last one may be smaller)
    division_size: Mapped[int] = mapped_column(Integer, default=8)
    #: tables each farmer plays in a season, all at once
    rounds: Mapped[int] = mapped_column(Integer, default=2)
    #: farmers promoted and relegated at each boundary between divisions
    movers: Mapped[int] = mapped_column(Integer, default=2)
    #: days the sign-up for the next season stays open after a season ends
    signup_days: Mapped[int] = mapped_column(Integer, default=3)
    organiser_email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    secret: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)


class LeagueSeason(Base):
    """One season of a league: signup -> running -> over."""

    __tablename__ = "league_seasons"
    __table_args__ = (UniqueConstraint("league_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("leagues.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(8), default="signup", index=True)
    #: when beat starts the season (its tables are made then)
    starts_at: Mapped[datetime] = mapped_column(Timestamp)
    ended_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True)


class LeagueEntry(Base):
    """A farmer signed up for a season, and their standing in it. ``standing_before``
    is where the last season left them (promotion and relegation applied;
    newcomers after everyone); points are kept in quarters (docs/leagues.md)."""

    __tablename__ = "league_entries"
    __table_args__ = (UniqueConstraint("season_id", "email"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    season_id: Mapped[int] = mapped_column(ForeignKey("league_seasons.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    email: Mapped[str] = mapped_column(String(254))
    standing_before: Mapped[int] = mapped_column(Integer, default=0)
    #: 1 is the top division; set when the season starts
    division: Mapped[int | None] = mapped_column(Integer, nullable=True)
    quarters: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    score: Mapped[int] = mapped_column(Integer, default=0)
    played: Mapped[int] = mapped_column(Integer, default=0)
    #: the key of this farmer's link to sign up for the next season
    secret: Mapped[str] = mapped_column(String(64))
    #: the language of the league's mails to this farmer (boards.i18n.LANGUAGES)
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)


class LeagueTable(Base):
    """A table of a season: a game made by the creation use case.
    ``counted_at``: its ranking was added to the standings (once)."""

    __tablename__ = "league_tables"
    __table_args__ = (UniqueConstraint("season_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    season_id: Mapped[int] = mapped_column(ForeignKey("league_seasons.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    division: Mapped[int] = mapped_column(Integer)
    round: Mapped[int] = mapped_column(Integer)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), unique=True)
    #: the league entry sitting at each seat, by position
    entries: Mapped[list] = mapped_column(JSON)
    counted_at: Mapped[datetime | None] = mapped_column(Timestamp, nullable=True, index=True)


class DuplicateEvent(Base):
    """A seed of the week (docs/leagues.md): every entrant plays the same
    shuffle, alone (``seats`` 1) or at tables of ``seats`` with the seats
    rotated; open -> closed (no more entries) -> over (every game ended)."""

    __tablename__ = "duplicate_events"
    __table_args__ = (UniqueConstraint("kind", "seats", "week"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict] = mapped_column(JSON, default=dict)
    seats: Mapped[int] = mapped_column(Integer)
    #: "2026-W49"
    week: Mapped[str] = mapped_column(String(16))
    seed: Mapped[int] = mapped_column(BigInteger)
    per_turn: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(8), default="open", index=True)
    closes_at: Mapped[datetime] = mapped_column(Timestamp)
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)


class DuplicateEntry(Base):
    """An entrant of a duplicate event: the table and seat they were given
    (None while waiting for a table to fill), and the key of their results link."""

    __tablename__ = "duplicate_entries"
    __table_args__ = (UniqueConstraint("event_id", "email"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("duplicate_events.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    email: Mapped[str] = mapped_column(String(254))
    table_no: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"), nullable=True)
    secret: Mapped[str] = mapped_column(String(64))
    #: the language of the event's mails to this entrant (boards.i18n.LANGUAGES)
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    created_at: Mapped[datetime] = mapped_column(Timestamp, default=wall_time.now)
