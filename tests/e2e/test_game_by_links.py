"""End to end: four farmers play a whole game of Sunfield Farm (advanced)
only from the mails they receive, through real HTTP, with a real Celery
worker process applying the moves and sending the mails.

Two set-ups: production-like (PostgreSQL, Redis broker, a real SMTP server on
loopback) and the embedded defaults (SQLite, the filesystem broker, the local
mailbox).
"""

from __future__ import annotations

import json
import re
import time
from collections import Counter

import pytest
import sqlalchemy as sa

from engine import get_game
from service.usecases.creation import FarmerSpec, create_game
from tests.conftest import empty_postgres
from tests.e2e.stack import ONE_STACK_AT_A_TIME, DatabaseMailbox, LinkFarmer, Patience, SmtpSink, Stack

pytestmark = [pytest.mark.integration, pytest.mark.slow, ONE_STACK_AT_A_TIME]

FARMERS = [FarmerSpec(name, f"{name.lower()}@example.org") for name in ("Ann", "Bob", "Cat", "Dan")]
SEED = 20261129


@pytest.fixture(params=["postgresql+redis+smtp", "embedded"])
def stack(request, tmp_path):
    if request.param == "embedded":
        database_url = f"sqlite:///{tmp_path / 'instance' / 'farmpost.sqlite3'}"
        (tmp_path / "instance").mkdir()
        env, inbox = {"DATABASE_URL": database_url, "CELERY_BROKER_URL": "", "SMTP_URL": ""}, DatabaseMailbox(database_url)
    else:
        database_url = request.getfixturevalue("postgres_schema")
        sink = SmtpSink()
        env = {"DATABASE_URL": database_url, "CELERY_BROKER_URL": request.getfixturevalue("redis_url"),
               "SMTP_URL": f"smtp://127.0.0.1:{sink.port}"}
        inbox = sink
    running = Stack(tmp_path, env, inbox).start()
    yield running
    running.stop()
    if request.param != "embedded":
        empty_postgres(database_url)


def test_four_farmers_play_a_whole_advanced_game_by_following_the_links_in_their_mails(stack):
    svc = stack.services
    created = create_game(svc, "sunfield", FARMERS, options={"advanced": True}, host=0, seed=SEED)
    farmers = [LinkFarmer(f.email, seed=SEED + i, activity=stack.activity) for i, f in enumerate(FARMERS)]
    joined = set()
    finals: set[str] = set()
    patience = Patience(120, "the game stalled")
    while len(finals) < len(farmers):
        received = stack.inbox.received()
        patience.check((len(received), stack.activity()), stack.worker_log)
        progressed = False
        for position, farmer in enumerate(farmers):
            for message in farmer.new_mail(received):
                subject = message["Subject"]
                if subject.endswith("you are invited to play"):
                    farmer_joins(farmer, message)
                    joined.add(position)
                elif ": your turn" in subject:
                    farmer.play_turn(message)
                elif subject.endswith("final result"):
                    finals.add(farmer.address)
                progressed = True
        if not progressed:
            time.sleep(0.05)
    assert joined == {1, 2, 3}
    wait_until_outbox_empty(svc, stack)
    check_the_game(svc, stack, created.game_id, farmers)


def farmer_joins(farmer: LinkFarmer, message) -> None:
    """Open the join link of the invitation and press Join."""
    from tests.e2e.stack import CSRF
    from tests.service.helpers import links_in

    text = message.get_body(preferencelist=("plain",)).get_content()
    [url] = links_in(text, "join")
    page = farmer.http.get(url, timeout=30)
    assert "Join the game" in page.text
    page = farmer.http.post(url, data={"csrf_token": CSRF.search(page.text).group(1)}, timeout=30)
    assert page.status_code == 200 and "/g/" in page.url


def wait_until_outbox_empty(svc, stack) -> None:
    patience = Patience(60, "unsent mails in the outbox")
    while True:
        with svc.db.engine.connect() as connection:
            unsent = connection.execute(sa.text("SELECT count(*) FROM outgoing_mail WHERE status <> 'sent'")).scalar()
        if unsent == 0:
            return
        patience.check(unsent, stack.worker_log)
        time.sleep(0.1)


def check_the_game(svc, stack, game_id: int, farmers: list[LinkFarmer]) -> None:
    rules = get_game("sunfield")
    with svc.db.engine.connect() as connection:
        game = connection.execute(sa.text("SELECT status, seed, options, state FROM games WHERE id = :id"),
                                  {"id": game_id}).mappings().one()
        codes = connection.execute(sa.text(
            "SELECT code FROM move_log WHERE game_id = :id AND NOT undone ORDER BY seq"), {"id": game_id}).scalars().all()
        pending = connection.execute(sa.text("SELECT count(*) FROM move_requests WHERE status = 'pending'")).scalar()
        refused = connection.execute(sa.text("SELECT count(*) FROM move_requests WHERE status <> 'applied'")).scalar()
        outbox = connection.execute(sa.text("SELECT message_id, to_addr, kind FROM outgoing_mail")).all()
    state, options = as_data(game["state"]), as_data(game["options"])

    # the log is the truth: replaying it gives the stored snapshot, bit for bit
    assert game["status"] == "over"
    assert rules.replay(4, options, game["seed"], codes) == state
    assert pending == 0 and refused == 0
    assert len(codes) == sum(farmer.moves for farmer in farmers)

    # every mail in the outbox arrived exactly once, to its farmer, and nothing else did
    received = stack.inbox.received()
    arrived = Counter((to, str(m["Message-ID"])) for to, m in received)
    assert arrived == Counter((to, message_id) for message_id, to, _ in outbox)

    # turn mails carry the board snapshot and final mails the score report, as PDFs
    for _, message in received:
        attachments = [part.get_content_type() for part in message.iter_attachments()]
        wanted = ["application/pdf"] if re.search(r": (your turn|final result)", message["Subject"]) else []
        assert attachments == wanted, (message["Subject"], stack.worker_log())

    # each farmer got a turn mail each time their turn started, and one final result
    expected_turns = turn_starts(rules, options, game["seed"], codes)
    for position, farmer in enumerate(farmers):
        subjects = [m["Subject"] for to, m in received if to == farmer.address]
        assert sum(": your turn" in s for s in subjects) == expected_turns[position]
        assert sum(s.endswith("final result") for s in subjects) == 1


def as_data(value):
    """JSON columns read with plain SQL: a dict on PostgreSQL, text on SQLite."""
    return value if isinstance(value, dict) else json.loads(value)


def turn_starts(rules, options, seed, codes) -> Counter:
    """How many times each seat's turn started, from the log."""
    state = rules.setup(4, options, seed)
    starts = Counter([rules.to_act(state)])
    previous = rules.to_act(state)
    for code in codes:
        state = rules.apply(state, rules.from_code(code))
        current = rules.to_act(state)
        if current is not None and current != previous:
            starts[current] += 1
        previous = current
    return starts
