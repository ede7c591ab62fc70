"""A my-games mail's list: every seat an address holds, with a link to each
(and what a finished game did to the farmer's rating), and the farmer's record
and ratings (service/usecases/my_games.py asks for the mail; its
list is made here when the mail is sent, in the worker)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from boards.i18n import Translator, translator
from mail.outgoing.templates import render_mail
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.game import rating_store
from service.game.standings import Record, seats_of, tally
from service.storage.models import RatedGame, Seat, as_utc, date_text

#: the kind of a my-games mail
KIND = "games"


def with_listing(svc: Services, context: dict, t: Translator) -> dict:
    """A my-games mail's context with the list and the record, built now
    (when the mail is sent) in the language of ``t``; any other mail's
    context as it is."""
    if context.get("kind") != KIND or "seats" in context:
        return context
    with svc.db.transaction() as session:
        return {**context, **listing(svc, session, context["address"], t)}


#: mails that name no game of a farmer's own, or go to someone who holds no seat yet
WITHOUT_WAITING = ("games", "claim", "watch", "watchconf")


def with_waiting(svc: Services, context: dict, game_id: int | None) -> dict:
    """A farmer's mail with the game that has waited longest for them (its
    turn is theirs, for the longest time), besides the game it is about:
    every mail leads to where the farmer is awaited."""
    to = (context.get("envelope") or {}).get("to") or ()
    if context.get("kind") in WITHOUT_WAITING or len(to) < 2 or not to[1]:
        return context
    with svc.db.transaction() as session:
        waiting = longest_waiting(svc, seats_of(session, to[1]), translator(context["envelope"].get("language")),
                                  besides=game_id)
    return {**context, "waiting_game": waiting} if waiting else context


def longest_waiting(svc: Services, seats: list[Seat], t: Translator, besides: int | None = None) -> dict | None:
    """Of ``seats``, the game in play whose turn has been the farmer's the
    longest (since its clock's turn started, else its last change)."""
    awaited = []
    for seat in seats:
        game = seat.game
        if game.id == besides or game.status != "active" or seat.resigned or seat.bot:
            continue
        if rules_for(game.kind).to_act(game.state) != seat.position:
            continue
        since = as_utc((game.clock.turn_started if game.clock is not None else None) or game.updated_at)
        awaited.append((since, game.id, seat))
    if not awaited:
        return None
    since, _, seat = min(awaited, key=lambda item: (item[0], item[1]))
    return {"title": f"{rules_for(seat.game.kind).title} #{seat.game.id}", "since": date_text(since, t),
            "url": svc.links.seat_url(seat.game.id, seat.position, seat.secret)}


def games_text(svc: Services, address: str, t: Translator) -> str:
    """The list as plain text, in ``t``'s language: the answer to ``games`` by mail."""
    with svc.db.transaction() as session:
        return render_mail("mail/_games.txt", {**listing(svc, session, address.strip().lower(), t), "i18n": t}).strip()


def listing(svc: Services, session: Session, address: str, t: Translator) -> dict:
    """Every seat of ``address``, newest game first, and the record."""
    seats = seats_of(session, address)
    rated = rating_store.rated_games(session, [seat.game_id for seat in seats if seat.game.status == "over"])
    return {"address": address, "seats": [_entry(svc, seat, rated.get(seat.game_id), t) for seat in seats],
            "waiting_game": longest_waiting(svc, seats, t),
            "record": _record(tally(seats, address)), "record_url": svc.links.record_url(address, t.language),
            "ratings": [{"title": r.title, "rating": r.rating, "provisional": r.provisional, "games": r.games}
                        for r in rating_store.ratings_of(session, address)],
            "ratings_url": f"{svc.links.base_url}/ratings", "new_url": f"{svc.links.base_url}/new"}


def _entry(svc: Services, seat: Seat, rated: RatedGame | None, t: Translator) -> dict:
    game = seat.game
    rules = rules_for(game.kind)
    names = {s.position: t.gettext("%(name)s (bot)", name=s.name) if s.bot and not s.email else s.name
             for s in game.seats}
    joined = seat.joined_at is not None
    return {
        "title": f"{rules.title} #{game.id}",
        "status": game.status,
        "where": _where(game, seat, rules, t),
        "opponents": [names[s.position] for s in game.seats if s.position != seat.position],
        "started": date_text(game.created_at, t),
        "url": (svc.links.seat_url if joined else svc.links.join_url)(game.id, seat.position, seat.secret),
        "link_text": t.gettext("your seat") if joined else t.gettext("answer the invitation"),
        "rating": rating_store.change_in(rated, seat.position),
    }


def _where(game, seat: Seat, rules, t: Translator) -> str:
    """Where the game stands, for this farmer: whose turn, or the result."""
    if game.status == "inviting":
        waiting = [s.name for s in game.seats if s.joined_at is None]
        return (t.gettext("you are invited") if seat.joined_at is None
                else t.gettext("waiting for %(names)s to join", names=", ".join(waiting)))
    if game.status == "over":
        ranking = rules.ranking(game.state)
        place = next(index for index, group in enumerate(ranking) if seat.position in group)
        points = rules.score_sheet(game.state)["total"][seat.position]
        if len(game.seats) == 1:
            return t.ngettext("over: %(n)s point", "over: %(n)s points", points)
        if seat.resigned:
            return t.ngettext("over: you resigned; %(n)s point", "over: you resigned; %(n)s points", points)
        shared = len(ranking[place]) > 1
        facts = {"place": place + 1, "of": len(game.seats)}
        if place == 0 and shared:
            return t.ngettext("over: you won (shared first place), %(n)s point",
                              "over: you won (shared first place), %(n)s points", points)
        if place == 0:
            return t.ngettext("over: you won, %(n)s point", "over: you won, %(n)s points", points)
        if shared:
            return t.ngettext("over: place %(place)s of %(of)s (shared), %(n)s point",
                              "over: place %(place)s of %(of)s (shared), %(n)s points", points, **facts)
        return t.ngettext("over: place %(place)s of %(of)s, %(n)s point", "over: place %(place)s of %(of)s, %(n)s points",
                          points, **facts)
    to_act = rules.to_act(game.state)
    if to_act == seat.position and not seat.resigned:
        return t.gettext("your turn")
    if seat.resigned:
        return t.gettext("you resigned; a bot plays your seat")
    name = next((s.name for s in game.seats if s.position == to_act), None)
    return t.gettext("%(name)s's turn", name=name) if name is not None else t.gettext("nobody's turn")


def _record(record: Record) -> dict:
    def plain(t):
        return {"title": t.title, "played": t.played, "won": t.won, "solo": t.solo, "average": t.average}

    return {"total": plain(record.total), "kinds": [plain(t) for t in record.kinds]}
