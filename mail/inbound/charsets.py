"""Decode bytes whose charset label may be missing, unknown or wrong."""

from __future__ import annotations

import codecs

#: charset labels seen in the wild that Python's codec registry does not know
_CHARSET_ALIASES = {
    "unicode-1-1-utf-7": "utf-7",
    "x-unknown": "utf-8",
    "unknown-8bit": "utf-8",
    "ansi_x3.4-1968": "ascii",
    "cp-850": "cp850",
    "x-mac-roman": "mac-roman",
}


def decode_bytes(data: bytes, label: str = "") -> str:
    """Decode bytes under a charset label that may be missing, unknown or wrong.

    Bytes that are valid UTF-8 are read as UTF-8 whatever the label says:
    mislabelled UTF-8 is common, while legacy text that happens to be valid
    UTF-8 (beyond ASCII) is vanishingly rare.
    """
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    label = _CHARSET_ALIASES.get(label.strip().lower(), label.strip().lower())
    if label and label not in ("utf-8", "utf8"):
        try:
            codecs.lookup(label)
            return data.decode(label)
        except (LookupError, UnicodeDecodeError, ValueError):
            pass
    from charset_normalizer import from_bytes  # only for the rare mail that lies: 0.1 s to import

    guess = from_bytes(data).best()
    if guess is not None:
        return str(guess)
    return data.decode("latin-1")
