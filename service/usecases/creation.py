"""Setting up a game: the host creates it, the invited farmers join, and it
starts once every seat is taken. Names and addresses are checked here, at the
edge, because they go into mail headers.

A game asked for by mail (new@) waits for its creator first: its From
address may be forged, so it is made ``unconfirmed``, nothing is mailed to
the invited farmers, and the creator gets a confirm link (the answer to
their mail, service/inbound/decide.py). :func:`confirm_game` opens it once;
beat expires those still unconfirmed after ``Config.unconfirmed_days``
(:func:`expire_unconfirmed`)."""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import timedelta
from email.utils import parseaddr

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from boards.i18n import LANGUAGES, translator
from engine.bots import BOTS
from mail.sentence import N_
from service.core import wall_time
from service.core.errors import InvalidInput, ServiceError
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.game import clocks
from service.jobs.dispatching import unit_of_work
from service.jobs.work import Work
from service.notify import changes
from service.storage.lookup import lock_game, seat_of
from service.storage.models import Game, Invitation, Seat
from service.usecases.bot_turns import queue_bot
from service.usecases.seat_links import new_reply_key, new_secret

_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+\Z")


@dataclass(frozen=True)
class FarmerSpec:
    """One seat as the host fills it in: a person (name, email), a bot, or an
    open seat that anyone may ask for (docs/open_tables.md)."""

    name: str
    email: str | None = None
    bot: str | None = None
    open: bool = False
    #: the language of the farmer's mails and pages (boards.i18n.LANGUAGES)
    language: str = "en"


#: how an open table is found: on the public page /open, or by its join link only
LISTINGS = ("listed", "unlisted")

#: the name an open seat carries until someone takes it
OPEN_SEAT_NAME = "Open seat"


@dataclass(frozen=True)
class CreatedGame:
    game_id: int
    #: the host's seat page (None when the host does not sit at the table)
    host_url: str | None
    #: the link that opens an unconfirmed game (None: the game is open already)
    confirm_url: str | None = None


def create_game(svc: Services, kind: str, farmers: list[FarmerSpec], *, options: dict | None = None,
                host: int | None = 0, seed: int | None = None, creation_key: str | None = None,
                clock: clocks.ClockSettings | None = None, listing: str | None = None,
                watchable: bool = False, confirm: bool = False, min_in_time: int | None = None,
                seated: bool = False, language: str | None = None) -> CreatedGame:
    """Set up a game. The host's seat and bot seats are joined at once; every
    other farmer gets an invitation mail, and the game starts when all joined.

    ``creation_key`` names what asked for the game where it may ask twice
    (``inbound:<id>`` for a new@ mail processed again after a crash): the
    second call returns the game the first one made, and nothing is mailed again.
    ``clock``: the game's clock (docs/clocks.md); None: no clock.
    ``listing``: with open seats, "listed" (on /open) or "unlisted" (the
    host shares the table's join link; the default).
    ``watchable``: spectators may watch it by its spectator link (docs/spectators.md).
    ``min_in_time``: an open table's minimum share of timed turns answered
    in time for a farmer who takes an open seat (docs/ratings.md).
    ``language``: the language of the refusals named so (the host's page's).

    ``confirm``: the game waits, unconfirmed and silent, until the host
    confirms it with ``CreatedGame.confirm_url`` (:func:`confirm_game`).

    ``seated``: every farmer is seated at once, no invitation to accept (they
    signed up for it: a league's table, a duplicate event); the game starts."""
    if creation_key is not None:
        if len(creation_key) > 255:
            creation_key = "sha256:" + hashlib.sha256(creation_key.encode()).hexdigest()
        existing = _created_by(svc, creation_key, host)
        if existing is not None:
            return existing
    rules = rules_for(kind)
    if not rules.min_seats <= len(farmers) <= rules.max_seats:
        raise InvalidInput(N_("%(game)s is played by %(least)s to %(most)s farmers."), game=rules.title,
                           least=rules.min_seats, most=rules.max_seats)
    if host is not None and not 0 <= host < len(farmers):
        raise InvalidInput(N_("The host must be one of the farmers."))
    for position, farmer in enumerate(farmers):
        check_farmer(farmer, is_host=position == host, utf8=svc.config.smtputf8)
    if any(farmer.open for farmer in farmers):
        listing = listing or "unlisted"
        if listing not in LISTINGS:
            raise InvalidInput(N_("An open table is either listed on the open tables page or unlisted."))
    else:
        listing = None
    if min_in_time is not None and not (listing and 1 <= min_in_time <= 100):
        raise InvalidInput(translator(language).gettext(
            "A minimum share of turns answered in time is for open seats, from 1 to 100 %."))
    try:
        options = rules.normalize_options(options)
    except ValueError as error:
        raise InvalidInput(str(error)) from None
    seed = secrets.randbits(62) if seed is None else seed
    try:
        state = rules.setup(len(farmers), options, seed)
    except ValueError as error:
        raise InvalidInput(str(error)) from None

    try:
        with unit_of_work(svc) as (session, work):
            created = _insert_game(session, svc, kind, farmers, options, host, seed, state, creation_key, clock,
                                   listing, work, watchable=watchable, confirm=confirm and host is not None,
                                   min_in_time=min_in_time, seated=seated)
    except IntegrityError:
        if creation_key is None:
            raise
        return _created_by(svc, creation_key, host)  # made a moment ago by the same ask
    return created


