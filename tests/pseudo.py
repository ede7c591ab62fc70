"""Finding text that bypassed the catalogs: render in the pseudo-locale
``qps`` (every translated string comes out between ``⟦`` and ``⟧``), then
ask :func:`unmarked_html` or :func:`unmarked_text` what a reader would see
outside the marks.

What is not words is allowed: numbers, game notation (``b2``, ``c10``,
``#12``), addresses, links, punctuation and symbols, and the names a test
passes in ``allowed`` (farmers', the service's). Everything else left over
is returned, so a test asserts ``== []`` and its failure lists the words.
"""

from __future__ import annotations

import re

from boards.i18n import MARK_CLOSE, MARK_OPEN, PSEUDO, translator

#: tokens that are not words of any language
NOT_WORDS = [
    re.compile(r"[^\w]*"),                                    # punctuation, symbols, arrows
    re.compile(r"[+\-−±]?\d+([.,:/×x]\d+)*[%°]?"),             # numbers, scores, times, ratios
    re.compile(r"#\d+"),                                       # a game's or a move's number
    re.compile(r"[a-z]\d{1,2}([-:][a-z]?\d{1,2})*", re.I),    # game notation: b2, c10, a1-b2
    re.compile(r"[\w.+-]+@[\w.-]+"),                           # addresses
    re.compile(r"(https?://|/)\S*"),                           # links and paths
    re.compile(r"[A-Z0-9]{4,}(-[A-Z0-9]{4,})*"),               # codes and tokens
]

_MARKED = re.compile(re.escape(MARK_OPEN) + r"[^" + MARK_OPEN + MARK_CLOSE + r"]*" + re.escape(MARK_CLOSE), re.S)
_ATTRIBUTES = ("alt", "title", "aria-label", "placeholder")
_BUTTON_VALUE = {"submit", "button", "reset"}


def qps():
    """The pseudo-locale's translator, for a test's ``i18n=`` context."""
    return translator(PSEUDO)


def strip_marked(text: str) -> str:
    """``text`` without its marked parts (innermost first, so a marked
    sentence holding a marked word goes whole)."""
    while True:
        stripped = _MARKED.sub(" ", text)
        if stripped == text:
            return stripped
        text = stripped


def words_outside(text: str, allowed=()) -> list[str]:
    """The words of ``text`` outside the marks that are not allowed."""
    allowed_words = {w.lower() for name in allowed for w in name.split()}
    left = strip_marked(text)
    for name in allowed:
        left = left.replace(name, " ")
    found = []
    for token in left.split():
        core = token.strip("()[]{}.,;:!?\"'«»„“”‘’…*_|")
        if not core or core.lower() in allowed_words:
            continue
        if any(pattern.fullmatch(core) for pattern in NOT_WORDS):
            continue
        found.append(core)
    return found


def unmarked_text(text: str, allowed=()) -> list[str]:
    """The unmarked words of a plain-text rendering, line by line
    (``"line 3: Turn"``)."""
    return [f"line {number}: {word}" for number, line in enumerate(text.splitlines(), 1)
            for word in words_outside(line, allowed)]


def unmarked_html(html: str, allowed=()) -> list[str]:
    """The unmarked words a reader of ``html`` sees or hears: its text
    (scripts and styles left out; marks may span elements) and the alt,
    title, aria-label and placeholder attributes and buttons' values."""
    from lxml import html as lxml_html

    root = lxml_html.fromstring(html) if html.strip() else None
    if root is None:
        return []
    for hidden in root.xpath("//script|//style|//template|//comment()"):
        hidden.drop_tree()
    spoken = []
    for element in root.iter():
        for name in _ATTRIBUTES:
            if element.get(name):
                spoken.append((f"{element.tag}@{name}", element.get(name)))
        if element.get("value") and (element.tag == "button" or (
                element.tag == "input" and (element.get("type") or "").lower() in _BUTTON_VALUE)):
            spoken.append((f"{element.tag}@value", element.get("value")))
    found = [f"text: {word}" for word in words_outside(" ".join(root.itertext()), allowed)]
    found += [f"{where}: {word}" for where, value in spoken for word in words_outside(value, allowed)]
    return found
