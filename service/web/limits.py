"""Rate limits on the web (service/storage/ratelimit.py): every form post and link
confirm counts against its client's ``web-posts`` limit; over it the client
gets 429 with the styled error page and a Retry-After header.

The client is ``request.remote_addr``; behind proxies, ``TRUSTED_PROXIES``
(Config.trusted_proxies) says how many X-Forwarded-For entries to believe
(werkzeug's ProxyFix, set up in service/app.py), and no more, so a client
cannot name itself someone else. The inbound webhooks are not limited: they
are authenticated by their secret and store the mail first, and a refused
post would be a mail lost or delayed by the provider.

A view that needs a limit of its own (a form that mails an address) calls
:func:`require` with its bucket and key, e.g.
``require("my-games", email)`` next to ``require("my-games-client", client())``.
"""

from __future__ import annotations

from flask import Flask, request
from werkzeug.exceptions import TooManyRequests

from service.storage import ratelimit
from service.web import services

#: signed webhooks of the mail providers (service/web/inbound_hooks.py): never limited
UNLIMITED = frozenset({"inbound.mime", "inbound.mailgun", "inbound.sendgrid"})


def client() -> str:
    """The client's address as far as the trusted proxies vouch for it."""
    return request.remote_addr or "unknown"


def require(bucket: str, key: str) -> None:
    """Count one ``bucket`` event for ``key``; over the limit, answer 429."""
    verdict = ratelimit.check(services(), bucket, key)
    if not verdict.allowed:
        raise TooManyRequests(retry_after=verdict.retry_after)


def install(app: Flask) -> None:
    """Count every post before anything else looks at it (the CSRF check
    included: a flood of bad posts is a flood too)."""
    app.before_request(_limit_posts)


def _limit_posts():
    if request.method in ("GET", "HEAD", "OPTIONS") or request.endpoint in UNLIMITED:
        return None
    require("web-posts", client())
    return None
