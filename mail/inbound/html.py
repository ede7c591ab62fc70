"""HTML bodies to text, dropping the quoted part and the signature where the
HTML marks them.

Mail clients mark the quoted previous message, and often the signature, in
HTML. Everything from the first such marker on is cut before conversion:

- any ``<blockquote>`` (a farmer never needs one to write a command), except
  one whose ``cite`` names a web page: that is the writer citing a source,
  HTML's own meaning of the attribute (a quoted mail has ``type="cite"``,
  at most ``cite="mid:…"``);
- Gmail ``gmail_quote``, ``gmail_quote_container``, ``gmail_signature`` and
  its "-- " ``gmail_signature_prefix``;
- Outlook ``divRplyFwdMsg``, ``appendonsend``, Outlook for Mac
  ``OLK_SRC_BODY_SECTION``, Outlook's "Signature" block, the bordered
  "From:" block of Outlook desktop, Exchange / Outlook mobile
  ``messageReplySection`` and ``mail-editor-reference-message-container``;
- Apple Mail ``<blockquote type="cite">`` and ``AppleMailSignature``;
- Thunderbird ``moz-cite-prefix``, ``moz-signature``;
- Yahoo ``yahoo_quoted`` and its ``ydp…signature`` block;
- ProtonMail ``protonmail_quote``, ``protonmail_signature_block``;
- Zimbra ``zwchr`` rule and ``data-marker`` ``__DIVIDER__``, ``__HEADERS__``,
  ``__QUOTED_TEXT__``, ``__SIG_PRE__``;
- a rule (``<hr>``) followed by a "From:" header: as talon does, the block
  holding both goes (its text before the rule is the sender's name), unless
  that block is the whole body.

The conversion itself is inscriptis (chosen by measurement, see docs/mail.md):
it lays out tables and block elements the way a reader sees them.
"""

from __future__ import annotations

import re
import textwrap

import lxml.html
from inscriptis import get_text
from lxml import etree


def _has_class(name: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


_MARKERS = " | ".join(
    [
        "//blockquote[not(starts-with(@cite, 'http:') or starts-with(@cite, 'https:'))]",
        *(f"//*[{_has_class(name)}]" for name in (
            "gmail_quote", "gmail_quote_container", "gmail_signature", "gmail_signature_prefix",
            "moz-cite-prefix", "moz-signature", "protonmail_quote", "protonmail_signature_block",
            "yahoo_quoted",
        )),
        "//*[@id='divRplyFwdMsg' or @id='OLK_SRC_BODY_SECTION' or @id='appendonsend' or @id='Signature'"
        " or @id='AppleMailSignature' or @id='mail-editor-reference-message-container' or @id='zwchr']",
        "//*[@name='messageReplySection']",
        "//*[starts-with(@id, 'yahoo_quoted')]",
        "//*[starts-with(@id, 'ydp') and contains(@id, 'signature')]",
        "//*[@data-marker='__DIVIDER__' or @data-marker='__HEADERS__' or @data-marker='__QUOTED_TEXT__'"
        " or @data-marker='__SIG_PRE__']",
        "//hr[@id='stopSpelling']",
        # Outlook desktop: a div with a top border whose first words are "From:"
        "//div[contains(translate(@style, ' ', ''), 'border-top:solid')]"
        "[starts-with(normalize-space(.), 'From:') or starts-with(normalize-space(.), 'Von:')"
        " or starts-with(normalize-space(.), 'De :') or starts-with(normalize-space(.), 'De:')]",
    ]
)

#: the header labels that start a quoted mail's header block after a rule
_FROM_HEADER = re.compile(r"^\s*(?:from|von|de|van|da|fra|från|od|от)\s*:", re.IGNORECASE)


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
    markers = root.xpath(_MARKERS) + _rules_before_a_header(root)
    if not markers:
        return
    order = {element: index for index, element in enumerate(root.iter())}
    first = min(markers, key=lambda element: order.get(element, 0))
    _truncate_from(first)


def _rules_before_a_header(root) -> list:
    """``<hr>`` rules followed by a "From:" header, each as the element to cut
    from: the div holding the rule and the header, unless that div is all the
    body holds, else the rule itself."""
    found = []
    for rule in root.iter("hr"):
        after = [rule.tail or ""]
        for sibling in rule.itersiblings():
            after.append(sibling.text_content() if isinstance(sibling.tag, str) else "")
            after.append(sibling.tail or "")
            if len("".join(after).strip()) > 20:
                break
        if not _FROM_HEADER.match("".join(after)):
            continue
        holder = rule.getparent()
        is_whole_body = holder is None or holder.tag != "div" or (
            holder.getparent() is not None and holder.getparent().tag == "body" and len(holder.getparent()) == 1
        )
        found.append(rule if is_whole_body else holder)
    return found


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
