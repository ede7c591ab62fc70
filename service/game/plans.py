"""A farmer's plan as the farmer reads it (docs/plans.md): the one waiting,
for their seat page and the footer of their mails, and what a plan's moves
will be when the turn comes (:func:`choose`), decided on the game as it is
without writing anything. Plans are the farmer's own: nothing here is ever
shown to another seat or a spectator."""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlalchemy import select
from sqlalchemy.orm import Session

from boards import i18n
from boards.game_phrases import progress as progress_said
from boards.game_phrases import refusal
from engine.core import AmbiguousMove, MoveError
from mail.inbound.commands import is_closing_end
from service.core.game_kinds import rules_for
from service.game.accounts import account_lines
from service.storage.lookup import live_log
from service.storage.models import Game, MoveLogEntry, Plan, Seat

NEXT, ROUND = "next", "round"


def waiting_plan(session: Session, game: Game, seat: Seat) -> Plan | None:
    """The farmer's plan still to play (None without a query when there is none)."""
    if not seat.planned:
        return None
    return session.scalar(select(Plan).where(Plan.game_id == game.id, Plan.seat == seat.position,
                                             Plan.status == "active").order_by(Plan.id.desc()).limit(1))


def shown(plan: Plan | None, game: Game, language: str | None) -> dict | None:
    """A plan as a page or a mail shows it, in the farmer's ``language``
    (a plan waits within the round it was made in: its round is the game's)."""
    if plan is None:
        return None
    t = i18n.translator(language)
    return {"text": plan.text, "kind": plan.kind, "alternatives": [", ".join(steps) for steps in plan.alternatives],
            "stops": [f"{s['name']} {s['op']} {s['value']}" for s in plan.stops], "played": plan.played,
            "for": t.gettext("your next turn") if plan.kind == NEXT
            else t.gettext("your turns to the end of %(round)s", round=progress_said(rules_for(game.kind), game.state, t))}


def amount_of(amounts: dict[str, int], name: str) -> int | None:
    """The count a stop condition names, singular or plural ("Seeds": seed)."""
    name = name.lower().strip()
    for key in (name, name[:-1] if name.endswith("s") else None, name[:-2] if name.endswith("es") else None,
                f"{name[:-3]}y" if name.endswith("ies") else None):
        if key and key in amounts:
            return amounts[key]
    return None


@dataclass
class Choice:
    """What a plan plays now: the codes (empty: nothing), the alternative
    they come from, the steps left to the farmer after one that revealed
    hidden information, and why the alternatives before it (or all of them)
    could not be played."""

    codes: list[str] = field(default_factory=list)
    alternative: tuple[str, ...] = ()
    left: tuple[str, ...] = ()
    reasons: list[str] = field(default_factory=list)
    #: the plan is over (a stop condition held, its round ended, what only the farmer sees changed)
    stop: str | None = None


def choose(session: Session, game: Game, plan: Plan, t: i18n.Translator) -> Choice:
    """The moves ``plan`` plays for its seat, now that its turn has come;
    why not told in ``t``'s language (the farmer's)."""
    rules = rules_for(game.kind)
    state, seat = game.state, plan.seat
    if plan.kind == ROUND and rules.progress(state) != plan.progress:
        return Choice(stop=t.gettext("the round it was made for is over"))
    view = rules.view(state, seat)
    if view.get("private") != plan.view.get("private"):
        return Choice(stop=t.gettext("what only you see changed since you planned (something hidden was drawn "
                                     "for you)"))
    amounts = rules.amounts(view, seat)
    for stop in plan.stops:
        amount = amount_of(amounts, stop["name"])
        if amount is not None and _holds(stop["op"], amount, stop["value"]):
            condition = f"{stop['name']} {stop['op']} {stop['value']}"
            return Choice(stop=t.gettext("%(condition)s (you have %(amount)s)", condition=condition, amount=amount))
    reasons = []
    for steps in plan.alternatives:
        codes, left, reason = _try(rules, state, seat, tuple(steps), plan.view, t)
        if codes:
            return Choice(codes, tuple(steps), left, reasons)
        reasons.append(t.gettext("“%(steps)s”: %(reason)s", steps=", ".join(steps),
                                 reason=_before_you(session, game, plan, steps, reason, t)))
    return Choice(reasons=reasons)


def _holds(op: str, amount: int, value: int) -> bool:
    return {"<": amount < value, "<=": amount <= value, ">": amount > value, ">=": amount >= value,
            "=": amount == value}[op]


def _try(rules, state: dict, seat: int, steps: tuple[str, ...], seen: dict,
         t: i18n.Translator) -> tuple[list[str], tuple, str]:
    """The codes of one alternative played on ``state`` (with the closing
    moves a mail would add), the steps left after one that revealed hidden
    information to the farmer alone (their private view changed: what
    follows could depend on what they have not seen), or no codes and why
    not. A step after a public reveal (a market column drawn anew) is
    played when what it names is still what the farmer saw: a reveal that
    changed it stops the alternative there, by the names check."""
    codes: list[str] = []
    for index, step in enumerate(steps):
        if rules.to_act(state) != seat:
            if codes and all(is_closing_end(rest, rules.move_words()) for rest in steps[index:]):
                break  # a closing "end" the turn no longer needs, as in a mail
            return [], (), t.gettext("your turn would end before “%(step)s”", step=step)
        try:
            move = _read(rules, state, seat, step)
        except MoveError as error:
            return [], (), refusal(error, t)
        named = rules.names(seen, move)
        if named and named != rules.names(state, move):
            if codes:  # a move of this plan revealed it: what was played stands, the rest is the farmer's
                return codes, steps[index:], ""
            return [], (), t.gettext("“%(step)s” is no longer what you saw when you planned", step=step)
        after = rules.apply(state, move)
        codes.append(rules.code(move))
        if index < len(steps) - 1 and rules.reveals_information(state, after) \
                and rules.view(after, seat).get("private") != rules.view(state, seat).get("private"):
            return codes, steps[index + 1:], ""
        state = after
    if rules.to_act(state) == seat:
        for move in rules.closing_moves(state):
            codes.append(rules.code(move))
            state = rules.apply(state, move)
    return codes, (), ""


def _read(rules, state: dict, seat: int, step: str):
    """A step read as the farmer typed it; where it could mean several
    moves ("store": any General Store space), the first of them the game
    lists (the game lists the better spaces first)."""
    try:
        return rules.parse(state, seat, step)
    except AmbiguousMove as error:
        for move in rules.legal_moves(state):
            if rules.text(move) in error.candidates:
                return move
        raise


def _before_you(session: Session, game: Game, plan: Plan, steps, reason: str, t: i18n.Translator) -> str:
    """Why an alternative failed, told as what changed: "Bob took the … at b2
    before you" when another farmer played its first move since the plan."""
    wanted = " ".join(steps[0].lower().split())
    entries = session.scalars(select(MoveLogEntry).where(
        MoveLogEntry.game_id == game.id, MoveLogEntry.seq >= plan.made_seq, MoveLogEntry.undone.is_(False),
        MoveLogEntry.seat != plan.seat).order_by(MoveLogEntry.seq))
    for entry in entries:
        if entry.text == wanted:
            [told] = account_lines(game, [entry], language=t.language, log=live_log(session, game.id))
            return t.gettext("%(name)s %(move)s before you", name=told["farmer"], move=told["description"])
    return reason

