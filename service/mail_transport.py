"""Mail transports: SMTP when SMTP_URL is set, else the local mailbox (None).

SMTP_URL forms: ``smtp://host:25``, ``smtp://user:pass@host:587?starttls=1``,
``smtps://user:pass@host:465``.

A failed hand-off says what kind of failure it was, because the outbox
treats them differently (service/outbox.py): :class:`ServerUnavailable` (no
connection, or the server turned us away before any mail: the whole send
loop waits), :class:`MailRefused` (a permanent 5xx for this mail, or an
internationalised address the server cannot carry: the mail fails at once),
anything else (a 4xx, a connection lost mid-mail: this mail tries again later).
"""

from __future__ import annotations

import smtplib
from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

from service.config import Config


class ServerUnavailable(Exception):
    """The server could not be reached, or refused us before any mail."""


class MailRefused(Exception):
    """The server will never take this mail as it is."""


def needs_smtputf8(*addresses: str) -> bool:
    """Whether an address has non-ASCII characters (RFC 6531 SMTPUTF8)."""
    return any(not address.isascii() for address in addresses)


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
        client = self._connect()
        with client:
            options = []
            if needs_smtputf8(sender, *recipients):
                if not client.has_extn("smtputf8"):
                    raise MailRefused("the mail server does not offer SMTPUTF8, so it cannot deliver to an "
                                      "internationalised address")
                options = ["SMTPUTF8", "BODY=8BITMIME"] if client.has_extn("8bitmime") else ["SMTPUTF8"]
            try:
                client.sendmail(sender, recipients, raw, mail_options=options)
            except smtplib.SMTPRecipientsRefused as error:
                codes = [code for code, _ in error.recipients.values()]
                if all(code >= 500 for code in codes):
                    raise MailRefused(f"the mail server refused the address: {error.recipients}") from None
                raise
            except smtplib.SMTPResponseException as error:
                if error.smtp_code >= 500:
                    raise MailRefused(f"the mail server refused the mail: {error.smtp_code} "
                                      f"{error.smtp_error!r}") from None
                raise

    def _connect(self) -> smtplib.SMTP:
        """A connected client, greeted, on TLS and logged in as configured."""
        client_class = smtplib.SMTP_SSL if self.ssl else smtplib.SMTP
        try:
            client = client_class(self.host, self.port, timeout=self.timeout)
        except (OSError, smtplib.SMTPException) as error:
            raise ServerUnavailable(f"{type(error).__name__}: {error}") from error
        try:
            client.ehlo_or_helo_if_needed()
            if self.starttls:
                client.starttls()
            if self.username:
                client.login(self.username, self.password or "")
        except (OSError, smtplib.SMTPException) as error:
            client.close()
            raise ServerUnavailable(f"{type(error).__name__}: {error}") from error
        return client


def transport_for(config: Config) -> SmtpTransport | None:
    return SmtpTransport.from_url(config.smtp_url) if config.smtp_url else None
