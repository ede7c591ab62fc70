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
from datetime import timedelta

from sqlalchemy import exists, select
from sqlalchemy.orm import selectinload

from boards.i18n import DEFAULT_LANGUAGE, Translator, translator
from mail.sentence import N_
from service.core.errors import InvalidInput, NotAllowed, NotFound, TooMany
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.core.wall_time import now
from service.game.clocks import duration_text
from service.game.reliability import Reliability, reliability_of, reliability_one
from service.jobs.dispatching import unit_of_work
from service.notify import changes
from service.storage import ratelimit
from service.storage.lookup import load_game, lock_game
from service.storage.models import Game, Seat, SeatClaim
from service.usecases.creation import OPEN_SEAT_NAME, FarmerSpec, check_farmer, start
from service.usecases.seat_links import new_reply_key, new_secret

#: the most open tables /open shows (newest first)
LISTED_MAX = 100
#: how long a farmer seated from an open table has to answer "still in?" once the table is full
STILL_IN_WAIT = timedelta(days=1)


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
    #: the host's record on the clock (docs/ratings.md), and the share of
    #: turns in time the host asks of who takes an open seat
    host: Reliability | None = None
    min_in_time: int | None = None


@dataclass(frozen=True)
class Confirmation:
    """What a confirmation link did: ``seat_url`` when it seated the farmer."""

    outcome: str  # seated / used / full / seated-already / unreliable
    message: str
    seat_url: str | None = None


def listed_tables(svc: Services, t: Translator | None = None) -> list[Table]:
    """The listed tables that still have an open seat, newest first, told
    in ``t``'s language (English without one)."""
    with svc.db.transaction() as session:
        games = session.scalars(
            select(Game).where(Game.listing == "listed", Game.status == "inviting",
                               exists().where(Seat.game_id == Game.id, Seat.open.is_(True)))
            .options(selectinload(Game.seats), selectinload(Game.clock))
            .order_by(Game.id.desc()).limit(LISTED_MAX)
        ).all()
        hosts = reliability_of(session, [a for a in map(_host_address, games) if a])
        return [table_of(svc, game, hosts, t) for game in games]


def table(svc: Services, game_id: int, token: str, t: Translator | None = None) -> Table:
    """An open table reached by its join link (LinkError if forged), told in ``t``'s language."""
    svc.links.check_table(token, game_id=game_id)
    with svc.db.transaction() as session:
        game = load_game(session, game_id)
        if game.listing is None:
            raise NotFound(N_("Game #%(game)s is not an open table."), game=game_id)
        return table_of(svc, game, reliability_of(session, [_host_address(game) or ""]), t)


def _host_address(game: Game) -> str | None:
    host = game.clock.host if game.clock is not None else None
    seat = next((s for s in game.seats if s.position == host), None)
    return seat.email.strip().lower() if seat is not None and seat.email else None


def table_of(svc: Services, game: Game, hosts: dict[str, Reliability], t: Translator | None = None) -> Table:
    t = t or translator(DEFAULT_LANGUAGE)
    rules = rules_for(game.kind)
    options = [{"label": t.gettext(option.label), "value": _option_value(game.options.get(option.key), t)}
               for option in rules.options]
    clock = game.clock
    if clock is None or clock.per_turn is None:
        clock_text = t.gettext("no clock")
    elif clock.bank:
        clock_text = t.gettext("%(time)s per turn, %(bank)s extra time each", time=duration_text(clock.per_turn, t),
                               bank=duration_text(clock.bank, t))
    else:
        clock_text = t.gettext("%(time)s per turn", time=duration_text(clock.per_turn, t))
    return Table(
        game_id=game.id, title=f"{rules.title} #{game.id}", kind=game.kind, options=options, clock=clock_text,
        seats_free=sum(1 for seat in game.seats if seat.open), seats=len(game.seats),
        farmers=[t.gettext("%(name)s (bot)", name=seat.name) if seat.bot else seat.name
                 for seat in game.seats if not seat.open],
        listing=game.listing, status=game.status, url=svc.links.table_url(game.id),
        host=hosts.get(_host_address(game) or ""),
        min_in_time=game.min_in_time,
    )


