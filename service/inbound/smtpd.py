"""``farmpost smtpd``: an SMTP listener (aiosmtpd) in front of the pipeline,
for setups where the MTA relays to Farmpost instead of piping to it.

Each accepted message is stored through :func:`receive` with its envelope
recipients before the server says 250, so an accepted mail is never lost.
Recipients outside MAIL_DOMAIN are refused (no open relay); a database
outage answers 451 so the sending MTA retries.
"""

from __future__ import annotations

import asyncio
import logging

from aiosmtpd.controller import Controller
from sqlalchemy.exc import InterfaceError, OperationalError

from service.core.services import Services
from service.inbound.receive import receive

log = logging.getLogger(__name__)


class InboundHandler:
    def __init__(self, svc: Services):
        self.svc = svc
        self.domain = svc.config.mail_domain.lower()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if not address.lower().endswith("@" + self.domain):
            return "550 5.7.1 Relaying denied: not a Farmpost address"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        raw = envelope.original_content or b""
        try:
            # the database work is blocking: keep the event loop serving others
            await asyncio.get_running_loop().run_in_executor(
                None, lambda: receive(self.svc, raw, source="smtp", envelope_to=tuple(envelope.rcpt_tos))
            )
        except (OperationalError, InterfaceError, ConnectionError):
            log.exception("smtpd: database unavailable")
            return "451 4.3.0 Temporary failure, please try again later"
        return "250 2.0.0 Message accepted"


def controller(svc: Services, host: str = "127.0.0.1", port: int = 2525) -> Controller:
    """A started-on-demand aiosmtpd Controller (``.start()`` / ``.stop()``)."""
    return Controller(InboundHandler(svc), hostname=host, port=port, data_size_limit=svc.config.max_mail_bytes,
                      decode_data=False)
