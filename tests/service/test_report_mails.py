"""The mails with the end-game report: they wait in a queue of their own
(a report is half a second of WeasyPrint, and no turn mail of another game
should wait behind it), and the report is rendered once for all the
farmers of a game."""

from __future__ import annotations

from datetime import timedelta

import boards
from boards import MemoryStore, SnapshotCache, sample_game
from mail.outgoing import compose
from service.ops import failed_work
from service.ops.sweep import sweep_pending
from service.storage.models import OutgoingMail
from service.usecases import playing
from tests.service.helpers import RecordingQueue, game_row, mails
from tests.service.played import ANN, ANN_WINS, BOB, play_turns, started


def last_turn_played_with(svc, queue) -> int:
    """A game of Pebbles played to its last turn, that turn submitted and
    applied with ``queue`` as the broker; returns the game's id."""
    game_id = started(svc, ANN, BOB)
    play_turns(svc, game_id, ANN_WINS[:-1])
    svc.queue = queue
    game = game_row(svc, game_id)
    playing.submit_move(svc, game_id, game.state["turn"], ANN_WINS[-1], source="web", base_version=game.version)
    [request_id] = queue.requests
    assert playing.apply_move_request(svc, request_id).status == "applied"
    assert game_row(svc, game_id).status == "over"
    return game_id


def test_given_a_game_s_last_turn_when_it_is_applied_then_the_final_mails_go_to_the_reports_queue(svc):
    broker = RecordingQueue()
    last_turn_played_with(svc, broker)
    finals = [m.id for m in mails(svc, "final")]
    assert len(finals) == 2
    assert sorted(broker.reports) == sorted(finals)
    assert not set(broker.mails) & set(finals)  # every other mail of the move goes to the mail queue


def test_the_sweeper_queues_a_final_mail_left_pending_again_on_the_reports_queue(svc):
    """Given the broker was away when the game ended, when beat sweeps,
    then the final mails go to the reports queue, as they would have."""
    last_turn_played_with(svc, RecordingQueue())  # the mails stay pending: no worker took them
    recording = RecordingQueue()
    svc.queue = recording
    sweep_pending(svc, older_than=timedelta(0))
    finals = {m.id for m in mails(svc, "final")}
    assert set(recording.reports) == finals
    assert not set(recording.mails) & finals


def test_an_operator_s_retry_of_a_failed_final_mail_goes_to_the_reports_queue(svc):
    last_turn_played_with(svc, RecordingQueue())
    [first, _] = mails(svc, "final")
    with svc.db.transaction() as session:
        session.get(OutgoingMail, first.id).status = "failed"
    recording = RecordingQueue()
    svc.queue = recording
    assert failed_work.retry(svc, "mail", first.id)
    assert [(job, ident) for job, ident, _ in recording.jobs] == [("report", first.id)]


def test_the_report_is_rendered_once_for_all_the_farmers_of_a_game(monkeypatch):
    """Given the final mails of a Sunfield game to both its farmers, when
    the mail worker composes them, then both carry the same report,
    rendered once."""
    sample = sample_game("sunfield", 2, seed=7)
    report = sample.report()
    rendered = []
    render = boards.report_pdf

    def counted(*args):
        rendered.append(args)
        return render(*args)

    monkeypatch.setattr(boards, "report_pdf", counted)
    cache = SnapshotCache(MemoryStore())
    pdfs = [compose.snapshot_pdf(final_context(sample, report, seat), cache) for seat in (0, 1)]
    assert len(rendered) == 1
    assert pdfs[0] == pdfs[1] and pdfs[0].startswith(b"%PDF")
    assert compose.snapshot_pdf(final_context(sample, report, 0)) == pdfs[0]  # the same as without the cache


def final_context(sample, report: dict, seat: int, language: str = "en") -> dict:
    """What a final mail's composing reads of its context for the PDF."""
    return {"kind": "final", "version": 90, "report": report,
            "game": {"id": 12, "kind": "sunfield", "title": "Sunfield Farm #12"},
            "seat": {"position": seat, "name": sample.names[seat]},
            "farmers": [{"name": name} for name in sample.names],
            "envelope": {"language": language}}  # the report is kept per language, the recipient's


def test_given_a_french_and_an_english_farmer_then_each_final_mail_carries_the_report_in_their_language():
    import io

    import pypdf

    sample = sample_game("sunfield", 2, seed=7)
    report = sample.report()
    cache = SnapshotCache(MemoryStore())
    french, english = (compose.snapshot_pdf(final_context(sample, report, seat, language), cache)
                       for seat, language in ((0, "fr"), (1, "en")))

    def text(pdf: bytes) -> str:
        return " ".join(page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages[:1])

    assert "Classement final" in text(french) and "Final ranking" in text(english)
    assert sorted(key.language for key in cache.store.items) == ["en", "fr"]


def test_the_final_mail_tells_every_move_since_the_farmers_last_turn(svc):
    # given Ann, Bob and Cat at Pebbles, where Bob's whole turn and then Cat's last take end the game
    from tests.service.played import CAT, SHARED, finished

    game_id = finished(svc, ANN, BOB, CAT, turns=SHARED)
    # when the final mails go out
    finals = {m.to_addr: m for m in mails(svc, "final") if m.game_id == game_id}

    def told(address):
        return [(line["farmer"], line["text"]) for line in finals[address].context["account"]]

    # then Ann is told Bob's turn as well as Cat's last move, not the last turn alone
    assert told("ann@example.org") == [("Bob", "take 2"), ("Bob", "take 2"), ("Bob", "end"), ("Cat", "take 1")]
    # Bob, Cat's last move; Cat, her own (her turn mail told her the rest)
    assert told("bob@example.org") == [("Cat", "take 1")]
    assert told("cat@example.org") == [("You", "take 1")]
