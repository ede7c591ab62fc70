"""gunicorn's access log without the keys: seat, move, join and preferences
links carry their signed token in the path, and a key may come in a query
string. ``--logger-class service.ops.access_log.RedactingLogger`` writes them as
``…``, so an access log can be shared without handing out anyone's seat."""

from __future__ import annotations

import re

from gunicorn.glogging import Logger

#: /g/1/0/<token>, /m/…, /join/…, /prefs/… (and what follows the token)
_LINK = re.compile(r"(/(?:g|m|join|prefs)/\d+/\d+/)[^/?#\s]+")
_QUERY_KEY = re.compile(r"((?:^|[?&])(?:key|token|signature)=)[^&\s]*", re.IGNORECASE)
_SECRET_HEADERS = ("{authorization}i", "{cookie}i", "{x-farmpost-signature}i")


def redact(text: str | None) -> str | None:
    if not text:
        return text
    return _QUERY_KEY.sub(r"\1…", _LINK.sub(r"\1…", text))


class RedactingLogger(Logger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        for name, value in atoms.items():  # the request line, path, query, referer, and {…}e / {…}i atoms
            if isinstance(value, str):
                atoms[name] = redact(value)
        for name in _SECRET_HEADERS:
            if name in atoms:
                atoms[name] = "…"
        return atoms
