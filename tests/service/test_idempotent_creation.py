"""A new@ mail processed twice (a crash between creating the game and
recording the mail's outcome) makes one game, and once its creator confirms
it, its invitations go out once."""

from __future__ import annotations

from sqlalchemy import func, select

from service.inbound.receive import process_inbound, receive
from service.storage.models import Game, InboundMail, OutgoingMail
from service.usecases.creation import FarmerSpec, confirm_game, create_game

ANN, BOB = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")

NEW_GAME = (b"From: Anna <anna@example.org>\r\nTo: new@farmpost.test\r\nSubject: game\r\n"
            b"Message-ID: <new-twice@example.org>\r\n\r\nnew toy with bob@example.org\r\n")


def count(svc, model, *where) -> int:
    with svc.db.transaction() as session:
        return session.scalar(select(func.count()).select_from(model).where(*where))


def test_the_same_creation_key_twice_gives_the_first_game(svc):
    first = create_game(svc, "toy", [ANN, BOB], host=0, creation_key="mail:<a@example.org>")
    again = create_game(svc, "toy", [ANN, BOB], host=0, creation_key="mail:<a@example.org>")
    assert again.game_id == first.game_id
    assert again.host_url.rsplit("/", 1)[0] == first.host_url.rsplit("/", 1)[0]  # the same seat (tokens carry a time)
    assert count(svc, Game) == 1
    assert count(svc, OutgoingMail, OutgoingMail.kind == "invite") == 1
    other = create_game(svc, "toy", [ANN, BOB], host=0, creation_key="mail:<b@example.org>")
    assert other.game_id != first.game_id


def test_a_new_game_mail_processed_again_after_a_crash_makes_one_game(svc):
    inbound_id = receive(svc, NEW_GAME, source="ingest").id
    assert count(svc, Game) == 1
    with svc.db.transaction() as session:  # as if the worker died before recording the outcome
        row = session.get(InboundMail, inbound_id)
        row.outcome, row.processed_at = "pending", None
    row = process_inbound(svc, inbound_id)
    assert row.outcome == "created"
    assert count(svc, Game) == 1
    assert count(svc, OutgoingMail, OutgoingMail.kind == "invite") == 0  # not before the creator confirms
    confirm_game(svc, row.game_id, 0)
    assert count(svc, OutgoingMail, OutgoingMail.kind == "invite") == 1
