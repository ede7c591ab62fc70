"""DKIM keys for the tests, made once per test run (cryptography, which
trustme brings), and a DNS that answers with their public records."""

from __future__ import annotations

from functools import cache

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ed25519, rsa

from mail.outgoing.dkim import load_key


@cache
def rsa_pem(bits: int = 2048, name: str = "") -> str:
    key = rsa.generate_private_key(public_exponent=65537, key_size=bits)
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption()).decode()


@cache
def ed25519_pem(name: str = "") -> str:
    return ed25519.Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()).decode()


def dns_for(*keys) -> callable:
    """A dkimpy ``dnsfunc`` knowing the TXT records of ``keys`` (mail.outgoing.dkim.Key)."""
    records = {f"{key.record_name}.": key.public_record().encode() for key in keys}

    def lookup(name, timeout=5):
        name = name.decode() if isinstance(name, bytes) else name
        return records.get(name, b"")

    return lookup


def keys_of(config) -> list:
    return [load_key(pem, selector=selector, domain=config.dkim_domain) for selector, pem in config.dkim_keys]
