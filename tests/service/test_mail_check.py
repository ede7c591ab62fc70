"""``farmpost mail-check``: each line of the grade, passing on a good
setup and failing on a deliberately broken one (the wrong key published,
a header signed by nobody, no TLS, a domain that does not align, a
receiver's failed DMARC), and the command in embedded mode."""

from __future__ import annotations

import pytest

from mail.outgoing import dkim
from service.cli.main import main
from service.ops.mail_check import FAIL, PASS, SKIP, grade
from tests.mail.dkim_keys import dns_for, ed25519_pem, rsa_pem

HEAD = (b"Message-ID: <c1@farmpost.example>\r\nDate: Tue, 01 Dec 2026 10:00:00 +0000\r\n"
        b"From: Farmpost <farmpost@farmpost.example>\r\nTo: check@example.org\r\nSubject: Farmpost mail check\r\n")
UNSUBSCRIBE = b"List-Unsubscribe: <https://play.farmpost.example/>\r\nList-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n"
BODY = b"\r\nhello\r\n"
RECEIVED = (b"Received: from relay.farmpost.example (relay [192.0.2.1])\r\n\t(using TLSv1.3 with cipher "
            b"TLS_AES_256_GCM_SHA384)\r\n\tby mx.example.org (Postfix) with ESMTPS id 1; Tue, 1 Dec 2026 10:00:01 +0000\r\n")
RESULTS = b"Authentication-Results: mx.example.org; dkim=pass header.d=farmpost.example; spf=pass; dmarc=pass\r\n"


@pytest.fixture(scope="module")
def key():
    return dkim.load_key(rsa_pem(), selector="fp", domain="farmpost.example")


def _statuses(lines) -> dict[str, str]:
    return {line.name: line.status for line in lines}


def _arrived(key, *, unsubscribe_after=False, received=RECEIVED, results=RESULTS):
    signed = dkim.sign(HEAD + (b"" if unsubscribe_after else UNSUBSCRIBE) + BODY, [key])
    if unsubscribe_after:  # a relay adds the header after the signature: nobody signed it
        signed = signed.replace(b"Subject:", UNSUBSCRIBE + b"Subject:")
    return results + received + signed


def test_a_good_setup_passes_every_line(key):
    lines = grade(_arrived(key), domain="farmpost.example", relay_tls=True, dnsfunc=dns_for(key))
    assert _statuses(lines) == {"dkim": PASS, "unsubscribe signed": PASS, "alignment": PASS,
                                "authentication-results": PASS, "tls": PASS, "size": PASS}


def test_the_wrong_key_published_fails_dkim(key):
    other = dkim.load_key(rsa_pem(2048, "published"), selector="fp", domain="farmpost.example")
    lines = _statuses(grade(_arrived(key), domain="farmpost.example", relay_tls=True, dnsfunc=dns_for(other)))
    assert lines["dkim"] == FAIL and lines["unsubscribe signed"] == FAIL and lines["alignment"] == FAIL


def test_an_unsigned_unsubscribe_header_fails_its_line(key):
    lines = grade(_arrived(key, unsubscribe_after=True), domain="farmpost.example", relay_tls=True,
                  dnsfunc=dns_for(key))
    assert _statuses(lines)["dkim"] == PASS
    [line] = [line for line in lines if line.name == "unsubscribe signed"]
    assert line.status == FAIL and "list-unsubscribe, list-unsubscribe-post" in line.text


def test_no_tls_to_the_relay_or_on_the_way_fails(key):
    assert _statuses(grade(_arrived(key), domain="farmpost.example", relay_tls=False,
                           dnsfunc=dns_for(key)))["tls"] == FAIL
    plain = RECEIVED.replace(b"with ESMTPS", b"with ESMTP").replace(b"(using TLSv1.3 with cipher", b"(no")
    assert _statuses(grade(_arrived(key, received=plain), domain="farmpost.example", relay_tls=True,
                           dnsfunc=dns_for(key)))["tls"] == FAIL
    assert _statuses(grade(_arrived(key), domain="farmpost.example", relay_tls=None,
                           dnsfunc=dns_for(key)))["tls"] == SKIP


