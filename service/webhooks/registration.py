"""Webhooks (docs/webhooks.md): URLs told when a game's turn changes and
when it ends, in Discord's or Slack's incoming-webhook format or as signed
JSON.

A farmer registers one from their seat page (their own turns; the host may
ask for every turn of the game). The events are written as delivery rows in
the transaction of the change they tell of (service/notify/hooks.py), and the
worker sends them afterwards (service/webhooks/delivery.py): a move never
waits for a receiver.

Only public information goes out: whose turn it is, the game's progress,
the final ranking. Never a view, a hidden card, a seat link.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from urllib.parse import urlsplit

from sqlalchemy import select

from service.core.errors import InvalidInput, NotFound
from service.core.services import Services
from service.storage.lookup import load_game
from service.storage.models import Webhook
from service.webhooks.addresses import public_host

FORMATS = {"discord": "Discord", "slack": "Slack", "json": "JSON (signed)"}
SCOPES = {"farmer": "my turns and the end", "game": "every turn and the end"}

#: hooks one farmer may have in one game
MAX_PER_SEAT = 5


@dataclass(frozen=True)
class Registered:
    hook_id: int
    #: the JSON hook's signing secret: shown to its owner this once
    secret: str | None


def url_hash(url: str) -> str:
    return hashlib.sha256(url.encode()).hexdigest()


def register(svc: Services, game_id: int, position: int, url: str, fmt: str, scope: str) -> Registered:
    """Add a hook for the farmer at ``position`` (the caller checked their
    seat link). Only the host may ask for every turn of the game."""
    url = (url or "").strip()
    check_url(url, allow_private=svc.config.webhook_allow_private)
    if fmt not in FORMATS:
        raise InvalidInput(f"Choose a format: {', '.join(FORMATS.values())}.")
    if scope not in SCOPES:
        raise InvalidInput("Choose what the hook is told about.")
    with svc.db.transaction() as session:
        game = load_game(session, game_id)
        host = game.clock.host if game.clock else None
        if scope == "game" and position != host:
            raise InvalidInput("Only the host can have every turn of the game sent to a hook.")
        mine = session.scalars(select(Webhook).where(
            Webhook.game_id == game_id, Webhook.position == position, Webhook.active.is_(True))).all()
        if len(mine) >= MAX_PER_SEAT:
            raise InvalidInput(f"You have {MAX_PER_SEAT} hooks in this game already; remove one first.")
        secret = secrets.token_hex(32) if fmt == "json" else None
        hook = Webhook(game_id=game_id, position=position, scope=scope, url=url, url_hash=url_hash(url),
                       format=fmt, secret=secret, active=True, failures=0)
        session.add(hook)
        game.hooked = True
        session.flush()
        return Registered(hook.id, secret)


def remove(svc: Services, game_id: int, position: int, hook_id: int) -> None:
    with svc.db.transaction() as session:
        hook = session.get(Webhook, hook_id)
        if hook is None or hook.game_id != game_id or hook.position != position:
            raise NotFound("There is no such hook on your seat.")
        session.delete(hook)


def hooks_of(svc: Services, game_id: int, position: int) -> list[dict]:
    """A farmer's hooks as their seat page lists them (the URL shortened: a
    Discord or Slack URL is itself a secret)."""
    with svc.db.transaction() as session:
        hooks = session.scalars(select(Webhook).where(Webhook.game_id == game_id, Webhook.position == position)
                                .order_by(Webhook.id)).all()
        return [{"id": h.id, "where": short_url(h.url), "format": FORMATS[h.format], "scope": SCOPES[h.scope],
                 "active": h.active, "last_error": h.last_error} for h in hooks]


def short_url(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/…" if parts.path.strip("/") else f"{parts.scheme}://{parts.netloc}/"


def check_url(url: str, *, allow_private: bool) -> None:
    """An https URL (plain http only where private addresses are allowed:
    a test or a closed network), not pointing at a literal private or
    loopback address. Names are resolved and checked again when sending."""
    if not url or len(url) > 2000:
        raise InvalidInput("Give the hook's URL (at most 2000 characters).")
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        host = None
    if not host or parts.scheme not in (("https", "http") if allow_private else ("https",)):
        raise InvalidInput("The hook's URL must start with https:// and name a server.")
    if parts.username or parts.password:
        raise InvalidInput("The hook's URL cannot hold a user name or password.")
    if not allow_private and not public_host(host):
        raise InvalidInput("The hook's URL must name a server on the internet, not a private address.")
