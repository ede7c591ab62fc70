"""Seeded sample games of both games, shared by the board tests."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tempfile
from functools import cache

import pytest

from boards.samples import SampleGame, sample_game

#: (game, farmers, options): 2 and 4 farmers, advanced mode, solo Harvest
CASES = [
    ("sunfield", 2, {}),
    ("sunfield", 4, {"advanced": True}),
    ("harvest", 1, {}),
    ("harvest", 2, {}),
    ("harvest", 4, {}),
]
STAGES = ("start", "middle", "end")


@cache
def game(name: str, seats: int, advanced: bool = False) -> SampleGame:
    return sample_game(name, seats, {"advanced": True} if advanced else {}, seed=11)


def case_id(case) -> str:
    name, seats, options = case
    return f"{name}-{seats}p" + ("-advanced" if options.get("advanced") else "")


@pytest.fixture(params=CASES, ids=case_id)
def sample(request) -> SampleGame:
    name, seats, options = request.param
    return game(name, seats, bool(options.get("advanced")))


def pdf_text(data: bytes) -> tuple[int, str]:
    """Page count and the text of every page, with runs of spaces squeezed."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    text = "\n".join(page.extract_text() or "" for page in reader.pages)
    return len(reader.pages), " ".join(text.split())


def require_tool(name: str) -> str:
    """A tool the tests need; in CI a missing tool is a failure, never a skip."""
    path = shutil.which(name)
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{name} is not installed (apt-get install poppler-utils / chromium)")
        pytest.skip(f"{name} is not installed")
    return path


def rasterise(data: bytes, resolution: int = 30) -> list:
    """Each page of a PDF as a greyscale image, through pdftoppm."""
    from PIL import Image

    require_tool("pdftoppm")
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "in.pdf")
        with open(source, "wb") as out:
            out.write(data)
        subprocess.run(["pdftoppm", "-r", str(resolution), "-gray", source, os.path.join(folder, "page")], check=True)
        pages = sorted(p for p in os.listdir(folder) if p.startswith("page"))
        return [Image.open(os.path.join(folder, p)).copy() for p in pages]


def inked_share(image) -> float:
    """The share of pixels that are not paper white."""
    histogram = image.histogram()
    return 1 - sum(histogram[240:]) / sum(histogram)