def _created_by(svc: Services, creation_key: str, host: int | None) -> CreatedGame | None:
    with svc.db.transaction() as session:
        game = session.scalar(select(Game).where(Game.creation_key == creation_key).options(selectinload(Game.seats)))
        if game is None:
            return None
        host_seat = seat_of(game, host) if host is not None else None
        return _created(svc, game, host_seat)


def _created(svc: Services, game: Game, host_seat: Seat | None) -> CreatedGame:
    if host_seat is None:
        return CreatedGame(game.id, None)
    confirm_url = svc.links.confirm_url(game.id, host_seat.position, host_seat.secret) \
        if game.status == "unconfirmed" else None
    return CreatedGame(game.id, svc.links.seat_url(game.id, host_seat.position, host_seat.secret), confirm_url)


def _insert_game(session: Session, svc: Services, kind: str, farmers: list[FarmerSpec], options: dict,
                 host: int | None, seed: int, state: dict, creation_key: str | None,
                 clock: clocks.ClockSettings | None, listing: str | None, work: Work, *, watchable: bool = False,
                 confirm: bool = False, min_in_time: int | None = None, seated: bool = False) -> CreatedGame:
    game = Game(kind=kind, options=options, seed=seed, status="unconfirmed" if confirm else "inviting",
                version=0, state=state, creation_key=creation_key, listing=listing, watchable=watchable,
                watch_secret=new_secret(), min_in_time=min_in_time)
    session.add(game)
    now = wall_time.now()
    for position, farmer in enumerate(farmers):
        joined = seated or position == host or farmer.bot is not None
        game.seats.append(Seat(
            position=position, name=OPEN_SEAT_NAME if farmer.open else farmer.name.strip(),
            email=None if farmer.open else (farmer.email or "").strip() or None,
            secret=new_secret(), reply_key=new_reply_key(), preferences=dict(changes.DEFAULT_PREFERENCES),
            bot=farmer.bot, joined_at=now if joined else None, open=farmer.open, language=farmer.language,
        ))
    session.flush()
    clocks.attach(game, clock or clocks.ClockSettings(), host)
    host_seat = game.seats[host] if host is not None else None
    if not confirm:
        _open(session, svc, game, host_seat, work)
    return _created(svc, game, host_seat)


def _open(session: Session, svc: Services, game: Game, host_seat: Seat | None, work: Work) -> None:
    """Invite every farmer who has not joined, or start at once when nobody is missing."""
    for seat in game.seats:
        if seat.joined_at is None and not seat.open:
            session.add(Invitation(game_id=game.id, seat_id=seat.id, email=seat.email))
            changes.invite(session, svc, game, seat, host_seat, work)
    if all(seat.joined_at for seat in game.seats):
        start(session, svc, game, work)


class NotConfirmable(ServiceError):
    """A confirm link of a game that is open already, or expired (410)."""

    status = 410


def confirm_game(svc: Services, game_id: int, position: int) -> str:
    """The creator confirmed their game (the caller checked the confirm
    link): invite the others (or start); returns the host's seat link. Once
    only: the link of a game confirmed or expired opens nothing."""
    with unit_of_work(svc) as (session, work):
        game = lock_game(session, game_id)
        if game.status == "expired":
            raise NotConfirmable(N_("This game waited too long for its confirmation and was dropped. "
                                    "Mail new@ again to set up a new one."))
        if game.status != "unconfirmed":
            raise NotConfirmable(N_("This game was confirmed already; the link works once. Your seat link is in "
                                    "the game's mails."))
        game.status = "inviting"
        host_seat = seat_of(game, position)
        _open(session, svc, game, host_seat, work)
        url = svc.links.seat_url(game.id, position, host_seat.secret)
    return url


