"""The inbound pipeline as one pure function: raw bytes in, a Reading out.

A flat sequence of guards, as in Discourse's receiver; the first that fires
decides the outcome:

1. size limit (:class:`TooLarge`)
2. spam complaint (:class:`FeedbackReport`: an ARF report, which comes to
   the bounce address too, is read before bounces)
3. bounce (:class:`Bounce`, with the failed recipients)
4. our own mail coming back (:class:`OwnMail`)
5. auto-reply (:class:`AutoReply`)
6. no reply key and not new@ (:class:`NoReplyKey`)
7. no command in the fresh text (:class:`EmptyReply`)

Routing by key, the sender check, game over and not-your-turn need the
database and are the service's job; they raise the classes of
:mod:`mail.inbound.errors` too. Nothing raises out of :func:`read_mail`: an
unexpected failure becomes the :class:`Unreadable` outcome, which is logged
and never answered (it is our fault, not the sender's).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from mail.inbound.autoreply import detect_auto_reply
from mail.inbound.body import extract_body
from mail.inbound.bounce import detect_bounce, detect_complaint
from mail.inbound.commands import Commands, split_commands
from mail.inbound.errors import (
    Answer,
    Bounce,
    EmptyReply,
    InboundRejection,
    NoReplyKey,
    TooLarge,
)
from mail.inbound.message import InboundMessage, parse_message
from mail.inbound.quotes import strip_quotes
from mail.inbound.routing import NewGame, Route, detect_own_mail, find_route
from mail.sentence import N_, Sentence

#: mails larger than this are not read (a reply with commands is a few KB;
#: attachments such as photos make the rest)
MAX_BYTES = 10 * 1024 * 1024
#: at most this much of a body's text is read for its fresh part (the quote
#: stripping costs in proportion to it; a reply and the mail it quotes are a
#: few KB), and at most this many of its lines are considered as commands:
#: whoever sends a huge mail, reading it costs about as little as a reply
MAX_TEXT_CHARS = 100_000
MAX_COMMAND_LINES = 100


class Unreadable(InboundRejection):
    """The pipeline itself failed on this mail (a bug to log, never answered)."""

    reason = "unreadable"
    answer = Answer.NEVER
    message = "The mail could not be read."


@dataclass(frozen=True)
class Reading:
    """What the pipeline made of one mail."""

    dedupe_key: str  # Message-ID, else a hash of the bytes
    sender: str | None
    rejection: InboundRejection | None = None
    route: Route | None = None
    text: str = ""  # the fresh text: reply without quote and signature
    commands: Commands = field(default_factory=Commands)
    message: InboundMessage | None = None
    truncated: Sentence | None = None  # for the sender: what of a too long text was not read (None: all of it was)
    quoted: bool = False  # the mail quotes another (ours, most often): see has_quote
    envelope_to: tuple[str, ...] = ()  # of a bounce: the addresses it was delivered to (a VERP return path)

    @property
    def outcome(self) -> str:
        return self.rejection.reason if self.rejection else "accepted"


def read_mail(
    raw: bytes,
    *,
    domain: str,
    envelope_to: Iterable[str] = (),
    own_lines: Iterable[str] = (),
    max_bytes: int = MAX_BYTES,
    chains: bool = True,
) -> Reading:
    """Read one raw mail addressed to ``domain`` (our MAIL_DOMAIN).

    ``own_lines`` are the lines of the mail this one answers, when the
    service knows it: they are never read as commands. ``chains``: a line
    may chain steps (``take b2, place 1 0``; the service's whole-turns switch).
    """
    try:
        if len(raw) > max_bytes:
            return Reading(dedupe_key="", sender=None, rejection=TooLarge(f"{len(raw)} bytes"))
        mail = parse_message(raw)
        return _read(mail, domain=domain, envelope_to=tuple(envelope_to), own_lines=tuple(own_lines), chains=chains)
    except Exception as error:  # the safety net: see Unreadable
        return Reading(dedupe_key="", sender=None, rejection=Unreadable(f"{type(error).__name__}: {error}"))


def _read(mail: InboundMessage, *, domain: str, envelope_to: tuple[str, ...], own_lines: tuple[str, ...],
          chains: bool = True) -> Reading:
    def rejected(rejection: InboundRejection, route: Route | None = None) -> Reading:
        return Reading(mail.dedupe_key, mail.sender, rejection=rejection, route=route, message=mail,
                       envelope_to=envelope_to if isinstance(rejection, Bounce) else ())

    for guard in (detect_complaint, detect_bounce):
        rejection = guard(mail)
        if rejection:
            return rejected(rejection)
    rejection = detect_own_mail(mail, domain) or detect_auto_reply(mail)
    if rejection:
        return rejected(rejection)
    route = find_route(mail, domain, envelope_to)
    if route is None:
        return rejected(NoReplyKey())
    body = extract_body(mail.message, max_chars=MAX_TEXT_CHARS)
    text = strip_quotes(body.text, own_lines=own_lines, sender_name=mail.sender_name)
    commands = split_commands(text, new_game=isinstance(route, NewGame), sender_name=mail.sender_name,
                              max_lines=MAX_COMMAND_LINES, chains=chains)
    truncated = _truncation_note(body.truncated, commands.cut)
    quoted = has_quote(body.text, own_lines)
    if not commands.commands and not commands.errors:  # the text is kept: it may hold a sign-off alone
        return Reading(mail.dedupe_key, mail.sender, rejection=EmptyReply(quoted=quoted), route=route, text=text,
                       message=mail, truncated=truncated, quoted=quoted)
    return Reading(mail.dedupe_key, mail.sender, route=route, text=text, commands=commands, message=mail,
                   truncated=truncated, quoted=quoted)


def _truncation_note(text_cut: bool, lines_cut: bool) -> Sentence | None:
    if lines_cut:
        return Sentence.of(N_("Your mail was long: only its first %(lines)s lines were read as commands, "
                              "the rest was not read."), lines=MAX_COMMAND_LINES)
    if text_cut:
        return Sentence.of(N_("Your mail was long: only its first %(kb)s KB of text were read."),
                           kb=MAX_TEXT_CHARS // 1000)
    return None


_QUOTE_MARK = re.compile(r"^\s*>|^-{2,}\s*Original Message\s*-{2,}|^.{0,200}\bwrote:\s*$|^From:\s.+$",
                         re.MULTILINE | re.IGNORECASE)


def has_quote(body: str, own_lines: Iterable[str] = ()) -> bool:
    """Whether the mail quotes another (``>`` lines, an "On … wrote:" line, a
    forwarded header, or the lines of the mail it answers)."""
    if _QUOTE_MARK.search(body):
        return True
    own = {line.strip() for line in own_lines if len(line.strip()) > 12}
    return any(line.strip() in own for line in body.splitlines())
