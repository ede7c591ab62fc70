"""The line our turn mails put above the quoted part, and how to find it.

Outgoing mail writes :data:`REPLY_ABOVE` on its own line right at the top
of every mail a farmer may answer; any reply text below it is quoted mail.
Clients quote it with ">" or reflow it, so it is matched loosely.
"""

from __future__ import annotations

import re

REPLY_ABOVE = "## Please type your reply above this line ##"

_MARKER = re.compile(r"^[\s>]*#*\s*please type your reply above this line\s*#*\s*$", re.IGNORECASE)


def is_reply_marker(line: str) -> bool:
    return _MARKER.match(line) is not None
