"""Mail to spectators (docs/spectators.md): the confirmation an address gets
when someone asks for round mails for it, and then one mail per round with
the public board, written in the same transaction as the move that ends the
round (like every other notification, service/notify/changes.py).

A spectator mail shows the public view only (``Game.view(state, None)``):
no hand, no face-down card, no seed, whoever reads it.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session

from boards.game_phrases import progress as progress_said
from boards.i18n import DEFAULT_LANGUAGE, translator
from mail.outgoing.envelope import Envelope
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.core.wall_time import now
from service.storage.models import Game, MoveLogEntry, OutgoingMail, Spectator, as_utc

#: a new ask for the same address sends another confirmation only after this
CONFIRM_INTERVAL = timedelta(hours=1)


def _context(svc: Services, game: Game, spectator: Spectator, kind: str, subject: str) -> dict:
    rules = rules_for(game.kind)
    domain = svc.config.mail_domain
    message_id = f"<{uuid.uuid4().hex}.g{game.id}.w@{domain}>"
    stop_url = svc.links.follow_url(game.id, spectator.id, spectator.secret, "stop")
    envelope = Envelope(message_id=message_id, sender=svc.config.mail_sender, to=("", spectator.email),
                        subject=subject, list_id=f"{rules.title} #{game.id} spectators <watch-{game.id}.{domain}>",
                        unsubscribe=stop_url, game_id=game.id, language=spectator.language)
    return {
        "kind": kind,
        "envelope": envelope.as_data(),
        "game": {"id": game.id, "kind": game.kind, "title": rules.title,
                 "progress": progress_said(rules, game.state, translator(spectator.language)),
                 "options": game.options, "status": game.status},
        "version": game.version,
        "seat": {"position": None, "name": translator(spectator.language).gettext("spectator")},
        "farmers": [{"position": s.position, "name": s.name, "bot": s.bot} for s in game.seats],
        "view": rules.view(game.state, None),
        "links": {"watch": svc.links.watch_url(game.id, game.watch_secret), "stop": stop_url,
                  "confirm": svc.links.follow_url(game.id, spectator.id, spectator.secret, "confirm")},
    }


def _queue(session: Session, game: Game, spectator: Spectator, context: dict, work) -> None:
    envelope = context["envelope"]
    mail = OutgoingMail(message_id=envelope["message_id"], game_id=game.id, seat_id=None,
                        kind=context["kind"], to_addr=spectator.email, subject=envelope["subject"],
                        context=context)
    session.add(mail)
    work.mails.append(mail)


def confirmation(session: Session, svc: Services, game: Game, spectator: Spectator, work) -> None:
    """Ask the address to confirm that it wants the round mails."""
    spectator.asked_at = now()
    title = rules_for(game.kind).title
    t = translator(spectator.language)
    what = t.gettext("confirm your spectator mails")
    context = _context(svc, game, spectator, "watchconf", f"{title} #{game.id}: {what}")
    _queue(session, game, spectator, context, work)


def recently_asked(spectator: Spectator) -> bool:
    """A confirmation went to this address within the hour: asking again and
    again must not flood someone's mailbox."""
    return spectator.asked_at is not None and now() - as_utc(spectator.asked_at) < CONFIRM_INTERVAL


def round_mails(session: Session, svc: Services, game: Game, work) -> None:
    """One mail to each confirmed spectator when a round has ended (the
    game's ``progress`` changed since their last mail) or the game is over."""
    if not game.watchable:
        return
    spectators = list(session.scalars(select(Spectator).where(
        Spectator.game_id == game.id, Spectator.confirmed_at.is_not(None), Spectator.unsubscribed_at.is_(None))))
    if not spectators:
        return
    rules = rules_for(game.kind)
    progress = rules.progress(game.state)
    over = game.status == "over" or rules.is_over(game.state)
    log = list(session.scalars(select(MoveLogEntry).where(
        MoveLogEntry.game_id == game.id, MoveLogEntry.undone.is_(False)).order_by(MoveLogEntry.seq)))
    names = {s.position: s.name for s in game.seats}
    for spectator in spectators:
        if not over and progress == spectator.last_progress:
            continue
        moves = [{"farmer": names[e.seat], "description": e.description} for e in log if e.seq > spectator.last_seq]
        t = translator(spectator.language)
        if over:
            what = t.gettext("final result")
        elif spectator.last_progress:
            what = t.gettext("%(progress)s played", progress=_last_progress(rules, game, log, spectator, t))
        else:
            what = t.gettext("a round played")
        context = _context(svc, game, spectator, "watch", f"{rules.title} #{game.id}: {what}")
        context.update(account=moves, account_title=t.gettext("Since the last mail"), over=over)
        if over:
            sheet = rules.score_sheet(game.state)
            context.update(score_sheet=sheet, ranking=[[names[p] for p in g] for g in rules.ranking(game.state)])
        _queue(session, game, spectator, context, work)
        spectator.last_progress = progress
        spectator.last_seq = log[-1].seq if log else -1
        if over:
            spectator.unsubscribed_at = now()  # nothing more will come


def _last_progress(rules, game: Game, log: list[MoveLogEntry], spectator: Spectator, t) -> str:
    """Where the game stood at the spectator's last mail (``last_progress``
    keeps the English, which says when the next mail is due), in ``t``'s
    language: told from the position after the last move that mail told."""
    if t.language == DEFAULT_LANGUAGE:
        return spectator.last_progress
    from service.game.accounts import replayed

    told = [entry for entry in log if entry.seq <= spectator.last_seq]
    state = replayed(game, told)[-1]
    if rules.progress(state) != spectator.last_progress:  # not the position it was told from: the English
        return spectator.last_progress
    return progress_said(rules, state, t)
