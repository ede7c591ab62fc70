"""Plans (docs/plans.md): a farmer makes one (by mail, on the seat page, by
a link of the turn mail) or cancels it; when their turn comes the plan is
played for them like a bot's turn for one seat, in the transaction of the
move that handed them the turn (:func:`plan_turn`, called where the seat to
act changes); an undo drops the plans made after the move it takes back; a
substitute starts without the seat's plan. What became of a plan is kept
on the seat (``plan_news``) for the farmer's next mail, in the seat's
language (the texts are in the ``answers`` catalog)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from boards import i18n
from engine.words import in_language
from mail.inbound.plans import NEXT, PlanText
from mail.sentence import N_
from service.core.errors import InvalidInput
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.core.wall_time import now
from service.game.plans import amount_of, choose
from service.jobs.work import Work
from service.storage import lookup
from service.storage.models import Game, MoveLogEntry, MoveRequest, Plan, Seat


def make_plan(svc: Services, game_id: int, position: int, plan: PlanText, *, tell_later: bool = False) -> str:
    """Keep ``plan`` for the seat (in place of any plan it had); the answer
    for the farmer says what will happen. The view the farmer has now is
    kept with it: what its moves name (a Field tile) must still be there.
    ``tell_later``: the answer goes with the farmer's next mail (the one
    their moves of the same mail owe) instead of a mail of its own."""
    if not svc.config.plans:
        raise InvalidInput(N_("Plans are not offered on this server: answer each turn as it comes."))
    with svc.db.transaction() as session:
        game = lookup.lock_game(session, game_id)
        seat = lookup.seat_of(game, position)
        t = i18n.translator(seat.language)
        if game.status != "active":
            raise InvalidInput(N_("A plan needs a game in play: this one is over.") if game.status == "over"
                               else N_("A plan needs a game in play: this one has not started yet."))
        if seat.resigned or seat.bot:
            raise InvalidInput(N_("Your seat is played by a bot now, so it takes no plan."))
        rules = rules_for(game.kind)
        view = rules.view(game.state, position)
        amounts = rules.amounts(view, position)
        unknown = [s.name for s in plan.stops if amount_of(amounts, s.name) is None]
        if unknown:
            raise InvalidInput(N_("“stop if %(name)s …”: %(game)s has no count called “%(name)s”; a stop "
                                  "condition may name: %(names)s."), name=unknown[0], game=rules.title,
                               names=", ".join(sorted(amounts)) or "-")
        _end_waiting(session, game, seat, "cancelled", t.gettext("replaced by a new plan"))
        session.add(Plan(game_id=game.id, seat=position, kind=plan.kind,
                         alternatives=[list(steps) for steps in plan.alternatives],
                         stops=[{"name": s.name, "op": s.op, "value": s.value} for s in plan.stops],
                         text=plan.text, view=view, made_version=game.version, made_seq=game.next_seq,
                         progress=rules.progress(game.state), status="active"))
        seat.planned = True
        answer = planned_answer(plan, t)
        if tell_later:
            tell(seat, answer)
    return answer


def planned_answer(plan: PlanText, t: i18n.Translator) -> str:
    """What the farmer is told when their plan is kept, in ``t``'s language."""
    lines = [f"{index}. {', '.join(steps)}" for index, steps in enumerate(plan.alternatives, 1)]
    when = (t.gettext("When your next turn comes, the first of these still possible is played for you at once:")
            if plan.kind == NEXT else
            t.gettext("At each of your turns to the end of this round, the first of these still possible is "
                      "played for you:"))
    parts = [t.gettext("Your plan is kept: %(plan)s", plan=plan.text), when, *lines]
    if plan.stops:
        parts.append(t.gettext("It stops if %(conditions)s.", conditions=" | ".join(s.text for s in plan.stops)))
    parts.append(t.gettext("An alternative whose Field tile or space changed is not played. Write whole turns: the "
                           "steps after a move that draws new tiles are played while what they name is what you "
                           "saw; after a move that shows you alone something hidden, the rest is yours to play. "
                           "“cancel plan” removes it."))
    return "\n".join(parts)


def cancel_plan(svc: Services, game_id: int, position: int) -> str:
    """Remove the seat's plan; the answer says whether there was one."""
    with svc.db.transaction() as session:
        game = lookup.lock_game(session, game_id)
        seat = lookup.seat_of(game, position)
        t = i18n.translator(seat.language)
        ended = _end_waiting(session, game, seat, "cancelled", t.gettext("cancelled by you"))
    return (t.gettext("Your plan (%(plan)s) is cancelled.", plan=ended) if ended
            else t.gettext("You had no plan waiting: nothing to cancel."))


