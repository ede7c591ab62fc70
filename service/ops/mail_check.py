"""``farmpost mail-check``: send a test mail the way every mail goes out
(Feedback-ID, DKIM, the configured relay) to an address the operator reads
back by IMAP (``MAIL_CHECK_TO``, ``MAIL_CHECK_IMAP_URL``), or into the local
mailbox in embedded mode, and grade what arrived, line by line:

* ``dkim``: a signature of ours verifies on the bytes that arrived;
* ``unsubscribe signed``: that signature covers List-Unsubscribe and
  List-Unsubscribe-Post (one-click unsubscribe, RFC 8058, needs both signed);
* ``alignment``: its ``d=`` aligns with the From domain (DMARC);
* ``authentication-results``: what the receiving side wrote (RFC 8601):
  DKIM and DMARC must not fail, SPF must not fail (skipped when it wrote none);
* ``tls``: the relay was reached by TLS (STARTTLS or SMTPS in SMTP_URL) and
  the Received headers say the mail travelled encrypted (``ESMTPS``, ``TLS``);
* ``size``: what arrived, under the 10 MB a mailbox provider takes at least.

Beat runs it daily when MAIL_CHECK_TO is set; the last grade is kept
(``mail_checks``) and shown on /healthz.
"""

from __future__ import annotations

import re
import secrets
import time
from dataclasses import asdict, dataclass
from email import message_from_bytes, policy
from email.utils import formatdate, parseaddr

from sqlalchemy import select

from service.core.services import Services
from service.ops.dns_records import aligned, from_domain
from service.storage.models import MailboxMessage, MailCheck

PASS, FAIL, SKIP = "pass", "fail", "skip"
#: the smallest size limit among the big mailbox providers is well above this
SIZE_LIMIT = 10 * 1024 * 1024


@dataclass(frozen=True)
class Line:
    name: str
    status: str  # PASS, FAIL or SKIP
    text: str


def grade(raw: bytes, *, domain: str, relay_tls: bool | None, dnsfunc=None) -> list[Line]:
    """The grade of ``raw`` as it arrived; ``domain``: the From domain;
    ``relay_tls``: whether the relay was reached by TLS (None: no relay,
    the local mailbox)."""
    from mail.outgoing.dkim import verify

    lines = []
    signatures = verify(raw, dnsfunc=dnsfunc)
    ours = [s for s in signatures if s["valid"] and aligned(s["domain"], domain)]
    valid = [s for s in signatures if s["valid"]]
    if valid:
        lines.append(Line("dkim", PASS, ", ".join(f"{s['algorithm']} d={s['domain']} s={s['selector']} valid"
                                                  for s in valid)))
    elif signatures:
        lines.append(Line("dkim", FAIL, "no signature verifies: " + ", ".join(
            f"{s['algorithm']} d={s['domain']} s={s['selector']}" for s in signatures)
            + " (is the published key this key? `farmpost dns-records`)"))
    else:
        lines.append(Line("dkim", FAIL, "the mail arrived unsigned (no DKIM key configured, or DKIM=relay "
                                        "and the relay does not sign)"))
    best = ours or valid
    if best:
        missing = [h for h in ("list-unsubscribe", "list-unsubscribe-post") if h not in best[0]["headers"]]
        lines.append(Line("unsubscribe signed", FAIL if missing else PASS,
                          f"not covered by the signature: {', '.join(missing)}" if missing
                          else "List-Unsubscribe and List-Unsubscribe-Post are signed"))
        lines.append(Line("alignment", PASS if ours else FAIL,
                          f"d={best[0]['domain']} aligns with From @{domain}" if ours
                          else f"d={best[0]['domain']} does not align with From @{domain}: DMARC ignores it"))
    else:
        lines.append(Line("unsubscribe signed", FAIL, "no valid signature covers them"))
        lines.append(Line("alignment", FAIL, "no valid signature to align with From"))
    message = message_from_bytes(raw, policy=policy.compat32)
    lines.append(_authentication_results(message))
    lines.append(_tls(message, relay_tls))
    lines.append(Line("size", PASS if len(raw) < SIZE_LIMIT else FAIL, f"{len(raw)} bytes arrived"))
    return lines


def _authentication_results(message) -> Line:
    headers = message.get_all("Authentication-Results") or []
    if not headers:
        return Line("authentication-results", SKIP, "the receiving side wrote no Authentication-Results")
    results = {}
    for header in headers:
        for method, result in re.findall(r"\b(dkim|spf|dmarc)=([a-z]+)", str(header), re.I):
            results.setdefault(method.lower(), result.lower())
    bad = {m: r for m, r in results.items() if r in ("fail", "permerror", "temperror", "softfail", "neutral", "none")
           and not (m == "spf" and r == "none")}
    text = ", ".join(f"{m}={r}" for m, r in sorted(results.items())) or "no dkim, spf or dmarc result"
    return Line("authentication-results", FAIL if bad or not results else PASS, text)


