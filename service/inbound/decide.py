"""What a read mail asks of the service, decided against the database.

The pure reading (:mod:`mail.inbound`) has already rejected bounces,
auto-replies and our own mail, found the reply key and split the commands.
Here, in order: the reply key must name a seat (else
:class:`UnknownReplyKey`); the From address must be that seat's farmer (else
:class:`ForgedSender`, answered without game details: a forged From never
moves); the game must be running (:class:`GameOver`); moves need the turn
(:class:`NotYourTurn`). Moves are read one after the other on a scratch
state, so each is parsed in the position the previous one leaves; those
before the first bad line are submitted as one batch through
:func:`submit_move`, and the answer says where the reading stopped and why.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import select
from sqlalchemy.orm import Session

import boards
from boards.game_phrases import progress as progress_said
from boards.game_phrases import say
from boards.i18n import DEFAULT_LANGUAGE, N_, Translator, translator
from engine.core import MoveError
from engine.words import in_language
from mail.inbound import commands as cmd
from mail.inbound.errors import (
    Answer,
    Bounce,
    EmptyReply,
    FailedRecipient,
    FeedbackReport,
    GameOver,
    InboundRejection,
    NotYourTurn,
    UnknownReplyKey,
)
from mail.inbound.pipeline import Reading
from mail.inbound.routing import NewGame, ReplyTo
from mail.sentence import both, either, quoted, told
from service.core.errors import ServiceError
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.inbound import asked, bounces, complaints, farmer_mail, replies, suggest
from service.inbound.clock_mail import new_game_clock, take_clock_commands
from service.inbound.help import help_text, is_help
from service.inbound.invitations import answer_invitation
from service.jobs import dispatching
from service.notify import listings
from service.notify.notices import tell_others
from service.outbox import verp
from service.storage import lookup, ratelimit
from service.storage.models import Game, MoveRequest, OutgoingMail
from service.usecases import creation, leagues, plans, playing, preferences, vacation
from service.usecases.rematch import rematch


@dataclass(frozen=True)
class Decision:
    """The outcome to record and the answer owed to the sender (None: none),
    in ``language``: the seat's farmer's, else English."""

    outcome: str
    answer: str | None = None
    detail: str | None = None
    game_id: int | None = None
    seat: int | None = None
    request_id: int | None = None
    language: str = DEFAULT_LANGUAGE


#: added to answers that did not do what the farmer meant
HELP_HINT = N_("Reply “help” for every command with an example.")
#: what "hidden information" means to a farmer
HIDDEN = N_("a card drawn, a tile turned or a die rolled")


def decide(svc: Services, reading: Reading, answered_kind: str | None = None, *,
           answered_game: int | None = None) -> Decision:
    """``answered_kind``, ``answered_game``: the kind of our mail the reading
    answers and the game it was about (replies.answered_mail). An answer to
    a mail that was too long to read whole says so."""
    decision = _decide(svc, reading, answered_kind, answered_game)
    if reading.truncated and decision.answer:
        note = reading.truncated.told(translator(decision.language))
        decision = replace(decision, answer=f"{decision.answer}\n\n{note}")
    return decision


def _decide(svc: Services, reading: Reading, answered_kind: str | None, answered_game: int | None) -> Decision:
    if isinstance(reading.rejection, Bounce):
        return _bounce(svc, reading.rejection, _delivered_to(reading))
    if isinstance(reading.rejection, FeedbackReport):
        stopped = complaints.record_complaint(svc, reading.rejection)
        decision = _rejection(reading.rejection)
        return replace(decision, detail=f"{decision.detail}; no more mail to {stopped}") if stopped else decision
    rejection = reading.rejection
    if rejection is not None and (rejection.answer is not Answer.SENDER or not isinstance(reading.route, ReplyTo)):
        return _rejection(rejection)
    if isinstance(reading.route, NewGame):
        return _new_game(svc, reading)
    assert isinstance(reading.route, ReplyTo)
    if leagues.is_reply_key(reading.route.key):
        return _league_reply(svc, reading, rejection)
    with svc.db.transaction() as session:
        game = lookup.game_of_reply_key(session, reading.route.key)
        if game is None:
            return _rejection(UnknownReplyKey())
        seat = next(s for s in game.seats if s.reply_key == reading.route.key)
        game_id, position, email = game.id, seat.position, (seat.email or "").lower()
        refusal = replies.author_refusal(svc, reading, email, f"seat {position} of game {game_id}")
        if refusal is not None:  # not the seat's farmer: answered without the seat's language either
            return _rejection(refusal)
        bounces.clear_bouncing(session, email)
        t = translator(seat.language)  # the answer speaks the language of the seat that sent the mail
        other = _other_game(session, game, answered_game, t)
    where = {"game_id": game_id, "seat": position, "language": t.language}
    if other is not None:  # the mail plainly answers another game than its address: nothing is applied blindly
        return Decision("other-game", other, detail=f"answers game {answered_game}, sent to game {game_id}", **where)
    # ``game``, as read here, is what the steps below decide on: one read of
    # the game, its seats and clocks per mail
    invitation = answer_invitation(svc, reading, game, position, t)
    if invitation is not None:
        return Decision(invitation.outcome, invitation.answer, **where)
    if rejection is not None:  # e.g. no command found: answered as the seat's farmer, with its reply address
        decision = _rejection(rejection, t, **where)
        meant = _meant(game, position, reading.text, t) if isinstance(rejection, EmptyReply) else ""
        return replace(decision, answer="\n\n".join(p for p in (decision.answer, meant, t.gettext(HELP_HINT)) if p))
    try:
        return _for_seat(svc, reading, game, position, answered_kind, t)
    except ServiceError as error:
        return Decision("not-possible", error.told(t), **where)


def _league_reply(svc: Services, reading: Reading, rejection: InboundRejection | None) -> Decision:
    """A reply to a season-over mail: its signed key names one league entry,
    whose address alone may answer it (service/inbound/farmer_mail.py)."""
    found = leagues.entry_of_reply_key(svc, reading.route.key)
    if found is None:
        return _rejection(UnknownReplyKey())
    league_id, entry = found
    refusal = replies.author_refusal(svc, reading, entry.email.lower(), f"entry {entry.id} of league {league_id}")
    if refusal is not None or rejection is not None:
        return _rejection(refusal or rejection)
    if reading.commands.errors:
        t = translator(entry.language)
        return Decision("bad-command", t.gettext("Nothing was done:\n%(lines)s",
                                                 lines=_line_errors(t, reading.commands.errors)))
    return Decision("answered", farmer_mail.league_reply(svc, league_id, entry, reading.commands.commands),
                    detail=f"entry {entry.id} of league {league_id}")


def _other_game(session: Session, game: Game, answered_game: int | None, t: Translator) -> str | None:
    """When the mail answers our mail about another game than the one of the
    reply address it was sent to (a client's address book, a reply to the
    wrong thread): the question to ask, naming both games; else None."""
    if answered_game is None or answered_game == game.id:
        return None
    answered = session.get(Game, answered_game)
    if answered is None:
        return None
    here, there = f"{rules_for(game.kind).title} #{game.id}", f"{rules_for(answered.kind).title} #{answered.id}"
    return t.gettext("Your mail answers our mail about %(there)s, but it was sent to your reply address of "
                     "%(here)s, so we did not know which game you meant and nothing was applied.\n"
                     "To play in %(there)s, reply to its latest mail; to play in %(here)s, send your commands "
                     "again to this address (replying to this mail does it).", there=there, here=here)


def _meant(game: Game, position: int, text: str, t: Translator) -> str:
    """The commands closest to the lines of a mail in which none was found
    (service/inbound/suggest.py)."""
    if game.status != "active" or not text.strip():
        return ""
    rules = rules_for(game.kind)
    lines = [t.gettext("“%(line)s” is not a command we know. Did you mean %(commands)s?", line=line,
                       commands=either(t, [quoted(t, c) for c in commands]))
             for line, commands in suggest.meant_commands(rules, game.state, position, text)]
    return "\n".join(lines)


def _bounce(svc: Services, bounce: Bounce, delivered_to: tuple[str, ...]) -> Decision:
    """Mark the failed addresses as bouncing (and tell the other farmers);
    never answered. A bounce to the VERP return path of one of our mails
    (service/outbox/verp.py) fails that mail's recipient too, as the report
    says (permanent, unless its first failed recipient failed for now)."""
    failed = bounce.failed + _verp_failed(svc, bounce, delivered_to)
    marked = bounces.mark_bouncing(svc, failed)
    decision = _rejection(bounce)
    if not marked:
        return decision
    seats = ", ".join(f"game #{game_id} seat {position}" for game_id, position in marked)
    game_id, position = marked[0]
    return replace(decision, detail=f"{decision.detail or 'bounce'}; marked bouncing: {seats}", game_id=game_id,
                   seat=position)


def _delivered_to(reading: Reading) -> tuple[str, ...]:
    return reading.envelope_to + (reading.message.recipients if reading.message is not None else ())


def _verp_failed(svc: Services, bounce: Bounce, delivered_to: tuple[str, ...]) -> tuple[FailedRecipient, ...]:
    """The recipients of our mails whose return path the bounce came to,
    when its token verifies; reported as the report's first failed recipient was."""
    ids = {mail_id for address in delivered_to if (mail_id := verp.mail_of(svc.config, address)) is not None}
    if not ids:
        return ()
    with svc.db.transaction() as session:
        addresses = session.scalars(select(OutgoingMail.to_addr).where(OutgoingMail.id.in_(sorted(ids)))).all()
    first = bounce.failed[0] if bounce.failed else FailedRecipient("")
    return tuple(replace(first, address=address.lower()) for address in sorted(set(addresses)))


