"""The drawn board: how big, how fast, and what it adds to a turn mail.

    python -m bench boards.drawing [--repeat 15]

Prints, for sample games (seed 7, middle and end of the game):
- the SVG's size for both games and every farmer count, and the PNG's;
- the PNG's time (the drawing painted by cairo panel by panel, written by
  Pillow with the drawing's palette: what the mail uses), once with every
  panel painted anew and once as the same board again in a worker that
  keeps panel rasters (a turn mail is in between: the panels that changed
  are painted; bench/mail/turn_mail.py), next to rasterising the SVG
  with libvips (librsvg), and with resvg and CairoSVG when they are
  installed (they are not dependencies: the comparison of docs/libraries.md);
- the PDF snapshot's time (the board in words, painted by cairo) and the
  report's drawn pages (cairo), with their page counts;
- the size of a 4-farmer turn mail with its PDF and picture.
Times are medians, as wall time and as CPU time of this process (the
steadier measure on a shared machine). Targets (issue 12): PDF snapshot
<= 150 ms, PNG <= 60 ms, the 4-farmer turn mail <= 250 KB.
"""

from __future__ import annotations

import io
import os
import statistics
from email import policy
from functools import partial
from pathlib import Path

from bench.common import parser
from bench.common import timed as timings

SHORT = ["--repeat", "1"]

CASES = [("sunfield", 2, {}), ("sunfield", 4, {"advanced": True}), ("harvest", 1, {}), ("harvest", 4, {})]
SIZES = [("sunfield", n) for n in (2, 3, 4)] + [("harvest", n) for n in (1, 2, 3, 4)]


def timed(fn, repeat: int) -> tuple[float, float]:
    """Median wall and CPU milliseconds of ``repeat`` calls after a warm-up."""
    wall, cpu = timings(fn, repeat)
    return statistics.median(wall), statistics.median(cpu)


def show(label: str, times: tuple[float, float]) -> tuple[float, float]:
    print(f"  {label:<34} median {times[0]:7.1f} ms wall {times[1]:7.1f} ms cpu")
    return times


def rasterisers() -> dict:
    """The SVG-to-PNG libraries installed here, each as svg -> PNG bytes at the picture's width."""
    from boards import png

    out = {"libvips (pyvips)": lambda svg: png.svg_to_png(svg)}
    try:
        import resvg_py

        fonts = [str(p) for p in Path("/usr/share/fonts/truetype/dejavu").glob("DejaVuSans*.ttf")]
        out["resvg (resvg-py)"] = lambda svg: resvg_py.svg_to_bytes(svg_string=svg, width=png.PNG_WIDTH, skip_system_fonts=True,
                                                                   font_files=fonts)
    except ImportError:
        print("  (resvg-py is not installed)")
    try:
        import cairosvg

        out["CairoSVG"] = lambda svg: cairosvg.svg2png(bytestring=svg.encode(), output_width=png.PNG_WIDTH)
    except ImportError:
        print("  (cairosvg is not installed)")
    return out


def turn_context(sample, stage: str) -> dict:
    from bench.mail.contexts import mail_context

    return mail_context(sample, seat=0, view=sample.view(stage, 0), previous_view=None, version=12, progress="",
                        message_id="<bench@farmpost.example>")


def mail_size(context: dict) -> int:
    """The composed mail's bytes, as sent."""
    from mail.outgoing import compose as composer

    return len(composer.compose(context).as_bytes(policy=policy.SMTP))


def first_png(name, view, names) -> bytes:
    """The picture with every panel painted anew (none kept from before)."""
    import boards
    from boards import png

    png.forget_panels()
    return anew(boards.picture_png, name, view, 0, names=names)


def anew(render_fn, *args, **kwargs):
    """``render_fn`` with the board model and drawing made again (none kept
    in :mod:`boards.memo`), as for the next turn's new view."""
    from boards import memo

    memo.forget()
    return render_fn(*args, **kwargs)


def page_count(data: bytes) -> int:
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(data)).pages)


