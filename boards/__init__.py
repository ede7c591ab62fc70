"""Boards a farmer reads at a glance: plain text, mail HTML, web HTML, a
drawing (SVG, PNG), PDF.

Every renderer takes a VIEW (``Game.view(state, seat)``), never the full
state, so hidden information (deck order, another farmer's face-down
client) cannot leak into a mail, page or PDF.
"""

from boards.render import (
    render_drawing_html,
    render_html,
    render_png,
    render_report_pdf,
    render_snapshot_pdf,
    render_svg,
    render_text,
)

__all__ = ["render_drawing_html", "render_html", "render_png", "render_report_pdf", "render_snapshot_pdf",
           "render_svg", "render_text"]
