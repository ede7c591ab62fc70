"""``farmpost ingest < message.eml``: the way in for an MTA pipe.

Exit codes follow sysexits.h, which Postfix and Exim understand: 0 when the
mail is stored (whatever its outcome: a rejected mail must not bounce back to
a bounce), 65 when the input is not a mail at all, 75 (temporary failure:
the MTA keeps the mail and retries) when the database cannot be reached, 70
for a bug. Also ``farmpost inbound-secret``, which prints the secret the
webhooks check (derived from SECRET_KEY unless INBOUND_SECRET is set).
:func:`register` also adds ``farmpost smtpd`` and ``farmpost imap-poll``, so
this is the one module the command line needs to know.
"""

from __future__ import annotations

import logging
import sys

from sqlalchemy.exc import InterfaceError, OperationalError

from service.core.services import Services

EX_OK, EX_DATAERR, EX_SOFTWARE, EX_TEMPFAIL = 0, 65, 70, 75

log = logging.getLogger(__name__)


def register(subparsers) -> None:
    ingest = subparsers.add_parser("ingest", help="read one raw mail from stdin into the inbound pipeline (MTA pipe)")
    ingest.add_argument("--recipient", action="append", default=[], metavar="ADDRESS",
                        help="SMTP envelope recipient (Postfix: ${recipient})")
    ingest.set_defaults(func=cmd_ingest)
    secret = subparsers.add_parser("inbound-secret", help="print the secret the inbound webhooks check")
    secret.set_defaults(func=cmd_inbound_secret)
    from service.inbound import imap, smtpd

    smtpd.register(subparsers)
    imap.register(subparsers)


def cmd_ingest(args, stdin=None, services=None) -> int:
    raw = (stdin or sys.stdin.buffer).read()
    if not raw.strip():
        print("farmpost ingest: no mail on standard input", file=sys.stderr)
        return EX_DATAERR
    try:
        svc = services or Services.from_environment()
        from service.inbound.receive import receive

        received = receive(svc, raw, source="ingest", envelope_to=tuple(args.recipient))
    except (OperationalError, InterfaceError, ConnectionError) as error:
        print(f"farmpost ingest: database unavailable, try again later: {error}", file=sys.stderr)
        return EX_TEMPFAIL
    except Exception:
        log.exception("farmpost ingest failed")
        return EX_SOFTWARE
    print(f"stored inbound mail {received.id}" + (" (already received)" if received.duplicate else ""))
    return EX_OK


def cmd_inbound_secret(args) -> int:
    from service.core.config import load_config
    from service.inbound.auth import inbound_secret

    print(inbound_secret(load_config()))
    return EX_OK

