"""Reports mailbox providers send back: an ARF spam complaint (RFC 5965),
shaped like Yahoo's and Microsoft's (the original returned whole, its
recipient redacted or not)."""

from __future__ import annotations

import itertools

_ids = itertools.count(1)


def arf(original: bytes, *, rcpt_to: str | None = None, feedback_type: str = "abuse",
        to: str = "farmpost@farmpost.test") -> bytes:
    """A feedback report about ``original`` (our mail's bytes), sent to ``to``."""
    rcpt = f"Original-Rcpt-To: {rcpt_to}\r\n" if rcpt_to else ""
    return (
        "From: Yahoo! Mail AntiSpam Feedback <feedback@arf.mail.yahoo.com>\r\n"
        f"To: {to}\r\nSubject: Email Feedback Report for IP 127.0.0.1\r\n"
        f"Message-ID: <arf-{next(_ids)}@arf.mail.yahoo.com>\r\nDate: Tue, 01 Dec 2026 12:00:00 +0000\r\n"
        "MIME-Version: 1.0\r\n"
        'Content-Type: multipart/report; report-type=feedback-report; boundary="arf"\r\n\r\n'
        "--arf\r\nContent-Type: text/plain\r\n\r\nThis is an email abuse report for an email message.\r\n"
        "--arf\r\nContent-Type: message/feedback-report\r\n\r\n"
        f"Feedback-Type: {feedback_type}\r\nUser-Agent: Yahoo!-Mail-Feedback/2.0\r\nVersion: 1\r\n"
        f"{rcpt}Source-IP: 127.0.0.1\r\nReported-Domain: farmpost.test\r\n\r\n"
        "--arf\r\nContent-Type: message/rfc822\r\nContent-Disposition: inline\r\n\r\n"
    ).encode() + original + b"\r\n--arf--\r\n"


def redacted(original: bytes, address: str) -> bytes:
    """``original`` with the complainant's address blanked, as many providers return it."""
    return original.replace(address.encode(), b"redacted@example.org")
