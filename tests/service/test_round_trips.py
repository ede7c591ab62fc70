"""What a move costs the database: the statements its worker sends while
applying it, read from SQLAlchemy's ``before_cursor_execute`` event (one
statement, one round trip; transaction control, which SQLite's BEGIN
IMMEDIATE adds, is not counted). The turn mail's options, view and account
are completed by the mail task (notify.full_context), not here; so are
those of the mails a farmer who played by mail gets back.

A move mailed in reply to a turn mail is read first (the inbound task):
its transactions are counted too (each one costs its BEGIN and COMMIT, and
the pool's ping of the connection, beside its statements).

Pebbles (tests/service/toygame.py): take 1 or 2 pebbles, then end the turn.
"""

from __future__ import annotations

from contextlib import contextmanager

from sqlalchemy import event

from service.core.queue import NullQueue
from service.inbound.receive import process_inbound, receive
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game, join
from tests.mail.replies import gmail_reply
from tests.service.helpers import game_row, mailbox, mails

#: the most statements a move may send (issue 15), beside PostgreSQL's lock
MOST = 5


#: the most transactions reading a mailed move may take, its move request's included
MOST_TRANSACTIONS_TO_READ_A_REPLY = 4


@contextmanager
def statements(svc, transactions: list | None = None):
    """The statements sent meanwhile; ``transactions`` gets one item per transaction begun."""
    sent: list[str] = []

    def count(_conn, _cursor, statement, *_):
        if statement.split(None, 1)[0].upper() not in ("BEGIN", "COMMIT", "ROLLBACK"):
            sent.append(statement)

    def begun(_conn):
        if transactions is not None:
            transactions.append(len(sent))

    event.listen(svc.db.engine, "before_cursor_execute", count)
    event.listen(svc.db.engine, "begin", begun)
    try:
        yield sent
    finally:
        event.remove(svc.db.engine, "before_cursor_execute", count)
        event.remove(svc.db.engine, "begin", begun)


def beside_the_lock(svc, sent: list[str]) -> list[str]:
    """The statements but the lock: PostgreSQL locks the game in a statement
    of its own before reading the request, the game, its seats and clocks
    (``lookup.lock_request``: a statement that waited for a lock reads the
    rows joined to the locked one as they were before); SQLite's transaction
    holds the write lock from its BEGIN."""
    if svc.db.is_sqlite:
        return sent
    lock, *rest = sent
    assert "FOR UPDATE OF games" in lock, lock
    return rest


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
    assert len(beside_the_lock(svc, sent)) <= MOST, "\n".join(sent)
    assert not any(s.lstrip().upper().startswith("SELECT") and "move_log" in s for s in sent)


def test_a_turn_ending_move_with_its_turn_mail_is_applied_in_at_most_five_statements(svc):
    started_game(svc)
    playing.apply_move_request(svc, submitted(svc, 0, "take:1"))
    request_id = submitted(svc, 0, "end")
    with statements(svc) as sent:
        assert playing.apply_move_request(svc, request_id).status == "applied"
    assert len(beside_the_lock(svc, sent)) <= MOST, "\n".join(sent)
    assert [m.to_addr for m in mails(svc, "turn")][-1] == "bob@example.org"


def test_a_move_mailed_in_reply_to_a_turn_mail_is_read_in_four_transactions_and_applied_in_five_statements(svc):
    started_game(svc)
    turn_mail = mailbox(svc, "ann@example.org")[-1]
    # Ann's first mail to the game (her clock learns her time zone from it, once)
    process_inbound(svc, receive(svc, gmail_reply(turn_mail, "Ann <ann@example.org>", "moves"), source="ingest").id)
    inbound_id = receive(svc, gmail_reply(turn_mail, "Ann <ann@example.org>", "take 1"), source="ingest").id

    transactions: list[int] = []
    with statements(svc, transactions) as read:
        row = process_inbound(svc, inbound_id)
    assert row.outcome == "queued"
    assert len(transactions) <= MOST_TRANSACTIONS_TO_READ_A_REPLY, "\n".join(read)
    # the mail answered is read by its kept text part, not parsed again from its bytes
    assert not any("outgoing_mail.raw" in s and s.lstrip().upper().startswith("SELECT") for s in read)

    with statements(svc) as sent:
        assert playing.apply_move_request(svc, row.request_id).status == "applied"
    assert len(beside_the_lock(svc, sent)) <= MOST, "\n".join(sent)
    assert not any(s.lstrip().upper().startswith("SELECT") and "move_log" in s for s in sent)
    [continued] = [m for m in mails(svc, "turn") if "continues" in m.subject]  # told the turn so far when sent
    assert continued.to_addr == "ann@example.org"


def test_a_turn_mailed_in_whole_is_applied_with_its_two_mails_in_six_statements_on_postgresql(svc):
    """The account to the farmer who mailed the turn (held: it goes only if
    no other mail tells her the turn was applied) and the next farmer's
    turn mail go in one INSERT, as do the turn's two log entries; SQLite's
    driver writes each row with its own. One statement more than a move by
    link: the confirmation line kept on her seat for her next mail."""
    started_game(svc)
    turn_mail = mailbox(svc, "ann@example.org")[-1]
    process_inbound(svc, receive(svc, gmail_reply(turn_mail, "Ann <ann@example.org>", "moves"), source="ingest").id)
    row = process_inbound(svc, receive(svc, gmail_reply(turn_mail, "Ann <ann@example.org>", "take 2\nend"),
                                       source="ingest").id)

    with statements(svc) as sent:
        assert playing.apply_move_request(svc, row.request_id).status == "applied"

    rows_each = 2 if svc.db.is_sqlite else 0  # a second log entry, a second mail
    confirmation = 1  # UPDATE seats SET plan_news: "Your answer of … was applied: take 2, end."
    assert len(beside_the_lock(svc, sent)) <= MOST + rows_each + confirmation, "\n".join(sent)
    assert not any(s.lstrip().upper().startswith("SELECT") and "move_log" in s for s in sent)
    assert [(m.kind, m.to_addr) for m in mails(svc)[-2:]] == [("turn", "bob@example.org"),
                                                              ("account", "ann@example.org")]
