"""The lines of our own mail that a reply answers (service/inbound/replies.py):
read from the mail as it went out, cut after its text part, so the HTML,
the picture and the PDF behind it are never parsed."""

from __future__ import annotations

from email.message import EmailMessage
from email.policy import SMTP

from mail.inbound.body import extract_body
from mail.inbound.message import parse_message
from service.inbound.replies import text_part_only


def our_mail(text: str, linesep: str = "\r\n") -> bytes:
    """A mail shaped as a turn mail: text and HTML (with a picture), and a PDF."""
    mail = EmailMessage()
    mail["Subject"], mail["Message-ID"] = "Pebbles #1: your turn", "<abc.g1@farmpost.test>"
    mail.set_content(text, charset="utf-8", cte="quoted-printable")
    mail.add_alternative("<p>" + text.replace("\n", "<br>") + "</p>", subtype="html")
    mail.get_payload()[1].add_related(b"\x89PNG" * 500, maintype="image", subtype="png", cid="<board>")
    mail.add_attachment(b"%PDF-1.4" * 2000, maintype="application", subtype="pdf", filename="board.pdf")
    return mail.as_bytes(policy=SMTP.clone(linesep=linesep))


def text_lines(raw: bytes) -> list[str]:
    return extract_body(parse_message(raw).message).text.splitlines()


TEXT = ("## Please reply above this line ##\n\nYour turn, Ann → take 1 or take 2\n-- \n"
        "--not a boundary\n\nPebbles #1 by Farmpost.\n")


def test_given_our_multipart_mail_when_cut_after_its_text_then_the_text_reads_the_same_without_the_rest():
    for linesep in ("\r\n", "\n"):
        raw = our_mail(TEXT, linesep)
        cut = text_part_only(raw)
        assert len(cut) < len(raw) / 4
        assert b"PDF" not in cut and b"text/html" not in cut
        assert text_lines(cut) == text_lines(raw) == TEXT.splitlines()
        assert parse_message(cut).defects == ()


def test_given_a_plain_mail_or_the_head_of_a_long_text_when_cut_then_there_is_nothing_to_cut():
    mail = EmailMessage()
    mail["Subject"] = "Re: your mail to Farmpost"
    mail.set_content("Done: take 1.\n")
    assert text_part_only(mail.as_bytes()) is None
    raw = our_mail(TEXT * 50)
    assert text_part_only(raw[:raw.index(b"Pebbles #1 by") + 5]) is None  # the text goes on past these bytes


def test_given_a_reply_to_our_mail_whose_text_is_longer_than_the_head_read_then_all_its_lines_are_ours(svc):
    from service.inbound.replies import HEAD_BYTES, answered_mail
    from service.models import OutgoingMail

    long_text = TEXT * (HEAD_BYTES // len(TEXT) + 10)
    with svc.db.transaction() as session:
        session.add(OutgoingMail(message_id="<abc.g1@farmpost.test>", kind="turn", to_addr="ann@example.org",
                                 subject="Pebbles #1: your turn", context={}, raw=our_mail(long_text)))
    reply = (b"From: ann@example.org\r\nIn-Reply-To: <abc.g1@farmpost.test>\r\nSubject: Re: your turn\r\n\r\n"
             b"take 1\r\n")

    answered = answered_mail(svc, reply)

    assert answered.kind == "turn"
    assert list(answered.lines) == long_text.splitlines()
    assert answered_mail(svc, reply.replace(b"abc.g1", b"unknown.g1")).lines == ()
