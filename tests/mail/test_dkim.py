"""DKIM signing (mail.outgoing.dkim) checked with dkimpy's own verifier,
and the DKIM settings (service.core.config)."""

from __future__ import annotations

import subprocess

import pytest

from mail.outgoing import dkim
from mail.outgoing.finish import feedback_id, finish, is_finished
from service.core.config import ConfigError, load_config
from tests.mail.dkim_keys import dns_for, ed25519_pem, rsa_pem

RAW = (b"Message-ID: <t1@farmpost.test>\r\nDate: Tue, 01 Dec 2026 10:00:00 +0000\r\n"
       b"From: Farmpost <farmpost@farmpost.test>\r\nTo: Ann <ann@example.org>\r\n"
       b"Reply-To: play+abc@farmpost.test\r\nSubject: Pebbles #1: your turn\r\n"
       b"In-Reply-To: <t0@farmpost.test>\r\nReferences: <t0@farmpost.test>\r\n"
       b"List-Unsubscribe: <http://farmpost.test/prefs/1/0/x>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"
       b"MIME-Version: 1.0\r\nContent-Type: text/plain; charset=\"utf-8\"\r\n\r\ntake 1\r\n")


@pytest.fixture(scope="module")
def keys():
    return (dkim.load_key(rsa_pem(), selector="fp2026", domain="farmpost.test"),
            dkim.load_key(ed25519_pem(), selector="fp2026ed", domain="farmpost.test"))


def test_load_key_tells_rsa_from_ed25519(keys):
    rsa, ed = keys
    assert (rsa.algorithm, rsa.bits, ed.algorithm) == (dkim.RSA, 2048, dkim.ED25519)
    assert rsa.record_name == "fp2026._domainkey.farmpost.test"
    assert rsa.public_record().startswith("v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA")
    assert ed.public_record().startswith("v=DKIM1; k=ed25519; p=") and len(ed.public_record()) == 66


def test_the_rsa_public_record_is_openssls_public_key(keys):
    from cryptography.hazmat.primitives import serialization

    rsa = keys[0]
    der = serialization.load_pem_private_key(rsa.secret, None).public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    import base64

    assert rsa.public_record() == f"v=DKIM1; k=rsa; p={base64.b64encode(der).decode()}"


def test_a_dual_signed_mail_verifies_with_both_keys_and_covers_the_unsubscribe_headers(keys):
    signed = dkim.sign(RAW, keys)
    assert signed.endswith(RAW) and signed.count(b"DKIM-Signature:") == 2
    results = dkim.verify(signed, dnsfunc=dns_for(*keys))
    assert [(r["algorithm"], r["valid"]) for r in results] == [("rsa-sha256", True), ("ed25519-sha256", True)]
    for header in ("from", "to", "subject", "date", "message-id", "list-unsubscribe", "list-unsubscribe-post",
                   "in-reply-to", "references", "reply-to"):
        assert header in results[0]["headers"]
    assert results[0]["headers"].count("from") == 2  # oversigned: a From added later breaks it


def test_a_changed_unsubscribe_header_breaks_the_signature(keys):
    signed = dkim.sign(RAW, keys)
    tampered = signed.replace(b"/prefs/1/0/x", b"/prefs/1/0/y")
    assert [r["valid"] for r in dkim.verify(tampered, dnsfunc=dns_for(*keys))] == [False, False]


def test_an_added_list_unsubscribe_post_breaks_a_signature_that_had_none(keys):
    raw = RAW.replace(b"List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n", b"")
    signed = dkim.sign(raw, keys[:1])
    assert "list-unsubscribe-post" not in dkim.verify(signed, dnsfunc=dns_for(*keys))[0]["headers"]
    assert dkim.verify(signed, dnsfunc=dns_for(*keys))[0]["valid"]


def test_the_wrong_key_in_dns_fails(keys):
    other = dkim.load_key(rsa_pem(2048, "other"), selector="fp2026", domain="farmpost.test")
    assert [r["valid"] for r in dkim.verify(dkim.sign(RAW, keys[:1]), dnsfunc=dns_for(other))] == [False]


