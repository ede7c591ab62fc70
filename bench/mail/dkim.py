"""What a DKIM signature costs per mail, in CPU time (mail.outgoing.dkim.sign).

A mail of a turn mail's shape and size (``--kb``, default 200: the text
part in quoted-printable, the HTML in 7bit, a picture and a PDF in base64)
is signed ``--mails`` times with an RSA-2048 key, an Ed25519 key, and both
(the dual signature Farmpost sends, RFC 8463); each signature timed with
``time.process_time``. The body hash (the relaxed canonicalization of the
whole body and its SHA-256, with mail.outgoing.dkim's shortcut) is timed
apart: every signature pays it.

Prints one JSON object: per key set, the median and p90 CPU ms per mail,
and the same for the body hash alone.

    python -m bench mail.dkim [--mails 200] [--kb 200]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from email.message import EmailMessage
from email.policy import SMTP


def sample_mail(kb: int) -> bytes:
    message = EmailMessage(policy=SMTP)
    for name, value in (("Message-ID", "<turn.1.v12.0@farmpost.example>"), ("Date", "Tue, 01 Dec 2026 10:00:00 +0000"),
                        ("From", "Farmpost <farmpost@farmpost.example>"), ("To", "Ann Example <ann@example.org>"),
                        ("Reply-To", "play+0123456789abcdef0123@farmpost.example"),
                        ("Subject", "Sunfield Farm #1: your turn (round 3)"),
                        ("List-Unsubscribe", "<https://farmpost.example/prefs/1/0/abcdef>"),
                        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")):
        message[name] = value
    message.set_content("## Please reply above this line ##\n" + "Take a field · sow wheat → your turn goes on\n" * 150,
                        subtype="plain", charset="utf-8", cte="quoted-printable")
    message.add_alternative("<table>" + '<tr><td style="color:#444;padding:2px">&#9675; field</td></tr>\n' * 900,
                            subtype="html", charset="utf-8", cte="7bit")
    size = len(message.as_bytes())
    rest = max(kb * 1024 - size, 0) * 3 // 4
    message.add_attachment(os.urandom(rest // 3), maintype="image", subtype="png", filename="board.png")
    message.add_attachment(os.urandom(rest - rest // 3), maintype="application", subtype="pdf", filename="board.pdf")
    return message.as_bytes()


def _keys():
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ed25519, rsa

    from mail.outgoing.dkim import load_key

    def pem(key):
        return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                 serialization.NoEncryption())

    rsa_key = load_key(pem(rsa.generate_private_key(public_exponent=65537, key_size=2048)), selector="r",
                       domain="farmpost.example")
    ed_key = load_key(pem(ed25519.Ed25519PrivateKey.generate()), selector="e", domain="farmpost.example")
    return {"rsa-2048": [rsa_key], "ed25519": [ed_key], "rsa-2048+ed25519": [rsa_key, ed_key]}


def _timed(function, count: int) -> dict:
    spent = []
    for _ in range(count):
        start = time.process_time()
        function()
        spent.append((time.process_time() - start) * 1000)
    spent.sort()
    return {"median_ms": round(statistics.median(spent), 2), "p90_ms": round(spent[int(len(spent) * 0.9) - 1], 2)}


SHORT = ["--mails", "10"]


def main(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(prog="python -m bench mail.dkim", description=__doc__.split("\n\n")[0])
    parser.add_argument("--mails", type=int, default=200, help="signatures per key set (default 200)")
    parser.add_argument("--kb", type=int, default=200, help="size of the mail signed, in KB (default 200)")
    args = parser.parse_args(argv)

    from mail.outgoing.dkim import sign

    raw = sample_mail(args.kb)
    result = {"mail_kb": round(len(raw) / 1024), "mails": args.mails}
    body = raw.split(b"\r\n\r\n", 1)[1]
    result["body_hash"] = _timed(lambda: _body_hash(body), args.mails)
    for name, keys in _keys().items():
        sign(raw, keys)  # warm up: the key parsed, the modules loaded
        result[name] = _timed(lambda keys=keys: sign(raw, keys), args.mails)
    print(json.dumps(result, indent=2))
    return result


def _body_hash(body: bytes) -> bytes:
    import hashlib

    from dkim.canonicalization import ALGORITHMS

    return hashlib.sha256(ALGORITHMS[b"relaxed"].canonicalize_body(body)).digest()


if __name__ == "__main__":
    main()