def _rejection(rejection: InboundRejection, t: Translator | None = None, **where) -> Decision:
    """``t``: the seat's farmer's language (English to a sender who is not known)."""
    t = t or translator(DEFAULT_LANGUAGE)
    answer = None if rejection.answer is Answer.NEVER else t.gettext(rejection.message)
    return Decision(rejection.reason, answer, detail=rejection.detail or None, **where)


def _line_errors(t: Translator, errors) -> str:
    """The lines that could not be commands, each with why."""
    return "\n".join(t.gettext("“%(line)s”: %(why)s", line=e.line, why=e.why.told(t)) for e in errors)


def _for_seat(svc: Services, reading: Reading, game: Game, position: int, answered_kind: str | None,
              t: Translator) -> Decision:
    """What the seat's farmer asks, answered in ``t``'s language; ``game``:
    the game as the mail found it (with its seats and clocks, outside any session)."""
    game_id = game.id
    where = {"game_id": game_id, "seat": position, "language": t.language}
    clock_commands, clock_answers = take_clock_commands(svc, reading, game, position, t)
    commands = replies.commands_for_seat(replace(reading, commands=clock_commands), game, position, answered_kind)
    if not commands.commands and not commands.errors:
        if clock_answers:
            return Decision("answered", "\n\n".join(clock_answers), **where)
        decision = _rejection(EmptyReply(quoted=reading.quoted), t, **where)
        meant = _meant(game, position, reading.text, t)
        return replace(decision, answer="\n\n".join(p for p in (decision.answer, meant, t.gettext(HELP_HINT)) if p))
    if commands.errors:
        return Decision("bad-command", t.gettext("Nothing was done:\n%(lines)s", lines=_line_errors(t, commands.errors)),
                        **where)
    kind, state, version, status = game.kind, game.state, game.version, game.status
    names = [s.name for s in game.seats]
    rules = rules_for(kind)
    kinds = {c.kind for c in commands.commands}
    if kinds & {cmd.REMATCH, cmd.GAMES}:
        if len(commands.commands) > 1:
            return Decision("bad-command", t.gettext("Please send “rematch” or “games” in a mail of its own; "
                                                     "nothing was done."), **where)
        if cmd.GAMES in kinds:  # the sender passed the seat's sender check: the list goes to this address
            return _my_games(svc, reading, t, **where)
        return _rematch(svc, game_id, position, t, where)
    if kinds <= farmer_mail.KINDS:  # the farmer's own commands, in a finished game's reply too
        email = lookup.seat_of(game, position).email or ""
        return Decision("answered", "\n\n".join(farmer_mail.seat_reply(svc, email, c) for c in commands.commands),
                        **where)
    if status == "over":
        return _rejection(GameOver(), t, **where)
    if kinds & {cmd.UNDO, cmd.RESIGN} and len(commands.commands) > 1:
        return Decision("bad-command", t.gettext("Please send “undo” or “resign” in a mail of its own; "
                                                 "nothing was done."), **where)
    [first] = commands.commands[:1]
    if first.kind == cmd.RESIGN:
        if not first.confirmed:
            return Decision("answered", t.gettext("To leave the game for good, reply with “resign yes”."),
                            **where)
        return _submit(svc, reading, game_id, position, [], "resign", version, where)
    if first.kind == cmd.UNDO:
        return _submit(svc, reading, game_id, position, [], "undo", version, where)

    moves = [m.text for m in commands.moves]
    your_turn = rules.to_act(state) == position
    codes, after, problem, revealing = (_read_moves(rules, state, position, moves, t) if moves and your_turn
                                        else ([], state, None, None))
    # what this mail's moves would reveal is not told before they are played
    # (the answer leaves before the request is applied, which may yet fail)
    notes: list[str] = list(clock_answers)
    for command in commands.commands:
        if is_help(command):
            notes.append(help_text(svc, game_id, position, state if revealing else after, t, with_links=not moves))
        elif command.kind in (cmd.BOARD, cmd.MOVES) and revealing:
            notes.append(t.gettext("“%(line)s” reveals hidden information (%(hidden)s): the board after your moves "
                                   "comes in the mail that tells they were played.", line=revealing,
                                   hidden=t.gettext(HIDDEN)))
        elif command.kind in (cmd.BOARD, cmd.MOVES):  # the position this mail's moves leave: what is legal next
            notes.append(_board_and_options(rules, after, position, names, kind, t))
        elif command.kind == cmd.PREVIEW:
            notes.append(_preview(rules, state, position, command.text, t))
        elif command.kind in cmd.ASKING:  # the board in words, as this mail's moves leave it
            notes.append(asked.in_words(svc, game, position, command, state if revealing else after))
        elif command.kind == cmd.STOP:
            preferences.set_preferences(svc, game_id, position, mail=False)
            notes.append(t.gettext("Mails for this game are off. Your seat page still shows the board."))
        elif command.kind == cmd.SAY:
            notes.append(_say(svc, game_id, position, command.text, f"{reading.dedupe_key}:{command.line}", t))
        elif command.kind == cmd.LANGUAGE:
            notes.append(preferences.choose_language(svc, game_id, position, command.text))
        elif command.kind == cmd.PLAN:  # told with the moves' own mail when the mail plays some
            notes.append(_plan(svc, game_id, position, command, t, later=bool(codes) and not problem))
        elif command.kind == cmd.CANCEL_PLAN:
            notes.append(plans.cancel_plan(svc, game_id, position))
        elif command.kind in farmer_mail.KINDS:
            notes.append(farmer_mail.seat_reply(svc, lookup.seat_of(game, position).email or "", command))
        elif command.kind == cmd.VACATION:
            key = f"{reading.dedupe_key}:{command.line}"
            notes.append(vacation.start_vacation(svc, game_id, position, command.days, key) if command.days
                         else vacation.end_vacation(svc, game_id, position))
    if not moves:
        return Decision("answered", "\n\n".join(notes), **where)
    if not your_turn:
        return _rejection(NotYourTurn(), t, **where)
    if problem and not codes:
        return Decision("illegal-move", problem, **where)
    decision = _submit(svc, reading, game_id, position, codes, "move", version, where)
    notes = [note for note in notes if note]
    if problem or notes:  # a bad line after good ones: those are applied, and the answer says where it stopped
        decision = replace(decision, answer="\n\n".join([problem or "", *notes]).strip())
    return decision


