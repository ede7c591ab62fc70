"""Property: however malformed the MIME, the pipeline answers with a
Reading, never an exception, and never needs its safety net (the
``unreadable`` outcome means a guard let an exception through)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mail.inbound.pipeline import read_mail

DOMAIN = "farmpost.example"

header_names = st.sampled_from(
    ["From", "To", "Cc", "Subject", "Message-ID", "Content-Type", "Content-Transfer-Encoding",
     "Content-Disposition", "Auto-Submitted", "Precedence", "Delivered-To", "X-Failed-Recipients",
     "Return-Path", "MIME-Version", "X-Autoreply", "Received"]
)
nasty_text = st.one_of(
    st.text(max_size=80),
    st.sampled_from(
        ["=?utf-8?b?!!!?=", "=?x-unknown?q?caf=E9?=", "=?utf-8?q?", "<>", "<<a@b>>", "a@", "@b", '"unclosed',
         "multipart/mixed; boundary=", 'multipart/report; report-type=delivery-status; boundary="b"',
         "text/plain; charset=unicode-1-1-utf-7", "text/html; charset=bogus", "base64", "quoted-printable",
         "message/rfc822", "message/delivery-status", "play+KEY123@farmpost.example", "auto-replied",
         "group: a@b, c@d;", "=?iso-2022-jp?b?GyRCJEgbKEI=?="]
    ),
)
header = st.builds(lambda n, v: f"{n}: {v}", header_names, nasty_text)
body_piece = st.one_of(
    st.binary(max_size=200),
    st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.sampled_from(
        [b"--b\r\n", b"--b--\r\n", b"Content-Type: text/plain\r\n\r\n", b"=E9=\r\n", b"!!!!base64????",
         b"Final-Recipient: rfc822; \r\nStatus: 9.9\r\n", b"<html><blockquote type=cite>", b"</div></p>",
         b"\r\n\r\n", b"> quoted\r\n", b"On Mon, X wrote:\r\n", b"\xff\xfe\x00", b"\r"]
    ),
)


@st.composite
def malformed_mail(draw) -> bytes:
    head = "\r\n".join(draw(st.lists(header, max_size=12)))
    body = b"".join(draw(st.lists(body_piece, max_size=12)))
    separator = draw(st.sampled_from([b"\r\n\r\n", b"\n\n", b"\r\r", b"", b"\r\n"]))
    return head.encode("utf-8", "surrogatepass") + separator + body


@settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 400)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(malformed_mail())
def test_given_malformed_mime_then_the_pipeline_answers_without_raising(raw):
    reading = read_mail(raw, domain=DOMAIN)
    assert reading.outcome != "unreadable", reading.rejection
    assert read_mail(raw, domain=DOMAIN).dedupe_key == reading.dedupe_key  # same bytes, same key


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=2000))
def test_given_arbitrary_bytes_then_the_pipeline_answers_without_raising(raw):
    assert read_mail(raw, domain=DOMAIN).outcome != "unreadable"
