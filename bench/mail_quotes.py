"""Measure quote/signature strippers on the email corpus and print a table.

    .venv/bin/python bench/mail_quotes.py [--failures CANDIDATE]

For every reply of tests/mail/corpus with a stated expected text, each
candidate gets the same body (the text/plain part, else the HTML part
converted) and succeeds when its output equals the expectation ignoring
whitespace and Markdown asterisks (the corpus README's tolerant comparison).
Candidates that are not installed are skipped. Also prints how long the
pipeline takes per message on the corpus's 770 KB long-quote fixture.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time
from collections import Counter, defaultdict

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mail.inbound.charsets import decode_bytes  # noqa: E402
from mail.inbound.quotes import strip_quotes  # noqa: E402
from tests.mail.corpus_cases import CORPUS, cases, same, same_for_play  # noqa: E402


def candidates():
    out = {
        "farmpost (own layer)": strip_quotes,
        "farmpost, with sender name": lambda text, name="": strip_quotes(text, sender_name=name),
    }
    try:
        from mailparser_reply import EmailReplyParser as MPR

        langs = ["en", "de", "fr", "it", "nl", "pl", "sv", "da", "cs", "es", "pt", "ja", "zh"]
        parser = MPR(languages=[lang for lang in langs])
        out["mail-parser-reply"] = lambda text: parser.parse_reply(text=text) or ""
        out["farmpost + mail-parser-reply"] = lambda text: parser.parse_reply(text=strip_quotes(text)) or ""
    except Exception as error:  # pragma: no cover - optional candidate
        print("mail-parser-reply unavailable:", error)
    try:
        from email_reply_parser import EmailReplyParser as ERP

        out["email-reply-parser"] = ERP.parse_reply
        out["farmpost + email-reply-parser"] = lambda text: ERP.parse_reply(strip_quotes(text))
    except ImportError:
        print("email-reply-parser not installed")
    try:
        from talon import quotations
        from talon.signature.bruteforce import extract_signature

        out["talon"] = lambda text: extract_signature(quotations.extract_from_plain(text))[0]
        out["farmpost + talon"] = lambda text: extract_signature(strip_quotes(text))[0]
    except ImportError:
        print("talon not installed")
    return out


def main() -> None:
    args = argparse.ArgumentParser()
    args.add_argument("--failures", help="print the failures of this candidate")
    options = args.parse_args()
    replies = [(c.source, c.path, c.entry, c.body(), c.sender_name) for c in cases("reply", with_expected=True)]
    totals = Counter(source for source, *_ in replies)
    print(f"{len(replies)} replies with an expected text\n")
    print("exact: equal ignoring whitespace and '*'; play: also ignoring '>' lines and lines without letters")
    print(f"{'candidate':32} {'exact':>7} {'play':>7}  " + "  ".join(f"{s[:12]:>12}" for s in sorted(totals)))
    for name, strip in candidates().items():
        ok: dict[str, int] = defaultdict(int)
        for_play = 0
        started = time.perf_counter()
        for source, path, entry, body, sender in replies:
            try:
                got = strip(body, sender) if "sender" in name else strip(body)
            except Exception as error:  # a crashing candidate simply fails the case
                got = f"<{type(error).__name__}>"
            if same(got, entry["expected_reply"]):
                ok[source] += 1
            if same_for_play(got, entry["expected_reply"]):
                for_play += 1
            elif name == options.failures:
                print(f"--- {path.relative_to(CORPUS)}\nEXPECTED {entry['expected_reply']!r}\nGOT      {got!r}")
        elapsed = (time.perf_counter() - started) / len(replies) * 1000
        share = sum(ok.values()) / len(replies) * 100
        cols = "  ".join(f"{ok[s]:>5}/{totals[s]:<6}" for s in sorted(totals))
        play = for_play / len(replies) * 100
        print(f"{name:32} {share:6.1f}% {play:6.1f}%  {cols}  {elapsed:.2f} ms/mail")
    long_quote = CORPUS / "github-email_reply_parser" / "email_long_quote.txt"
    if long_quote.exists():
        text = decode_bytes(long_quote.read_bytes())
        started = time.perf_counter()
        strip_quotes(text)
        print(f"\nlong quote ({len(text) // 1024} KB): {(time.perf_counter() - started) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
