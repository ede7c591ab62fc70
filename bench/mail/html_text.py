"""Compare HTML-to-text converters on the corpus's HTML replies; print a table.

    python -m bench mail.html_text

Each converter gets the HTML after our quote-marker cut (mail/inbound/html.py)
and its text then goes through our quote stripping; a case succeeds when the
result equals the expected reply ignoring whitespace and '*'. Converters that
are not installed are skipped. Each row: the converter, the cases it gets
right, and its time per mail.
"""

from __future__ import annotations

import time

import lxml.html
from lxml import etree

from bench.common import parser
from mail.inbound import html as html_module
from mail.inbound.body import decode_part
from mail.inbound.charsets import decode_bytes
from mail.inbound.message import parse_message
from mail.inbound.quotes import strip_quotes
from tests.mail.corpus_cases import cases, same

#: the corpus's HTML replies are the short run too: a second
SHORT: list[str] = []


def html_cases():
    for case in cases("reply", with_expected=True):
        if case.entry["format"] == "html-body":
            yield case, decode_bytes(case.raw())
        elif case.entry["format"] == "rfc822":
            message = parse_message(case.raw()).message
            if not any(p.get_content_type() == "text/plain" for p in message.walk()):
                html = next((p for p in message.walk() if p.get_content_type() == "text/html"), None)
                if html is not None:
                    yield case, decode_part(html)


def cut(html: str) -> str:
    root = lxml.html.fromstring(html_module._drop_xml_declaration(html))
    html_module._cut_at_first_quote(root)
    return etree.tostring(root, encoding="unicode", method="html")


def converters():
    from inscriptis import get_text

    out = {"inscriptis": get_text, "lxml text_content": lambda h: lxml.html.fromstring(h).text_content()}
    try:
        import html2text

        def with_html2text(h: str) -> str:
            parser = html2text.HTML2Text()
            parser.body_width = 0
            return parser.handle(h)

        out["html2text"] = with_html2text
    except ImportError:
        print("html2text not installed")
    return out


def main(argv: list[str] | None = None) -> None:
    parser(__doc__, __spec__).parse_args(argv)
    prepared = [(case, cut(html)) for case, html in html_cases()]
    print(f"{len(prepared)} HTML-only replies with an expected text")
    for name, convert in converters().items():
        started = time.perf_counter()
        ok = sum(same(strip_quotes(convert(html)), case.expected_reply) for case, html in prepared)
        elapsed = (time.perf_counter() - started) / len(prepared) * 1000
        print(f"{name:20} {ok:>3}/{len(prepared)}  {elapsed:.2f} ms/mail")


if __name__ == "__main__":
    main()
