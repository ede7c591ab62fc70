"""The configured DKIM keys, read once per process, and the last touch of
an outgoing mail (mail.outgoing.finish): its Feedback-ID and, unless the
relay signs (DKIM=relay) or DKIM is off, Farmpost's signatures."""

from __future__ import annotations

from functools import lru_cache

from mail.outgoing.dkim import Key, load_key
from mail.outgoing.finish import feedback_id, finish, is_finished
from service.core.config import Config


def signing_keys(config: Config) -> tuple[Key, ...]:
    """The keys Farmpost signs with (none with DKIM=relay or off)."""
    if config.dkim != "farmpost":
        return ()
    return _keys(config.dkim_keys, config.dkim_domain)


@lru_cache(maxsize=8)
def _keys(keys: tuple, domain: str) -> tuple[Key, ...]:
    return tuple(load_key(pem, selector=selector, domain=domain) for selector, pem in keys)


def finished(config: Config, raw: bytes, *, kind: str, game_id: int | None) -> bytes:
    """``raw`` as it goes out: stamped and signed once (a second call
    returns it as it is)."""
    keys = signing_keys(config)
    if is_finished(raw, signed=bool(keys)):
        return raw
    return finish(raw, feedback=feedback_id(kind, game_id, config.feedback_sender), keys=keys)