def _read_moves(rules, state: dict, position: int, lines: list[str],
                t: Translator) -> tuple[list[str], dict, str | None, str | None]:
    """The codes of the typed moves, each read in the position the previous
    one leaves, the position after the last and the first line that reveals
    hidden information (None: none does). A bad line stops the reading
    there: the codes are those of the lines before it, which are applied,
    and the answer (third) quotes the bad line, says why, suggests the
    nearest legal commands and lists the options of the position the lines
    before leave (with nothing before it: "Nothing was applied", and the
    options of the board as it is). Once a move has revealed something, a
    bad line after it is answered from the board as revealed, without its
    options: whether the turn goes on, and what may follow, can depend on
    what was drawn, which is told once the moves are played."""
    codes, texts, revealing = [], [], None
    for index, line in enumerate(lines):
        problem = None
        if rules.to_act(state) != position:
            if codes and all(cmd.is_closing_end(rest, rules.move_words()) for rest in lines[index:]):
                break  # a closing "end"/"done" the turn no longer needs: a farmer cannot know it ends by itself
            problem = t.gettext("Your turn ends after “%(done)s”, so “%(line)s” cannot follow it.",
                                done=", ".join(lines[:index]), line=line)
        else:
            try:
                move = rules.parse(state, position, line)
                after = rules.apply(state, move)
            except MoveError as error:
                problem = t.gettext("“%(line)s”: %(why)s", line=line,
                                    why=suggest.did_you_mean(rules, state, line, error, t))
        if problem is not None:
            return codes, state, _stopped_at(rules, state, position, texts, line, problem, revealing, t), revealing
        codes.append(rules.code(move))
        texts.append(line)
        if revealing is None and rules.reveals_information(state, after):
            revealing = line
        state = after
    if codes and rules.to_act(state) == position:
        for move in rules.closing_moves(state):  # the mail ends here: so does an optional rest of the turn
            codes.append(rules.code(move))
            after = rules.apply(state, move)
            if revealing is None and rules.reveals_information(state, after):
                revealing = lines[-1]
            state = after
    return codes, state, None, revealing


