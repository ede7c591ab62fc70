"""The board in words, by mail: the answer to a farmer who asks ``market``,
``my plot``, ``clients``, ``scores`` or ``what changed`` (in any of the
three languages, mail/inbound/command_words.py), in the language asked in
or the farmer's.

The first four are told from the farmer's view by :mod:`boards.in_words`;
``what changed`` is what the turn mail's account tells: every move since
the farmer's own last one, in the order played.
"""

from __future__ import annotations

from boards.i18n import DEFAULT_LANGUAGE, Translator, translator
from boards.in_words import answer, told_changes
from mail.inbound import command_words
from mail.inbound import commands as cmd
from service.core.game_kinds import rules_for
from service.core.services import Services
from service.game.accounts import account_lines
from service.notify.changes import since_last_turn
from service.storage import lookup
from service.storage.models import Game


def in_words(svc: Services, game: Game, position: int, command: cmd.Command, state: dict) -> str:
    """The answer to ``command``, a question about the board (its kind one of
    :data:`mail.inbound.commands.ASKING`), about ``state``, for the farmer at
    ``position``: in the language the question was asked in when it is
    French or German (``marché``), else in the farmer's (``scores``, a word
    English shares)."""
    _, asked_in = command_words.asked(command.line)
    seat = next(s for s in game.seats if s.position == position)
    t = translator(asked_in if asked_in != DEFAULT_LANGUAGE else seat.language)
    kind, names = command.kind, [seat.name for seat in game.seats]
    if kind == cmd.CHANGES:
        return changes(svc, game.id, position, t)
    rules = rules_for(game.kind)
    return answer(game.kind, kind, rules.view(state, position), position, names, t)


def changes(svc: Services, game_id: int, position: int, t: Translator) -> str:
    """What the others played since the farmer's last move, in order."""
    with svc.db.transaction() as session:
        game = lookup.load_game(session, game_id)
        seat = lookup.seat_of(game, position)
        log = lookup.live_log(session, game_id)
        lines = account_lines(game, since_last_turn(log, seat), position, language=t.language, log=log)
    return told_changes([f"{line['farmer']} {line['description']}" for line in lines], t)
