"""HTTP ways in: raw MIME with an HMAC signature, Mailgun- and SendGrid-style
inbound webhooks, and the local mailbox's reply form.

* ``POST /inbound/mime``: the body is the raw message; header
  ``X-Farmpost-Signature: sha256=<hex HMAC-SHA256 of the body>``; optional
  ``X-Farmpost-Envelope-To`` (comma separated).
* ``POST /inbound/mailgun/mime`` (or ``/inbound/mailgun``): a Mailgun route's
  ``forward()`` in raw MIME form (Mailgun sends it only to a URL ending in
  "mime"): fields ``body-mime``, ``recipient``, ``timestamp``, ``token``,
  ``signature`` (HMAC-SHA256 of timestamp + token, Mailgun's own scheme,
  with our secret: set INBOUND_SECRET to Mailgun's webhook signing key).
  As Mailgun advises, a timestamp more than 15 minutes off and a token seen
  before are refused (a replayed request).
* ``POST /inbound/sendgrid`` with HTTP Basic auth (any user name, the secret
  as password; SendGrid sends it for a Parse URL written
  ``https://farmpost:<secret>@host/inbound/sendgrid``): SendGrid Inbound
  Parse with "POST the raw, full MIME message": fields ``email`` and
  ``envelope`` (JSON). SendGrid signs nothing; the secret travels in a header,
  never in the URL an access log records, and is compared in constant time.

Answers: 202 with the stored row's id (also for a duplicate), 403 for a bad
signature, 400 for a missing message, 413 for one over the size limit.
"""

from __future__ import annotations

import hmac
import json
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from email.utils import format_datetime, make_msgid

from flask import Blueprint, abort, jsonify, redirect, request, url_for
from sqlalchemy import delete
from sqlalchemy.exc import IntegrityError

from mail.outgoing.addresses import address
from mail.outgoing.compose import POLICY
from service.core.wall_time import now
from service.inbound.auth import inbound_secret, signature_ok
from service.inbound.receive import receive
from service.storage.models import MailboxMessage, WebhookToken
from service.web import services

blueprint = Blueprint("inbound", __name__)


@blueprint.record_once
def _offer_mailbox_replies(state) -> None:
    """Show the reply form in the local mailbox (service.web.mailbox's hook)."""
    state.app.config["MAILBOX_REPLY_ENDPOINT"] = "inbound.mailbox_reply"


@blueprint.before_request
def _allow_whole_mails() -> None:
    """Mails up to MAX_MAIL_BYTES, whether posted as the body or as a form
    field (Mailgun's body-mime, SendGrid's email): Werkzeug's own limit for a
    form field is 500 KB."""
    limit = services().config.max_mail_bytes + 64 * 1024
    request.max_content_length = limit
    request.max_form_memory_size = limit


@blueprint.post("/inbound/mime")
def mime():
    raw = request.get_data()
    if not signature_ok(_secret(), raw, request.headers.get("X-Farmpost-Signature", "")):
        abort(403)
    envelope = tuple(a.strip() for a in request.headers.get("X-Farmpost-Envelope-To", "").split(",") if a.strip())
    return _store(raw, "mime", envelope)


@blueprint.post("/inbound/mailgun")
@blueprint.post("/inbound/mailgun/mime")  # Mailgun posts the raw MIME only to a URL ending in "mime"
def mailgun():
    form = request.form
    signed = (form.get("timestamp", "") + form.get("token", "")).encode()
    if not signature_ok(_secret(), signed, form.get("signature", "")):
        abort(403)
    if not _fresh(form.get("timestamp", "")) or not _first_use(form.get("token", "")):
        abort(403)
    raw = form.get("body-mime", "").encode("utf-8", "surrogateescape")
    return _store(raw, "mailgun", tuple(filter(None, [form.get("recipient", "")])))


#: how far a Mailgun timestamp may be from now, either way
MAILGUN_WINDOW = timedelta(minutes=15)


