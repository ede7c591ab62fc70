"""A turn mail shows the drawn board as an inline PNG: mail clients do not
show SVG, so the picture is an ``image/png`` part of a ``multipart/related``
whose HTML names it by ``cid:``; the board's tables stay below it and the
plain text stays complete."""

from __future__ import annotations

import io
import re
from email import message_from_bytes, policy

from sqlalchemy import select

from service.storage.models import MailboxMessage
from service.usecases.creation import FarmerSpec, create_game


def raw_mails_to(svc, address: str) -> list[bytes]:
    with svc.db.transaction() as session:
        return [m.raw for m in session.scalars(select(MailboxMessage).where(MailboxMessage.to_addr == address)
                                               .order_by(MailboxMessage.id))]


def test_a_turn_mail_carries_the_drawn_board_as_a_png_named_by_cid_in_its_html(svc):
    create_game(svc, "harvest", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bot", bot="greedy")],
                host=0, seed=3)
    raw = raw_mails_to(svc, "ann@example.org")[-1]
    message = message_from_bytes(raw, policy=policy.default)

    assert message.get_content_type() == "multipart/mixed"
    alternative, pdf = message.iter_parts()
    assert alternative.get_content_type() == "multipart/alternative"
    assert pdf.get_content_type() == "application/pdf"
    text, related = alternative.iter_parts()
    assert text.get_content_type() == "text/plain"
    assert related.get_content_type() == "multipart/related"
    html, picture = related.iter_parts()
    assert html.get_content_type() == "text/html"
    assert picture.get_content_type() == "image/png"

    cid = picture["Content-ID"].strip("<>")
    body = html.get_content()
    assert f'src="cid:{cid}"' in body
    assert picture.get_content()[:8] == b"\x89PNG\r\n\x1a\n"
    # the tables, the board in words, follow the picture in the HTML
    assert body.index(f"cid:{cid}") < body.index("<table", body.index(f"cid:{cid}"))
    assert "Ann" in body and "<svg" not in body
    # the plain text is the whole board still
    plain = text.get_content()
    assert "Ann" in plain and "Bot" in plain and re.search(r"^.*\ba\s+b\s+c\s+d\s+e\s+f\s*$", plain, re.M)
    # the PDF is the board drawn (Ann's own view); the board in words is the mail's text and tables
    from pypdf import PdfReader

    pdf_text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.get_content())).pages)
    assert "Key" in pdf_text and "Ann (you)" in pdf_text and "Bot" in pdf_text
    assert "The board in words" not in pdf_text and "HARVEST" in plain and "ANN (you)" in plain


def test_the_mail_html_writes_its_inline_styles_without_spaces_between_declarations():
    from mail.outgoing.compose import compact_styles

    html = '<td style="color: #333333;background: #f2f2f2; font-family: DejaVu Sans, Verdana;">a: b; c</td>'
    assert compact_styles(html) == ('<td style="color:#333333;background:#f2f2f2;font-family:DejaVu Sans, Verdana">'
                                    "a: b; c</td>")


def test_the_local_mailbox_shows_the_picture_as_a_mail_client_does(client, svc):
    create_game(svc, "sunfield", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bot", bot="greedy")],
                host=0, seed=3)
    ids = re.findall(r'href="/mailbox/(\d+)"', client.get("/mailbox").text)
    html = client.get(f"/mailbox/{ids[0]}/html").text
    [src] = re.findall(r'<img src="(/mailbox/\d+/cid/[^"]+)"', html)
    picture = client.get(src)
    assert picture.status_code == 200 and picture.mimetype == "image/png"
    assert picture.data[:4] == b"\x89PNG"
    assert client.get(src + "x").status_code == 404
