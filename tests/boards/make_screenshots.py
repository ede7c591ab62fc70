"""Draw every board rendering as PNGs in a folder (build/screenshots/ unless --out), to look at.

    .venv/bin/python -m tests.boards.make_screenshots [--out FOLDER]

Mail HTML is shot in headless Chromium at phone width (390 px), once on a
light page and once inside a dark page (as a dark-mode mail client shows it);
the web board at desktop width with the legal options highlighted; PDF
snapshots and report pages through pdftoppm.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path

import boards
from boards import sample_game
from engine import get_game

OUT = Path(__file__).resolve().parents[2] / "build" / "screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-gpu"]

CASES = [
    ("sunfield", 2, {}, ("start", "middle", "end")),
    ("sunfield", 4, {"advanced": True}, ("middle", "end")),
    ("harvest", 1, {}, ("start", "middle", "end")),
    ("harvest", 4, {}, ("middle",)),
]

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body {{ margin: 8px; background: {bg}; color: {fg}; font-family: sans-serif; }}</style>
</head><body><p>Your turn, Céline.</p>{board}</body></html>"""


def shoot(page, html: str, path: Path, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 600})
    page.set_content(html)
    page.screenshot(path=str(path), full_page=True)


def rasterise(pdf: bytes, stem: Path, resolution: int = 70) -> None:
    with tempfile.NamedTemporaryFile(suffix=".pdf") as handle:
        handle.write(pdf)
        handle.flush()
        subprocess.run(["pdftoppm", "-r", str(resolution), "-png", handle.name, str(stem)], check=True)


def main(argv: list[str] | None = None) -> None:
    arguments = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    arguments.add_argument("--out", type=Path, default=OUT, help="the folder to write to (default build/screenshots)")
    out = arguments.parse_args(argv).out.resolve()

    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    for prefix in ("board-", "pdf-", "report-"):  # this script's own pictures only
        for old in out.glob(f"{prefix}*.png"):
            old.unlink()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page()
        for name, seats, options, stages in CASES:
            sample = sample_game(name, seats, options, seed=7)
            game = get_game(name)
            tag = f"{name}-{seats}p" + ("-adv" if options.get("advanced") else "")
            for stage in stages:
                view = sample.view(stage, 0)
                mail = boards.mail_html(name, view, 0, names=sample.names)
                shoot(page, PAGE.format(bg="#ffffff", fg="#1a1a1a", board=mail), out / f"board-{tag}-{stage}-mail.png", 390)
                shoot(page, PAGE.format(bg="#121212", fg="#e8e8e8", board=mail), out / f"board-{tag}-{stage}-mail-dark.png", 390)
                state = sample.at(stage)
                options_now = [m.code() for m in game.legal_moves(state)] if game.to_act(state) == 0 else []
                web = boards.web_html(name, view, 0, highlight=options_now, names=sample.names)
                shoot(page, PAGE.format(bg="#ffffff", fg="#1a1a1a", board=web), out / f"board-{tag}-{stage}-web.png", 1000)
                meta = {"title": f"{game.title} — sample", "game_id": "sample", "version": 12, "names": sample.names}
                rasterise(boards.snapshot_pdf(name, view, 0, meta), out / f"pdf-{tag}-{stage}")
            rasterise(boards.report_pdf(name, sample.report()), out / f"report-{tag}")
        browser.close()
    for path in sorted(out.glob("*.png")):
        print(path)


if __name__ == "__main__":
    main()