def main(argv: list[str] | None = None) -> None:
    arguments = parser(__doc__, __spec__)
    arguments.add_argument("--repeat", type=int, default=15,
                           help="timed calls of each rendering after a warm-up call; the other rasterisers a third"
                                " of them, 3 at least (default %(default)s)")
    repeat = arguments.parse_args(argv).repeat

    import boards
    from boards import pdf, sample_game

    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())} ({os.cpu_count()} cores)")

    print("Drawing sizes (seed 7): SVG bytes / PNG bytes, middle and end of the game")
    for name, seats in SIZES:
        sample = sample_game(name, seats, {"advanced": True} if (name, seats) == ("sunfield", 4) else {}, seed=7)
        sizes = []
        for stage in ("middle", "end"):
            svg = boards.picture_svg(name, sample.view(stage, 0), 0, names=sample.names)
            picture = boards.picture_png(name, sample.view(stage, 0), 0, names=sample.names)
            sizes.append(f"{len(svg) / 1024:6.1f} KB / {len(picture) / 1024:6.1f} KB")
        print(f"  {name:<9} {seats} farmer(s): middle {sizes[0]}   end {sizes[1]}")

    firsts, pngs, snapshots, libs = [], [], [], rasterisers()
    for name, seats, options in CASES:
        sample = sample_game(name, seats, options, seed=7)
        meta = {"title": "Bench", "game_id": "bench", "version": 1, "names": sample.names}
        for stage in ("middle", "end"):
            view = sample.view(stage, 0)
            svg = boards.picture_svg(name, view, 0, names=sample.names)
            print(f"\n{name}, {seats} farmer(s){' advanced' if options else ''}, {stage} of the game")
            show("SVG", timed(partial(anew, boards.picture_svg, name, view, 0, names=sample.names), repeat))
            firsts.append(show("PNG, every panel painted", timed(partial(first_png, name, view, sample.names), repeat)))
            pngs.append(show("PNG, same board, panels kept", timed(partial(anew, boards.picture_png, name, view, 0,
                                                                           names=sample.names), repeat)))
            for label, rasterise in libs.items():
                show(f"  the SVG by {label}", timed(partial(rasterise, svg), max(3, repeat // 3)))
            drawn = pdf.drawn_pdf(name, view, 0, sample.names, "t", "n")
            show(f"report's drawn pages ({page_count(drawn)} pages)",
                 timed(partial(anew, pdf.drawn_pdf, name, view, 0, sample.names, "t", "n"), repeat))
            snapshot = boards.snapshot_pdf(name, view, 0, meta)
            snapshots.append(show(f"PDF snapshot ({page_count(snapshot)} pages, {len(snapshot) // 1024} KB)",
                                  timed(partial(anew, boards.snapshot_pdf, name, view, 0, meta), repeat)))
    print(f"\nPNG, every panel painted: median of the cases {statistics.median(w for w, _ in firsts):.1f} ms wall, "
          f"{statistics.median(c for _, c in firsts):.1f} ms cpu (target 60 ms)")
    print(f"PNG, same board again (panels kept): median of the cases {statistics.median(w for w, _ in pngs):.1f} ms "
          f"wall, {statistics.median(c for _, c in pngs):.1f} ms cpu (a turn mail repaints the panels that changed: "
          "bench/mail/turn_mail.py)")
    print(f"PDF snapshot: median of the cases {statistics.median(w for w, _ in snapshots):.1f} ms wall, "
          f"{statistics.median(c for _, c in snapshots):.1f} ms cpu (target 150 ms)")

    print("\nA 4-farmer turn mail (text, HTML, picture, PDF), bytes as sent")
    for name, seats, options in (("sunfield", 4, {"advanced": True}), ("harvest", 4, {})):
        sample = sample_game(name, seats, options, seed=7)
        for stage in ("middle", "end"):
            context = turn_context(sample, stage)
            print(f"  {name:<9} {stage:<6}: {mail_size(context) / 1024:6.1f} KB (target 250 KB)")
    print(f"load average: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
