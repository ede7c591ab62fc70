"""Spam complaints (ARF, RFC 5965): given a game of Anna and Bob, when a
provider reports that Bob marked our mail as spam, then no more mail goes
to Bob (it fails at once, unsent), the complaint counts on /healthz
against the 0.3 % line, the report is never answered, and Bob lifts it by
saving his mail preferences."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from mail.inbound.errors import Bounce, FeedbackReport
from mail.inbound.pipeline import read_mail
from service.inbound.receive import receive
from service.outbox import sending
from service.storage.models import MailComplaint, OutgoingMail
from service.usecases import preferences
from tests.mail.inbound_helpers import inbound_row, start_game
from tests.mail.reports import arf, redacted

ORIGINAL = (b"Message-ID: <turn.7@farmpost.test>\r\nFrom: Farmpost <farmpost@farmpost.test>\r\n"
            b"To: Bob <bob@example.org>\r\nFeedback-ID: turn:7:farmpost\r\nSubject: your turn\r\n\r\ntake 1\r\n")


def test_an_arf_report_names_the_complainant_and_our_mail():
    reading = read_mail(arf(ORIGINAL, rcpt_to="bob@example.org"), domain="farmpost.test")
    report = reading.rejection
    assert isinstance(report, FeedbackReport) and not isinstance(report, Bounce)
    assert (report.address, report.message_id, report.feedback_id, report.feedback_type) == (
        "bob@example.org", "<turn.7@farmpost.test>", "turn:7:farmpost", "abuse")


def test_a_redacted_report_still_names_the_mail():
    report = read_mail(arf(redacted(ORIGINAL, "bob@example.org")), domain="farmpost.test").rejection
    assert (report.address, report.message_id) == ("", "<turn.7@farmpost.test>")


def test_a_report_to_the_bounce_address_is_a_complaint_not_a_bounce():
    raw = arf(ORIGINAL, to="bounce+7@farmpost.test")
    reading = read_mail(raw, domain="farmpost.test", envelope_to=["bounce+7@farmpost.test"])
    assert isinstance(reading.rejection, FeedbackReport)


@pytest.fixture
def game(svc):
    return start_game(svc)


def _bobs_mail(svc) -> OutgoingMail:
    with svc.db.transaction() as session:
        return session.scalars(select(OutgoingMail).where(OutgoingMail.to_addr == "bob@example.org")
                               .order_by(OutgoingMail.id)).first()


def test_a_complaint_about_a_mail_we_know_stops_mail_to_its_recipient(client, svc, game):
    game_id, _ = game
    original = _bobs_mail(svc).raw
    row = inbound_row(svc, receive(svc, arf(redacted(original, "bob@example.org")), source="ingest").id)
    assert (row.outcome, row.answer, row.answered) == ("feedback-report", None, False)
    assert row.detail.endswith("no more mail to bob@example.org")
    with svc.db.transaction() as session:
        [complaint] = session.scalars(select(MailComplaint)).all()
        assert complaint.feedback_id == f"invite:{game_id}:farmpost"
    for address in ("bob@example.org", "anna@example.org"):
        with svc.db.transaction() as session:
            mail = OutgoingMail(message_id=f"<probe.{address}@farmpost.test>", kind="answer", to_addr=address,
                                subject="probe", context={}, raw=b"Message-ID: <probe." + address.encode()
                                + b"@farmpost.test>\r\nFrom: farmpost@farmpost.test\r\nTo: " + address.encode()
                                + b"\r\nSubject: probe\r\n\r\nhello\r\n")
            session.add(mail)
            session.flush()
            mail_id = mail.id
        status = sending.send_mail(svc, mail_id)
        with svc.db.transaction() as session:
            last_error = session.get(OutgoingMail, mail_id).last_error
        if address.startswith("bob"):
            assert status == "failed" and "reported our mail as spam" in last_error
        else:
            assert status == "sent"
    complaints = client.get("/healthz").get_json()["complaints"]
    assert complaints["complaints_30_days"] == 1 and complaints["line_percent"] == 0.3
    assert complaints["over_the_line"] is (complaints["rate_percent"] >= 0.3)
    assert complaints["rate_percent"] == round(100 / complaints["sent_30_days"], 3)


def test_saving_preferences_with_mail_on_lifts_the_complaint(svc, game):
    game_id, _ = game
    receive(svc, arf(ORIGINAL, rcpt_to="bob@example.org"), source="ingest")
    with svc.db.transaction() as session:
        assert sending.complained(session, "Bob@example.org") is not None
    preferences.set_preferences(svc, game_id, 1, mail=True)
    with svc.db.transaction() as session:
        assert sending.complained(session, "bob@example.org") is None


def test_a_not_spam_report_stops_nothing(svc, game):
    receive(svc, arf(ORIGINAL, rcpt_to="bob@example.org", feedback_type="not-spam"), source="ingest")
    with svc.db.transaction() as session:
        assert session.scalars(select(MailComplaint)).all() == []
