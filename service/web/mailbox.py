"""/mailbox: the local mailbox, where every mail Farmpost "sent" without an
SMTP server can be read as a mail client shows it, links and all.

Every mail holds every farmer's seat link, so the mailbox is served only to
this machine (a loopback client address, and no X-Forwarded-For: a proxy in
front makes every client look local) unless MAILBOX_PUBLIC=1 says it may be
served to anyone; with SMTP_URL set it is off altogether.

The reply form is a hook: when ``MAILBOX_REPLY_ENDPOINT`` names an endpoint
(the inbound mail pipeline sets it), each message shows a form that posts
``body`` to ``url_for(endpoint, message_id=<id>)``.
"""

from __future__ import annotations

import ipaddress
import re
from email import message_from_bytes, policy
from email.utils import parsedate_to_datetime

from flask import Blueprint, Response, abort, current_app, render_template, request, url_for
from sqlalchemy import func, select

from service.storage.models import MailboxMessage, date_text
from service.web import language, services
from service.web.ids import MAX_ID, id_arg

blueprint = Blueprint("mailbox", __name__)

PAGE_SIZE = 50


@blueprint.before_request
def only_without_smtp():
    """With a real SMTP server the local mailbox is empty and stays hidden."""
    return check_access()


def check_access():
    """None when this request may see the mailbox, else the page to answer."""
    config = services().config
    if config.smtp_url:
        abort(404)
    if config.mailbox_public or is_local(request):
        return None
    message = language.gettext("The mailbox holds every farmer's links, so it is shown only on the machine Farmpost "
                               "runs on. Open it there, or set MAILBOX_PUBLIC=1 to show it to everyone.")
    return render_template("web/error.html", title=language.gettext("Mailbox not shown here"), message=message), 403


def is_local(req) -> bool:
    if req.headers.get("X-Forwarded-For") or req.headers.get("Forwarded"):
        return False
    try:
        return ipaddress.ip_address(req.remote_addr or "").is_loopback
    except ValueError:
        return False


@blueprint.get("/mailbox")
def index():
    to = (request.args.get("to") or "").strip().lower()
    try:
        page = min(max(1, id_arg(request.args.get("page", "1"))), MAX_ID // PAGE_SIZE)
    except ValueError:
        page = 1
    with services().db.transaction() as session:
        query = select(MailboxMessage.id, MailboxMessage.to_addr, MailboxMessage.subject, MailboxMessage.received_at)
        if to:
            query = query.where(MailboxMessage.to_addr == to)
        rows = session.execute(query.order_by(MailboxMessage.id.desc()).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE)).all()
        addresses = session.scalars(select(MailboxMessage.to_addr).group_by(MailboxMessage.to_addr)
                                    .order_by(func.min(MailboxMessage.to_addr))).all()
    return render_template("web/mailbox.html", rows=rows, to=to, addresses=addresses, page=page,
                           more=len(rows) == PAGE_SIZE, title=language.gettext("Mailbox"))


@blueprint.get("/mailbox/<id:message_id>")
def show(message_id: int):
    item, message = _load(message_id)
    text_part = message.get_body(preferencelist=("plain",))
    attachments = [part.get_filename() for part in message.iter_attachments()]
    reply_endpoint = current_app.config.get("MAILBOX_REPLY_ENDPOINT")
    t = language.current()
    labels = {"From": t.gettext("From"), "To": t.pgettext("mail", "To"), "Reply-To": t.gettext("Reply-To"),
              "Date": t.gettext("Date"), "Message-ID": t.gettext("Message-ID"),
              "In-Reply-To": t.gettext("In reply to"), "List-Unsubscribe": t.gettext("Unsubscribe")}
    return render_template(
        "web/mailbox_message.html", item=item, title=item.subject,
        headers=[(label, _header_value(name, message[name], t)) for name, label in labels.items() if message[name]],
        text=text_part.get_content() if text_part is not None else None,
        has_html=message.get_body(preferencelist=("html",)) is not None,
        attachments=attachments,
        reply_url=url_for(reply_endpoint, message_id=item.id) if reply_endpoint else None,
    )


@blueprint.get("/mailbox/<id:message_id>/html")
def html(message_id: int):
    """The HTML part on its own, for the message page's frame; links open in
    the whole window and scripts may not run."""
    _, message = _load(message_id)
    part = message.get_body(preferencelist=("html",))
    if part is None:
        abort(404)
    # pictures the HTML names by cid: (the drawn board) come from the route below, as a mail client shows them
    content = re.sub(r'src="cid:([^"]+)"', lambda m: f'src="{url_for(".related", message_id=message_id, cid=m.group(1))}"',
                     part.get_content())
    body = '<base target="_top">' + content
    return Response(body, mimetype="text/html",
                    headers={"Content-Security-Policy": "script-src 'none'; object-src 'none'"})


@blueprint.get("/mailbox/<id:message_id>/cid/<path:cid>")
def related(message_id: int, cid: str):
    """A part of the message named by its Content-ID (an inline picture)."""
    _, message = _load(message_id)
    for part in message.walk():
        if (part["Content-ID"] or "").strip("<>") == cid and not part.is_multipart():
            return Response(part.get_content(), mimetype=part.get_content_type())
    abort(404)


@blueprint.get("/mailbox/<id:message_id>/raw")
def raw(message_id: int):
    item, _ = _load(message_id)
    return Response(item.raw, mimetype="text/plain")


@blueprint.get("/mailbox/<id:message_id>/attachment/<id:index>")
def attachment(message_id: int, index: int):
    _, message = _load(message_id)
    parts = list(message.iter_attachments())
    if not 0 <= index < len(parts):
        abort(404)
    part = parts[index]
    return Response(part.get_content(), mimetype=part.get_content_type(),
                    headers={"Content-Disposition": f'inline; filename="{part.get_filename() or "attachment"}"'})


def _header_value(name: str, value, t) -> str:
    """A header's value as the reader reads it: the date in their language
    ("2 décembre 2026, 17:53 UTC", not the RFC 5322 "Wed, 02 Dec 2026"), the
    others (addresses, ids, links) as they are."""
    if name == "Date":
        try:
            return date_text(parsedate_to_datetime(str(value)), t)
        except (TypeError, ValueError):
            return str(value)
    return str(value)


def _load(message_id: int):
    with services().db.transaction() as session:
        item = session.get(MailboxMessage, message_id)
    if item is None:
        abort(404)
    return item, message_from_bytes(item.raw, policy=policy.default)
