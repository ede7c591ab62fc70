"""``farmpost ingest < message.eml``: the way in for an MTA pipe.

Exit codes follow sysexits.h, which Postfix and Exim understand: 0 when the
mail is stored (whatever its outcome: a rejected mail must not bounce back to
a bounce), 65 when the input is not a mail at all, 75 (temporary failure:
the MTA keeps the mail and retries) when the database cannot be reached, 70
for a bug. Also ``farmpost inbound-secret``, which prints the secret the
webhooks check (derived from SECRET_KEY unless INBOUND_SECRET is set).
:func:`register` also adds ``farmpost smtpd`` (an SMTP listener in front of
the pipeline) and ``farmpost imap-poll``.
"""

from __future__ import annotations

import logging
import sys

EX_OK, EX_DATAERR, EX_SOFTWARE, EX_TEMPFAIL = 0, 65, 70, 75

log = logging.getLogger(__name__)


def register(subparsers) -> None:
    ingest = subparsers.add_parser("ingest", help="read one raw mail from stdin into the inbound pipeline (MTA pipe)")
    ingest.add_argument("--recipient", action="append", default=[], metavar="ADDRESS",
                        help="SMTP envelope recipient (Postfix: ${recipient})")
    ingest.set_defaults(func=cmd_ingest)
    secret = subparsers.add_parser("inbound-secret", help="print the secret the inbound webhooks check")
    secret.set_defaults(func=cmd_inbound_secret)
    register_smtpd(subparsers)
    register_imap_poll(subparsers)


def cmd_ingest(args, stdin=None, services=None) -> int:
    raw = (stdin or sys.stdin.buffer).read()
    if not raw.strip():
        print("farmpost ingest: no mail on standard input", file=sys.stderr)
        return EX_DATAERR
    try:
        stored = None if services is not None else _by_the_pipe_store(raw, tuple(args.recipient))
        if stored is None:
            stored = _by_receive(services, raw, tuple(args.recipient))
    except _Unavailable as error:
        print(f"farmpost ingest: database unavailable, try again later: {error}", file=sys.stderr)
        return EX_TEMPFAIL
    except Exception:
        log.exception("farmpost ingest failed")
        return EX_SOFTWARE
    inbound_id, duplicate = stored
    print(f"stored inbound mail {inbound_id}" + (" (already received)" if duplicate else ""))
    return EX_OK


class _Unavailable(Exception):
    """The mail could not be stored for now: the MTA keeps it and tries again."""


def _by_the_pipe_store(raw: bytes, recipients: tuple[str, ...]) -> tuple[int, bool] | None:
    """The MTA pipe's own way (service/inbound/pipe_store.py: neither
    SQLAlchemy nor Celery imported); None when this setup goes the general way."""
    from service.core.config import load_config
    from service.inbound.pipe_store import DatabaseAway, store

    try:
        return store(load_config(), raw, recipients)
    except (DatabaseAway, OSError) as error:
        raise _Unavailable(error) from error


def _by_receive(services, raw: bytes, recipients: tuple[str, ...]) -> tuple[int, bool]:
    from sqlalchemy.exc import InterfaceError, OperationalError

    try:
        from service.wiring import services_from_environment

        svc = services or services_from_environment()
        from service.inbound.receive import receive

        received = receive(svc, raw, source="ingest", envelope_to=recipients)
    except (OperationalError, InterfaceError, ConnectionError) as error:
        raise _Unavailable(error) from error
    return received.id, received.duplicate


def cmd_inbound_secret(args) -> int:
    from service.core.config import load_config
    from service.inbound.auth import inbound_secret

    print(inbound_secret(load_config()))
    return EX_OK


def register_smtpd(subparsers) -> None:
    smtpd = subparsers.add_parser("smtpd", help="an SMTP listener that feeds received mail to the inbound pipeline")
    smtpd.add_argument("--host", default="127.0.0.1")
    smtpd.add_argument("--port", type=int, default=2525)
    smtpd.set_defaults(func=cmd_smtpd)


def cmd_smtpd(args) -> int:
    import signal
    import threading

    from service.inbound.smtpd import controller
    from service.wiring import services_from_environment

    server = controller(services_from_environment(), args.host, args.port)
    server.start()
    print(f"farmpost smtpd listening on {args.host}:{args.port}")
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        stop.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


def register_imap_poll(subparsers) -> None:
    command = subparsers.add_parser("imap-poll", help="store the unseen mail of IMAP_URL's mailbox once")
    command.add_argument("--url", default=None, help="imap://user:password@host:port/INBOX (default: IMAP_URL)")
    command.set_defaults(func=cmd_poll)


def cmd_poll(args) -> int:
    from service.inbound.imap import ImapSettings, poll, settings_for
    from service.wiring import services_from_environment

    svc = services_from_environment()
    settings = ImapSettings.from_url(args.url) if args.url else settings_for(svc)
    if settings is None:
        print("farmpost imap-poll: set IMAP_URL or pass --url")
        return 64  # EX_USAGE
    print(f"stored {poll(svc, settings)} messages")
    return 0