def ask_for_seat(svc: Services, game_id: int, token: str, name: str, email: str, language: str = "en") -> None:
    """Someone asks for an open seat: check the name and address (as for
    any farmer), write the claim and mail its confirmation link (in
    ``language``, the seat's once taken). Several people may ask for the
    same seat; the first to confirm takes it."""
    svc.links.check_table(token, game_id=game_id)
    name, email = (name or "").strip(), (email or "").strip()
    if not email:
        raise InvalidInput(N_("Give your email address: the seat is yours once you click the link we mail to it."))
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
    for bucket, key, refusal in (
            ("seat-asks-table", str(game_id), N_("Nothing was sent: this table has had as many asks for its seats as "
                                                 "we take in an hour. Please try again later.")),
            ("seat-ask-mails", "*", N_("Nothing was sent: we have mailed as many seat confirmations as we take in an "
                                       "hour. Please try again later."))):
        verdict = ratelimit.hit(session, svc.config, bucket, key)
        if not verdict.allowed:
            raise TooMany(refusal, retry_after=verdict.retry_after)


def check_claim(svc: Services, game_id: int, claim_id: int, token: str) -> SeatClaim:
    """The claim a confirmation link names (LinkError if forged or expired)."""
    with svc.db.transaction() as session:
        claim = session.get(SeatClaim, claim_id)
        if claim is None or claim.game_id != game_id:
            raise NotFound(N_("There is no such request for a seat."))
        svc.links.check_claim(token, game_id=game_id, claim_id=claim_id, nonce=claim.nonce)
        return claim


def confirm(svc: Services, game_id: int, claim_id: int, token: str, language: str | None = None) -> Confirmation:
    """Confirm an ask: under the game's lock, the first open seat becomes the
    farmer's; the game starts if it was the last one. The link works once.
    A record below the host's minimum is refused in ``language``."""
    check_claim(svc, game_id, claim_id, token)
    with unit_of_work(svc) as (session, work):
        game = lock_game(session, game_id)
        claim = session.get(SeatClaim, claim_id, populate_existing=True)
        t = translator(claim.language)  # the asker's, as the claim mail spoke it
        if claim.used_at is not None:
            return Confirmation("used", t.gettext("This confirmation link has been used already. If it seated you, "
                                                  "your seat link is in the mail we sent you then."))
        claim.used_at = now()
        if any(seat.email and seat.email.lower() == claim.email.lower() for seat in game.seats):
            return Confirmation("seated-already", t.gettext("%(address)s already has a seat at this table; open your "
                                                            "seat page from the mail we sent you.",
                                                            address=claim.email))
        record = reliability_one(session, claim.email)
        if not record.meets(game.min_in_time):
            return Confirmation("unreliable", t.gettext(
                "The host of this table asks for farmers who answered at least %(share)s %% of their timed turns in "
                "time; you %(record)s. Other tables are looking for farmers on the open tables page.",
                share=game.min_in_time, record=record.text(t.language)))
        free = [seat for seat in game.seats if seat.open]
        if game.status != "inviting" or not free:
            return Confirmation("full", t.gettext("Sorry: every open seat of this table was taken before you "
                                                  "confirmed. Other tables are looking for farmers on the open "
                                                  "tables page."))
        seat = free[0]
        seat.open, seat.name, seat.email, seat.language = False, claim.name, claim.email, claim.language
        seat.secret, seat.reply_key = new_secret(), new_reply_key()  # nothing made before belongs to them
        seat.joined_at = claim.used_at
        claim.seat = seat.position
        session.flush()
        changes.seated(session, svc, game, seat, work)
        if all(s.joined_at for s in game.seats) and not _ask_still_in(session, svc, game, claim, work):
            start(session, svc, game, work)
        url = svc.links.seat_url(game.id, seat.position, seat.secret)
    return Confirmation("seated", t.gettext("The seat is yours. Welcome to the table!"), url)


# --------------------------------------------------------------------------- still in?


def _ask_still_in(session, svc: Services, game: Game, last: SeatClaim, work) -> bool:
    """The table is full: every farmer seated from it before ``last`` (who
    has just confirmed) is asked "still in?", once, with a day to answer.
    Whether anyone's answer is awaited (then the game waits for it)."""
    claims = session.scalars(select(SeatClaim).where(SeatClaim.game_id == game.id, SeatClaim.seat.is_not(None),
                                                     SeatClaim.lapsed_at.is_(None), SeatClaim.id != last.id)).all()
    due = now() + STILL_IN_WAIT
    for claim in claims:
        if claim.still_in_due is None:
            claim.still_in_due = due
            seat = next(s for s in game.seats if s.position == claim.seat)
            changes.still_in(session, svc, game, seat, svc.links.seat_url(game.id, seat.position, seat.secret)
                             + "/still-in", claim.still_in_due, work)
    return any(claim.still_in_at is None for claim in claims)


