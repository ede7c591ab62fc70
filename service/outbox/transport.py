"""Mail transports: SMTP when SMTP_URL is set, else the local mailbox (None).

SMTP_URL forms: ``smtp://host:25``, ``smtp://user:pass@host:587?starttls=1``,
``smtps://user:pass@host:465``.

A failed hand-off says what kind of failure it was, because the outbox
treats them differently (service/outbox/sending.py): :class:`ServerUnavailable` (no
connection, or the server turned us away before any mail: the whole send
loop waits), :class:`MailRefused` (a permanent 5xx for this mail, or an
internationalised address the server cannot carry: the mail fails at once),
anything else (a 4xx, a connection lost mid-mail: this mail tries again later).

A worker keeps its connection open for the next mail (:func:`_kept`): a
turn mail after a move then costs a NOOP instead of a new connection, its
greeting, EHLO and, against a real provider, STARTTLS and AUTH (a TLS
handshake and four or five round trips more). The NOOP tells whether the
server still holds the connection (servers close idle ones after a few
minutes); if not, the worker connects again, so no mail fails for it. A
connection that met any error is closed, not kept.
"""

from __future__ import annotations

import smtplib
import ssl
import threading
from dataclasses import dataclass
from urllib.parse import parse_qs, unquote, urlsplit

from service.core.config import Config


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
        client = _kept(self) or self._connect()
        try:
            self._send_on(client, raw, sender, recipients)
        except BaseException:
            client.close()  # no QUIT: a server that did not answer might not answer that either
            raise
        _keep(self, client)

    def _send_on(self, client: smtplib.SMTP, raw: bytes, sender: str, recipients: list[str]) -> None:
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
        """A connected client, greeted, on TLS and logged in as configured.
        TLS checks the server's certificate and name (:func:`tls_context`)."""
        try:
            if self.ssl:
                client = smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=tls_context())
            else:
                client = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        except (OSError, smtplib.SMTPException) as error:
            raise ServerUnavailable(f"{type(error).__name__}: {error}") from error
        try:
            client.ehlo_or_helo_if_needed()
            if self.starttls:
                client.starttls(context=tls_context())
            if self.username:
                client.login(self.username, self.password or "")
        except (OSError, smtplib.SMTPException) as error:
            client.close()
            raise ServerUnavailable(f"{type(error).__name__}: {error}") from error
        return client


def tls_context() -> ssl.SSLContext:
    """TLS as a browser checks it: the certificate signed by an authority the
    system trusts (or the file ``SSL_CERT_FILE`` names) and made out to the
    server's name. smtplib's own default checks neither, which would hand
    the login to whoever sits between us and the server."""
    return ssl.create_default_context()


#: one open connection per transport (server and login), kept by this process between two mails
_connections: dict[SmtpTransport, smtplib.SMTP] = {}
_lock = threading.Lock()


def _kept(transport: SmtpTransport) -> smtplib.SMTP | None:
    """The connection kept from this process's last mail to the same server,
    if the server still answers on it (a NOOP); taken out while in use."""
    with _lock:
        client = _connections.pop(transport, None)
    if client is None:
        return None
    try:
        if client.noop()[0] == 250:
            return client
    except (OSError, smtplib.SMTPException):
        pass
    client.close()
    return None


def _keep(transport: SmtpTransport, client: smtplib.SMTP) -> None:
    with _lock:
        other = _connections.get(transport)
        _connections[transport] = client
    if other is not None:  # another thread's, kept meanwhile: one is enough
        _close(other)


def _close(client: smtplib.SMTP) -> None:
    """QUIT, as a client that is done says; closed all the same if that fails."""
    try:
        client.quit()
    except (OSError, smtplib.SMTPException):
        client.close()


def close_connections() -> None:
    """Close the connections this process keeps (tests; a worker's end)."""
    with _lock:
        kept = list(_connections.values())
        _connections.clear()
    for client in kept:
        _close(client)


def transport_for(config: Config) -> SmtpTransport | None:
    return SmtpTransport.from_url(config.smtp_url) if config.smtp_url else None
