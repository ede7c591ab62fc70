"""HTML bodies to text, dropping the quoted part where the HTML marks it.

Mail clients mark the quoted previous message unambiguously in HTML (Gmail's
``gmail_quote``, Apple Mail's and Thunderbird's ``<blockquote type="cite">``,
Outlook's ``divRplyFwdMsg`` and its bordered "From:" block, Outlook for Mac's
``OLK_SRC_BODY_SECTION``, Yahoo's ``yahoo_quoted``). Everything from the first
such marker on is cut before conversion; a plain ``<blockquote>`` may be the
farmer's own citation and is kept (the text layer cuts at its quote header).

The conversion itself is inscriptis (chosen by measurement, see docs/mail.md):
it lays out tables and block elements the way a reader sees them.
"""

from __future__ import annotations

import re
import textwrap

import lxml.html
from inscriptis import get_text
from lxml import etree

_MARKERS = " | ".join(
    [
        "//*[contains(concat(' ', normalize-space(@class), ' '), ' gmail_quote ')]",
        "//*[contains(concat(' ', normalize-space(@class), ' '), ' gmail_quote_container ')]",
        "//blockquote[translate(@type, 'CITE', 'cite')='cite']",
        "//*[contains(concat(' ', normalize-space(@class), ' '), ' moz-cite-prefix ')]",
        "//*[@id='divRplyFwdMsg' or @id='OLK_SRC_BODY_SECTION' or @id='appendonsend']",
        "//*[starts-with(@id, 'yahoo_quoted') or contains(@class, 'yahoo_quoted')]",
        "//hr[@id='stopSpelling']",
        # Outlook desktop: a div with a top border whose first words are "From:"
        "//div[contains(translate(@style, ' ', ''), 'border-top:solid')]"
        "[starts-with(normalize-space(.), 'From:') or starts-with(normalize-space(.), 'Von:')"
        " or starts-with(normalize-space(.), 'De :') or starts-with(normalize-space(.), 'De:')]",
    ]
)


def html_to_text(html: str) -> str:
    """The visible text of an HTML body above its quoted part."""
    html = html.strip()
    if not html:
        return ""
    try:
        root = lxml.html.fromstring(_drop_xml_declaration(html))
        _cut_at_first_quote(root)
        html = etree.tostring(root, encoding="unicode", method="html")
    except (etree.ParserError, ValueError, TypeError):
        pass  # unparseable: convert what is there
    text = textwrap.dedent(get_text(html))  # inscriptis indents by CSS margins
    return "\n".join(line.rstrip() for line in text.splitlines()).strip("\n")


def _cut_at_first_quote(root) -> None:
    markers = root.xpath(_MARKERS)
    if not markers:
        return
    order = {element: index for index, element in enumerate(root.iter())}
    first = min(markers, key=lambda element: order.get(element, 0))
    _truncate_from(first)


def _truncate_from(element) -> None:
    """Remove ``element`` and everything after it in document order."""
    node = element
    while node is not None:
        parent = node.getparent()
        if parent is None:
            break
        for sibling in list(node.itersiblings()):
            parent.remove(sibling)
        node.tail = None
        node = parent
    parent = element.getparent()
    if parent is not None:
        parent.remove(element)


def _drop_xml_declaration(html: str) -> str:
    # lxml refuses str input that carries an encoding declaration
    return re.sub(r"\A\s*<\?xml[^>]*\?>", "", html)
