"""The operator's figures on mail delivery: the spam complaint rate over
the last 30 days against the 0.3 % line Gmail and Yahoo hold bulk senders
to (their guidance: stay under 0.1 %, never reach 0.3 %)."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select

from service.core import wall_time
from service.core.services import Services
from service.storage.models import MailComplaint, OutgoingMail

#: the complaint rate (percent of mail sent) past which providers refuse a sender's mail
COMPLAINT_LINE_PERCENT = 0.3
WINDOW = timedelta(days=30)


def complaint_rate(svc: Services) -> dict:
    since = wall_time.now() - WINDOW
    with svc.db.transaction() as session:
        complaints = session.scalar(select(func.count(MailComplaint.id)).where(MailComplaint.received_at >= since))
        sent = session.scalar(select(func.count(OutgoingMail.id)).where(OutgoingMail.status == "sent",
                                                                       OutgoingMail.sent_at >= since))
    rate = 100.0 * complaints / sent if sent else 0.0
    return {"complaints_30_days": complaints, "sent_30_days": sent, "rate_percent": round(rate, 3),
            "line_percent": COMPLAINT_LINE_PERCENT, "over_the_line": rate >= COMPLAINT_LINE_PERCENT}
