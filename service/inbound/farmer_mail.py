"""What the farmer's own commands by mail do (mail/inbound/farmer_words.py).

``sign up`` is done only in a reply to a league's season-over mail, whose
reply address is signed for the one entry it was mailed to
(:func:`service.usecases.leagues.reply_key`) and whose sender has passed the
same check as a seat's farmer: it signs up that entry's address, never
another. ``public name`` sets the leaderboard name of the address that
passed the check: a seat's farmer in a reply to the game's mail, or the
entry's farmer in a reply to a season-over mail. At new@ nothing proves the
From address, so neither is done there and the answer says where to write.
Each answer is in the language of the words typed (a league's farmer's own
language for English words)."""

from __future__ import annotations

from collections.abc import Sequence

from boards.i18n import translator
from mail.inbound.commands import Command
from mail.inbound.farmer_words import PUBLIC_NAME, SIGN_UP
from service.core.errors import ServiceError
from service.core.services import Services
from service.storage.models import LeagueEntry
from service.usecases import leagues, public_names

KINDS = frozenset({SIGN_UP, PUBLIC_NAME})


def league_reply(svc: Services, league_id: int, entry: LeagueEntry, commands: Sequence[Command]) -> str:
    """The answer to a reply to ``entry``'s season-over mail: each farmer
    command done; any other command named as not one such a mail takes."""
    answers = []
    for command in commands:
        t = translator(_language(command, entry.language))
        if command.kind == SIGN_UP:
            try:
                answers.append(leagues.sign_up(svc, league_id, entry.name, entry.email, entry.language))
            except ServiceError as error:
                answers.append(t.gettext("You are not signed up: %(reason)s", reason=error.message))
        elif command.kind == PUBLIC_NAME:
            answers.append(public_name(svc, entry.email, command, entry.language))
        else:
            answers.append(t.gettext("“%(line)s”: a reply to a league's mail takes “sign up” or “public name …”; "
                                     "this line was not done.", line=command.line))
    return "\n\n".join(answers)


def seat_reply(svc: Services, address: str, command: Command) -> str:
    """A farmer command in a reply to a seat's mail, from the seat's farmer at ``address``."""
    if command.kind == PUBLIC_NAME:
        return public_name(svc, address, command)
    return not_here(command)


def not_here(command: Command) -> str:
    """A farmer command written where it cannot be done: where to write it."""
    t = translator(_language(command))
    if command.kind == SIGN_UP:
        return t.gettext("“%(line)s”: a sign-up by mail answers the mail that ended your league's season (it is "
                         "signed for your address), or use the league's sign-up page; nothing was signed up.",
                         line=command.line)
    return t.gettext("“%(line)s”: a public name is set in a reply to a mail of one of your games (which proves "
                     "the address is yours), or on your record page; the name was not changed.", line=command.line)


def public_name(svc: Services, address: str, command: Command, language: str | None = None) -> str:
    t = translator(_language(command, language))
    try:
        kept = public_names.set_public_name(svc, address, command.text, language=t.language)
    except ServiceError as error:
        return t.gettext("Your public name was not changed: %(reason)s", reason=error.message)
    if kept is None:
        return t.gettext("You are off the leaderboards now: no public name is shown for your address.")
    return t.gettext("You appear on the leaderboards as “%(name)s” now.", name=kept)


def _language(command: Command, fallback: str | None = None) -> str:
    """The language of the answer: the words' own, but English words leave the farmer's language."""
    return command.language if command.language not in ("", "en") or not fallback else fallback
