"""Play again: after the final result, a farmer of a finished game asks for a
rematch (the button on the seat page, or ``rematch`` replied to the game's
mail), and a new game is set up with the same farmers at the same places,
the same bots in the bot seats, the same options and the same clock
settings, with a new seed. The farmer who asked is its host, joined at once;
the others are invited as for any game.

A game has at most one rematch: it is made with the creation key
``rematch:<game id>``, so two asks (two farmers at once, a button pressed
twice, a mail processed again) find the same new game. A farmer who asks
for a rematch that another one already made joins it. The finished game's
pages find the rematch by that key and link to it.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from boards.i18n import N_
from service.core.errors import InvalidInput
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.game import clocks
from service.storage.lookup import load_game, seat_of
from service.storage.models import Game, Seat
from service.usecases.creation import FarmerSpec, create_game, join


@dataclass(frozen=True)
class Rematch:
    game_id: int
    title: str
    #: the asking farmer's seat page in the new game
    seat_url: str
    #: the other farmers, who were invited (names)
    invited: list[str]
    #: False: another ask of the same game had made it already
    new: bool


#: a rematch's creation key is this and the id of the game it replays
REMATCH_KEY = "rematch:"


def creation_key(game_id: int) -> str:
    return f"{REMATCH_KEY}{game_id}"


def rematch(svc: Services, game_id: int, position: int) -> Rematch:
    """The rematch of finished game ``game_id``, asked by the farmer at
    ``position``: made now, or found (and the farmer joined to it)."""
    with svc.db.transaction() as session:
        game = load_game(session, game_id)
        if game.status != "over":
            raise InvalidInput(N_("A rematch can be asked for once the game is over."))
        seat_of(game, position)
        existing = rematch_of(session, game_id)
        farmers = [_again(seat) for seat in game.seats]
        kind, options, settings = game.kind, dict(game.options), _clock_settings(game)
    if existing is None:
        created = create_game(svc, kind, farmers, options=options, host=position, clock=settings,
                              creation_key=creation_key(game_id))
        new_id = created.game_id
    else:
        new_id = existing
    with svc.db.transaction() as session:
        made = load_game(session, new_id)
        mine = seat_of(made, position)
        joined = mine.joined_at is not None
        made_now = existing is None and made.clock is not None and made.clock.host == position
        invited = [s.name for s in made.seats if s.position != position and s.bot is None]
    url = svc.links.seat_url(new_id, position, mine.secret) if joined else join(svc, new_id, position)
    return Rematch(new_id, f"{rules_for(kind).title} #{new_id}", url, invited, made_now)


def rematch_of(session: Session, game_id: int) -> int | None:
    """The id of the game's rematch, if one was made."""
    return session.scalar(select(Game.id).where(Game.creation_key == creation_key(game_id)))


def _again(seat: Seat) -> FarmerSpec:
    """The seat as the rematch fills it: a farmer with an address is invited
    again (also one who resigned, or whose seat the clock gave to a bot);
    a bot seat keeps its bot."""
    if seat.email:
        return FarmerSpec(seat.name, seat.email)
    return FarmerSpec(seat.name, None, bot=seat.bot if not seat.resigned else None)


def _clock_settings(game: Game) -> clocks.ClockSettings:
    clock = game.clock
    if clock is None:
        return clocks.ClockSettings()
    return clocks.ClockSettings(per_turn=clock.per_turn, bank=clock.bank, on_timeout=clock.on_timeout,
                                replace_after=clock.replace_after, bot=clock.bot,
                                reminders=tuple(clock.reminders or ()), vacation_budget=clock.vacation_budget)


def origin_link(svc: Services, game: Game, position: int) -> dict | None:
    """For a rematch's pages: the game it is a rematch of, and the farmer's
    seat there (the same position: a rematch keeps the table), or None for
    a game that is no rematch."""
    key = game.creation_key or ""
    if not key.startswith(REMATCH_KEY):
        return None
    with svc.db.transaction() as session:
        old = load_game(session, int(key.removeprefix(REMATCH_KEY)))
        seat = seat_of(old, position)
        return {"title": f"{rules_for(old.kind).title} #{old.id}",
                "url": svc.links.seat_url(old.id, position, seat.secret)}


def rematch_link(svc: Services, game_id: int, position: int) -> dict | None:
    """For the finished game's pages: the rematch's title and the farmer's
    way into it (their seat, or the invitation), or None before one is made."""
    with svc.db.transaction() as session:
        new_id = rematch_of(session, game_id)
        if new_id is None:
            return None
        made = load_game(session, new_id)
        seat = seat_of(made, position)
        joined = seat.joined_at is not None
        make = svc.links.seat_url if joined else svc.links.join_url
        return {"title": f"{rules_for(made.kind).title} #{made.id}", "url": make(made.id, position, seat.secret),
                "joined": joined}
