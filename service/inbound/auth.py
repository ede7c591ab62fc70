"""The inbound webhooks' shared secret and signature checks.

The secret is ``INBOUND_SECRET`` when set (``Config.extra["inbound_secret"]``),
else derived from SECRET_KEY, so an embedded install needs no extra setting;
``farmpost inbound-secret`` prints it for the MTA or provider configuration.
"""

from __future__ import annotations

import hashlib
import hmac
import os

from service.core.config import Config


def inbound_secret(config: Config) -> str:
    explicit = config.extra.get("inbound_secret") or os.environ.get("INBOUND_SECRET")
    if explicit:
        return explicit
    return hmac.new(config.secret_key.encode(), b"farmpost inbound webhook", hashlib.sha256).hexdigest()


def sign(secret: str, data: bytes) -> str:
    return hmac.new(secret.encode(), data, hashlib.sha256).hexdigest()


def signature_ok(secret: str, data: bytes, signature: str) -> bool:
    signature = signature.strip().removeprefix("sha256=")
    return hmac.compare_digest(sign(secret, data), signature)