def _stopped_at(rules, state: dict, position: int, applied: list[str], line: str, problem: str,
                revealing: str | None, t: Translator) -> str:
    """The answer to moves read up to a bad ``line`` (``problem``: why it is
    bad), in ``t``'s language: what is applied of them, and what is open
    now. After a move that revealed something, nothing of ``line`` is read
    out (its problem depends on what was revealed, which the answer, sent
    before the moves are played, does not tell)."""
    if not applied:
        return "\n\n".join(p for p in ("\n".join([problem, t.gettext("Nothing was applied.")]),
                                         _options(rules, state, t)) if p)
    done = t.gettext("Applied: %(moves)s.", moves="; ".join(applied))
    if revealing is not None:
        return "\n".join([done, t.gettext(
            "“%(line)s” was not: it comes after “%(revealing)s”, which reveals hidden information (%(hidden)s), "
            "and what may follow depends on what it reveals. The board after your moves comes in the mail that "
            "tells they were played.", line=line, revealing=revealing, hidden=t.gettext(HIDDEN))])
    if rules.to_act(state) != position:
        return f"{done}\n{problem}"
    goes_on = t.gettext("Your turn continues.")
    return "\n\n".join(p for p in (f"{done}\n{problem}\n{goes_on}", _options(rules, state, t)) if p)


