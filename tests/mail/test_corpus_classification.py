"""Every complete mail of the corpus through the guards: every bounce and
auto-reply is recognised, no reply is taken for either, and bounces name the
recipient that failed."""

from __future__ import annotations

from collections import Counter

import pytest

from mail.inbound.errors import Answer, AutoReply, Bounce, FeedbackReport
from mail.inbound.pipeline import read_mail
from tests.mail.corpus_cases import cases

DOMAIN = "farmpost.example"
#: reached when written; the test fails if a change makes it drop
FLOOR_STATUS_AGREEMENT = 86


def read(case):
    return read_mail(case.raw(), domain=DOMAIN)


@pytest.mark.parametrize("case", cases("bounce"), ids=lambda c: c.id)
def test_given_a_bounce_when_read_then_it_is_a_bounce_never_answered(case):
    rejection = read(case).rejection
    assert isinstance(rejection, Bounce)
    assert rejection.answer is Answer.NEVER


@pytest.mark.parametrize("case", cases("auto-reply"), ids=lambda c: c.id)
def test_given_an_auto_reply_when_read_then_it_is_an_auto_reply_never_answered(case):
    rejection = read(case).rejection
    assert isinstance(rejection, AutoReply)
    assert rejection.answer is Answer.NEVER


@pytest.mark.parametrize("case", cases("reply", fmt="rfc822") + cases("other"), ids=lambda c: c.id)
def test_given_a_reply_or_other_mail_when_read_then_it_is_not_taken_for_a_bounce_or_auto_reply(case):
    assert not isinstance(read(case).rejection, (Bounce, AutoReply))


@pytest.mark.parametrize("case", [c for c in cases("other") if "arf-" in c.id], ids=lambda c: c.id)
def test_given_a_spam_complaint_when_read_then_it_is_a_feedback_report(case):
    assert isinstance(read(case).rejection, FeedbackReport)


@pytest.mark.parametrize("case", cases("reply", fmt="body-text"), ids=lambda c: c.id)
def test_given_a_reply_body_sent_to_a_reply_key_then_it_is_accepted_not_rejected(case):
    raw = (
        b"From: Farmer <farmer@example.org>\r\nTo: play+abcdef1234@farmpost.example\r\n"
        b"Subject: Re: Sunfield Farm #1: your turn\r\nMessage-ID: <x@example.org>\r\n"
        b"Content-Type: text/plain; charset=utf-8\r\n\r\n" + case.raw()
    )
    reading = read_mail(raw, domain=DOMAIN)
    assert reading.rejection is None or reading.rejection.reason == "empty"


def test_bounces_name_the_failed_recipient_in_most_cases(capsys):
    bounces = [read(case).rejection for case in cases("bounce")]
    named = Counter(bool(b.failed) for b in bounces)
    with capsys.disabled():
        print(f"\nbounces naming a failed recipient: {named[True]} of {len(bounces)}")
    assert named[True] >= 123


def test_bounces_report_the_status_code_sisimai_finds_in_most_cases(capsys):
    """Sisimai sometimes infers a finer status than the report states (5.1.1
    from "5.0.0 user unknown"); we report what the mail says."""
    stated = [c for c in cases("bounce") if c.entry.get("expected_bounce") and c.entry["expected_bounce"][0]["status"]]
    agree = sum(c.entry["expected_bounce"][0]["status"] in {f.status for f in read(c).rejection.failed} for c in stated)
    with capsys.disabled():
        print(f"\nbounce status codes agreeing with sisimai: {agree} of {len(stated)}")
    assert agree >= FLOOR_STATUS_AGREEMENT

