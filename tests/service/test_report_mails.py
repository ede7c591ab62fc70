"""The mails with the end-game report: the report is rendered once for all
the farmers of a game."""

from __future__ import annotations

from boards import renderings
from boards.cache import MemoryStore, SnapshotCache
from boards.samples import sample_game
from mail.outgoing import compose


def test_the_report_is_rendered_once_for_all_the_farmers_of_a_game(monkeypatch):
    """Given the final mails of a Sunfield game to both its farmers, when
    the mail worker composes them, then both carry the same report,
    rendered once."""
    sample = sample_game("sunfield", 2, seed=7)
    report = sample.report()
    rendered = []
    render = renderings.report_pdf

    def counted(*args):
        rendered.append(args)
        return render(*args)

    monkeypatch.setattr(renderings, "report_pdf", counted)
    cache = SnapshotCache(MemoryStore())
    pdfs = [compose.snapshot_pdf(final_context(sample, report, seat), cache) for seat in (0, 1)]
    assert len(rendered) == 1
    assert pdfs[0] == pdfs[1] and pdfs[0].startswith(b"%PDF")
    assert compose.snapshot_pdf(final_context(sample, report, 0)) == pdfs[0]  # the same as without the cache


def final_context(sample, report: dict, seat: int) -> dict:
    """What a final mail's composing reads of its context for the PDF."""
    return {"kind": "final", "version": 90, "report": report,
            "game": {"id": 12, "kind": "sunfield", "title": "Sunfield Farm #12"},
            "seat": {"position": seat, "name": sample.names[seat]},
            "farmers": [{"name": name} for name in sample.names]}
