"""The guards of the pipeline, one signal at a time: given a reply to a
turn mail that differs by one header or subject, then the outcome is ..."""

from __future__ import annotations

import pytest

from mail.inbound.errors import Answer, AutoReply, Bounce, EmptyReply, NoReplyKey, OwnMail, TooLarge
from mail.inbound.pipeline import read_mail
from mail.inbound.routing import NewGame, ReplyTo

DOMAIN = "farmpost.example"


def mail(*, headers: str = "", subject: str = "Re: Sunfield Farm #12: your turn", body: str = "take b2",
         to: str = "play+ab12cd34ef@farmpost.example", sender: str = "Anna <anna@example.org>") -> bytes:
    text = f"From: {sender}\nTo: {to}\nSubject: {subject}\nMessage-ID: <m1@example.org>\n{headers}\n{body}\n"
    return text.replace("\n", "\r\n").encode()


def outcome(raw: bytes, **kw) -> str:
    return read_mail(raw, domain=DOMAIN, **kw).outcome


def test_a_plain_reply_is_accepted():
    reading = read_mail(mail(), domain=DOMAIN)
    assert reading.outcome == "accepted"
    assert reading.route == ReplyTo("ab12cd34ef")


# --------------------------------------------------------------------------- auto-replies


@pytest.mark.parametrize(
    "header",
    [
        "Auto-Submitted: auto-replied",
        "Auto-Submitted: auto-generated",
        "X-Autoreply: yes",
        "X-Autorespond: vacation",
        "Precedence: bulk",
        "Precedence: junk",
        "Precedence: list",
        "Precedence: auto_reply",
    ],
)
def test_an_auto_reply_header_makes_an_auto_reply_that_is_never_answered(header):
    reading = read_mail(mail(headers=header + "\n"), domain=DOMAIN)
    assert isinstance(reading.rejection, AutoReply)
    assert reading.rejection.answer is Answer.NEVER


def test_auto_submitted_no_is_a_person_writing():
    assert outcome(mail(headers="Auto-Submitted: no\n")) == "accepted"


def test_x_auto_response_suppress_alone_is_not_an_auto_reply():
    assert outcome(mail(headers="X-Auto-Response-Suppress: All\n")) == "accepted"


@pytest.mark.parametrize(
    "subject",
    [
        "Out of Office: Sunfield Farm #12",  # en
        "Automatic reply: Sunfield Farm #12",  # en (Exchange)
        "Réponse automatique : Sunfield Farm #12",  # fr
        "Absence du bureau",  # fr
        "Abwesenheitsnotiz: Sunfield Farm #12",  # de
        "Automatische Antwort: Sunfield Farm #12",  # de
        "Respuesta automática: Sunfield Farm #12",  # es
        "Fuera de la oficina",  # es
        "Risposta automatica: Sunfield Farm #12",  # it
        "Fuori ufficio",  # it
        "Automatisch antwoord: Sunfield Farm #12",  # nl
        "Afwezig: Sunfield Farm #12",  # nl
    ],
)
def test_an_out_of_office_subject_in_six_languages_makes_an_auto_reply(subject):
    assert outcome(mail(subject=subject)) == "auto-reply"


# --------------------------------------------------------------------------- bounces


def test_a_mail_to_our_verp_bounce_address_is_a_bounce():
    reading = read_mail(mail(to="bounce+ab12cd34ef@farmpost.example", sender="someone@isp.example",
                             body="Your message to anna@example.org could not be delivered."), domain=DOMAIN)
    assert isinstance(reading.rejection, Bounce)
    assert [f.address for f in reading.rejection.failed] == ["anna@example.org"]


def test_a_dsn_is_a_bounce_naming_the_failed_recipient_and_status():
    raw = (
        b"From: MAILER-DAEMON@mx.example.org (Mail Delivery System)\nTo: play+ab12cd34ef@farmpost.example\n"
        b"Subject: Undelivered Mail Returned to Sender\n"
        b'Content-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n'
        b"--b\nContent-Type: text/plain\n\nSorry.\n\n"
        b"--b\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.org\n\n"
        b"Final-Recipient: rfc822; anna@example.org\nAction: failed\nStatus: 5.1.1\n\n--b--\n"
    )
    rejection = read_mail(raw, domain=DOMAIN).rejection
    assert isinstance(rejection, Bounce)
    assert [(f.address, f.status, f.permanent) for f in rejection.failed] == [("anna@example.org", "5.1.1", True)]


def test_a_delayed_delivery_report_is_a_bounce_that_is_not_permanent():
    raw = (
        b"From: postmaster@mx.example.org\nTo: play+ab12cd34ef@farmpost.example\nSubject: Delayed Mail\n"
        b'Content-Type: multipart/report; report-type=delivery-status; boundary="b"\n\n'
        b"--b\nContent-Type: message/delivery-status\n\n"
        b"Final-Recipient: rfc822; anna@example.org\nAction: delayed\nStatus: 4.4.1\n\n--b--\n"
    )
    [failed] = read_mail(raw, domain=DOMAIN).rejection.failed
    assert not failed.permanent


