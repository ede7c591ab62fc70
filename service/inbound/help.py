"""``help``: every command a farmer can mail, with an example of each, the
notation for the decision at hand and the options as links."""

from __future__ import annotations

from mail.inbound import command_words
from mail.inbound import commands as cmd
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.storage import lookup

#: every command a farmer can mail, with an example of each (``help``)
COMMANDS = (
    ("{move}", "a move, written as your options list it; several moves, one per line, are played in order"),
    ("preview {move}", "what that move would do, without playing it"),
    ("undo", "take back your last move of this turn (not one that revealed something hidden)"),
    ("board", "the board and, on your turn, your options"),
    ("moves", "your options now"),
    ("market", "the board in words: also “my plot”, “clients”, “scores” (who leads) and “what changed”"),
    ("say Good luck, everyone!", "a message to the other farmers"),
    ("vacation 7", "away for 7 days (1 to 30): your turn mails wait; “vacation off” when you are back"),
    ("stop", "no more mails about this game (your page still works)"),
    ("resign", "leave the game for good (asks you to confirm with “resign yes”)"),
    ("games", "a list of all your games, with a link to each, and your record"),
    ("rematch", "once the game is over: a new game with the same farmers and options"),
    ("help", "this list"),
)


def is_help(command: cmd.Command) -> bool:
    """``help`` (and ``?``, ``aide``, ``Hilfe``), which :mod:`mail.inbound.commands` reads as the
    options command: here it gets the whole list of commands."""
    return command.kind == cmd.MOVES and command_words.line_is(command.line.split()[0], command_words.HELP)


def help_text(svc: Services, game_id: int, position: int, state: dict, *, with_links: bool) -> str:
    """Every command with an example, the notation for the decision at hand
    (the examples whose verb starts one of the options), and the options,
    each with its link unless this mail's moves are still to be applied."""
    with svc.db.transaction() as session:
        game = lookup.load_game(session, game_id)
        seat = lookup.seat_of(game, position)
        kind, version, secret = game.kind, game.version, seat.secret
        to_act = rules_for(kind).to_act(state)
        waiting_for = lookup.seat_of(game, to_act).name if to_act is not None else None
    rules = rules_for(kind)
    options = [(rules.text(m), rules.code(m)) for m in rules.legal_moves(state)] if to_act == position else []
    notation = list(rules.notation_help())
    example = options[0][0] if options else (notation[0][0] if notation else "pass")
    parts = ["Reply with one command per line (or several on a line, separated by “;”):\n" + "\n".join(
        f"* {text.format(move=example)}\n  {meaning}" for text, meaning in COMMANDS)]
    verbs = {text.split()[0] for text, _ in options}
    # every move of the game, the decision at hand's first: help is the whole list, not this step's alone
    at_hand = [pair for pair in notation if pair[0].split()[0] in verbs] or notation
    later = [pair for pair in notation if pair not in at_hand]
    if at_hand:
        parts.append("How moves are written:\n" + "\n".join(f"* {example} — {meaning}" for example, meaning in at_hand))
    if later:
        parts.append("Later in the game:\n" + "\n".join(f"* {example} — {meaning}" for example, meaning in later))
    if options:
        lines = [f"* {text}" + (f"\n  {svc.links.move_url(game_id, position, secret, version, [code])}"
                                if with_links else "") for text, code in options]
        parts.append("Your options now" + (" (reply with one, or open its link):" if with_links else ":")
                     + "\n" + "\n".join(lines))
    elif waiting_for is not None:
        parts.append(f"It is {waiting_for}'s turn; you will get a mail when it is yours.")
    return "\n\n".join(parts)
