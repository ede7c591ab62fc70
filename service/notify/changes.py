"""Notifications: the outbox rows written in the same transaction as the change
they report, so a committed move always has its mails and a rolled-back one none.

Who gets what (see docs/architecture.md):

* invite  — a farmer invited to a game, with the join link;
* turn    — the farmer whose turn starts, whenever the seat to act changes;
* turn    — the farmer whose turn starts, whenever the seat to act changes,
            with what the others did since their last turn folded in;
* account — a short account of the turn just played, without the board: to
            the other farmers who opted in (preference ``accounts``, off by
            default); to the farmer who played it by mail, their
            confirmation, only when no other mail tells it soon
            (:func:`played`, docs/mail.md "Confirming a turn mailed in");
* turn, continued — a farmer who mailed in a step of a turn that goes on
            (or an undo) gets the options left (subject "your turn continues");
* note    — the answer to a mailed request that was not a move: a
            resignation confirmed, or why a request could not be done;
* final   — everyone, resigned farmers included, when the game ends;
* link    — a farmer who asked for a new seat link.

A farmer in several games may choose the daily digest (preference
``digest``, :mod:`service.notify.digest`) to follow them in one mail a day.
While a farmer is away (``vacation``), their turn and account mails are
held back; :mod:`service.usecases.vacation` sends one turn mail when they are back.

Mails carry a ``context`` (plain data: the header facts as an
:class:`~mail.outgoing.envelope.Envelope`, and the values of the mail's
templates) from which :func:`mail.outgoing.compose.build` makes the message
when it is sent; the board is the farmer's view, never the state.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from boards import notation_help as told_notation
from boards.game_phrases import progress as progress_said
from boards.game_phrases import say
from boards.i18n import DEFAULT_LANGUAGE, LANGUAGES, Translator, translator
from mail.outgoing.envelope import Envelope
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.core.wall_time import now
from service.game import plans, rating_store
from service.game.accounts import account_lines, replayed
from service.game.clocks import describe as describe_clock
from service.game.clocks import seat_time
from service.game.final_report import report_data
from service.game.previous import previous_view
from service.jobs.work import Work
from service.notify import hooks, spectator_mail
from service.storage.lookup import current_turn, live_log
from service.storage.models import Game, MoveLogEntry, MoveRequest, OutgoingMail, Seat, as_utc

#: mail: any mail about the game; accounts: a short mail after every other
#: farmer's turn; digest: one mail a day about all the farmer's games
#: confirmations: a mail at once for every turn the farmer mails in (else a
#: turn fully applied is confirmed in their next mail, :func:`played`)
DEFAULT_PREFERENCES = {"mail": True, "accounts": False, "digest": False, "confirmations": False}

#: a turn mailed in and fully applied is confirmed in the farmer's next mail
#: about the game; the first one at a table, when no mail has gone this long
#: after it, by a mail of its own (:func:`played`)
CONFIRM_WITHIN = timedelta(hours=48)

#: answers to what the farmer asked for: sent even when their mail is off
ANSWERS = ("link", "note")

#: kinds held back while a farmer is away (``vacation``); when they are back
#: they get one turn mail if one was held (service.usecases.vacation)
HELD_WHILE_AWAY = ("turn", "account")


def preference(seat: Seat, key: str) -> bool:
    return bool({**DEFAULT_PREFERENCES, **(seat.preferences or {})}[key])


def wants_mail(seat: Seat, kind: str | None = None) -> bool:
    """Whether mail of ``kind`` goes to this seat: a farmer's (not a bot's)
    with mail on; a farmer who resigned (a bot plays their seat) still gets
    the final result."""
    if not seat.email or not preference(seat, "mail"):
        return False
    return seat.bot is None or (kind == "final" and seat.resigned)


def is_away(seat: Seat) -> bool:
    return seat.away_until is not None and as_utc(seat.away_until) > now()


def away_text(seat: Seat, t: Translator | None = None, reader: Seat | None = None) -> str | None:
    """"6 December 2026, 15:40 UTC" while the farmer is away, else None (in
    the reader's language, ``t``, English without one, and time zone)."""
    return seat_time(seat.away_until, reader, t) if is_away(seat) else None


def subject_for(game: Game, what: str) -> str:
    return f"{rules_for(game.kind).title} #{game.id}: {what}"


def queue_mail(session: Session, svc: Services, game: Game, seat: Seat, kind: str, subject: str,
               context: dict, work: Work, *, held_until=None) -> OutgoingMail | None:
    """Add one outbox row for ``seat`` (nothing if the farmer takes no mail).
    ``held_until``: the row waits (status ``held``) and goes at that moment
    unless another mail to the seat goes first (:func:`played`)."""
    if not seat.email or (kind not in ANSWERS and not wants_mail(seat, kind)):
        return None
    if kind in HELD_WHILE_AWAY and is_away(seat):
        seat.turn_held = seat.turn_held or kind == "turn"
        return None
    if kind == "turn":
        seat.turn_held = False  # this one is the turn mail owed
    if held_until is None:
        news = bool(seat.plan_news)
        context = with_plan(session, game, seat, kind, context)
        if news and kind in PLAN_TOLD_IN:  # it tells the confirmation a held mail was waiting to tell
            _merge_held(session, seat)
    domain = svc.config.mail_domain
    message_id = f"<{uuid.uuid4().hex}.g{game.id}@{domain}>"
    envelope = Envelope(
        message_id=message_id, sender=svc.config.mail_sender, to=(seat.name, seat.email), subject=subject,
        reply_to=f"play+{seat.reply_key}@{domain}", thread=seat.thread_root,
        list_id=f"{rules_for(game.kind).title} #{game.id} <game-{game.id}.{domain}>",
        unsubscribe=svc.links.prefs_url(game.id, seat.position, seat.secret), game_id=game.id,
        language=seat.language)
    seat.thread_root = seat.thread_root or message_id  # the first mail to the seat starts its thread
    mail = OutgoingMail(
        message_id=message_id,
        game_id=game.id,
        seat_id=seat.id,
        kind=kind,
        to_addr=seat.email,
        subject=subject,
        context={**context, "kind": kind, "envelope": envelope.as_data()},
        # both given on every row, so that a held row goes in the same INSERT as the others
        status="pending" if held_until is None else "held", next_try_at=held_until,
    )
    session.add(mail)
    if held_until is None:
        work.mails.append(mail)
    return mail


def _merge_held(session: Session, seat: Seat) -> None:
    """The seat's held confirmations whose time has not come are told by the
    mail being written (their line is in its news: a seat without news has
    no held mail, and no query is made for it): they go no more."""
    for held in session.scalars(select(OutgoingMail).where(OutgoingMail.seat_id == seat.id,
                                                           OutgoingMail.status == "held",
                                                           OutgoingMail.next_try_at > now())):
        held.status, held.next_try_at = "merged", None


def release_held(svc: Services) -> int:
    """Beat's sweep: the held confirmations whose time has come, with the
    news still untold for their seat, go out. Returns how many."""
    from service.jobs.dispatching import enqueue, mail_job

    with svc.db.transaction() as session:
        due = session.scalars(select(OutgoingMail).where(OutgoingMail.status == "held",
                                                         OutgoingMail.next_try_at <= now())
                              .order_by(OutgoingMail.id)).all()
        released = []
        for mail in due:
            seat = session.get(Seat, mail.seat_id) if mail.seat_id is not None else None
            game = session.get(Game, mail.game_id) if mail.game_id is not None else None
            if seat is not None and game is not None:
                mail.context = with_plan(session, game, seat, mail.kind, mail.context)
            mail.status, mail.next_try_at = "pending", None
            released.append((mail.id, mail.kind))
    for mail_id, kind in released:
        enqueue(svc, mail_job(kind), mail_id)
    return len(released)


#: the mails that tell a farmer what became of their plan, and show the plan waiting
PLAN_TOLD_IN = ("turn", "account", "note", "final", "clock", "away", "bouncing", "remind", "overdue", "timeout",
                "grant")


def with_plan(session: Session, game: Game, seat: Seat, kind: str, context: dict) -> dict:
    """``context`` with what became of the farmer's plan since their last
    mail (told once) and the plan still waiting: the farmer's own, in their
    own mail only."""
    if kind not in PLAN_TOLD_IN or not (seat.plan_news or seat.planned):
        return context
    context = {**context, "plan_news": (seat.plan_news or "").splitlines(),
               "plan": plans.shown(plans.waiting_plan(session, game, seat), game, seat.language) if game.status == "active" else None}
    seat.plan_news = None
    return context


def game_context(svc: Services, game: Game, seat: Seat, *, state: dict | None = None, version: int | None = None,
                 status: str | None = None) -> dict:
    """What every mail about a game shows: names, where the game stands, the
    farmer's own view of the board and their links, in the farmer's
    language. ``state``, ``version`` and ``status``: the game as it was when
    a mail composed later was owed (default: as it is)."""
    rules = rules_for(game.kind)
    t = translator(seat.language)
    state = game.state if state is None else state
    return {
        "game": {"id": game.id, "kind": game.kind, "title": rules.title, "progress": progress_said(rules, state, t),
                 "options": game.options, "status": status or game.status},
        "version": game.version if version is None else version,
        "seat": {"position": seat.position, "name": seat.name},
        "farmers": [{"position": s.position, "name": s.name, "bot": s.bot, "away_until": away_text(s, t)}
                    for s in game.seats],
        "view": rules.view(state, seat.position),
        "links": {
            "seat": svc.links.seat_url(game.id, seat.position, seat.secret),
            "prefs": svc.links.prefs_url(game.id, seat.position, seat.secret),
        },
        "notation_help": [list(pair) for pair in told_notation.notation_help(rules, t)],
        "clock": describe_clock(game, seat, t=t),
    }


def options_for(svc: Services, game: Game, seat: Seat, *, state: dict | None = None,
                version: int | None = None) -> list[dict]:
    """Each legal move as its typed form, its code, its signed link and its
    outcome: what it will do, in a few words (``Game.outcome``), in the farmer's language."""
    rules = rules_for(game.kind)
    state = game.state if state is None else state
    version = game.version if version is None else version
    t = translator(seat.language)
    return [
        {
            "text": rules.text(move),
            "code": rules.code(move),
            "url": svc.links.move_url(game.id, seat.position, seat.secret, version, [rules.code(move)]),
            "outcome": (outcome_words(rules, t) or rules.outcome)(state, move),
        }
        for move in rules.legal_moves(state)
    ]



def choices_for(svc: Services, game: Game, seat: Seat, *, state: dict | None = None,
                version: int | None = None) -> dict:
    """What the turn mail offers: whole turns (when ``Config.whole_turns``)
    and the single steps folded and grouped (:mod:`service.notify.choices`),
    each with its signed link, bound to the state's version."""
    from service.notify.choices import choices

    rules = rules_for(game.kind)
    state = game.state if state is None else state
    version = game.version if version is None else version

    def link(codes: list[str]) -> str:
        return svc.links.move_url(game.id, seat.position, seat.secret, version, codes)

    return choices(rules, state, whole=svc.config.whole_turns, link=link,
                   words=outcome_words(rules, translator(seat.language)), typed=typed_words(rules, seat.language))


def typed_words(rules, language: str | None):
    """A move's text as a farmer writing ``language`` types it ("prendre b2"),
    for :func:`service.notify.choices.choices` (None for English: the game's
    own notation)."""
    if language in (None, DEFAULT_LANGUAGE) or language not in LANGUAGES:
        return None
    from engine.words import in_language

    return lambda text: in_language(rules, text, language)


def outcome_words(rules, t: Translator):
    """A move's outcome in ``t``'s language, for :func:`service.notify.choices.choices`
    (None for English: the engine's own words)."""
    if t.language == DEFAULT_LANGUAGE:
        return None
    return lambda state, move: say(rules.outcome_phrase(state, move), t)


#: the options a turn mail offers as plans for the next turn ("and next turn, if still possible")
PLAN_LINKS = 3


def plan_links(svc: Services, game: Game, seat: Seat, offered: dict, version: int) -> list[dict]:
    """The turn mail's plan links: its first whole turns (else its first
    steps), each as a plan for the farmer's next turn, signed for the board
    the mail shows (docs/plans.md)."""
    if not svc.config.plans:
        return []
    texts = [turn["line"] for turn in offered["whole"]] or [step["text"] for step in offered["shown"]]
    return [{"text": text, "url": svc.links.plan_url(game.id, seat.position, seat.secret, version, f"next: {text}")}
            for text in texts[:PLAN_LINKS]]


def invite(session: Session, svc: Services, game: Game, seat: Seat, host: Seat | None, work: Work) -> None:
    """The invitation: who plays, the game's options, where the rules are,
    how to join and how to decline."""
    rules = rules_for(game.kind)
    context = game_context(svc, game, seat)
    t = translator(seat.language)
    context["option_lines"] = [{"label": t.gettext(option.label), "value": _option_value(game.options.get(option.key), t)}
                               for option in rules.options]
    context["rules_url"] = svc.links.rules_url(game.kind)
    context["join_url"] = svc.links.join_url(game.id, seat.position, seat.secret)
    context["host"] = host.name if host else None
    #: a rematch (service/usecases/rematch.py) says which game it plays again
    key = game.creation_key or ""
    context["rematch_of"] = int(key.split(":", 1)[1]) if key.startswith("rematch:") else None
    queue_mail(session, svc, game, seat, "invite", subject_for(game, t.gettext("you are invited to play")), context,
               work)


def turn_changed(session: Session, svc: Services, game: Game, actor: int | None,
                 turn: list[MoveLogEntry], work: Work, *, planned: bool = False) -> None:
    """The seat to act changed (or the game just started, ``actor`` None):
    the turn mail, the short account for those who opted in, and the
    webhook calls (written here, sent after the commit). ``planned``: the
    farmer to act has a plan that plays their turn now: no turn mail."""
    rules = rules_for(game.kind)
    to_act = rules.to_act(game.state)
    spectator_mail.round_mails(session, svc, game, work)
    replay: dict = {}  # the live log and its positions, replayed once for the readers in another language
    for seat in game.seats:
        account = account_lines(game, turn, seat.position)
        if seat.position == to_act:
            if not planned:
                turn_mail(session, svc, game, seat, work)
        elif seat.position != actor and account and preference(seat, "accounts") and not preference(seat, "digest"):
            t = translator(seat.language)
            if t.language != DEFAULT_LANGUAGE:  # each move told from its position, in the reader's language
                if not replay:
                    replay.update(log=(log := live_log(session, game.id)), states=replayed(game, log))
                account = account_lines(game, turn, seat.position, language=t.language, **replay)
            context = game_context(svc, game, seat)
            context.update(account=account, to_act=game.seats[to_act].name, to_act_position=to_act,
                           to_act_away=away_text(game.seats[to_act], t))
            what = (t.gettext("%(name)s played", name=game.seats[actor].name) if actor is not None
                    else t.gettext("a farmer played"))
            queue_mail(session, svc, game, seat, "account", subject_for(game, what), context, work)
    if to_act is not None:
        hooks.turn_changed(session, game, to_act, work)


def accounts_owed(game: Game, actor: int | None) -> bool:
    """Whether :func:`turn_changed` writes an account mail (someone besides
    the actor and the farmer to act opted in): only then is the turn read."""
    to_act = rules_for(game.kind).to_act(game.state)
    return any(s.position not in (actor, to_act) and wants_mail(s, "account") and preference(s, "accounts")
               and not preference(s, "digest") for s in game.seats)


def since_last_turn(log: list[MoveLogEntry], seat: Seat) -> list[MoveLogEntry]:
    """The entries of the live ``log`` after the farmer's own last move: what
    the others did since then (everything so far, before their first turn)."""
    last = max((index for index, entry in enumerate(log) if entry.seat == seat.position), default=-1)
    return log[last + 1:]


def since_last_mail(log: list[MoveLogEntry], turn: list[MoveLogEntry], seat: Seat) -> list[MoveLogEntry]:
    """What the final mail tells ``seat``: every move since their last turn
    (the others' last turns, a whole last round before the harvest), and
    the turn that ended the game (their own, when it was theirs), in order."""
    told = {entry.seq for entry in since_last_turn(log, seat)} | {entry.seq for entry in turn}
    return [entry for entry in log if entry.seq in told]


def turn_mail(session: Session, svc: Services, game: Game, seat: Seat, work: Work, *, continued: bool = False,
              so_far: bool = False, note: str | None = None) -> OutgoingMail | None:
    """The mail that tells ``seat`` it is their turn, with their options
    (None when they take no mail or it is held back). A new turn folds in
    what the others did since the farmer's last turn; ``continued``: the
    farmer's turn goes on after a step they mailed in (``so_far``: the mail
    tells the turn so far) or an undo. ``note``: a line that answers the
    farmer's mail.

    The row holds what the mail needs to be composed later, by the mail task
    (:func:`full_context`): the state as it is now and where the log ends.
    The options with their signed links and outcomes, the view, what the
    others did or the turn so far, and the previous view (a replay) cost the
    move nothing."""
    rules = rules_for(game.kind)
    t = translator(seat.language)
    progress = progress_said(rules, game.state, t)
    if progress:
        what = (t.gettext("your turn continues (%(progress)s)", progress=progress) if continued
                else t.gettext("your turn (%(progress)s)", progress=progress))
    else:
        what = t.gettext("your turn continues") if continued else t.gettext("your turn")
    context = {
        "compose_later": {**_as_it_is(game), "continued": continued, "so_far": so_far, "note": note},
        # lines put before what the others did or the turn so far (a
        # timeout's notice), which the mail task adds
        "account": [],
    }
    return queue_mail(session, svc, game, seat, "turn", subject_for(game, what), context, work)


def _as_it_is(game: Game) -> dict:
    """The game as a mail composed later tells it: its state, version and
    status now, and where its log ends."""
    return {"state": game.state, "version": game.version, "status": game.status, "log_end": game.next_seq}


def full_context(session: Session, svc: Services, mail: OutgoingMail) -> dict:
    """The context a mail is composed from. A mail written by :func:`turn_mail`
    or :func:`played` gets here its view, account (and a turn mail its
    options and previous view) from the state it stored and the live log up
    to where the log ended then."""
    context = dict(mail.context)
    later = context.pop("compose_later", None)
    if later is None:
        return context
    game = session.execute(
        select(Game).where(Game.id == mail.game_id)
        .options(selectinload(Game.seats).selectinload(Seat.clock), selectinload(Game.clock))
    ).scalar_one()
    seat = next(s for s in game.seats if s.id == mail.seat_id)
    log = list(session.scalars(select(MoveLogEntry).where(
        MoveLogEntry.game_id == game.id, MoveLogEntry.undone.is_(False), MoveLogEntry.seq < later["log_end"])
        .order_by(MoveLogEntry.seq)))
    state, version = later["state"], later["version"]
    full = game_context(svc, game, seat, state=state, version=version, status=later["status"])
    t = translator(seat.language)
    told = context.get("account", [])
    language = context["envelope"].get("language", DEFAULT_LANGUAGE)
    # another language tells the moves from their positions: replayed once, for the previous view too
    states = replayed(game, log) if language != DEFAULT_LANGUAGE else None
    in_language = {"language": language, "log": log, "states": states}
    if context["kind"] == "account":  # played: the turn the farmer just mailed in, and who is next
        rules = rules_for(game.kind)
        # who is to act as the mail is written: the bots answer in the move's
        # transaction, so after a farmer's turn against bots it is often hers again
        to_act = rules.to_act(game.state)
        if to_act is None:  # the game is over: its final mails say so
            to_act = rules.to_act(state)
        else:  # and the round named beside it is the one now
            full["game"] = {**full["game"], "progress": progress_said(rules, game.state, t)}
        full.update(account=[*told, *account_lines(game, current_turn(log), seat.position, **in_language)],
                    to_act=game.seats[to_act].name, to_act_position=to_act,
                    to_act_away=away_text(game.seats[to_act], t))
    else:
        if later["continued"]:
            account = ([*told, *account_lines(game, current_turn(log), seat.position, **in_language)]
                       if later.get("so_far") else told)
            title = t.gettext("Your turn so far")
        else:
            account = [*told, *account_lines(game, since_last_turn(log, seat), seat.position, **in_language)]
            title = t.gettext("Since your last turn")
        offered = choices_for(svc, game, seat, state=state, version=version)
        full.update(account=account, account_title=title, note=later["note"], **_options_and_choices(offered),
                    plan_next=plan_links(svc, game, seat, offered, version) if not later["continued"] else [],
                    pdf=not later["continued"],  # the PDF comes with the turn's first mail
                    previous_view=previous_view(game, seat.position, log,
                                                (lambda played: states[len(played)]) if states else None))
    full.update(kind=context["kind"], envelope=context["envelope"],
                **{key: context[key] for key in ("plan_news", "plan") if key in context})
    return full


def _options_and_choices(offered: dict) -> dict:
    return {"options": offered["steps"], "choices": offered}


def played(session: Session, svc: Services, game: Game, seat: Seat, work: Work,
           request: MoveRequest | None = None, texts: str = "") -> None:
    """Confirm to a farmer that the turn they mailed in was played in full
    (docs/mail.md, "Confirming a turn mailed in"). The confirmation is a
    line, "Your answer of <time> was applied: take b2, place 1 0.", told at
    the top of the next mail the farmer gets about the game (their turn
    mail when it comes straight back). The first turn a farmer mails in at
    a table also says so, once, and its short account mail "you played"
    (what the turn did and who is next) is held: it goes only if no other
    mail has gone to them within :data:`CONFIRM_WITHIN`. Once told, the
    farmer knows that silence means applied: no account is held for later
    turns (``Seat.confirmation_told``). A farmer who chose ``confirmations``
    gets the account at once, every time. Composed later, as a turn mail is
    (:func:`full_context`): the move reads neither its turn from the log nor
    the farmer's view."""
    context = {"compose_later": _as_it_is(game), "account": []}
    t = translator(seat.language)
    subject = subject_for(game, t.gettext("you played"))
    if preference(seat, "confirmations") or request is None:
        queue_mail(session, svc, game, seat, "account", subject, context, work)
        return
    if not wants_mail(seat, "account"):
        return
    typed = typed_words(rules_for(game.kind), seat.language) or str
    line = t.gettext("Your answer of %(time)s was applied: %(moves)s.",
                     time=seat_time(request.created_at or now(), seat, t), moves=typed(texts))
    first = not seat.confirmation_told
    if first:
        line += " " + t.gettext("From now on a turn you mail in is confirmed this way, at the top of your next "
                                "mail; your mail preferences can confirm each one with a mail of its own.")
    seat.plan_news = f"{line}\n{seat.plan_news}" if seat.plan_news else line  # before what it says of a plan
    if first:
        seat.confirmation_told = True
        queue_mail(session, svc, game, seat, "account", subject, context, work, held_until=now() + CONFIRM_WITHIN)


def acknowledge(session: Session, svc: Services, game: Game, seat: Seat, action: str, status: str,
                result: str | None, work: Work) -> None:
    """The one mail owed to a farmer whose mailed request was just decided
    (an applied move is confirmed by the move's own mails): after an undo,
    the board with the options now open; a resignation, confirmed; a request
    that could not be done, the reason, with the options when it is their turn."""
    if status == "applied" and action == "move":
        return
    if status == "applied" and action == "undo":
        turn_mail(session, svc, game, seat, work, continued=True, note=result)
        return
    rules = rules_for(game.kind)
    if status != "applied" and game.status == "active" and not seat.resigned \
            and rules.to_act(game.state) == seat.position:
        turn_mail(session, svc, game, seat, work, note=result)
        return
    t = translator(seat.language)
    what = t.gettext("you resigned") if status == "applied" and action == "resign" else t.gettext("about your mail")
    context = game_context(svc, game, seat)
    context.update(note=result or "")
    queue_mail(session, svc, game, seat, "note", subject_for(game, what), context, work)


def resigned(session: Session, svc: Services, game: Game, leaver: Seat, work: Work) -> None:
    """Tell the other farmers that ``leaver`` resigned (a short account mail
    to everyone who takes mail: the table changed, which no turn mail shows)."""
    to_act = rules_for(game.kind).to_act(game.state)
    for seat in game.seats:
        if seat.position != leaver.position:
            t = translator(seat.language)
            # TRANSLATORS: an account line: the farmer's name, then what they did
            account = [{"farmer": leaver.name, "text": "resign",
                        "description": t.gettext("resigned; a bot plays their seat to the end of the game")}]
            context = game_context(svc, game, seat)
            context.update(account=account,
                           to_act=game.seats[to_act].name if to_act is not None else t.gettext("nobody"),
                           to_act_position=to_act)
            queue_mail(session, svc, game, seat, "account",
                       subject_for(game, t.gettext("%(name)s resigned", name=leaver.name)), context, work)


def game_over(session: Session, svc: Services, game: Game, log: list[MoveLogEntry], turn: list[MoveLogEntry],
              work: Work) -> None:
    rules = rules_for(game.kind)
    rated = rating_store.rate_game(session, game)
    report = report_data(game, log, rating_store.report_lines(rated))
    sheet = rules.score_sheet(game.state)
    names = [s.name for s in game.seats]
    ranking = [[names[p] for p in group] for group in rules.ranking(game.state)]
    spectator_mail.round_mails(session, svc, game, work)
    states = None  # the positions along the log, replayed once for the readers of another language
    for seat in game.seats:
        context = game_context(svc, game, seat)
        if seat.language != DEFAULT_LANGUAGE and states is None:
            states = replayed(game, log)
        context.update(account=account_lines(game, since_last_mail(log, turn, seat), seat.position,
                                             language=seat.language, log=log, states=states),
                       score_sheet=sheet, ranking=ranking,
                       resigned=[s.name for s in game.seats if s.resigned], report=report,
                       rating=rating_store.change_in(rated, seat.position),
                       ratings_url=f"{svc.links.base_url}/ratings")
        queue_mail(session, svc, game, seat, "final", subject_for(game, translator(seat.language).gettext("final result")),
                   context, work)
    hooks.game_over(session, game, work)


def _option_value(value, t: Translator) -> str:
    if isinstance(value, bool):
        return t.gettext("yes") if value else t.gettext("no")
    return str(value)


def new_link(session: Session, svc: Services, game: Game, seat: Seat, work: Work) -> bool:
    context = game_context(svc, game, seat)
    subject = subject_for(game, translator(seat.language).gettext("your new seat link"))
    return queue_mail(session, svc, game, seat, "link", subject, context, work) is not None


def claim_mail(session: Session, svc: Services, game: Game, claim, confirm_url: str, work: Work) -> None:
    """The confirmation of an ask for an open seat (docs/open_tables.md). It
    goes to an address nobody has confirmed yet, so it holds the game's public
    facts and the confirmation link, nothing of any seat."""
    rules = rules_for(game.kind)
    domain = svc.config.mail_domain
    message_id = f"<{uuid.uuid4().hex}.g{game.id}@{domain}>"
    subject = subject_for(game, translator(claim.language).gettext("confirm your seat"))
    envelope = Envelope(message_id=message_id, sender=svc.config.mail_sender, to=(claim.name, claim.email),
                        subject=subject, game_id=game.id, language=claim.language)
    context = {
        "kind": "claim", "envelope": envelope.as_data(), "name": claim.name, "confirm_url": confirm_url,
        "game": {"id": game.id, "kind": game.kind, "title": rules.title, "status": game.status},
        "farmers": [{"position": s.position, "name": s.name, "bot": s.bot, "open": s.open} for s in game.seats],
        "rules_url": svc.links.rules_url(game.kind), "open_url": f"{svc.links.base_url}/open",
    }
    mail = OutgoingMail(message_id=message_id, game_id=game.id, seat_id=None, kind="claim", to_addr=claim.email,
                        subject=subject, context=context)
    session.add(mail)
    work.mails.append(mail)


def seated(session: Session, svc: Services, game: Game, seat: Seat, work: Work) -> None:
    """A farmer took an open seat: their seat link, for later."""
    context = game_context(svc, game, seat)
    context["rules_url"] = svc.links.rules_url(game.kind)
    queue_mail(session, svc, game, seat, "seated", subject_for(game, translator(seat.language).gettext("you have a seat")),
               context, work)


def still_in(session: Session, svc: Services, game: Game, seat: Seat, url: str, due, work: Work) -> None:
    """An open table is full: is the farmer seated from it still in? One
    button; unanswered by ``due``, the seat goes to the next in line (docs/open_tables.md)."""
    t = translator(seat.language)
    context = game_context(svc, game, seat)
    context.update(still_in_url=url, due=seat_time(due, seat, t), rules_url=svc.links.rules_url(game.kind))
    queue_mail(session, svc, game, seat, "stillin", subject_for(game, t.gettext("the table is full: still in?")),
               context, work)