def test_a_domain_that_does_not_align_and_a_failed_dmarc_fail(key):
    other = dkim.load_key(rsa_pem(), selector="fp", domain="elsewhere.example")
    lines = _statuses(grade(_arrived(other), domain="farmpost.example", relay_tls=True, dnsfunc=dns_for(other)))
    assert lines["dkim"] == PASS and lines["alignment"] == FAIL
    failed = RESULTS.replace(b"dmarc=pass", b"dmarc=fail")
    assert _statuses(grade(_arrived(key, results=failed), domain="farmpost.example", relay_tls=True,
                           dnsfunc=dns_for(key)))["authentication-results"] == FAIL
    assert _statuses(grade(_arrived(key, results=b""), domain="farmpost.example", relay_tls=True,
                           dnsfunc=dns_for(key)))["authentication-results"] == SKIP


def test_an_unsigned_mail_fails_dkim():
    lines = _statuses(grade(HEAD + UNSUBSCRIBE + BODY, domain="farmpost.example", relay_tls=True))
    assert lines["dkim"] == FAIL


@pytest.fixture
def embedded(tmp_path, monkeypatch, database_url):
    (tmp_path / "rsa.pem").write_text(rsa_pem())
    (tmp_path / "ed.pem").write_text(ed25519_pem())
    for name in ("SMTP_URL", "DKIM", "DKIM_DOMAIN", "MAIL_FROM", "MAIL_CHECK_TO", "MAIL_CHECK_IMAP_URL",
                 "CELERY_BROKER_URL"):
        monkeypatch.delenv(name, raising=False)
    for name, value in {"FARMPOST_INSTANCE": str(tmp_path / "instance"), "MAIL_DOMAIN": "farmpost.example",
                        "BASE_URL": "https://play.farmpost.example", "DATABASE_URL": database_url,
                        "SECRET_KEY": "test-secret", "DKIM_PRIVATE_KEY_FILE": str(tmp_path / "rsa.pem"),
                        "DKIM_ED25519_PRIVATE_KEY_FILE": str(tmp_path / "ed.pem")}.items():
        monkeypatch.setenv(name, value)
    return tmp_path


def test_the_command_grades_the_local_mailbox_against_the_records_it_would_publish(embedded, capsys):
    assert main(["dns-records"]) == 0
    (embedded / "zone").write_text(capsys.readouterr().out)
    assert main(["mail-check", "--to", "check@example.org", "--records", str(embedded / "zone")]) == 0
    out = capsys.readouterr().out
    assert "PASS  dkim: rsa-sha256 d=farmpost.example s=farmpost valid, ed25519-sha256" in out
    assert "PASS  unsubscribe signed" in out and "SKIP  tls: the local mailbox" in out
    assert out.strip().endswith("mail-check: passed")


def test_the_command_fails_on_the_wrong_published_key_and_healthz_shows_it(embedded, capsys, app):
    from service.core.config import load_config
    from service.ops.dns_records import dns_records

    other = load_config({**dict(__import__("os").environ), "DKIM_PRIVATE_KEY_FILE": "",
                         "DKIM_ED25519_PRIVATE_KEY_FILE": "", "DKIM_PRIVATE_KEY": rsa_pem(2048, "published")})
    (embedded / "zone").write_text("\n".join(r.zone_line() for r in dns_records(other)[0]))
    assert main(["mail-check", "--to", "check@example.org", "--records", str(embedded / "zone")]) == 1
    out = capsys.readouterr().out
    assert "FAIL  dkim: no signature verifies" in out and out.strip().endswith("failed")
    shown = app.test_client().get("/healthz").get_json()["mail_check"]
    assert shown["passed"] is False and shown["failed"][0].startswith("dkim: no signature verifies")
