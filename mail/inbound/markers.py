"""Find the line our mails put above the quoted part.

Outgoing mail (``mail.outgoing.compose.REPLY_MARKER``, "## Please reply above
this line ##") starts every mail a farmer may answer with it; any reply text
below it is our own mail, quoted. Clients prefix it with ">", reflow it or
drop the hashes, so it is matched loosely.
"""

from __future__ import annotations

import re

_MARKER = re.compile(r"^[\s>]*#*\s*please (?:type your )?reply above this line\.?\s*#*\s*$", re.IGNORECASE)


def is_reply_marker(line: str) -> bool:
    return _MARKER.match(line) is not None
