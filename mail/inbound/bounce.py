"""Recognise delivery failure reports and say who could not be reached;
and spam complaints (ARF, RFC 5965), saying who complained about which mail.

Three shapes, strongest first: an RFC 3464 DSN (``message/delivery-status``
inside ``multipart/report``); a bounce to our VERP return address
(``bounce+<token>@``); and the home-grown shapes of MTAs that predate DSNs
(qmail's "failure notice", Exim's "Mail delivery failed", Exchange's
"Undeliverable:"), recognised by a mailer-daemon sender or a failure subject
on a null-sender or automatic mail.
"""

from __future__ import annotations

import re
from email.message import Message

from mail.inbound.body import decode_part
from mail.inbound.errors import Bounce, FailedRecipient, FeedbackReport
from mail.inbound.message import InboundMessage, addresses

_DAEMON = re.compile(
    r"^(?:mailer[-_]?daemon|mail[-_]?daemon|postmaster|post_master|mmsc|bounces?)(?:[+=-].*)?$", re.I
)
_DAEMON_NAME = re.compile(
    r"mail delivery (?:sub)?system|mail deliver system|mailer.daemon|postmaster|ndr administrator", re.I
)
_FAILURE_SUBJECT = re.compile(
    r"undeliver|undelivered|delivery status notification|delivery notification|returned mail|return(?:ed|ing) to sender"
    r"|failure notice|delivery fail|mail delivery|delivery report|mail system error|delayed mail|non recapitabile"
    r"|non remis|unzustellbar|no se puede entregar|onbestelbaar|could not be delivered|delivery status|bounce",
    re.I,
)
_VERP = re.compile(r"^bounces?[+=-]", re.I)
_ADDRESS = re.compile(r"[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+")
_FIELD = re.compile(r"(?m)^([A-Za-z-]+):\s*(.*)$")
_STATUS = re.compile(r"\b([245]\.\d{1,3}\.\d{1,3})\b")


def detect_complaint(mail: InboundMessage) -> FeedbackReport | None:
    """A :class:`FeedbackReport` when ``mail`` is an ARF report
    (``multipart/report; report-type=feedback-report``, or one holding a
    ``message/feedback-report`` part): the complainant is the report's
    Original-Rcpt-To, else the returned original's To (unless redacted);
    the original's Message-ID and Feedback-ID name the mail."""
    parts = _parts(mail.message)
    reports = [part for part in parts if _type(part) == "message/feedback-report"]
    if not reports and _report_type(mail.message) != "feedback-report":
        return None
    fields = _dsn_blocks(reports[0])[0] if reports and _dsn_blocks(reports[0]) else {}
    original = _original(parts)
    address = _ADDRESS.search(fields.get("original-rcpt-to", ""))
    if not address and original is not None:
        address = _ADDRESS.search(str(original.get("To", "")))
    found = address.group(0).lower() if address else ""
    if "redacted" in found.split("@")[0]:
        found = ""
    message_id = str(original.get("Message-ID", "")).strip() if original is not None else ""
    feedback_id = str(original.get("Feedback-ID", "")).strip() if original is not None else ""
    kind = (fields.get("feedback-type") or "abuse").strip().lower()
    return FeedbackReport(f"{kind} complaint" + (f" by {found}" if found else ""), feedback_type=kind,
                          address=found, message_id=message_id, feedback_id=feedback_id)


def _original(parts: list[Message]) -> Message | None:
    """The returned original (its headers at least) of a report."""
    from email import message_from_string, policy

    for part in parts:
        if _type(part) == "message/rfc822":
            payload = part.get_payload()
            return payload[0] if isinstance(payload, list) and payload else None
        if _type(part) == "text/rfc822-headers":
            return message_from_string(decode_part(part), policy=policy.default)
    return None


def detect_bounce(mail: InboundMessage) -> Bounce | None:
    """A :class:`Bounce` when ``mail`` reports a delivery failure, else None."""
    reports = [part for part in _parts(mail.message) if _type(part) == "message/delivery-status"]
    if reports or _report_type(mail.message) == "delivery-status":
        failed = _dsn_recipients(reports) or _dsn_recipients_in_text(mail.message)
        return Bounce("delivery status notification", tuple(failed) or _guess_failed(mail))
    failed_header = [a for _, a in addresses(mail.message, "X-Failed-Recipients")]
    if failed_header:
        return Bounce("X-Failed-Recipients", tuple(FailedRecipient(a) for a in failed_header))
    if any(_VERP.match(recipient.split("@")[0]) for recipient in mail.recipients):
        return Bounce("sent to our bounce address", _guess_failed(mail))
    local = (mail.sender or "").split("@")[0]
    if _DAEMON.match(local) or _DAEMON_NAME.search(mail.header("From")):
        return Bounce("sent by a mail server", _guess_failed(mail))
    automatic = (
        mail.header("Return-Path").strip() in ("<>", "")
        and "Return-Path" in mail.message
        or mail.header("Auto-Submitted").strip().lower() not in ("", "no")
        or any(_type(p) in ("message/rfc822", "text/rfc822-headers") for p in _parts(mail.message))
    )
    if automatic and (_FAILURE_SUBJECT.search(mail.subject) or _FAILURE_TEXT.search(_first_text(mail.message))):
        return Bounce("failure notice", _guess_failed(mail))
    return None


