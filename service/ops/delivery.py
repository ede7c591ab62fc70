"""Mail delivery, for the operator and for each farmer: the spam complaint
rate over the last 30 days against the 0.3 % line Gmail and Yahoo hold bulk
senders to (their guidance: stay under 0.1 %, never reach 0.3 %), and the
fate of the last mails sent to a seat (its page lists them)."""

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


#: how many of a farmer's last mails their seat page lists
SEAT_MAILS = 5


def seat_mails(svc: Services, seat, limit: int = SEAT_MAILS, t=None) -> list[dict]:
    """The last mails sent to a seat's farmer, newest first, each with its
    fate as far as Farmpost knows it: ``answered`` (a reply of theirs names
    it in In-Reply-To), ``bounced`` (the last one not answered sent before
    their address was marked bouncing), ``failed`` (with why), ``accepted`` (the mail
    server took it; with the local mailbox: delivered there), ``waiting``;
    the fate told in the language of the translator ``t`` (English without one)."""
    from email.parser import BytesHeaderParser
    from email.policy import compat32

    from service.storage.models import InboundMail

    with svc.db.transaction() as session:
        mails = session.execute(
            select(OutgoingMail.message_id, OutgoingMail.subject, OutgoingMail.status, OutgoingMail.last_error,
                   OutgoingMail.created_at, OutgoingMail.sent_at)
            .where(OutgoingMail.seat_id == seat.id).order_by(OutgoingMail.id.desc()).limit(limit)).all()
        replies = session.scalars(
            select(InboundMail.raw).where(InboundMail.game_id == seat.game_id, InboundMail.seat == seat.position)
            .order_by(InboundMail.id.desc()).limit(4 * limit)).all()
    answered = set()
    for raw in replies:
        head = raw.split(b"\r\n\r\n", 1)[0].split(b"\n\n", 1)[0]
        answered.add(str(BytesHeaderParser(policy=compat32).parsebytes(head).get("In-Reply-To", "")).strip())
    bounced = None
    if seat.bouncing_since is not None:
        before = [m.message_id for m in mails if m.sent_at is not None and m.message_id not in answered
                  and _utc(m.sent_at) <= _utc(seat.bouncing_since)]
        bounced = before[0] if before else None
    from boards.i18n import translator

    t = t or translator(None)
    found = []
    for mail in mails:
        if mail.message_id in answered:
            fate, text = "answered", t.gettext("answered by you")
        elif mail.message_id == bounced:
            fate, text = "bounced", t.gettext("bounced: your mail server refused it")
        elif mail.status == "failed":  # the server's own words, as it gave them
            fate, text = "failed", t.gettext("not sent: %(why)s", why=(mail.last_error or "it failed").splitlines()[0][:200])
        elif mail.status == "sent":
            fate, text = "accepted", (t.gettext("accepted by the mail server") if svc.config.smtp_url
                                      else t.gettext("accepted by the local mailbox"))
        else:
            fate, text = "waiting", t.gettext("waiting to go out")
        found.append({"subject": mail.subject, "at": mail.sent_at or mail.created_at, "fate": fate, "text": text})
    return found


def _utc(moment):
    """SQLite hands back naive datetimes; they were stored as UTC."""
    from datetime import UTC

    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
