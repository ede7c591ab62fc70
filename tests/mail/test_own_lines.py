"""The mail of ours that a reply answers (service/inbound/replies.py): its
kind and the lines of its text part, kept beside the mail when it is written
out (``OutgoingMail.text_part``), or read from the mail as it went out when
it was sent before that column was there."""

from __future__ import annotations

from email import message_from_bytes
from email.message import EmailMessage
from email.policy import SMTP

from mail.outgoing.compose import own_text
from service.inbound.receive import receive
from service.inbound.replies import answered_mail
from service.storage.models import OutgoingMail
from tests.mail.inbound_helpers import reply, start_game
from tests.service.helpers import mails


def our_mail(text: str) -> bytes:
    """A mail shaped as a turn mail: text and HTML (with a picture), and a PDF."""
    mail = EmailMessage()
    mail["Subject"], mail["Message-ID"] = "Pebbles #1: your turn", "<abc.g1@farmpost.test>"
    mail.set_content(text, charset="utf-8", cte="quoted-printable")
    mail.add_alternative("<p>" + text.replace("\n", "<br>") + "</p>", subtype="html")
    mail.get_payload()[1].add_related(b"\x89PNG" * 500, maintype="image", subtype="png", cid="<board>")
    mail.add_attachment(b"%PDF-1.4" * 2000, maintype="application", subtype="pdf", filename="board.pdf")
    return mail.as_bytes(policy=SMTP)


TEXT = ("## Please reply above this line ##\n\nYour turn, Ann → take 1 or take 2\n-- \n"
        "--not a boundary\n\nPebbles #1 by Farmpost.\n")

def answered_of(svc, reply: bytes):
    with svc.db.transaction() as session:
        return answered_mail(session, svc.config.mail_domain, reply)


REPLY = (b"From: ann@example.org\r\nIn-Reply-To: <abc.g1@farmpost.test>\r\nSubject: Re: your turn\r\n\r\n"
         b"take 1\r\n")


def test_given_mails_written_out_then_each_keeps_its_text_part_as_a_reader_of_its_bytes_decodes_it(svc):
    # a turn mail composed by the outbox; an answer to a mail, written whole at once
    _, keys = start_game(svc)
    receive(svc, reply(keys["Anna"], "no command here"), source="ingest")

    written = mails(svc, "turn") + mails(svc, "answer")

    assert {m.kind for m in written} == {"turn", "answer"}
    for mail in written:
        assert mail.text_part == own_text(message_from_bytes(mail.raw))
        assert "## Please reply above this line ##" in mail.text_part or mail.kind == "answer"


def test_given_a_reply_to_our_turn_mail_then_its_kind_and_the_lines_of_its_kept_text_part_are_read(svc):
    with svc.db.transaction() as session:
        session.add(OutgoingMail(message_id="<abc.g1@farmpost.test>", kind="turn", to_addr="ann@example.org",
                                 subject="Pebbles #1: your turn", context={}, raw=our_mail(TEXT * 3),
                                 text_part=TEXT * 2))

    answered = answered_of(svc, REPLY)

    assert answered.kind == "turn"
    assert list(answered.lines) == (TEXT * 2).splitlines()  # the kept text part: the mail is not parsed again


def test_given_a_reply_to_a_mail_sent_before_text_parts_were_kept_then_its_text_part_is_read_from_the_mail(svc):
    with svc.db.transaction() as session:
        session.add(OutgoingMail(message_id="<abc.g1@farmpost.test>", kind="turn", to_addr="ann@example.org",
                                 subject="Pebbles #1: your turn", context={}, raw=our_mail(TEXT * 3)))

    answered = answered_of(svc, REPLY)

    assert answered.kind == "turn"
    assert list(answered.lines) == (TEXT * 3).splitlines()  # the text part only: no HTML, picture or PDF


def test_given_a_reply_to_a_mail_we_never_sent_then_it_answers_none_of_ours(svc):
    assert answered_of(svc, REPLY.replace(b"abc.g1", b"unknown.g1")).lines == ()
    assert answered_of(svc, REPLY.replace(b"@farmpost.test", b"@elsewhere.example")).kind is None
