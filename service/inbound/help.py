"""``help``: every command a farmer can mail, with an example of each, how
steps of one turn are chained on a line, the notation for the decision at
hand and the options as links."""

from __future__ import annotations

from boards import notation_help as told_notation
from boards.i18n import Translator
from mail.inbound import chains, command_words
from mail.inbound import commands as cmd
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.notify.changes import typed_words
from service.storage import lookup


def typed_commands(t: Translator, move: str) -> list[tuple[str, str]]:
    """Every command a farmer can mail, with an example of each (``help``,
    the rules page): the command as the reader's language types it
    (mail/inbound/command_words.py; ``move``: a move for the examples that
    take one) and what it does, in ``t``'s language."""
    return [
        (move, t.gettext("a move, written as your options list it; several moves, one per line, are played in order")),
        (t.pgettext("command", "preview %(move)s", move=move), t.gettext("what that move would do, without playing it")),
        (t.pgettext("command", "undo"),
         t.gettext("take back your last move of this turn (not one that revealed something hidden)")),
        (t.pgettext("command", "board"), t.gettext("the board and, on your turn, your options")),
        (t.pgettext("command", "moves"), t.gettext("your options now")),
        (t.pgettext("command", "market"),
         t.gettext("the board in words: also “my plot”, “clients”, “scores” (who leads) and “what changed”")),
        (t.pgettext("command", "say Good luck, everyone!"), t.gettext("a message to the other farmers")),
        (t.pgettext("command", "vacation 7"),
         t.gettext("away for 7 days (1 to 30): your turn mails wait; “vacation off” when you are back")),
        (t.pgettext("command", "stop"), t.gettext("no more mails about this game (your page still works)")),
        (t.pgettext("command", "resign"), t.gettext("leave the game for good (asks you to confirm with “resign yes”)")),
        (t.pgettext("command", "next: %(move)s | …", move=move),
         t.gettext("a plan for your next turn: alternatives in order of preference, each a chain of moves separated "
                   "by commas; when your turn comes the first still possible is played at once (see the plans "
                   "below)")),
        (t.pgettext("command", "plan: %(move)s > …; stop if seeds < 3", move=move),
         t.gettext("a plan for each of your turns to the end of the round, until a stop condition holds")),
        (t.pgettext("command", "cancel plan"), t.gettext("remove your plan")),
        (t.pgettext("command", "games"), t.gettext("a list of all your games, with a link to each, and your record")),
        (t.pgettext("command", "rematch"),
         t.gettext("once the game is over: a new game with the same farmers and options")),
        (t.pgettext("command", "help"), t.gettext("this list")),
    ]


def is_help(command: cmd.Command) -> bool:
    """``help`` (and ``?``, ``aide``, ``Hilfe``), which :mod:`mail.inbound.commands` reads as the
    options command: here it gets the whole list of commands."""
    return command.kind == cmd.MOVES and command_words.line_is(command.line.split()[0], command_words.HELP)


def chains_help(rules, state: dict, my_turn: bool, t: Translator) -> str:
    """How steps of one turn are chained on a line, with an example of the
    game (its best whole turn now, when there is one) and the joints of
    the three languages (:mod:`mail.inbound.chains`), in ``t``'s language."""
    turns = rules.whole_turns(state, 1) if my_turn else []
    typed = typed_words(rules, t.language) or str
    example = ", ".join(typed(rules.text(m)) for m in turns[0].moves) if turns else ", ".join(
        example for example, _ in told_notation.notation_help(rules, t)[:2])
    joint = chains.JOINING_WORDS.get(t.language, chains.JOINING_WORDS["en"])[0]
    lines = [
        t.gettext("Several steps of one turn may go on one line, played in order:"),
        f"* {example}",
        t.gettext("Steps are joined by “,” “;” “then” “and” (French “puis” “ensuite” “et”, German “dann” “und”): "
                  "“%(example)s” is the same.", example=example.replace(", ", f" {joint} ", 1)),
        t.gettext("A step that cannot be played stops there: the steps before it are kept, and the answer says "
                  "why and what is open now."),
    ]
    return "\n".join(lines)


def help_text(svc: Services, game_id: int, position: int, state: dict, t: Translator, *, with_links: bool) -> str:
    """Every command with an example, the notation for the decision at hand
    (the examples whose verb starts one of the options), and the options,
    each with its link unless this mail's moves are still to be applied; in
    ``t``'s language."""
    with svc.db.transaction() as session:
        game = lookup.load_game(session, game_id)
        seat = lookup.seat_of(game, position)
        kind, version, secret = game.kind, game.version, seat.secret
        to_act = rules_for(kind).to_act(state)
        waiting_for = lookup.seat_of(game, to_act).name if to_act is not None else None
    rules = rules_for(kind)
    options = [(rules.text(m), rules.code(m)) for m in rules.legal_moves(state)] if to_act == position else []
    verbs = {text.split()[0] for text, _ in options}
    # each move as the reader types it ("prendre b2"); the notation's examples too, their meanings in t's language
    typed = typed_words(rules, t.language) or str
    options = [(typed(text), code) for text, code in options]
    english, notation = rules.notation_help(), told_notation.notation_help(rules, t)
    example = options[0][0] if options else (notation[0][0] if notation else "pass")
    parts = [t.gettext("Reply with one command per line (or several on a line, separated by “;”):\n%(commands)s",
                       commands="\n".join(f"* {typed}\n  {meaning}" for typed, meaning in typed_commands(t, example)))]
    # every move of the game, the decision at hand's first: help is the whole list, not this step's alone
    at_hand = [told for told, (text, _) in zip(notation, english) if text.split()[0] in verbs] or notation
    later = [pair for pair in notation if pair not in at_hand]
    if svc.config.whole_turns:
        parts.append(chains_help(rules, state, to_act == position, t))
    if at_hand:
        parts.append(t.gettext("How moves are written:\n%(moves)s",
                               moves="\n".join(f"* {example} — {meaning}" for example, meaning in at_hand)))
    if later:
        parts.append(t.gettext("Later in the game:\n%(moves)s",
                               moves="\n".join(f"* {example} — {meaning}" for example, meaning in later)))
    if plans := told_notation.plan_examples(rules, t):
        parts.append(t.gettext("Plans (only you see them; an alternative whose Field tile or space changed is not "
                               "played; write whole turns: the steps after a move that draws new tiles are played "
                               "while what they name is what you saw):\n%(plans)s",
                               plans="\n".join(f"* {example} — {meaning}" for example, meaning in plans)))
    if options:
        lines = "\n".join(f"* {text}" + (f"\n  {svc.links.move_url(game_id, position, secret, version, [code])}"
                                          if with_links else "") for text, code in options)
        parts.append(t.gettext("Your options now (reply with one, or open its link):\n%(options)s", options=lines)
                     if with_links else t.gettext("Your options now:\n%(options)s", options=lines))
    elif waiting_for is not None:
        parts.append(t.gettext("It is %(name)s's turn; you will get a mail when it is yours.", name=waiting_for))
    return "\n\n".join(parts)