def _submit(svc, reading, game_id, position, codes, action, version, where) -> Decision:
    """Submit a move, undo or resignation. No answer here: the farmer hears
    back from the request itself when it is applied (at once or by a worker):
    the move's own mails, the board after an undo, the resignation confirmed,
    or why it could not be done (:func:`service.notify.changes.acknowledge`)."""
    request_id = playing.submit_move(svc, game_id, position, codes, source="mail", base_version=version,
                                      dedupe_key=f"mail:{reading.dedupe_key}", action=action)
    return Decision("queued", None, request_id=request_id, **where)


def settled(session: Session, decision: Decision) -> Decision:
    """The outcome to record for a submitted request (``queued``): what it
    came to if it was applied already (a queue without workers applies it at
    once; a second delivery finds the first one's), read in the transaction
    that records the outcome."""
    if decision.outcome != "queued" or decision.request_id is None:
        return decision
    status, result = session.execute(select(MoveRequest.status, MoveRequest.result)
                                     .where(MoveRequest.id == decision.request_id)).one()
    if status == "pending":
        return decision
    return replace(decision, outcome=status, detail=None if status == "applied" else result)


def _rematch(svc: Services, game_id: int, position: int, t: Translator, where: dict) -> Decision:
    """``rematch`` replied to a finished game's mail (``usecases.rematch``);
    a rematch that cannot be made says why (a ServiceError, answered by decide)."""
    made = rematch(svc, game_id, position)
    if made.new and made.invited:
        answer = t.gettext("%(title)s is set up: a rematch with the same farmers and options. Invitations went to "
                           "%(names)s.", title=made.title, names=both(t, made.invited))
    elif made.new:
        answer = t.gettext("%(title)s is set up: a rematch with the same farmers and options.", title=made.title)
    else:
        answer = t.gettext("%(title)s, the rematch of this game, was already set up; you are in it.", title=made.title)
    return Decision("created", t.gettext("%(answer)s\nYour seat: %(url)s", answer=answer, url=made.seat_url), **where)


