"""The farmer's own commands, about the farmer rather than a game, in the
service's three languages: ``sign up`` (``sign me up``; French
``inscription``, ``je m'inscris``; German ``anmelden``, ``ich melde mich
an``) answers a league's mail to play its next season, and ``public name
Anna B`` (``nom public …``, ``öffentlicher Name …``) chooses the name shown
on the leaderboards, ``public name none`` (``aucun``, ``kein``) removes it.
Read here, from a line already cleaned of greetings and politeness; what
they do is the service's (service/inbound/farmer_mail.py)."""

from __future__ import annotations

import re
from dataclasses import dataclass

#: kinds of :class:`FarmerCommand` (and of :class:`mail.inbound.commands.Command`)
SIGN_UP, PUBLIC_NAME = "sign up", "public name"

#: each way to say "sign me up", and its language
_SIGN_UP = {"sign up": "en", "signup": "en", "sign-up": "en", "sign me up": "en",
            "inscription": "fr", "je m'inscris": "fr", "inscris-moi": "fr", "inscrivez-moi": "fr",
            "anmelden": "de", "anmeldung": "de", "ich melde mich an": "de"}
_PUBLIC_NAME = re.compile(r"^(public\s+name|nom\s+public|öffentlicher\s+name)(?:\s*:\s*|\s+|$)(.*)$",
                          re.IGNORECASE)
_LANGUAGE = {"public": "en", "nom": "fr", "öffentlicher": "de"}
#: a public name of one of these words takes the name off the leaderboards
NONE_WORDS = frozenset({"none", "no", "off", "remove", "aucun", "aucune", "rien", "supprimer", "kein", "keiner",
                        "keinen", "nichts", "entfernen"})


@dataclass(frozen=True)
class FarmerCommand:
    """``kind``: :data:`SIGN_UP` or :data:`PUBLIC_NAME`; ``name``: the name
    as typed ("" to remove it, None when none was written); ``language``:
    the language of the command's words."""

    kind: str
    language: str
    name: str | None = None


def read_farmer_command(line: str) -> FarmerCommand | None:
    """The farmer command of ``line``, or None when it is none."""
    said = " ".join(line.replace("’", "'").split()).rstrip(".!")
    if language := _SIGN_UP.get(said.lower()):
        return FarmerCommand(SIGN_UP, language)
    if match := _PUBLIC_NAME.match(said):
        language = _LANGUAGE[match.group(1).split()[0].lower()]
        name = match.group(2).strip().strip("“”\"'«»„").strip()
        if not name:
            return FarmerCommand(PUBLIC_NAME, language, None)
        return FarmerCommand(PUBLIC_NAME, language, "" if name.lower() in NONE_WORDS else name)
    return None
