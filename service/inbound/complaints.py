"""Spam complaints (ARF reports, mail.inbound.bounce.detect_complaint): the
address that complained gets no more mail (service/outbox/sending.py checks
before each one) until its farmer saves their mail preferences, and every
complaint counts for the complaint rate /healthz shows against the 0.3 %
that Gmail and Yahoo hold bulk senders to."""

from __future__ import annotations

from sqlalchemy import select

from mail.inbound.errors import FeedbackReport
from service.core.services import Services
from service.storage.models import MailComplaint, OutgoingMail


def record_complaint(svc: Services, report: FeedbackReport) -> str:
    """Store the complaint; returns who it stops ("" when the report names nobody we know)."""
    with svc.db.transaction() as session:
        address = report.address
        if report.message_id:
            known = session.scalar(select(OutgoingMail.to_addr).where(OutgoingMail.message_id == report.message_id))
            address = address or (known or "")
        if report.feedback_type == "not-spam":  # a farmer took our mail out of their spam folder
            return ""
        session.add(MailComplaint(address=address.lower(), feedback_type=report.feedback_type[:32],
                                  message_id=report.message_id[:255] or None,
                                  feedback_id=report.feedback_id[:255] or None))
        return address.lower()
