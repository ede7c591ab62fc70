"""Find the line our mails put above the quoted part.

Outgoing mail (:func:`marker_line`, "## Please reply above this line ##", in
the recipient's language) starts every mail a farmer may answer with it; any
reply text below it is our own mail, quoted. Clients prefix it with ">",
reflow it or drop the hashes, so it is matched loosely, in every language
the service speaks (a farmer may change language between two mails).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING

from mail.sentence import N_

if TYPE_CHECKING:
    from boards.i18n import Translator

#: the words of the line, in the ``answers`` catalog
REPLY_ABOVE = N_("Please reply above this line")

#: what clients leave around the words: quote signs, hashes, a full stop
_AROUND = re.compile(r"^[\s>]*#*\s*(?P<words>.*?)\.?\s*#*\s*$")


def marker_line(t: Translator) -> str:
    """The line in ``t``'s language."""
    return f"## {t.gettext(REPLY_ABOVE)} ##"


def is_reply_marker(line: str) -> bool:
    found = _AROUND.match(line)
    return found is not None and _plain(found["words"]) in _wordings()


@cache
def _wordings() -> frozenset[str]:
    from boards.i18n import LANGUAGES, translator  # the catalogs load when a reply is read, not with the reader

    said = {_plain(translator(language).gettext(REPLY_ABOVE)) for language in LANGUAGES}
    return frozenset(said | {"please type your reply above this line"})


def _plain(words: str) -> str:
    return " ".join(words.casefold().split())