def test_relaxed_canonicalization_survives_a_relay_refolding_the_subject(keys):
    signed = dkim.sign(RAW, keys[:1])
    refolded = signed.replace(b"Subject: Pebbles #1: your turn", b"Subject: Pebbles #1:\r\n  your turn")
    assert dkim.verify(refolded, dnsfunc=dns_for(*keys))[0]["valid"]


def test_finish_stamps_the_feedback_id_once_and_signs_it(keys):
    value = feedback_id("turn", 12, "farmpost")
    assert value == "turn:12:farmpost"
    out = finish(RAW, feedback=value, keys=keys)
    assert is_finished(out, signed=True) and not is_finished(RAW, signed=False)
    assert out.count(b"Feedback-ID: turn:12:farmpost\r\n") == 1
    assert "feedback-id" in dkim.verify(out, dnsfunc=dns_for(*keys))[0]["headers"]


def test_a_key_too_short_or_not_a_key_is_refused():
    short = subprocess.run(["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:768"],
                           capture_output=True, check=True).stdout
    with pytest.raises(dkim.DkimKeyError, match="1024"):
        dkim.load_key(short, selector="s", domain="d.test")
    with pytest.raises(dkim.DkimKeyError, match="PEM"):
        dkim.load_key("not a key", selector="s", domain="d.test")


def _env(tmp_path, **more):
    return {"FARMPOST_INSTANCE": str(tmp_path), "MAIL_DOMAIN": "farmpost.test", **more}


def test_config_signs_when_given_a_key_aligned_with_mail_from(tmp_path):
    path = tmp_path / "dkim.pem"
    path.write_text(rsa_pem())
    config = load_config(_env(tmp_path, DKIM_PRIVATE_KEY_FILE=str(path), DKIM_SELECTOR="fp2026",
                              DKIM_ED25519_PRIVATE_KEY=ed25519_pem().replace("\n", "\\n")))
    assert config.dkim == "farmpost" and config.dkim_domain == "farmpost.test"
    assert [selector for selector, _ in config.dkim_keys] == ["fp2026", "farmpost-ed"]


def test_config_without_a_key_does_not_sign_and_relay_leaves_it_to_the_relay(tmp_path):
    assert load_config(_env(tmp_path)).dkim == "off"
    relay = load_config(_env(tmp_path, DKIM="relay", DKIM_PRIVATE_KEY=rsa_pem()))
    assert (relay.dkim, relay.dkim_keys) == ("relay", ())


def test_config_refuses_a_bad_key_and_farmpost_without_a_key(tmp_path):
    with pytest.raises(ConfigError, match="DKIM=farmpost needs a key"):
        load_config(_env(tmp_path, DKIM="farmpost"))
    with pytest.raises(ConfigError, match="PEM private key"):
        load_config(_env(tmp_path, DKIM_PRIVATE_KEY="oops"))
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(_env(tmp_path, DKIM_PRIVATE_KEY_FILE=str(tmp_path / "missing.pem")))
    with pytest.raises(ConfigError, match="DKIM must be"):
        load_config(_env(tmp_path, DKIM="yes"))


BODIES = [b"", b"\r\n", b"a\r\n\r\n\r\n", b"tab\there\r\n", b"two  spaces \r\nend ", b"x" * 80 + b"\r\n" * 3,
          b"bare\nlf\r\n", b"=3D=3D\r\nQUJD\r\n", b" lead\r\n\t\r\n"]


@pytest.mark.parametrize("body", BODIES)
def test_the_relaxed_shortcut_canonicalizes_as_dkimpy_does(body):
    from dkim import canonicalization

    assert dkim._Relaxed.canonicalize_body(body) == canonicalization.Relaxed.canonicalize_body(body)


@pytest.mark.parametrize("body", BODIES)
def test_signing_any_body_verifies(keys, body):
    raw = RAW.split(b"\r\n\r\n")[0] + b"\r\n\r\n" + body
    assert [r["valid"] for r in dkim.verify(dkim.sign(raw, keys), dnsfunc=dns_for(*keys))] == [True, True]


def test_a_mail_with_utf8_headers_smtputf8_signs_and_verifies(keys):
    raw = RAW.replace(b"To: Ann <ann@example.org>", "To: Jürgen <jürgen@bücher.example>".encode())
    assert [r["valid"] for r in dkim.verify(dkim.sign(raw, keys), dnsfunc=dns_for(*keys))] == [True, True]