def _tls(message, relay_tls: bool | None) -> Line:
    received = [str(h) for h in message.get_all("Received") or []]
    encrypted = [h for h in received if re.search(r"\bESMTPSA?\b|\bTLSv1\.[0-3]\b|\busing TLS", h, re.I)]
    if relay_tls is None:
        return Line("tls", SKIP, "the local mailbox: no relay")
    if not relay_tls:
        return Line("tls", FAIL, "SMTP_URL reaches the relay without TLS (add ?starttls=1, or smtps://)")
    if received and not encrypted:
        return Line("tls", FAIL, "the relay was reached by TLS, but no Received header says the mail went on "
                                 "encrypted")
    return Line("tls", PASS, "the relay by TLS" + (f"; {len(encrypted)} of {len(received)} hops encrypted"
                                                    if received else ""))


def test_mail(svc: Services, to: str) -> tuple[bytes, str]:
    """The test mail's bytes (stamped and signed as every mail is) and its token."""
    from email.message import EmailMessage

    from service.outbox.signing import finished

    token = secrets.token_hex(8)
    message = EmailMessage(policy=policy.SMTP)
    message["Message-ID"] = f"<mail-check.{token}@{svc.config.mail_domain}>"
    message["Date"] = formatdate()
    message["From"] = svc.config.mail_from
    message["To"] = to
    message["Subject"] = f"Farmpost mail check {token}"
    message["List-Unsubscribe"] = f"<{svc.config.base_url}/>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content("Farmpost's mail check: this mail tests signatures and delivery; it can be deleted.\n")
    return finished(svc.config, message.as_bytes(), kind="check", game_id=None), token


def run_mail_check(svc: Services, *, to: str | None = None, imap_url: str | None = None, dnsfunc=None,
                   wait: float = 120.0) -> list[Line]:
    """Send, read back, grade, and keep the grade."""
    from service.outbox.sending import deliver_locally, envelope_from
    from service.outbox.transport import transport_for

    to = to or svc.config.mail_check_to or ""
    imap_url = imap_url or svc.config.mail_check_imap_url or ""
    if not to:
        raise ValueError("mail-check needs an address to send to (MAIL_CHECK_TO or --to)")
    raw, token = test_mail(svc, to)
    transport = transport_for(svc.config)
    try:
        if transport is None:
            with svc.db.transaction() as session:
                deliver_locally(session, raw, to)
            arrived = _from_local_mailbox(svc, token)
            relay_tls = None
        else:
            transport.send(raw, envelope_from(svc), [parseaddr(to)[1]])
            if not imap_url:
                raise ValueError("with a relay, mail-check reads the mail back by IMAP: set MAIL_CHECK_IMAP_URL")
            arrived = _from_imap(imap_url, token, wait)
            relay_tls = transport.ssl or transport.starttls
        lines = [Line("arrived", PASS, f"read back from {'the local mailbox' if transport is None else 'IMAP'}")]
        lines += grade(arrived, domain=from_domain(svc.config), relay_tls=relay_tls, dnsfunc=dnsfunc)
    except Exception as error:  # not sent, not read back: that is the grade
        lines = [Line("arrived", FAIL, f"{type(error).__name__}: {error}"[:500])]
    with svc.db.transaction() as session:
        session.add(MailCheck(passed=all(line.status != FAIL for line in lines),
                              lines=[asdict(line) for line in lines]))
    return lines


def _from_local_mailbox(svc: Services, token: str) -> bytes:
    with svc.db.transaction() as session:
        return session.scalar(select(MailboxMessage.raw).where(
            MailboxMessage.message_id == f"<mail-check.{token}@{svc.config.mail_domain}>"))


def _from_imap(url: str, token: str, wait: float) -> bytes:
    """The test mail's bytes, fetched from the mailbox (and deleted there)."""
    from urllib.parse import unquote, urlsplit

    from imapclient import IMAPClient

    parts = urlsplit(url)
    deadline = time.monotonic() + wait
    with IMAPClient(parts.hostname, port=parts.port or (993 if parts.scheme == "imaps" else 143),
                    ssl=parts.scheme == "imaps") as client:
        client.login(unquote(parts.username or ""), unquote(parts.password or ""))
        client.select_folder(unquote(parts.path.strip("/")) or "INBOX")
        while True:
            found = client.search(["SUBJECT", f"Farmpost mail check {token}"])
            if found:
                raw = client.fetch(found[:1], ["RFC822"])[found[0]][b"RFC822"]
                client.delete_messages(found)
                client.expunge()
                return raw
            if time.monotonic() > deadline:
                raise TimeoutError(f"the test mail did not arrive within {wait:.0f} s")
            time.sleep(1)
            client.noop()


def last_grade(svc: Services) -> dict | None:
    """The last mail check, for /healthz: when, whether it passed, what failed."""
    with svc.db.transaction() as session:
        check = session.scalars(select(MailCheck).order_by(MailCheck.id.desc()).limit(1)).first()
        if check is None:
            return None
        return {"at": check.ran_at.isoformat(), "passed": check.passed,
                "failed": [f"{line['name']}: {line['text']}" for line in check.lines if line["status"] == FAIL]}
