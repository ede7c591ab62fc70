"""``farmpost dns-records``: what it prints is what a receiver needs; the
DKIM record it derives checks the signatures Farmpost makes."""

from __future__ import annotations

import re

import pytest

from mail.outgoing import dkim
from service.cli.main import main
from service.core.config import load_config
from service.outbox.signing import finished
from tests.mail.dkim_keys import ed25519_pem, rsa_pem

RAW = (b"Message-ID: <r1@farmpost.example>\r\nDate: Tue, 01 Dec 2026 10:00:00 +0000\r\n"
       b"From: Farmpost <farmpost@farmpost.example>\r\nTo: ann@example.org\r\nSubject: hi\r\n"
       b"List-Unsubscribe: <https://play.farmpost.example/prefs/1/0/x>\r\n\r\nhello\r\n")


@pytest.fixture
def env(tmp_path, monkeypatch):
    (tmp_path / "rsa.pem").write_text(rsa_pem())
    (tmp_path / "ed.pem").write_text(ed25519_pem())
    values = {"FARMPOST_INSTANCE": str(tmp_path / "instance"), "MAIL_DOMAIN": "farmpost.example",
              "BASE_URL": "https://play.farmpost.example", "DKIM_PRIVATE_KEY_FILE": str(tmp_path / "rsa.pem"),
              "DKIM_SELECTOR": "fp2026", "DKIM_ED25519_PRIVATE_KEY_FILE": str(tmp_path / "ed.pem")}
    for name in ("DATABASE_URL", "DKIM", "DKIM_DOMAIN", "MAIL_FROM", "SPF_SENDERS", "DMARC_POLICY", "MX_HOST"):
        monkeypatch.delenv(name, raising=False)
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    return values


def _zone(text: str) -> dict[tuple[str, str], str]:
    records = {}
    for line in text.splitlines():
        match = re.match(r"^(\S+)\. IN (TXT|MX) (.*)$", line)
        if match:
            value = "".join(re.findall(r'"([^"]*)"', match[3])) if match[2] == "TXT" else match[3]
            records[(match[1], match[2])] = value
    return records


def test_it_prints_spf_dkim_dmarc_and_mx_each_with_a_sentence(env, capsys):
    assert main(["dns-records"]) == 0
    out = capsys.readouterr().out
    records = _zone(out)
    assert records[("farmpost.example", "TXT")] == "v=spf1 mx -all"
    assert records[("fp2026._domainkey.farmpost.example", "TXT")].startswith("v=DKIM1; k=rsa; p=MIIB")
    assert records[("farmpost-ed._domainkey.farmpost.example", "TXT")].startswith("v=DKIM1; k=ed25519; p=")
    assert records[("_dmarc.farmpost.example", "TXT")].startswith("v=DMARC1; p=none;")
    assert records[("farmpost.example", "MX")] == "10 play.farmpost.example."
    assert len(re.findall(r"(?m)^; (SPF|DKIM|DMARC|MX)", out)) == 5
    assert max(len(chunk) for chunk in re.findall(r'"([^"]*)"', out)) <= 255


def test_the_printed_dkim_records_verify_what_farmpost_signs(env, capsys):
    main(["dns-records"])
    records = _zone(capsys.readouterr().out)
    signed = finished(load_config(), RAW, kind="turn", game_id=1)

    def dns(name, timeout=5):
        name = (name.decode() if isinstance(name, bytes) else name).rstrip(".")
        return records.get((name, "TXT"), "").encode()

    assert [r["valid"] for r in dkim.verify(signed, dnsfunc=dns)] == [True, True]


def test_settings_change_the_records_and_a_bad_alignment_is_warned(env, monkeypatch, capsys):
    monkeypatch.setenv("SPF_SENDERS", "include:_spf.relay.example")
    monkeypatch.setenv("DMARC_POLICY", "reject")
    monkeypatch.setenv("MAIL_FROM", "Farmpost <farmpost@news.farmpost.example>")
    monkeypatch.setenv("DKIM_DOMAIN", "other.example")
    assert main(["dns-records"]) == 1
    out = capsys.readouterr().out
    records = _zone(out)
    assert records[("news.farmpost.example", "TXT")] == "v=spf1 include:_spf.relay.example -all"
    assert records[("_dmarc.news.farmpost.example", "TXT")].startswith("v=DMARC1; p=reject;")
    assert records[("news.farmpost.example", "MX")] == "10 play.farmpost.example."  # bounces come back there
    assert "is not aligned with the From domain news.farmpost.example" in out


def test_with_the_relay_signing_it_says_so_and_without_dkim_it_warns(env, monkeypatch, capsys):
    monkeypatch.setenv("DKIM", "relay")
    assert main(["dns-records"]) == 0
    assert "DKIM is left to the relay" in capsys.readouterr().out
    monkeypatch.setenv("DKIM", "off")
    assert main(["dns-records"]) == 1
    assert "warning: DKIM is off" in capsys.readouterr().out