def _fresh(timestamp: str) -> bool:
    try:
        moment = datetime.fromtimestamp(int(timestamp), UTC)
    except (ValueError, OverflowError, OSError):
        return False
    return abs(now() - moment) <= MAILGUN_WINDOW


def _first_use(token: str) -> bool:
    """Record a webhook token; False when it was used before. Tokens older
    than the window are dropped: their timestamps are refused anyway."""
    if not token or len(token) > 128:
        return False
    try:
        with services().db.transaction() as session:
            session.execute(delete(WebhookToken).where(WebhookToken.seen_at < now() - 2 * MAILGUN_WINDOW))
            session.add(WebhookToken(token=token))
    except IntegrityError:
        return False
    return True


@blueprint.post("/inbound/sendgrid")
def sendgrid():
    given = request.authorization.password if request.authorization else None
    if not given or not hmac.compare_digest(given.encode(), _secret().encode()):
        abort(403)
    raw = request.form.get("email", "").encode("utf-8", "surrogateescape")
    try:
        envelope = tuple(json.loads(request.form.get("envelope") or "{}").get("to") or ())
    except (ValueError, AttributeError):
        envelope = ()
    return _store(raw, "sendgrid", envelope)


@blueprint.post("/mailbox/<id:message_id>/reply")
def mailbox_reply(message_id: int):
    """Answer a mail of the local mailbox as its recipient's client would:
    the typed text above the quoted original, through the same pipeline."""
    from service.web.mailbox import check_access

    svc = services()
    refused = check_access()  # the same rule as the mailbox: this machine only, unless MAILBOX_PUBLIC
    if refused is not None:
        return refused
    with svc.db.transaction() as session:
        item = session.get(MailboxMessage, message_id)
        if item is None:
            abort(404)
        original = message_from_bytes(item.raw, policy=policy.default)
        farmer = item.to_addr
    raw = reply_to(original, farmer, request.form.get("body", ""), svc.config.mail_domain)
    receive(svc, raw, source="mailbox")
    return redirect(url_for("mailbox.index", to=farmer))


def reply_to(original, farmer: str, typed: str, domain: str) -> bytes:
    """A reply as Gmail shapes it: the typed text, then "On … wrote:" and the
    original's text part quoted with ">"."""
    text_part = original.get_body(preferencelist=("plain",))
    quoted = "\n".join(f"> {line}".rstrip() for line in (text_part.get_content() if text_part else "").splitlines())
    authors = original["From"].addresses if original["From"] else ()
    name, sender = (authors[0].display_name, authors[0].addr_spec) if authors else ("", "")
    body = f"{typed.strip()}\n\nOn {original.get('Date', 'an earlier day')}, {name or sender} wrote:\n{quoted}\n"
    reply = message_from_bytes(b"", policy=POLICY)
    reply["From"] = address("", farmer)
    reply["To"] = (original["Reply-To"] or original["From"]).addresses
    reply["Subject"] = "Re: " + str(original.get("Subject", ""))
    reply["Date"] = format_datetime(now())
    reply["Message-ID"] = make_msgid(domain=f"mailbox.{domain}")
    if original.get("Message-ID"):
        reply["In-Reply-To"] = str(original["Message-ID"])
        reply["References"] = str(original["Message-ID"])
    reply.set_content(body)
    return reply.as_bytes()


def _store(raw: bytes, source: str, envelope: tuple[str, ...]):
    if not raw.strip():
        return jsonify(error="no message"), 400
    if len(raw) > services().config.max_mail_bytes:
        return jsonify(error="message too large"), 413
    received = receive(services(), raw, source=source, envelope_to=envelope)
    return jsonify(id=received.id, duplicate=received.duplicate), 202


def _secret() -> str:
    return inbound_secret(services().config)


#: webhooks are authenticated by their signature, not by a CSRF token
CSRF_EXEMPT = (mime, mailgun, sendgrid)
