"""Mail transports: SMTP when SMTP_URL is set, else the local mailbox (None).

SMTP_URL forms: ``smtp://host:25``, ``smtp://user:pass@host:587?starttls=1``,
``smtps://user:pass@host:465``.
"""

from __future__ import annotations

import smtplib
from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

from service.config import Config


@dataclass(frozen=True)
class SmtpTransport:
    host: str
    port: int
    ssl: bool = False
    starttls: bool = False
    username: str | None = None
    password: str | None = None
    timeout: float = 30.0

    @classmethod
    def from_url(cls, url: str) -> SmtpTransport:
        parts = urlsplit(url)
        if parts.scheme not in ("smtp", "smtps"):
            raise ValueError(f"SMTP_URL must start with smtp:// or smtps://, not {parts.scheme}://")
        query = parse_qs(parts.query)
        return cls(
            host=parts.hostname or "localhost",
            port=parts.port or (465 if parts.scheme == "smtps" else 25),
            ssl=parts.scheme == "smtps",
            starttls=query.get("starttls", ["0"])[0] in ("1", "true", "yes"),
            username=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
        )

    def send(self, raw: bytes, sender: str, recipients: list[str]) -> None:
        client_class = smtplib.SMTP_SSL if self.ssl else smtplib.SMTP
        with client_class(self.host, self.port, timeout=self.timeout) as client:
            if self.starttls:
                client.starttls()
            if self.username:
                client.login(self.username, self.password or "")
            client.sendmail(sender, recipients, raw)


def transport_for(config: Config) -> SmtpTransport | None:
    return SmtpTransport.from_url(config.smtp_url) if config.smtp_url else None
