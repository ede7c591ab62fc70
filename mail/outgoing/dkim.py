"""DKIM signatures (RFC 6376) on a finished mail's bytes, and the DNS record
each key needs.

:func:`sign` takes the bytes exactly as they go to the relay and returns
them with one ``DKIM-Signature`` header per key in front: an RSA key, an
Ed25519 key (RFC 8463), or both (each signature made over the same
message, so a receiver that knows only RSA checks the RSA one and ignores
the other). It does not care how the message was built.

Signed (``h=``): the headers of :data:`SIGNED_HEADERS` that the mail has,
and From once more than it has (an "oversigned" From: a second From added
on the way breaks the signature). Canonicalization relaxed/relaxed: relays
that refold a header or strip trailing spaces leave it valid.

Keys come as PEM, as ``openssl genpkey`` writes them (docs/operations.md,
"DKIM"): ``-----BEGIN PRIVATE KEY-----`` (PKCS#8, RSA or Ed25519) or
``-----BEGIN RSA PRIVATE KEY-----`` (PKCS#1). :func:`load_key` tells which.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence
from dataclasses import dataclass

import dkim
from dkim import canonicalization
from dkim.crypto import parse_pem_private_key

#: the headers a signature covers when the mail has them (lower case, as DKIM compares them)
SIGNED_HEADERS = (
    "from", "to", "cc", "subject", "date", "message-id", "reply-to", "in-reply-to", "references",
    "list-id", "list-unsubscribe", "list-unsubscribe-post", "feedback-id", "auto-submitted",
    "mime-version", "content-type", "content-transfer-encoding",
)

RSA = "rsa-sha256"
ED25519 = "ed25519-sha256"

#: the DER prefix of a PKCS#8 Ed25519 private key; the 32-byte seed follows (RFC 8410)
_ED25519_PKCS8 = bytes.fromhex("302e020100300506032b657004220420")
#: rsaEncryption (1.2.840.113549.1.1.1), the algorithm of an RSA SubjectPublicKeyInfo
_RSA_OID = bytes.fromhex("2a864886f70d010101")


class _Relaxed(canonicalization.Relaxed):
    """dkimpy's relaxed body canonicalization, with a shortcut: a body with
    no tab, no two spaces in a row and no space before a line end (a turn
    mail's base64 and quoted-printable parts, our 7bit HTML) comes out as
    it went in, bar its trailing empty lines, so the three whole-body
    regular expressions are skipped: 7 ms of a 200 KB mail, paid once per
    signature, down to a few scans at C speed (python -m bench mail.dkim). Anything
    else takes dkimpy's own path; tests/mail/test_dkim.py compares the
    two. Registered under "relaxed" for signing and verifying alike."""

    @staticmethod
    def canonicalize_body(body):
        if b"\t" in body or b"  " in body or b" \r\n" in body or body.endswith(b" "):
            return canonicalization.Relaxed.canonicalize_body(body)
        return canonicalization.correct_empty_body(canonicalization.strip_trailing_lines(body))


canonicalization.ALGORITHMS[b"relaxed"] = _Relaxed


class DkimKeyError(ValueError):
    """A DKIM key that cannot be read; the message says what is wrong."""


@dataclass(frozen=True)
class Key:
    """One signing key: ``selector._domainkey.domain`` publishes its public half."""

    selector: str
    domain: str
    algorithm: str  # RSA or ED25519
    #: what dkimpy signs with: the PEM for RSA, the base64 seed for Ed25519
    secret: bytes

    @property
    def record_name(self) -> str:
        return f"{self.selector}._domainkey.{self.domain}"

    def public_record(self) -> str:
        """The TXT record's text: ``v=DKIM1; k=rsa; p=...``."""
        if self.algorithm == ED25519:
            import nacl.encoding
            import nacl.signing

            public = nacl.signing.SigningKey(self.secret, encoder=nacl.encoding.Base64Encoder).verify_key.encode()
            return f"v=DKIM1; k=ed25519; p={base64.b64encode(public).decode()}"
        key = parse_pem_private_key(self.secret)
        rsa_public = _der(0x30, _der_int(key["modulus"]) + _der_int(key["publicExponent"]))
        info = _der(0x30, _der(0x30, _der(0x06, _RSA_OID) + _der(0x05, b"")) + _der(0x03, b"\0" + rsa_public))
        return f"v=DKIM1; k=rsa; p={base64.b64encode(info).decode()}"

    @property
    def bits(self) -> int:
        if self.algorithm == ED25519:
            return 256
        return parse_pem_private_key(self.secret)["modulus"].bit_length()


def load_key(pem: str | bytes, *, selector: str, domain: str) -> Key:
    """A :class:`Key` from a PEM private key (RSA or Ed25519)."""
    data = pem.encode() if isinstance(pem, str) else pem
    data = data.replace(b"\r\n", b"\n").strip() + b"\n"
    match = re.search(rb"-----BEGIN ([A-Z ]*)PRIVATE KEY-----\n(.*?)\n-----END", data, re.S)
    if not match:
        raise DkimKeyError("the DKIM key is not a PEM private key (-----BEGIN PRIVATE KEY-----)")
    try:
        der = base64.b64decode(b"".join(match.group(2).split()), validate=True)
    except ValueError as error:
        raise DkimKeyError(f"the DKIM key's PEM text is not base64: {error}") from None
    if der.startswith(_ED25519_PKCS8) and len(der) == len(_ED25519_PKCS8) + 32:
        seed = der[len(_ED25519_PKCS8):]
        return Key(selector, domain, ED25519, base64.b64encode(seed))
    pem_text = b"-----BEGIN " + match.group(1) + b"PRIVATE KEY-----\n" + match.group(2) + b"\n-----END " + match.group(1) + b"PRIVATE KEY-----\n"
    try:
        modulus = parse_pem_private_key(pem_text)["modulus"]
    except Exception as error:
        raise DkimKeyError(f"the DKIM key is neither an RSA nor an Ed25519 private key: {error}") from None
    if modulus.bit_length() < 1024:
        raise DkimKeyError(f"the DKIM RSA key has {modulus.bit_length()} bits; receivers ignore keys under 1024 "
                        "(use 2048)")
    return Key(selector, domain, RSA, pem_text)


def sign(raw: bytes, keys: Sequence[Key]) -> bytes:
    """``raw`` with a DKIM-Signature header for each key in front (the
    first key's signature on top). No keys: ``raw`` unchanged."""
    if not keys:
        return raw
    headers = signed_headers(raw)
    signer = _signer(raw)
    signatures = [
        signer.sign(key.selector.encode(), key.domain.encode(), key.secret, canonicalize=(b"relaxed", b"relaxed"),
                    signature_algorithm=key.algorithm.encode(), include_headers=headers)
        for key in keys
    ]
    return b"".join(signatures) + raw


def _signer(raw: bytes) -> dkim.DKIM:
    """dkimpy's signer over ``raw``, made once for all its signatures.
    dkimpy splits the whole mail into lines and joins the body's again with
    CRLF (4-5 ms of a 200 KB mail); a mail whose every line already ends in
    CRLF, as ours do, has that body as it is: only its headers are parsed."""
    end = raw.find(b"\r\n\r\n")
    if end >= 0:
        body = raw[end + 4:]
        if body.count(b"\n") == body.count(b"\r\n"):
            signer = dkim.DKIM(raw[: end + 4])
            signer.body = body
            return signer
    return dkim.DKIM(raw, linesep=b"\r\n" if b"\r\n" in raw[:2000] else b"\n")


_HEADER_NAME = re.compile(rb"^([A-Za-z0-9-]+):", re.M)


def signed_headers(raw: bytes) -> list[bytes]:
    """The names of :data:`SIGNED_HEADERS` the mail has, in that order, one
    entry per occurrence, and From once more."""
    head = header_block(raw)
    present = [name.lower() for name in _HEADER_NAME.findall(head)]
    names = []
    for name in SIGNED_HEADERS:
        names += [name.encode()] * present.count(name.encode())
    return [*names, b"from"]


def header_block(raw: bytes) -> bytes:
    """The header lines of ``raw`` (up to the blank line)."""
    end = raw.find(b"\r\n\r\n")
    return raw[: end if end >= 0 else raw.find(b"\n\n")]


def verify(raw: bytes, *, dnsfunc=None) -> list[dict]:
    """Each DKIM signature of ``raw`` checked: a list of
    ``{"domain", "selector", "algorithm", "headers", "valid"}``, top one
    first. ``dnsfunc(name) -> bytes`` answers the key lookups (default: DNS)."""
    found = []
    verifier = dkim.DKIM(raw)
    count = sum(1 for name, _ in verifier.headers if name.lower() == b"dkim-signature")
    for index in range(count):
        try:
            valid = verifier.verify(idx=index, dnsfunc=dnsfunc) if dnsfunc else verifier.verify(idx=index)
        except dkim.DKIMException:
            valid = False
        fields = verifier.signature_fields or {}
        found.append({
            "domain": fields.get(b"d", b"").decode(),
            "selector": fields.get(b"s", b"").decode(),
            "algorithm": fields.get(b"a", b"").decode(),
            "headers": [h.strip().lower().decode() for h in fields.get(b"h", b"").split(b":") if h.strip()],
            "valid": bool(valid),
        })
    return found


def _der(tag: int, content: bytes) -> bytes:
    length = len(content)
    if length < 0x80:
        return bytes([tag, length]) + content
    size = length.to_bytes((length.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(size)]) + size + content


def _der_int(value: int) -> bytes:
    body = value.to_bytes(value.bit_length() // 8 + 1, "big")  # a leading 0 keeps it positive
    return _der(0x02, body)
