"""Open tables (docs/open_tables.md): a game with open seats that anyone
may ask for, by name and address. Asking writes a claim and mails its
confirmation link; the seat is theirs when they confirm it, and the first
confirmation wins. Until then the seat stays open and others may ask too.

The address is confirmed before anyone is seated so that nobody can put a
stranger's address at a table (and so into mail headers and turn mails).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from sqlalchemy import exists, select
from sqlalchemy.orm import selectinload

from service.core.errors import InvalidInput, NotAllowed, NotFound, TooMany
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.core.wall_time import now
from service.game.clocks import duration_text
from service.jobs.dispatching import unit_of_work
from service.notify import changes
from service.storage import ratelimit
from service.storage.lookup import load_game, lock_game
from service.storage.models import Game, Seat, SeatClaim
from service.usecases.creation import FarmerSpec, check_farmer, start
from service.usecases.seat_links import new_reply_key, new_secret

#: the most open tables /open shows (newest first)
LISTED_MAX = 100


@dataclass(frozen=True)
class Table:
    """What anyone may know about an open table: no seed, no state, no links
    but the table's own."""

    game_id: int
    title: str
    kind: str
    options: list[dict]
    clock: str
    seats_free: int
    seats: int
    farmers: list[str]
    listing: str | None
    status: str
    url: str


@dataclass(frozen=True)
class Confirmation:
    """What a confirmation link did: ``seat_url`` when it seated the farmer."""

    outcome: str  # seated / used / full / seated-already
    message: str
    seat_url: str | None = None


def listed_tables(svc: Services) -> list[Table]:
    """The listed tables that still have an open seat, newest first."""
    with svc.db.transaction() as session:
        games = session.scalars(
            select(Game).where(Game.listing == "listed", Game.status == "inviting",
                               exists().where(Seat.game_id == Game.id, Seat.open.is_(True)))
            .options(selectinload(Game.seats), selectinload(Game.clock))
            .order_by(Game.id.desc()).limit(LISTED_MAX)
        ).all()
        return [table_of(svc, game) for game in games]


def table(svc: Services, game_id: int, token: str) -> Table:
    """An open table reached by its join link (LinkError if forged)."""
    svc.links.check_table(token, game_id=game_id)
    with svc.db.transaction() as session:
        game = load_game(session, game_id)
        if game.listing is None:
            raise NotFound(f"Game #{game_id} is not an open table.")
        return table_of(svc, game)


def table_of(svc: Services, game: Game) -> Table:
    rules = rules_for(game.kind)
    options = [{"label": option.label, "value": _option_value(game.options.get(option.key))}
               for option in rules.options]
    clock = game.clock
    if clock is None or clock.per_turn is None:
        clock_text = "no clock"
    else:
        clock_text = f"{duration_text(clock.per_turn)} per turn"
        if clock.bank:
            clock_text += f", {duration_text(clock.bank)} extra time each"
    return Table(
        game_id=game.id, title=f"{rules.title} #{game.id}", kind=game.kind, options=options, clock=clock_text,
        seats_free=sum(1 for seat in game.seats if seat.open), seats=len(game.seats),
        farmers=[seat.name + (" (bot)" if seat.bot else "") for seat in game.seats if not seat.open],
        listing=game.listing, status=game.status, url=svc.links.table_url(game.id),
    )


def ask_for_seat(svc: Services, game_id: int, token: str, name: str, email: str, language: str = "en") -> None:
    """Someone asks for an open seat: check the name and address (as for
    any farmer), write the claim and mail its confirmation link (in
    ``language``, the seat's once taken). Several people may ask for the
    same seat; the first to confirm takes it."""
    svc.links.check_table(token, game_id=game_id)
    name, email = (name or "").strip(), (email or "").strip()
    if not email:
        raise InvalidInput("Give your email address: the seat is yours once you click the link we mail to it.")
    check_farmer(FarmerSpec(name, email, language=language), is_host=False)
    with unit_of_work(svc) as (session, work):
        game = load_game(session, game_id)
        _check_open(game)
        _count_ask(session, svc, game.id)
        claim = SeatClaim(game_id=game.id, name=name, email=email, nonce=secrets.token_urlsafe(24),
                          language=language)
        session.add(claim)
        session.flush()
        changes.claim_mail(session, svc, game, claim, svc.links.claim_url(game.id, claim.id, claim.nonce), work)


