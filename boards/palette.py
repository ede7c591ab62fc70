"""The colours every board uses, chosen to stay apart for colour-blind readers.

Colours come from the Okabe-Ito palette (safe for the common colour vision
deficiencies). Every colour is a light *fill* for backgrounds with an *ink*
that reads on it, and is always shown next to a word or letter: a board never
says anything with colour alone. Fills and inks are both set explicitly, so a
mail client that forces dark mode has no transparent text to lose.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Swatch:
    """A named colour: ``fill`` for backgrounds, ``ink`` for text on it,
    ``strong`` for lines and markers, ``letter`` as the colour's written sign."""

    name: str
    fill: str
    ink: str
    strong: str
    letter: str


_SWATCHES = {
    # Okabe-Ito hues as strong colours; fills are light tints of them.
    "orange": Swatch("orange", "#fbe3b3", "#3d2a00", "#e69f00", "O"),
    "sky": Swatch("sky", "#d3ebf9", "#0b2e44", "#56b4e9", "S"),
    "green": Swatch("green", "#c6eadf", "#00332a", "#009e73", "G"),
    "yellow": Swatch("yellow", "#fbf6c2", "#3a3500", "#c9bc00", "Y"),
    "blue": Swatch("blue", "#c7def0", "#002a4a", "#0072b2", "B"),
    "red": Swatch("red", "#f6d2bd", "#4a1d00", "#d55e00", "R"),
    "purple": Swatch("purple", "#f1dbe8", "#3f1530", "#cc79a7", "P"),
    "brown": Swatch("brown", "#e8d9c8", "#3b2714", "#8c6239", "N"),
    "grey": Swatch("grey", "#e6e6e6", "#222222", "#777777", "-"),
}

#: synonyms the games use for the same hues
_ALIASES = {"vermillion": "red", "pink": "purple", "violet": "purple", "gray": "grey", "light blue": "sky"}

NEUTRAL = _SWATCHES["grey"]


def swatch(name: str | None) -> Swatch:
    """The swatch for a colour word of a game; unknown words get neutral grey
    (the label next to it still carries the meaning)."""
    key = (name or "").strip().lower()
    key = _ALIASES.get(key, key)
    return _SWATCHES.get(key, NEUTRAL)


@dataclass(frozen=True)
class FarmerStyle:
    """How one seat is drawn in charts and markers: colour, marker and dash,
    so farmers stay apart in black-and-white print too."""

    colour: str
    marker: str  # circle | square | triangle | diamond
    dash: str  # SVG stroke-dasharray, "" for a solid line


FARMERS = (
    FarmerStyle("#0072b2", "circle", ""),
    FarmerStyle("#d55e00", "square", "6 3"),
    FarmerStyle("#009e73", "triangle", "2 3"),
    FarmerStyle("#cc79a7", "diamond", "8 3 2 3"),
)


def farmer_style(seat: int) -> FarmerStyle:
    return FARMERS[seat % len(FARMERS)]
