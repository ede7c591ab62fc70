"""Watching a game (docs/spectators.md): the host opens or closes it to
spectators, and an address that someone gave on the spectator page confirms
(or stops) the mail it gets once a round."""

from __future__ import annotations

from sqlalchemy import select

from service.core.errors import InvalidInput
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.core.wall_time import now
from service.jobs.dispatching import unit_of_work
from service.notify import spectator_mail
from service.storage.lookup import live_log, lock_game, seat_of
from service.storage.models import Spectator
from service.usecases.creation import check_address, check_language
from service.usecases.seat_links import new_secret


def set_watchable(svc: Services, game_id: int, position: int, watchable: bool) -> str:
    """The host opens the game to spectators or closes it (the spectator
    link and the round mails stop while it is closed, and work again when
    it is opened again). Returns the answer for the page."""
    with svc.db.transaction() as session:
        game = lock_game(session, game_id)
        seat_of(game, position)
        if game.clock is None or game.clock.host != position:
            raise InvalidInput("Only the host can open or close the game to spectators.")
        game.watchable = watchable
        if game.watch_secret is None:
            game.watch_secret = new_secret()
    return "Spectators can now watch this game." if watchable else "The game is closed to spectators."


def open_game(session, svc: Services, game_id: int, token: str):
    """The locked game of a valid spectator link, open to spectators."""
    game = lock_game(session, game_id)
    svc.links.check_watch(token, game_id=game_id, watch_secret=game.watch_secret)
    if not game.watchable:
        raise InvalidInput("The host has closed this game to spectators.")
    return game


def follow(svc: Services, game_id: int, token: str, email: str, language: str = "en") -> str:
    """Someone with the spectator link asks for round mails to ``email``,
    in ``language`` (a new ask sets it again).
    Nothing is sent but a confirmation, and a second one only after an
    hour; the answer is the same whatever the address's state, so the page
    tells nobody whether an address already follows the game."""
    email = (email or "").strip()
    check_address(email)
    check_language(language)
    with unit_of_work(svc) as (session, work):
        game = open_game(session, svc, game_id, token)
        if game.status == "over":
            raise InvalidInput("This game is over: there are no more rounds to mail.")
        spectator = session.scalar(select(Spectator).where(Spectator.game_id == game_id,
                                                           Spectator.email == email.lower()))
        if spectator is None:
            spectator = Spectator(game_id=game_id, email=email.lower(), secret=new_secret(), asked_at=now(),
                                  language=language)
            session.add(spectator)
            session.flush()
            spectator_mail.confirmation(session, svc, game, spectator, work)
        elif (spectator.confirmed_at is None or spectator.unsubscribed_at is not None) \
                and not spectator_mail.recently_asked(spectator):
            spectator.language = language
            spectator_mail.confirmation(session, svc, game, spectator, work)
    return (f"If {email} wants these mails, it has to confirm: we sent it a mail with a link. "
            "Nothing else is sent before that.")


def spectator_link(svc: Services, game_id: int, spectator_id: int, token: str) -> tuple[Spectator, str]:
    """The spectator and the action (confirm / stop) of a valid follow link."""
    with svc.db.transaction() as session:
        spectator = session.get(Spectator, spectator_id)
        if spectator is None or spectator.game_id != game_id:
            raise InvalidInput("This link does not belong to this game.")
        action = svc.links.check_follow(token, game_id=game_id, spectator_id=spectator_id,
                                        spectator_secret=spectator.secret)
        return spectator, action


def confirm(svc: Services, game_id: int, spectator_id: int, token: str) -> str:
    """The address confirms: from the next round on it gets one mail a round."""
    spectator_link(svc, game_id, spectator_id, token)
    with svc.db.transaction() as session:
        game = lock_game(session, game_id)
        spectator = session.get(Spectator, spectator_id)
        spectator.confirmed_at = spectator.confirmed_at or now()
        spectator.unsubscribed_at = None
        spectator.last_progress = rules_for(game.kind).progress(game.state)
        log = live_log(session, game_id)
        spectator.last_seq = log[-1].seq if log else -1
    return "Confirmed: you will get one mail per round of this game, and the final result."


def stop(svc: Services, game_id: int, spectator_id: int, token: str) -> str:
    spectator_link(svc, game_id, spectator_id, token)
    with svc.db.transaction() as session:
        spectator = session.get(Spectator, spectator_id)
        spectator.unsubscribed_at = spectator.unsubscribed_at or now()
    return "Unsubscribed: Farmpost sends this address no more mail about this game."