def _count_ask(session, svc: Services, game_id: int) -> None:
    """Each ask mails a stranger's address: at most ``seat-asks-table`` asks
    for one table and ``seat-ask-mails`` confirmation mails in all a while
    (the web counts the asking client, ``seat-asks-client``, and the address,
    ``seat-asks``). Counted with the ask: a refused one rolls back uncounted."""
    for bucket, key, what in (("seat-asks-table", str(game_id), "this table has had as many asks for its seats"),
                              ("seat-ask-mails", "*", "we have mailed as many seat confirmations")):
        verdict = ratelimit.hit(session, svc.config, bucket, key)
        if not verdict.allowed:
            raise TooMany(f"Nothing was sent: {what} as we take in an hour. Please try again later.",
                          retry_after=verdict.retry_after)


def check_claim(svc: Services, game_id: int, claim_id: int, token: str) -> SeatClaim:
    """The claim a confirmation link names (LinkError if forged or expired)."""
    with svc.db.transaction() as session:
        claim = session.get(SeatClaim, claim_id)
        if claim is None or claim.game_id != game_id:
            raise NotFound("There is no such request for a seat.")
        svc.links.check_claim(token, game_id=game_id, claim_id=claim_id, nonce=claim.nonce)
        return claim


def confirm(svc: Services, game_id: int, claim_id: int, token: str) -> Confirmation:
    """Confirm an ask: under the game's lock, the first open seat becomes the
    farmer's; the game starts if it was the last one. The link works once."""
    check_claim(svc, game_id, claim_id, token)
    with unit_of_work(svc) as (session, work):
        game = lock_game(session, game_id)
        claim = session.get(SeatClaim, claim_id, populate_existing=True)
        if claim.used_at is not None:
            return Confirmation("used", "This confirmation link has been used already. "
                                "If it seated you, your seat link is in the mail we sent you then.")
        claim.used_at = now()
        if any(seat.email and seat.email.lower() == claim.email.lower() for seat in game.seats):
            return Confirmation("seated-already", f"{claim.email} already has a seat at this table; "
                                "open your seat page from the mail we sent you.")
        free = [seat for seat in game.seats if seat.open]
        if game.status != "inviting" or not free:
            return Confirmation("full", "Sorry: every open seat of this table was taken before you confirmed. "
                                "Other tables are looking for farmers on the open tables page.")
        seat = free[0]
        seat.open, seat.name, seat.email, seat.language = False, claim.name, claim.email, claim.language
        seat.secret, seat.reply_key = new_secret(), new_reply_key()  # nothing made before belongs to them
        seat.joined_at = claim.used_at
        claim.seat = seat.position
        session.flush()
        changes.seated(session, svc, game, seat, work)
        if all(s.joined_at for s in game.seats):
            start(session, svc, game, work)
        url = svc.links.seat_url(game.id, seat.position, seat.secret)
    return Confirmation("seated", "The seat is yours. Welcome to the table!", url)


def _check_open(game: Game) -> None:
    if game.listing is None:
        raise NotFound(f"Game #{game.id} is not an open table.")
    if game.status != "inviting" or not any(seat.open for seat in game.seats):
        raise NotAllowed("This table has no open seat any more. Other tables are looking for farmers "
                         "on the open tables page.")


def _option_value(value) -> str:
    return {True: "yes", False: "no"}[value] if isinstance(value, bool) else str(value)