def _end_waiting(session: Session, game: Game, seat: Seat, status: str, note: str) -> str | None:
    """End the seat's waiting plan, if any; its text."""
    if not seat.planned:
        return None
    seat.planned = False
    ended = None
    for plan in session.scalars(select(Plan).where(Plan.game_id == game.id, Plan.seat == seat.position,
                                                   Plan.status == "active")):
        plan.status, plan.note, plan.ended_at = status, note, now()
        ended = plan.text
    return ended


def plan_turn(session: Session, svc: Services, game: Game, work: Work) -> bool:
    """The seat to act has a plan: queue what it plays (a request with
    source ``plan``, applied in this transaction as a bot's is), or stop the
    plan and keep why for the farmer's turn mail. True: a request was queued
    (the farmer's turn mail is not owed, their turn is played)."""
    rules = rules_for(game.kind)
    to_act = rules.to_act(game.state)
    if to_act is None or not svc.config.plans:
        return False
    seat = lookup.seat_of(game, to_act)
    if not seat.planned or seat.bot is not None:
        return False
    plan = session.scalar(select(Plan).where(Plan.game_id == game.id, Plan.seat == to_act, Plan.status == "active")
                          .order_by(Plan.id.desc()).limit(1))
    if plan is None:
        seat.planned = False
        return False
    t = i18n.translator(seat.language)
    choice = choose(session, game, plan, t)
    if not choice.codes:
        why = choice.stop or "; ".join(choice.reasons)
        _finish(seat, plan, "stopped", why)
        tell(seat, t.gettext("Your plan (%(plan)s) stopped: %(why)s.", plan=plan.text, why=why))
        return False
    session.add(request := MoveRequest(game_id=game.id, seat=to_act, action="move", codes=choice.codes,
                                       source="plan", base_version=game.version,
                                       dedupe_key=f"plan:{game.id}:{game.version}", status="pending"))
    work.requests.append(request)
    plan.played += 1
    played = ", ".join(choice.alternative[:len(choice.alternative) - len(choice.left)])
    news = t.gettext("Played from your plan: %(moves)s.", moves=played)
    if choice.reasons:
        news += " " + t.gettext("Not played: %(reasons)s.", reasons="; ".join(choice.reasons))
    if choice.left:
        news += " " + t.gettext("It stopped there: that move revealed hidden information, so “%(rest)s” is yours "
                                "to play on what it revealed.", rest=", ".join(choice.left))
    if plan.kind == NEXT or choice.left:
        _finish(seat, plan, "played", news)
    else:
        plan.note = news
    tell(seat, news)
    return True


def tell(seat: Seat, line: str) -> None:
    """Keep ``line`` for the farmer's next mail (after what is kept already)."""
    seat.plan_news = f"{seat.plan_news}\n{line}" if seat.plan_news else line


def _finish(seat: Seat, plan: Plan, status: str, note: str) -> None:
    plan.status, plan.note, plan.ended_at = status, note, now()
    seat.planned = False


def drop_after_undo(session: Session, game: Game, undone: MoveLogEntry) -> None:
    """An undo took back ``undone``: the plans made since it was played were
    made on a board that is gone, and end, each farmer told why."""
    planners = [s for s in game.seats if s.planned]
    if not planners:
        return
    who = lookup.seat_of(game, undone.seat).name
    for plan in session.scalars(select(Plan).where(Plan.game_id == game.id, Plan.status == "active",
                                                   Plan.made_seq > undone.seq)):
        seat = lookup.seat_of(game, plan.seat)
        t = i18n.translator(seat.language)
        why = t.gettext("%(name)s took back “%(move)s”, which you saw when you planned", name=who,
                        move=in_language(rules_for(game.kind), undone.text, t.language))
        _finish(seat, plan, "stopped", why)
        tell(seat, t.gettext("Your plan (%(plan)s) stopped: %(why)s.", plan=plan.text, why=why))


def drop_for_substitute(session: Session, game: Game, seat: Seat) -> None:
    """A new farmer takes the seat: they start without the plan of the one who left."""
    _end_waiting(session, game, seat, "cancelled", i18n.translator(seat.language).gettext("the seat went to a substitute"))
    seat.plan_news = None