def _plan(svc: Services, game_id: int, position: int, command: cmd.Command, t: Translator, *, later: bool) -> str:
    """Keep the plan of a ``next:`` or ``plan:`` line; a plan that cannot be
    kept says why (the rest of the mail is still done). ``later``: the
    mail's moves are submitted, and the mail they owe tells the plan kept."""
    try:
        answer = plans.make_plan(svc, game_id, position, command.plan, tell_later=later)
        return "" if later else answer
    except ServiceError as error:
        return t.gettext("“%(line)s”: %(why)s The plan was not kept.", line=command.line, why=error.told(t))


def _say(svc: Services, game_id: int, position: int, text: str, key: str, t: Translator) -> str:
    """Relay a message to the other farmers who take mail (once per mail and
    line), each told in their own language."""
    with dispatching.unit_of_work(svc) as (session, work):
        game = lookup.load_game(session, game_id)
        sender = lookup.seat_of(game, position)
        names = tell_others(session, svc, game, sender, kind="say",
                            what=lambda r: r.gettext("%(name)s says", name=sender.name),
                            text=lambda r: r.gettext("%(name)s says:\n\n%(text)s", name=sender.name, text=text),
                            key=key, work=work)
    if not names:
        return t.gettext("No other farmer takes mail in this game, so nobody was told.")
    return t.gettext("Relayed to %(names)s: “%(text)s”", names=both(t, names), text=text)


def _options(rules, state: dict, t: Translator) -> str:
    """The moves of the board as it is, typed in the reader's words, each
    with its outcome in the reader's language."""
    lines = [f"* {in_language(rules, rules.text(m), t.language)} → {say(rules.outcome_phrase(state, m), t)}"
             for m in rules.legal_moves(state)]
    return t.gettext("Your options now:\n%(options)s", options="\n".join(lines)) if lines else ""


def _board_and_options(rules, state, position, names, kind, t: Translator) -> str:
    board = (boards.text(kind, rules.view(state, position), position, names, t.language)
             or progress_said(rules, state, t))
    parts = [board or ""]
    if rules.to_act(state) == position:
        parts.append(_options(rules, state, t))
    return "\n\n".join(p for p in parts if p)


def _preview(rules, state, position, text: str, t: Translator) -> str:
    """What ``text`` would do, from what the farmer may know: a move that
    reveals hidden information is told by its outcome (which never depends on
    it), not by applying it and describing what it drew."""
    try:
        move = rules.parse(state, position, text)
        after = rules.apply(state, move)
    except MoveError as error:
        return t.gettext("preview “%(move)s”: %(why)s", move=text,
                         why=suggest.did_you_mean(rules, state, text, error, t))
    if rules.reveals_information(state, after):
        return t.gettext("Preview of “%(move)s” (nothing applied): %(outcome)s. This move reveals hidden information "
                         "(%(hidden)s): its result is shown once it is played.", move=text,
                         outcome=say(rules.outcome_phrase(state, move), t).rstrip("."), hidden=t.gettext(HIDDEN))
    return t.gettext("Preview of “%(move)s” (nothing applied): %(what)s.", move=text,
                     what=say(rules.describe_phrase(state, move), t).rstrip("."))


