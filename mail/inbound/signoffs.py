"""Greetings, sign-offs and politeness words in the languages farmers write.

A sign-off ("Kind regards,", "Liebe Grüße", "Bien à vous", "Un saludo",
"Met vriendelijke groet") or the sender's own name on a line of its own ends
the commands of a reply: what follows is a name, a title, a phone number, a
signature. A greeting ("Hi Anna,", "Hallo!") before the first command is
skipped, and so is one at the start of a command line ("Hi, take b2.").

Only whole phrases at the start of a line count, so "thanks for the game"
ends the commands while "take b2" never does. "Ciao" and "salut" are
greetings first: a reply may start with them.
"""

from __future__ import annotations

import re
import unicodedata

#: phrases that close a mail, by language; each may be followed by a comma,
#: a name or a few words ("Thanks a lot, Bob")
SIGN_OFFS = {
    "en": (
        "thanks", "thank you", "many thanks", "thx", "ty", "cheers", "regards", "kind regards", "best regards",
        "warm regards", "warmest regards", "kindest regards", "best wishes", "all the best", "best", "bye",
        "see you", "see ya", "cu", "cya", "love", "yours", "yours truly", "yours sincerely", "sincerely",
        "take care", "talk soon", "speak soon", "have a nice day", "have a good day", "sent from my",
    ),
    "fr": (
        "merci", "merci beaucoup", "cordialement", "bien cordialement", "bien à vous", "bien à toi",
        "amicalement", "amitiés", "bises", "bisous", "grosses bises", "à bientôt", "a bientot", "a+",
        "salutations", "sincères salutations", "meilleures salutations", "bonne journée", "bonne soirée",
        "envoyé de mon", "envoyé depuis mon",
    ),
    "de": (
        "danke", "vielen dank", "danke schön", "dankeschön", "grüße", "grüsse", "gruß", "gruss",
        "liebe grüße", "liebe grüsse", "viele grüße", "viele grüsse", "beste grüße", "beste grüsse",
        "herzliche grüße", "herzliche grüsse", "schöne grüße", "freundliche grüße", "mit freundlichen grüßen",
        "mit freundlichen grüssen", "mit besten grüßen", "mit besten grüssen", "mfg", "lg", "vg", "bis bald",
        "tschüss", "tschüs", "von meinem",
    ),
    "es": (
        "gracias", "muchas gracias", "saludos", "un saludo", "saludos cordiales", "un abrazo", "abrazos",
        "atentamente", "cordialmente", "hasta luego", "hasta pronto", "besos", "enviado desde mi",
    ),
    "it": (
        "grazie", "grazie mille", "saluti", "cordiali saluti", "distinti saluti", "un saluto", "a presto",
        "un abbraccio", "baci", "inviato da",
    ),
    "nl": (
        "groeten", "groetjes", "met vriendelijke groet", "met vriendelijke groeten", "vriendelijke groet",
        "vriendelijke groeten", "hartelijke groeten", "hartelijke groet", "bedankt", "dank je", "dank je wel",
        "dank u", "dank u wel", "tot ziens", "tot snel", "mvg", "verzonden vanaf",
    ),
    "pt": (
        "obrigado", "obrigada", "muito obrigado", "muito obrigada", "abraços", "um abraço", "abraço",
        "atenciosamente", "cumprimentos", "saudações", "beijos", "até logo", "até breve", "att",
        "enviado do meu",
    ),
}

GREETINGS = (
    "hi", "hello", "hey", "hiya", "dear", "good morning", "good afternoon", "good evening", "greetings",
    "bonjour", "bonsoir", "salut", "coucou", "hallo", "hej", "moin", "servus", "guten morgen", "guten tag",
    "liebe", "lieber", "hola", "buenos días", "buenas", "ciao", "buongiorno", "buonasera", "salve", "hoi",
    "goedemorgen", "goedemiddag", "beste", "olá", "ola", "bom dia", "boa tarde", "oi",
)

#: words people put around a command on its line: "ok take b2 thanks"
LEADING_FILLER = ("ok", "okay", "okey", "alright", "so", "then", "well", "right", "sure", "d'accord", "bon", "also")
TRAILING_POLITENESS = (
    "thanks", "thank you", "thx", "please", "pls", "plz", "cheers", "merci", "danke", "bitte", "gracias",
    "por favor", "grazie", "per favore", "bedankt", "alsjeblieft", "obrigado", "obrigada", "por favor",
    "s'il te plaît", "s'il vous plaît", "svp", "stp",
)


def _alternatives(phrases) -> str:
    ordered = sorted({p for p in phrases}, key=len, reverse=True)
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in ordered)


_ALL_SIGN_OFFS = _alternatives(p for group in SIGN_OFFS.values() for p in group)
#: a sign-off, alone or with a few words after it ("Thanks a lot, Bob", "Cheers!")
SIGN_OFF = re.compile(rf"^(?:{_ALL_SIGN_OFFS})(?![\w'’])[^;]{{0,40}}$", re.IGNORECASE)
#: a sign-off and nothing else but punctuation ("Kind regards,", "Liebe Grüße")
BARE_SIGN_OFF = re.compile(rf"^(?:{_ALL_SIGN_OFFS})\W*$", re.IGNORECASE)
#: a greeting line: "Hi", "Hello Anna,", "Dear all!" (a few words at most)
GREETING = re.compile(rf"^(?:{_alternatives(GREETINGS)})(?![\w'’])[^;]{{0,30}}$", re.IGNORECASE)
#: a greeting opening a command line: "Hi, take b2" / "Hello! take b2" / "Hi Anna, take b2"
GREETING_PREFIX = re.compile(
    rf"^(?:{_alternatives(GREETINGS)})(?:\s+[\w'’-]+){{0,2}}\s*[,!.:;]+\s+(?=\S)", re.IGNORECASE
)
LEADING = re.compile(rf"^(?:{_alternatives(LEADING_FILLER)})(?:\s*[,!.:]+\s*|\s+)(?=\S)", re.IGNORECASE)
TRAILING = re.compile(rf"(?:[\s,;.!-]+(?:{_alternatives(TRAILING_POLITENESS)}))+\W*$", re.IGNORECASE)


def is_sign_off(line: str) -> bool:
    return SIGN_OFF.match(line.strip()) is not None


def is_name(line: str, sender_name: str) -> bool:
    """The line is the sender's display name or first name, possibly after a
    dash ("-- Anna", "~Anna Weber") and before punctuation ("Anna.")."""
    names = name_forms(sender_name)
    if not names:
        return False
    bare = re.sub(r"^[-–—~\s]+|[\s.,!]+$", "", line).strip()
    return _fold(bare) in names


def name_forms(sender_name: str) -> set[str]:
    """The forms of a display name a farmer signs with: the whole name and
    the first name ("Weber, Anna" is Anna Weber)."""
    name = re.sub(r"[\"']", "", sender_name)
    if "," in name:
        last, _, first = name.partition(",")
        name = f"{first} {last}"
    name = re.sub(r"\s+", " ", name).strip()
    if not name or "@" in name:
        return set()
    words = name.split(" ")
    forms = {name, words[0]}
    if len(words) > 1 and not words[0].endswith("."):
        forms.add(f"{words[0]} {words[-1]}")
    # a first name that is also a command ("Board Games Club") never ends the commands
    return {_fold(f) for f in forms if len(f) >= 2 and _fold(f) not in _COMMAND_WORDS}


#: the one-word commands of every game (mail.inbound.commands)
_COMMAND_WORDS = {"board", "moves", "help", "options", "undo", "resign", "stop", "end", "pass", "done"}


def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold()