_FAILURE_TEXT = re.compile(
    r"could not be delivered|couldn't be delivered|undeliverable|delivery (?:has )?failed|mailbox (?:is )?full"
    r"|user unknown|no such user|returned to sender",
    re.I,
)


def _first_text(message: Message) -> str:
    for part in _parts(message):
        if _type(part) in ("message/rfc822", "text/rfc822-headers"):
            return ""
        if _type(part) == "text/plain":
            return decode_part(part)[:4000]
    return ""


def _parts(message: Message) -> list[Message]:
    try:
        return list(message.walk())
    except Exception:
        return [message]


def _type(part: Message) -> str:
    try:
        return part.get_content_type()
    except Exception:
        return ""


def _report_type(message: Message) -> str:
    try:
        return str(message.get_param("report-type") or "").lower()
    except Exception:
        return ""


def _dsn_recipients(reports: list[Message]) -> list[FailedRecipient]:
    """Per-recipient blocks of RFC 3464 (Final-Recipient, Action, Status)."""
    return [recipient for report in reports for recipient in _recipients_of(_dsn_blocks(report))]


def _recipients_of(blocks: list[dict[str, str]]) -> list[FailedRecipient]:
    found: list[FailedRecipient] = []
    for block in blocks:
        raw = block.get("final-recipient") or block.get("original-recipient") or ""
        address = _ADDRESS.search(raw.split(";")[-1])
        if not address:
            continue
        status = _STATUS.search(block.get("status", ""))
        action = block.get("action", "failed").strip().lower()
        permanent = action == "failed" and not (status and status.group(1).startswith("4"))
        found.append(FailedRecipient(address.group(0).lower(), status.group(1) if status else "", permanent, action))
    return found


def _dsn_blocks(report: Message) -> list[dict[str, str]]:
    payload = report.get_payload()
    if isinstance(payload, list):  # the email package parses the blocks as header sets
        return [{k.lower(): str(v) for k, v in block.items()} for block in payload if hasattr(block, "items")]
    text = payload if isinstance(payload, str) else decode_part(report)
    blocks = []
    for chunk in re.split(r"\n\s*\n", text.replace("\r\n", "\n")):
        fields = dict(
            (m.group(1).lower(), m.group(2)) for m in re.finditer(r"^([A-Za-z-]+):\s*(.*)$", chunk, re.M)
        )
        if fields:
            blocks.append(fields)
    return blocks


def _dsn_recipients_in_text(message: Message) -> list[FailedRecipient]:
    """DSN fields written into a text part (a report whose MIME structure is
    broken, or an MTA that quotes its DSN as text)."""
    found: list[FailedRecipient] = []
    for part in _parts(message):
        if _type(part) in ("message/rfc822", "text/rfc822-headers"):
            break
        undivided = _type(part).startswith("multipart/") and isinstance(part.get_payload(), str)
        if (_type(part).startswith("text/") and not part.is_multipart()) or undivided:
            text = decode_part(part)
            if re.search(r"(?im)^final-recipient:", text):
                for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n")):
                    fields = {m.group(1).lower(): m.group(2) for m in _FIELD.finditer(block)}
                    if "final-recipient" in fields:
                        found += _recipients_of([fields])
    return found


def _guess_failed(mail: InboundMessage) -> tuple[FailedRecipient, ...]:
    """Addresses named in the human-readable text of a non-standard bounce."""
    ignore = {mail.sender or "", *mail.recipients}
    for part in _parts(mail.message):
        if _type(part) in ("message/rfc822", "text/rfc822-headers"):
            break  # the returned original follows: its addresses are not failures
        if _type(part) != "text/plain":
            continue
        text = decode_part(part)
        text = re.split(r"(?im)^.*(?:original message|returned message|message header follows).*$", text)[0]
        for match in _ADDRESS.finditer(text):
            address = match.group(0).lower().strip(".")
            if address not in ignore and not _DAEMON.match(address.split("@")[0]):
                status = _STATUS.search(text)
                return (FailedRecipient(address, status.group(1) if status else ""),)
        break
    return ()
