"""What a reply means when the mail it answers is not a turn mail.

* A reply to an **invitation** says yes or no: "yes", "join", "count me in",
  "ja gerne" join the game; "no", "decline", "no thanks, not this time",
  "nein danke" decline it (:func:`invitation_answer`). Only the first line
  that says something is read, in the seven languages of the sign-offs.
* A reply to a relayed **say** is a say back to the table
  (:func:`say_back`): its fresh text, up to a sign-off on a line of its own
  ("Cheers,") or the sender's name, is the message; unless it starts with a
  Farmpost command ("board", "undo", "say …"), which is then read as
  commands as usual.

The service knows which mail a reply answers (by In-Reply-To) and acts on
the result.
"""

from __future__ import annotations

import re

from mail.inbound.commands import MOVE, SAY, Command, Commands, plain_spaces, unquoted
from mail.inbound.signoffs import BARE_SIGN_OFF, GREETING, GREETING_PREFIX, is_name

JOIN, DECLINE = "join", "decline"

_DECLINE = (
    "no", "nope", "nah", "decline", "i decline", "declined", "no thanks", "no thank you", "not this time",
    "not now", "count me out", "i'm out", "i am out", "i can't", "i cannot", "can't", "cannot", "sorry, no",
    "non", "non merci", "je décline", "pas cette fois", "nein", "nein danke", "leider nicht", "diesmal nicht",
    "no gracias", "no, gracias", "no puedo", "no grazie", "no, grazie", "non posso", "nee", "nee dank je",
    "helaas niet", "não", "não obrigado", "não obrigada", "não posso",
)
_JOIN = (
    "yes", "yes please", "yep", "yeah", "yup", "sure", "ok", "okay", "join", "i join", "i'll join", "i will join",
    "count me in", "i'm in", "i am in", "accept", "i accept", "accepted", "gladly", "with pleasure", "let's play",
    "oui", "avec plaisir", "volontiers", "d'accord", "partant", "partante", "ja", "ja gerne", "gerne",
    "ich bin dabei", "bin dabei", "sí", "si", "claro", "me apunto", "cuenta conmigo", "sì", "certo",
    "ci sto", "volentieri", "ja graag", "graag", "ik doe mee", "sim", "claro que sim", "estou dentro",
)


def _phrases(words) -> re.Pattern:
    ordered = sorted(set(words), key=len, reverse=True)
    body = "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ordered)
    return re.compile(rf"^(?:{body})(?![\w'’])", re.IGNORECASE)


_DECLINE_RE, _JOIN_RE = _phrases(_DECLINE), _phrases(_JOIN)


def invitation_answer(text: str, *, sender_name: str = "") -> str | None:
    """:data:`JOIN`, :data:`DECLINE`, or None (the reply says neither), for
    the fresh text of a reply to an invitation."""
    for raw in text.splitlines():
        line = unquoted(plain_spaces(raw).strip())  # “yes”, yes\u00a0please: as for commands
        if not line or line.startswith(">") or not re.search(r"\w", line):
            continue
        if GREETING.match(line) and not GREETING_PREFIX.match(line):
            continue  # "Hi Bob,"
        line = GREETING_PREFIX.sub("", line, count=1)
        if _DECLINE_RE.match(line):
            return DECLINE
        if _JOIN_RE.match(line):
            return JOIN
        return None  # the first line that says something says neither
    return None


def say_back(text: str, commands: Commands, *, sender_name: str = "") -> Commands:
    """The commands of a reply to a relayed ``say``: one say with the fresh
    text, or ``commands`` unchanged when the reply starts with a Farmpost
    command (anything but a move) or holds no text."""
    first = commands.commands[0] if commands.commands else None
    if (first is not None and first.kind != MOVE) or (commands.errors and not commands.commands):
        return commands
    lines: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith(">"):
            continue
        if line and any(lines) and (BARE_SIGN_OFF.match(line) or is_name(line, sender_name)):
            break
        lines.append(line)
    message = " ".join(" ".join(lines).split())
    if not message:
        return commands
    return Commands((Command(SAY, f"say {message}", text=message),))
