"""What a move costs the database: the statements its worker sends while
applying it, read from SQLAlchemy's ``before_cursor_execute`` event (one
statement, one round trip; transaction control, which SQLite's BEGIN
IMMEDIATE adds, is not counted). The turn mail's options, view and account
are completed by the mail task (notify.full_context), not here.

Pebbles (tests/service/toygame.py): take 1 or 2 pebbles, then end the turn.
"""

from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import event

from service.queue import NullQueue
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game, join
from tests.service.helpers import game_row, mails

#: the most statements a move may send (issue 15)
MOST = 5


@contextmanager
def statements(svc):
    sent: list[str] = []

    def count(_conn, _cursor, statement, *_):
        if statement.split(None, 1)[0].upper() not in ("BEGIN", "COMMIT", "ROLLBACK"):
            sent.append(statement)

    event.listen(svc.db.engine, "before_cursor_execute", count)
    try:
        yield sent
    finally:
        event.remove(svc.db.engine, "before_cursor_execute", count)


def started_game(svc):
    create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org"),
                             FarmerSpec("Cat", "cat@example.org")], host=0, seed=1)
    join(svc, 1, 1)
    join(svc, 1, 2)
    svc.queue = NullQueue()  # the request is applied below, by hand, while counting


def submitted(svc, seat, code):
    return playing.submit_move(svc, 1, seat, [code], source="link", base_version=game_row(svc).version)


def test_an_ordinary_move_is_applied_in_at_most_five_statements_without_reading_the_log(svc):
    started_game(svc)
    request_id = submitted(svc, 0, "take:1")
    with statements(svc) as sent:
        assert playing.apply_move_request(svc, request_id).status == "applied"
    assert len(sent) <= MOST, "\n".join(sent)
    assert not any(s.lstrip().upper().startswith("SELECT") and "move_log" in s for s in sent)


def test_a_turn_ending_move_with_its_turn_mail_is_applied_in_at_most_five_statements(svc):
    started_game(svc)
    playing.apply_move_request(svc, submitted(svc, 0, "take:1"))
    request_id = submitted(svc, 0, "end")
    with statements(svc) as sent:
        assert playing.apply_move_request(svc, request_id).status == "applied"
    assert len(sent) <= MOST, "\n".join(sent)
    assert [m.to_addr for m in mails(svc, "turn")][-1] == "bob@example.org"
