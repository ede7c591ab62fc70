"""A my-games mail's list: every seat an address holds, with a link to each,
and the farmer's record (service/usecases/my_games.py asks for the mail; its
list is made here when the mail is sent, in the worker)."""

from __future__ import annotations

from sqlalchemy.orm import Session

from boards.i18n import Translator
from mail.outgoing.templates import render_mail
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.game.standings import Record, seats_of, tally
from service.storage.models import Seat, date_text

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


def games_text(svc: Services, address: str, t: Translator) -> str:
    """The list as plain text, in ``t``'s language: the answer to ``games`` by mail."""
    with svc.db.transaction() as session:
        return render_mail("mail/_games.txt", {**listing(svc, session, address.strip().lower(), t), "i18n": t}).strip()


def listing(svc: Services, session: Session, address: str, t: Translator) -> dict:
    """Every seat of ``address``, newest game first, and the record."""
    seats = seats_of(session, address)
    return {"address": address, "seats": [_entry(svc, seat, t) for seat in seats],
            "record": _record(tally(seats, address)), "record_url": svc.links.record_url(address),
            "new_url": f"{svc.links.base_url}/new"}


def _entry(svc: Services, seat: Seat, t: Translator) -> dict:
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
