"""The drawn boards as PNGs in a folder (build/screenshots/ unless --out), to look at.

    .venv/bin/python -m tests.boards.make_drawn_screenshots [--out FOLDER] [PNG ...]

Writes ``drawn-<case>-mail-picture.png`` (the picture a turn mail carries),
``drawn-<case>-pdf-<page>.png`` (the turn mail's PDF: the board drawn,
pdftoppm) and ``drawn-<case>-report.png`` (the report's first page of final
boards, drawn). The
seat pages (desktop and a 390 px phone) come from
tests/e2e/test_seat_page_drawn.py and the turn mail in a browser from
tests/e2e/test_browser.py, both run with FARMPOST_SCREENSHOTS=<folder>
(``make screenshots`` runs all of them into build/screenshots/). Every
picture is written with a 256-colour palette to stay small; PNG files named
after the options are made small so too, in place.
"""

from __future__ import annotations

import argparse
import io
import subprocess
import tempfile
from pathlib import Path

from PIL import Image

import boards
from boards import pdf, sample_game
from engine import get_game

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "build" / "screenshots"
CASES = [("sunfield", 4, {"advanced": True}, "middle"), ("harvest", 1, {}, "middle")]


def small(data: bytes | Image.Image, path: Path) -> None:
    image = data if isinstance(data, Image.Image) else Image.open(io.BytesIO(data))
    image.convert("RGB").quantize(256, method=Image.Quantize.MEDIANCUT).save(path, optimize=True)


def pages(pdf: bytes, resolution: int) -> list[Image.Image]:
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.pdf"
        source.write_bytes(pdf)
        subprocess.run(["pdftoppm", "-r", str(resolution), "-png", str(source), f"{folder}/page"], check=True)
        return [Image.open(p).copy() for p in sorted(Path(folder).glob("page*.png"))]


def main(argv: list[str] | None = None) -> None:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--out", type=Path, default=OUT, help="the folder to write to (default build/screenshots)")
    arguments.add_argument("pngs", nargs="*", type=Path, help="screenshots made elsewhere, to make small in place")
    args = arguments.parse_args(argv)
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("drawn-*.png"):
        old.unlink()
    for name, seats, options, stage in CASES:
        sample = sample_game(name, seats, options, seed=7)
        game = get_game(name)
        tag = f"{name}-{seats}p"
        index = {"middle": len(sample.states) // 2}[stage]
        view = sample.view(stage, 0)
        before = game.view(sample.states[max(0, index - 3 * seats)], 0)
        small(boards.picture_png(name, view, 0, names=sample.names, previous=before), out / f"drawn-{tag}-mail-picture.png")
        meta = {"title": f"{game.title} — sample", "game_id": "sample", "version": 12, "names": sample.names}
        snapshot = pages(boards.snapshot_pdf(name, view, 0, meta), 70)
        for number, page in enumerate(snapshot[:2], 1):
            small(page, out / f"drawn-{tag}-pdf-{number}.png")
        report = sample.report()
        drawn = pages(pdf.drawn_pdf(name, report["view"], None, sample.names, "Final boards, drawn", "report"), 70)
        small(drawn[0], out / f"drawn-{tag}-report.png")
    for path in args.pngs:  # screenshots made elsewhere, made small too
        small(path.read_bytes(), path)
    for path in sorted(out.glob("drawn-*.png")):
        print(path, path.stat().st_size // 1024, "KB")


if __name__ == "__main__":
    main()