def test_x_failed_recipients_is_a_bounce():
    raw = mail(headers="X-Failed-Recipients: anna@example.org\n", sender="Mail Delivery System <mailer@mx.example>")
    assert [f.address for f in read_mail(raw, domain=DOMAIN).rejection.failed] == ["anna@example.org"]


# --------------------------------------------------------------------------- loops


@pytest.mark.parametrize(
    "headers, sender",
    [
        ("X-Farmpost-Game: 12\n", "Anna <anna@example.org>"),
        ("", "Farmpost <noreply@farmpost.example>"),
    ],
)
def test_our_own_mail_coming_back_is_never_answered(headers, sender):
    reading = read_mail(mail(headers=headers, sender=sender), domain=DOMAIN)
    assert isinstance(reading.rejection, OwnMail)
    assert reading.rejection.answer is Answer.NEVER


def test_our_own_message_id_coming_back_is_our_own_mail():
    raw = mail().replace(b"<m1@example.org>", b"<abc.g12@farmpost.example>")
    assert outcome(raw) == "own-mail"


# --------------------------------------------------------------------------- routing


@pytest.mark.parametrize(
    "headers, to",
    [
        ("", "Farmpost <PLAY+AB12CD34EF@FarmPost.Example>"),
        ("Delivered-To: play+ab12cd34ef@farmpost.example\n", "anna-forward@example.org"),
        ("X-Original-To: play+ab12cd34ef@farmpost.example\n", "list@example.org"),
        ("Envelope-To: play+ab12cd34ef@farmpost.example\n", "undisclosed-recipients:;"),
    ],
)
def test_the_reply_key_is_found_in_any_delivery_header_whatever_its_case(headers, to):
    reading = read_mail(mail(headers=headers, to=to), domain=DOMAIN)
    assert reading.route == ReplyTo("ab12cd34ef")


def test_the_smtp_envelope_recipient_is_used_when_the_headers_name_none():
    envelope = ["<play+ab12cd34ef@farmpost.example>"]
    reading = read_mail(mail(to="friends@example.org"), domain=DOMAIN, envelope_to=envelope)
    assert reading.route == ReplyTo("ab12cd34ef")


def test_a_reply_key_of_another_domain_is_not_ours():
    assert isinstance(read_mail(mail(to="play+ab12cd34ef@other.example"), domain=DOMAIN).rejection, NoReplyKey)


def test_new_at_our_domain_routes_to_new_game():
    reading = read_mail(mail(to="new@farmpost.example", body="new harvest with bob@example.org"), domain=DOMAIN)
    assert reading.route == NewGame()


def test_a_reply_with_no_command_is_answered_with_how_to_reply():
    reading = read_mail(mail(body="Hi!\n\n> take b2\n"), domain=DOMAIN)
    assert isinstance(reading.rejection, EmptyReply)
    assert reading.rejection.answer is Answer.SENDER


def test_a_mail_over_the_size_limit_is_not_read():
    assert isinstance(read_mail(mail(body="x" * 5000), domain=DOMAIN, max_bytes=1000).rejection, TooLarge)


def test_lines_of_the_mail_we_sent_are_never_commands():
    body = "take b2\n\nYOUR OPTIONS\n* take c3"  # a client that pasted our text without quoting it
    reading = read_mail(mail(body=body), domain=DOMAIN, own_lines=["YOUR OPTIONS", "* take c3"])
    assert [c.text for c in reading.commands.commands] == ["take b2"]


def test_the_senders_name_is_passed_to_the_quote_stripper():
    # given a reply whose last paragraph is the sender's first name
    raw = mail(body="take b2\n\nThe best of luck,\nAnna", sender="Anna Weber <anna@example.org>")
    # when it is read, then the name and its line above are the signature, not commands
    reading = read_mail(raw, domain=DOMAIN)
    assert reading.text == "take b2"


def test_a_signature_delimiter_is_cut_although_our_own_footer_has_one():
    # given a reply whose "-- " signature reads like moves, answering a mail whose footer has "-- "
    body = "take b2\n\n-- \nBob Miller\nPlace 3 fields, deliver 2 crates"
    own = ["Your turn, Bob.", "* take c3", "-- ", "Your page in this game: https://farmpost.example/s/aa11"]
    # when it is read with the lines of our mail
    reading = read_mail(mail(body=body), domain=DOMAIN, own_lines=own)
    # then the signature is cut, and only the command is read
    assert reading.text == "take b2"
    assert [c.text for c in reading.commands.commands] == ["take b2"]