def _my_games(svc: Services, reading: Reading, t: Translator, **where) -> Decision:
    """The sender's list of games, answered to the From address (a forged
    From sends it to its owner), at most ``my-games`` a while per address."""
    verdict = ratelimit.check(svc, "my-games", (reading.sender or "").lower())
    if not verdict.allowed:
        answer = t.gettext("Your list of games was mailed to you a moment ago; please look for that mail. "
                           "Ask again in an hour.") if verdict.first_refused else None
        return Decision("rate-limited", answer, detail="over the my-games limit for this address", **where)
    return Decision("answered", listings.games_text(svc, reading.sender, t), **where)


def _new_game(svc: Services, reading: Reading) -> Decision:
    """A game asked for by mail: made unconfirmed, and the answer is the
    creator's confirm link (no invitation leaves before they confirm, since
    the From may be forged); at most the ``new-games`` limit a day per
    address (service/storage/ratelimit.py; past it one "slow down" answer, then
    silence). Answered in English, the sender being nobody's farmer yet,
    unless the mail names a language (``langue fr``): then the answer and
    the creator's seat speak it."""
    language = next((c.text for c in reading.commands.commands if c.kind == cmd.LANGUAGE), DEFAULT_LANGUAGE)
    t = translator(language)
    try:
        clock, commands = new_game_clock(reading.commands)
    except ValueError as error:
        return Decision("bad-command", t.gettext("No game was created: %(why)s", why=told(error, t)),
                        language=language)
    commands = cmd.Commands(tuple(c for c in commands.commands if c.kind != cmd.LANGUAGE), commands.errors)
    if commands.errors or len(commands.commands) != 1:
        reasons = _line_errors(t, commands.errors) or t.gettext("send exactly one “new” line")
        return Decision("bad-command", t.gettext("No game was created:\n%(reasons)s", reasons=reasons),
                        language=language)
    [command] = commands.commands
    if command.kind == cmd.GAMES:
        return _my_games(svc, reading, t, language=language)
    if command.kind in farmer_mail.KINDS:  # nothing proves the From address at new@
        return Decision("bad-command", farmer_mail.not_here(command))
    verdict = ratelimit.check(svc, "new-games", reading.sender or "")
    if not verdict.allowed:
        limit = svc.config.rate_limits["new-games"]
        answer = t.gettext("No game was created: you have asked for %(count)s games in a short time, as many as we "
                           "set up for one address. Please try again tomorrow.",
                           count=limit.count) if verdict.first_refused else None
        return Decision("rate-limited", answer, detail=f"over {limit} new games for this address", language=language)
    host = reading.message.sender_name if reading.message else ""
    farmers = [creation.FarmerSpec(name=host or reading.sender.split("@")[0], email=reading.sender,
                                   language=language)]
    farmers += [creation.FarmerSpec(name=address.split("@")[0], email=address) for address in command.invitees]
    try:
        created = creation.create_game(svc, command.game, farmers, host=0, clock=clock,
                                       creation_key=f"mail:{reading.dedupe_key}", confirm=True)
    except ServiceError as error:
        return Decision("bad-command", t.gettext("No game was created: %(why)s", why=error.told(t)), language=language)
    title = f"{rules_for(command.game).title} #{created.game_id}"
    days = svc.config.unconfirmed_days
    with_whom = ", ".join(command.invitees) or t.gettext("nobody else")
    answer = t.ngettext("%(title)s with %(whom)s is set up, but nothing has been sent to anyone yet. To start it, "
                        "confirm that this was you:\n\n%(url)s\n\nIf you did not ask for this game, ignore this "
                        "mail: it is dropped after %(n)s day and nobody else hears of it.",
                        "%(title)s with %(whom)s is set up, but nothing has been sent to anyone yet. To start it, "
                        "confirm that this was you:\n\n%(url)s\n\nIf you did not ask for this game, ignore this "
                        "mail: it is dropped after %(n)s days and nobody else hears of it.",
                        days, title=title, whom=with_whom, url=created.confirm_url)
    # seat None: the sender is not checked to be anyone's farmer yet (no reply address in the answer)
    return Decision("created", answer, detail="waiting for the creator's confirmation", game_id=created.game_id,
                    language=language)
