"""Measure quote/signature strippers on the email corpus and print a table.

    python -m bench mail.quotes [--failures CANDIDATE]

For every reply of tests/mail/corpus with a stated expected text, the first
row is what runs: the whole pure pipeline (``read_mail``, which passes the
sender's name), with each reply delivered to a reply key. Every other
candidate gets the same body (the text/plain part, else the HTML part
converted) and succeeds when its output equals the expectation ignoring
whitespace and Markdown asterisks (the corpus README's tolerant comparison);
"play" also ignores ">"-quoted lines and lines without a letter or digit.
Candidates that are not installed are skipped.

Then the prose rule (mail/inbound/prose.py, docs/mail.md): the lines of the
corpus replies' fresh text are not game commands, so every line the
commands splitter hands on as a move should come out as prose for a game of
Sunfield Farm; a reply with a line left over would fail as a whole.

Also prints how long the stripping takes on the corpus's long-quote fixture.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict

from bench.common import parser
from engine import get_game
from mail.inbound.charsets import decode_bytes
from mail.inbound.commands import split_commands
from mail.inbound.prose import MoveWords, is_prose_for_game
from mail.inbound.quotes import strip_quotes
from tests.mail.corpus_cases import CORPUS, cases, same, same_for_play

#: the whole corpus is the short run too: a few seconds
SHORT: list[str] = []

PIPELINE = "farmpost pipeline (what runs)"


def candidates():
    out = {
        PIPELINE: None,  # read_mail on the whole mail: Case.fresh_text
        "farmpost, no sender name": strip_quotes,
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


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--failures", metavar="CANDIDATE",
                           help="also print each reply this candidate (a row's name) gets wrong for play")
    options = arguments.parse_args(argv)
    replies = [(c.source, c.path, c.entry, c.body(), c) for c in cases("reply", with_expected=True)]
    totals = Counter(source for source, *_ in replies)
    print(f"{len(replies)} replies with an expected text\n")
    print("exact: equal ignoring whitespace and '*'; play: also ignoring '>' lines and lines without letters")
    print(f"{'candidate':32} {'exact':>7} {'play':>7}  " + "  ".join(f"{s[:12]:>12}" for s in sorted(totals)))
    for name, strip in candidates().items():
        ok: dict[str, int] = defaultdict(int)
        for_play = 0
        started = time.perf_counter()
        for source, path, entry, body, case in replies:
            try:
                got = case.fresh_text() if strip is None else strip(body)
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
    prose_on_the_corpus([case for *_, case in replies])
    long_quote = CORPUS / "github-email_reply_parser" / "email_long_quote.txt"
    if long_quote.exists():
        text = decode_bytes(long_quote.read_bytes())
        started = time.perf_counter()
        strip_quotes(text)
        print(f"\nlong quote ({len(text) // 1024} KB): {(time.perf_counter() - started) * 1000:.1f} ms")


def prose_on_the_corpus(replies) -> None:
    """The prose rule as the service applies it, for a farmer of Sunfield
    Farm whose turn it is at the start of a game (rule 1: the game's parser)."""
    rules = get_game("sunfield")
    state = rules.setup(2, {}, 7)
    words = MoveWords.for_game(rules, state)
    lines = prose = failing_before = failing_after = 0
    left: list[str] = []
    for case in replies:
        moves = [c.text for c in split_commands(case.fresh_text(), sender_name=case.sender_name).moves]
        kept = [m for m in moves if not is_prose_for_game(m, rules, state, 0, words)]
        lines, prose = lines + len(moves), prose + len(moves) - len(kept)
        failing_before += bool(moves)
        failing_after += bool(kept)
        left += kept
    print(f"\nprose rule (Sunfield Farm): {prose} of {lines} move-shaped lines of the corpus replies are prose "
          f"({prose / max(lines, 1) * 100:.1f} %); replies that would fail as a whole: "
          f"{failing_before} of {len(replies)} without the rule, {failing_after} with it")
    for line in left:
        print(f"  read as a move attempt: {line[:70]!r}")


if __name__ == "__main__":
    main()
