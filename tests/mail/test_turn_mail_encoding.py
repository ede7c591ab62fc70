"""How a turn mail is written: its HTML part as plain 7bit ASCII with
short inline styles, boundaries chosen up front, and the same board in
every part."""

from __future__ import annotations

import html as htmllib
import re
from email import message_from_bytes, policy

from bench.mail.contexts import turn_context
from boards import sample_game
from mail.outgoing.compose import LINE_LIMIT, compose, seven_bit, shorten_styles


def a_turn_mail(name="sunfield", seats=4, options=None):
    sample = sample_game(name, seats, {"advanced": True} if options is None and name == "sunfield" else {}, seed=7)
    return compose(turn_context(sample, len(sample.states) // 2))


def test_the_html_part_goes_as_7bit_ascii_within_the_line_limit_and_reads_as_the_board_did():
    # given a 4-farmer turn mail, written as it is sent
    raw = a_turn_mail().as_bytes(policy=policy.SMTP)
    # when a mail client reads it
    message = message_from_bytes(raw, policy=policy.default)
    [html] = [p for p in message.walk() if p.get_content_type() == "text/html"]
    # then the part needs no transfer encoding: ASCII, no line over 998 characters
    assert html["Content-Transfer-Encoding"] == "7bit"
    body = html.get_content()
    assert body.isascii()
    assert max(len(line) for line in body.splitlines()) <= LINE_LIMIT
    # and the symbols of the board are there, as character references
    assert "&#183;" in body and "·" in htmllib.unescape(body)
    # and the picture is still named by cid: above the tables
    assert body.index('src="cid:') < body.index("<table", body.index('src="cid:'))


def test_seven_bit_breaks_a_long_line_only_between_the_attributes_of_a_tag():
    # given a line far over the limit, made of tags with attributes and text with spaces
    line = "".join(f'<td class="c{i}" style="color:#000">word {i} and more</td>' for i in range(60))
    # when it is made 7bit
    out = seven_bit(line + "\n<p>café</p>\n")
    # then no line is over the limit, every break is before an attribute, and nothing else changed
    assert all(len(part) <= LINE_LIMIT for part in out.split("\n"))
    assert re.sub(r'\n(?=[a-z-]+=")', " ", out) == line + "\n<p>caf&#233;</p>\n"


def test_inline_styles_are_written_shorter_with_the_same_meaning():
    # given styles as the inliner writes them for an empty grid cell and a heading cell
    cell = ('<td style="border:1px solid #8a8a8a;padding:0.1em 0.15em;min-width:0;color:#595959;'
            'background:#f7f7f7;border-style:dashed;font-size:0.8em;border-color:#f7f7f7">x</td>')
    head = '<th style="color:#333333;background:#ffffff;padding:0.1em 0.1em;color:#444444">y</th>'
    # then the later border longhands fold into the border, colours and lengths are short,
    # a property set twice is kept once (the last), and min-width:0 goes
    assert shorten_styles(cell) == ('<td style="border:1px dashed #f7f7f7;padding:.1em .15em;color:#595959;'
                                    'background:#f7f7f7;font-size:.8em">x</td>')
    assert shorten_styles(head) == '<th style="background:#fff;padding:.1em;color:#444">y</th>'
    # and text outside the attribute is left alone
    assert shorten_styles("<p>0.5 and #ffffff</p>") == "<p>0.5 and #ffffff</p>"


def test_every_multipart_has_its_boundary_before_the_mail_is_written():
    # given a composed turn mail
    message = a_turn_mail("harvest", 2)
    # then each multipart already has a boundary no body can contain ("=_" is in no base64 or
    # quoted-printable text), so writing the mail needs no search of its parts
    boundaries = [p.get_boundary() for p in message.walk() if p.is_multipart()]
    assert len(boundaries) == 3 and all(b.startswith("=_fp") for b in boundaries)
    assert len(set(boundaries)) == 3
    raw = message.as_bytes(policy=policy.SMTP)
    for boundary in boundaries:
        assert raw.count(f"--{boundary}".encode()) >= 2


def test_the_picture_part_named_by_cid_is_the_drawn_board_as_a_valid_png():
    import io

    from PIL import Image

    import boards

    # given a 4-farmer turn mail, as a mail client reads it
    sample = sample_game("sunfield", 4, {"advanced": True}, seed=7)
    context = turn_context(sample, len(sample.states) // 2)
    message = message_from_bytes(compose(context).as_bytes(policy=policy.SMTP), policy=policy.default)
    [html] = [p for p in message.walk() if p.get_content_type() == "text/html"]
    [picture] = [p for p in message.walk() if p.get_content_type() == "image/png"]
    # then the HTML names the picture part by its Content-ID
    cid = picture["Content-ID"].strip("<>")
    assert f'src="cid:{cid}"' in html.get_content()
    # and the part is a PNG Pillow reads: the farmer's board with what changed since their previous turn
    data = picture.get_content()
    Image.open(io.BytesIO(data)).verify()
    assert data == boards.picture_png("sunfield", context["view"], context["seat"]["position"], names=sample.names,
                              previous=context["previous_view"])


def standard_bytes(message, policy_) -> bytes:
    """What the standard library's generator writes (Message.as_bytes)."""
    import io
    from email.generator import BytesGenerator

    out = io.BytesIO()
    BytesGenerator(out, mangle_from_=False, policy=policy_).flatten(message)
    return out.getvalue()


def test_a_composed_mail_is_written_byte_for_byte_as_the_standard_generator_writes_it():
    from mail.outgoing.compose import POLICY, Mail

    # given turn mails of both games (text, HTML, picture, PDF) and a mail whose text has every kind of line end
    mails = [a_turn_mail(), a_turn_mail("harvest", 2)]
    odd = Mail(policy=POLICY)
    odd["Subject"] = "line ends"
    odd.set_content("four ä\n", subtype="plain", charset="utf-8", cte="8bit")
    odd.add_attachment(b"\x00\x01" * 500, maintype="application", subtype="octet-stream", filename="x.bin")
    odd.get_payload()[0].set_payload("one\r\ntwo\rthree\nfour\n\r")
    mails.append(odd)
    for message in mails:
        for policy_ in (policy.SMTP, policy.SMTPUTF8):
            # when it is written as the outbox writes it, then the bytes are the standard generator's
            written = message.as_bytes(policy=policy_)
            assert written == standard_bytes(message, policy_)
            assert b"\r\n" in written and b"\n" not in written.replace(b"\r\n", b"")