def expire_unconfirmed(svc: Services) -> int:
    """Beat: games still unconfirmed after ``Config.unconfirmed_days`` are
    ``expired`` (nothing was ever mailed about them but the confirm link).
    Returns how many."""
    cutoff = wall_time.now() - timedelta(days=svc.config.unconfirmed_days)
    with svc.db.transaction() as session:
        games = session.scalars(select(Game).where(Game.status == "unconfirmed", Game.created_at < cutoff)).all()
        for game in games:
            game.status = "expired"
        return len(games)


def check_language(language: str) -> None:
    if language not in LANGUAGES:
        raise InvalidInput(N_("Farmpost speaks %(languages)s (English, French, German); “%(language)s” is none of "
                              "them."), languages=", ".join(LANGUAGES), language=language)


def check_farmer(farmer: FarmerSpec, *, is_host: bool, utf8: bool = False) -> None:
    check_language(farmer.language)
    if farmer.open:
        if is_host:
            raise InvalidInput(N_("Your own seat cannot be an open seat."))
        return
    name = (farmer.name or "").strip()
    if not name or len(name) > 80:
        raise InvalidInput(N_("Every farmer needs a name (at most 80 characters)."))
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in name):
        raise InvalidInput(N_("The name “%(name)s…” has a line break or a control character; names go into mail "
                              "headers, so use letters, digits and punctuation only."), name=name.splitlines()[0])
    if farmer.bot is not None:
        if farmer.bot not in BOTS:
            raise InvalidInput(N_("There is no bot called “%(bot)s”; choose one of %(bots)s."), bot=farmer.bot,
                               bots=", ".join(BOTS))
        return
    email = (farmer.email or "").strip()
    if email:
        check_address(email, utf8=utf8)
    elif not is_host:
        raise InvalidInput(N_("%(name)s needs an email address to be invited."), name=name)


def check_address(email: str, *, utf8: bool = False) -> None:
    """An address Farmpost can mail: one addr-spec, at most 254 characters
    (RFC 5321), no control characters; beyond ASCII (RFC 6531: jürgen@bücher.example)
    only where the transport carries it (``utf8``: Config.smtputf8, the local
    mailbox or an SMTP relay declared to offer SMTPUTF8), else refused here,
    clearly, rather than failing when the mail is sent."""
    if len(email) > 254:
        raise InvalidInput(N_("“%(start)s…” is longer than an email address can be (254 characters)."), start=email[:40])
    if any(unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp") for c in email):
        raise InvalidInput(N_("An email address cannot hold line breaks or control characters."))
    if not _EMAIL.match(email) or parseaddr(email)[1] != email:
        raise InvalidInput(N_("“%(address)s” does not look like an email address."), address=email)
    if not email.isascii() and not utf8:
        raise InvalidInput(N_("“%(address)s” has characters beyond ASCII; Farmpost cannot mail such an address yet. "
                              "Please give an address in plain ASCII letters."), address=email)


def join(svc: Services, game_id: int, position: int, language: str | None = None) -> str:
    """Accept an invitation (the caller has checked the join link), in
    ``language`` (None: the one the host chose). Returns the seat link.
    Joining twice is harmless."""
    if language is not None:
        check_language(language)
    with unit_of_work(svc) as (session, work):
        game = lock_game(session, game_id)
        seat = seat_of(game, position)
        if seat.joined_at is None:
            seat.language = language or seat.language
            seat.joined_at = wall_time.now()
            invitation = session.scalar(select(Invitation).where(Invitation.seat_id == seat.id))
            if invitation is not None:
                invitation.accepted_at = seat.joined_at
            if game.status == "inviting" and all(s.joined_at for s in game.seats):
                start(session, svc, game, work)
            elif game.status == "active" and rules_for(game.kind).to_act(game.state) == seat.position:
                changes.turn_mail(session, svc, game, seat, work)  # a substitute joins on their turn
        url = svc.links.seat_url(game.id, seat.position, seat.secret)
    return url


def start(session: Session, svc: Services, game: Game, work: Work) -> None:
    game.status = "active"
    clocks.follow_turn(game)
    changes.turn_changed(session, svc, game, None, [], work)
    queue_bot(session, game, work)
