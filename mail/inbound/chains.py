"""Split one typed line into the steps it chains: ``take b2, place 1 0``.

A farmer may write several steps of a turn on one line, joined by ``,``,
``;``, ``then`` or ``and``, in French ``puis``, ``ensuite`` or ``et``, in
German ``dann`` or ``und`` (any case, whole words, several in a row such as
``, and then`` count as one). A joint splits only where a new command
begins: the word after it starts with a letter and is a word, not a number
or a coordinate (``place 1, 0``, ``deliver 3 and 4``, ``b2``, ``y=-1``), and
never inside brackets (``place (1, 0)``). A ``say`` keeps the rest of the
line as its message. What the steps mean is the game's business: this only
cuts the line, keeping each step as written.
"""

from __future__ import annotations

import re

#: the words that join steps, in the languages the service speaks
JOINING_WORDS = {
    "en": ("then", "and"),
    "fr": ("puis", "ensuite", "et"),
    "de": ("dann", "und"),
}

_WORDS = "|".join(w for words in JOINING_WORDS.values() for w in words)
#: one joint: punctuation and joining words, as many as are written in a row
_JOINT = re.compile(rf"\s*(?:(?:[,;]|(?<!\S)(?:{_WORDS})(?![\w'’=]))\s*)+", re.IGNORECASE)
#: what a new command starts with: a word of letters (not "b2", not "y=-1")
_COMMAND_START = re.compile(r"[^\W\d_][^\W\d_'’-]*(?:['’-][^\W\d_]+)*(?=\s|$|[.!?:,;])")
_OPEN, _CLOSE = "([{", ")]}"


def split_chain(line: str) -> list[str]:
    """The steps of ``line`` in the order written, each stripped; a line
    that chains nothing is one step (an empty line: none)."""
    steps: list[str] = []
    start = 0
    for cut_from, cut_to in _cuts(line):
        step = line[start:cut_from].strip()
        if step.split(None, 1)[:1] and step.split(None, 1)[0].lower() == "say":
            break  # a say's message is kept whole, joints and all
        if step:
            steps.append(step)
        start = cut_to
    rest = line[start:].strip()
    return steps + [rest] if rest else steps


def _cuts(line: str) -> list[tuple[int, int]]:
    """Where ``line`` is cut: the spans of the joints outside brackets that
    are followed by the start of a command."""
    depth, depths = 0, []
    for ch in line:
        if ch in _CLOSE:
            depth = max(0, depth - 1)
        depths.append(depth)
        if ch in _OPEN:
            depth += 1
    cuts = []
    for joint in _JOINT.finditer(line):
        if depths[joint.start()] or not _COMMAND_START.match(line, joint.end()):
            continue
        cuts.append((joint.start(), joint.end()))
    return cuts
