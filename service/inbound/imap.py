"""The IMAP poller: fetch unseen mail from a mailbox, store each through the
pipeline, then mark it seen. Run by beat (``poll(svc)`` as a periodic task)
or by hand with ``farmpost imap-poll``.

A message is flagged \\Seen only after it is stored, so a crash in between
means it is fetched again next time, and the dedupe key makes that harmless.
Settings come from IMAP_URL, ``imap://user:password@host:port/INBOX``
(``imaps://`` for TLS).
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from imapclient import IMAPClient

from service.core.services import Services
from service.inbound.receive import receive

log = logging.getLogger(__name__)

#: messages fetched per poll; the rest wait for the next one
BATCH = 50


@dataclass(frozen=True)
class ImapSettings:
    host: str
    port: int
    user: str
    password: str
    folder: str = "INBOX"
    ssl: bool = False

    @classmethod
    def from_url(cls, url: str) -> ImapSettings:
        parts = urlsplit(url)
        if parts.scheme not in ("imap", "imaps") or not parts.hostname:
            raise ValueError(f"not an IMAP URL: {url!r}")
        ssl = parts.scheme == "imaps"
        return cls(parts.hostname, parts.port or (993 if ssl else 143), unquote(parts.username or ""),
                   unquote(parts.password or ""), unquote(parts.path.lstrip("/")) or "INBOX", ssl)


def settings_for(svc: Services) -> ImapSettings | None:
    url = svc.config.extra.get("imap_url") or os.environ.get("IMAP_URL")
    return ImapSettings.from_url(url) if url else None


def poll(svc: Services, settings: ImapSettings | None = None) -> int:
    """Store every unseen message (up to BATCH); returns how many were stored."""
    settings = settings or settings_for(svc)
    if settings is None:
        return 0
    stored = 0
    with IMAPClient(settings.host, port=settings.port, ssl=settings.ssl, timeout=30) as client:
        client.login(settings.user, settings.password)
        client.select_folder(settings.folder)
        uids = client.search(["UNSEEN"])[:BATCH]
        for uid, data in client.fetch(uids, ["BODY.PEEK[]"]).items():
            raw = data.get(b"BODY[]") or b""
            receive(svc, raw, source="imap")
            client.add_flags([uid], [b"\\Seen"])
            stored += 1
    if stored:
        log.info("imap: stored %d messages", stored)
    return stored
