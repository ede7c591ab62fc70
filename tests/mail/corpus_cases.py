"""Load the email corpus copied into tests/mail/corpus (see its README.md).

Each folder keeps its SOURCE.md (origin and licence) and MANIFEST.json (what
each fixture is and what upstream expects of it).
"""

from __future__ import annotations

import json
import pathlib
import re
from dataclasses import dataclass

from mail.inbound.body import extract_body
from mail.inbound.charsets import decode_bytes
from mail.inbound.html import html_to_text
from mail.inbound.message import parse_message
from mail.inbound.pipeline import read_mail

CORPUS = pathlib.Path(__file__).parent / "corpus"
#: replies written for Farmpost's tests (tests/mail/fixtures/README.md)
FIXTURES = pathlib.Path(__file__).parent / "fixtures"


@dataclass(frozen=True)
class Case:
    source: str
    path: pathlib.Path
    entry: dict

    @property
    def id(self) -> str:
        return f"{self.source}/{self.entry['file']}"

    @property
    def kind(self) -> str:
        return self.entry["kind"]

    @property
    def expected_reply(self) -> str | None:
        return self.entry["expected_reply"]

    def raw(self) -> bytes:
        return self.path.read_bytes()

    @property
    def sender_name(self) -> str:
        """The sender's display name: the From header, or the talon signature
        cases' stated sender."""
        if self.entry["format"] == "rfc822":
            return parse_message(self.raw()).sender_name
        return self.entry.get("sender") or ""

    def body(self) -> str:
        """The body as the pipeline sees it before quote stripping."""
        raw = self.raw()
        if self.entry["format"] == "rfc822":
            return extract_body(parse_message(raw).message).text
        if self.entry["format"] == "html-body":
            return html_to_text(decode_bytes(raw))
        return decode_bytes(raw).replace("\r\n", "\n").replace("\r", "\n")


    def as_mail(self) -> bytes:
        """The case as a whole mail: rfc822 ones as they are; a body alone
        wrapped in the headers of a reply from its stated sender."""
        raw = self.raw()
        if self.entry["format"] == "rfc822":
            return raw
        kind = "html" if self.entry["format"] == "html-body" else "plain"
        sender = (self.entry.get("sender") or "").replace('"', "")
        head = (f'From: "{sender}" <farmer@example.org>\r\nTo: {REPLY_ADDRESS}\r\nSubject: Re: your turn\r\n'
                f"MIME-Version: 1.0\r\nContent-Type: text/{kind}; charset=utf-8\r\n"
                "Content-Transfer-Encoding: 8bit\r\n\r\n")
        return head.encode() + decode_bytes(raw).encode("utf-8")

    def fresh_text(self) -> str:
        """The fresh text the inbound pipeline reads in this case: what runs
        (read_mail, with the sender's name, delivered to a reply key)."""
        return read_mail(self.as_mail(), domain=DOMAIN, envelope_to=[REPLY_ADDRESS]).text


#: the pipeline reads each corpus reply as delivered to a reply key of ours
DOMAIN = "farmpost.example"
REPLY_ADDRESS = f"play+c0a1b2c3d4e5f6a7b8c9@{DOMAIN}"


def cases(kind: str | None = None, *, fmt: str | None = None, with_expected: bool = False) -> list[Case]:
    out = []
    for manifest in sorted(CORPUS.glob("*/MANIFEST.json")):
        for entry in json.loads(manifest.read_text(encoding="utf-8")):
            if kind and entry["kind"] != kind or fmt and entry["format"] != fmt:
                continue
            if with_expected and entry["expected_reply"] is None:
                continue
            out.append(Case(manifest.parent.name, manifest.parent / entry["file"], entry))
    return out


def same(got: str, expected: str) -> bool:
    """Equal ignoring whitespace and Markdown asterisks (the README's tolerant rule)."""
    return re.sub(r"[\s*]", "", got) == re.sub(r"[\s*]", "", expected)


def same_for_play(got: str, expected: str) -> bool:
    """Equal once ">"-quoted lines and lines without a letter or digit are
    dropped from both: Farmpost never reads a quoted line (some upstreams keep
    inline quotes), and rules or separators carry no command."""

    def keep(text: str) -> str:
        lines = [line for line in text.splitlines() if not line.lstrip().startswith(">")]
        return "\n".join(line for line in lines if re.search(r"\w", line))

    return same(keep(got), keep(expected))


@dataclass(frozen=True)
class FixtureCase:
    """One of our own fixture replies with what the pipeline must read in it:
    the fresh text and the commands, read as the service reads a reply to
    the turn mail of ``turn_mail.txt`` (its lines are the own lines)."""

    entry: dict

    @property
    def id(self) -> str:
        return self.entry["file"]

    def raw(self) -> bytes:
        return (FIXTURES / self.entry["file"]).read_bytes()


def fixture_cases(topic: str | None = None) -> list[FixtureCase]:
    entries = json.loads((FIXTURES / "MANIFEST.json").read_text(encoding="utf-8"))
    return [FixtureCase(e) for e in entries if topic is None or e["topic"] == topic]


def turn_mail_lines() -> list[str]:
    """The lines of the turn mail the fixtures answer (the service passes them as own lines)."""
    return (FIXTURES / "turn_mail.txt").read_text(encoding="utf-8").splitlines()