def still_in(svc: Services, game_id: int, position: int, token: str, language: str | None = None) -> str:
    """A farmer answers "still in?" (their seat link is the proof); the game
    starts when the last answer is in. Returns what to tell them, in ``language``."""
    t = translator(language)
    with unit_of_work(svc) as (session, work):
        game = lock_game(session, game_id)
        seat = next((s for s in game.seats if s.position == position), None)
        if seat is None:
            raise NotFound(t.gettext("Game #%(game)s has no seat %(seat)s.", game=game_id, seat=position))
        svc.links.check("seat", token, game_id=game_id, seat=position, seat_secret=seat.secret)
        claim = _asked(session, game.id, position)
        if claim is None or game.status != "inviting":
            return t.gettext("Nothing to confirm: the game is under way, or you were not asked.")
        claim.still_in_at = now()
        if _asked(session, game.id) is None and all(s.joined_at for s in game.seats):
            start(session, svc, game, work)
            return t.gettext("Thank you: everyone is in, and the game has started.")
        return t.gettext("Thank you: you are in. The game starts when every farmer has said so.")


def asked_still_in(svc: Services, game_id: int, position: int) -> bool:
    """Whether the farmer of this seat is asked "still in?" and has not answered."""
    with svc.db.transaction() as session:
        return _asked(session, game_id, position) is not None


def _asked(session, game_id: int, position: int | None = None) -> SeatClaim | None:
    query = select(SeatClaim).where(SeatClaim.game_id == game_id, SeatClaim.still_in_due.is_not(None),
                                    SeatClaim.still_in_at.is_(None), SeatClaim.lapsed_at.is_(None))
    if position is not None:
        query = query.where(SeatClaim.seat == position)
    return session.scalars(query.order_by(SeatClaim.id)).first()


def lapse_still_in(svc: Services) -> int:
    """Beat: every "still in?" left unanswered past its day gives its seat
    back: the seat is open again, and the next in line (the first who asked
    for a seat of this table and did not get one) gets a new confirmation
    link. Returns the seats opened again."""
    with svc.db.transaction() as session:
        lapsed = session.execute(select(SeatClaim.game_id, SeatClaim.id).where(
            SeatClaim.still_in_due < now(), SeatClaim.still_in_at.is_(None),
            SeatClaim.lapsed_at.is_(None))).all()
    for game_id, claim_id in lapsed:
        with unit_of_work(svc) as (session, work):
            game = lock_game(session, game_id)
            claim = session.get(SeatClaim, claim_id, populate_existing=True)
            if claim.still_in_at is not None or claim.lapsed_at is not None or game.status != "inviting":
                continue
            claim.lapsed_at = now()
            seat = next(s for s in game.seats if s.position == claim.seat)
            seat.open, seat.name, seat.email, seat.joined_at = True, OPEN_SEAT_NAME, None, None
            seat.secret, seat.reply_key = new_secret(), new_reply_key()  # the lapsed farmer's links stop working
            _offer_to_next(session, svc, game, work)
    return len(lapsed)


def _offer_to_next(session, svc: Services, game: Game, work) -> None:
    at_table = {s.email.lower() for s in game.seats if s.email}
    done = {c.email.lower() for c in session.scalars(select(SeatClaim).where(
        SeatClaim.game_id == game.id, (SeatClaim.seat.is_not(None)) | SeatClaim.lapsed_at.is_not(None)))}
    for waiting in session.scalars(select(SeatClaim).where(SeatClaim.game_id == game.id, SeatClaim.seat.is_(None))
                                   .order_by(SeatClaim.id)):
        if waiting.email.lower() not in at_table | done:
            offer = SeatClaim(game_id=game.id, name=waiting.name, email=waiting.email, nonce=secrets.token_urlsafe(24))
            session.add(offer)
            session.flush()
            changes.claim_mail(session, svc, game, offer, svc.links.claim_url(game.id, offer.id, offer.nonce), work)
            return


def _check_open(game: Game) -> None:
    if game.listing is None:
        raise NotFound(N_("Game #%(game)s is not an open table."), game=game.id)
    if game.status != "inviting" or not any(seat.open for seat in game.seats):
        raise NotAllowed(N_("This table has no open seat any more. Other tables are looking for farmers "
                            "on the open tables page."))


def _option_value(value, t: Translator) -> str:
    if isinstance(value, bool):
        return t.gettext("yes") if value else t.gettext("no")
    return str(value)
