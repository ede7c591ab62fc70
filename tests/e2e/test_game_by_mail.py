"""End to end by mail on the production stack: two bot farmers play a whole
game of each game (Sunfield Farm advanced, Harvest) only by replying to the
mails a real SMTP server on loopback received for them, with PostgreSQL,
Redis and a real Celery worker process doing the work.

What a bot knows is what it was mailed. A turn mail lists the options in
their typed form; the bot chooses one with its own seeded generator and
replies with it. Every reply is answered exactly once: when the step
leaves the turn going, a turn mail "your turn continues" with the options
left; when the turn passed, its confirmation ("Your answer of … was
applied: …") at the top of the farmer's next turn mail, or an account "you
played" when none came within two days. Every step is thus read from a
turn mail. Replies quote the mail they answer as Gmail or Outlook
would, alternately, and go to the mail's reply address.

Between two rounds the post is let settle: nothing is pending in the inbox
of move requests, the inbound table or the outbox. Replies go in
alternately through ``farmpost ingest`` (a subprocess, the raw mail on
stdin) and through IMAP (appended to a loopback Dovecot mailbox, which the
worker's polling task fetches, sent as beat sends it). Every farmer's first
reply is delivered twice with the same Message-ID, once each way (the IMAP
copy fetched by ``farmpost imap-poll``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections import Counter
from email import message_from_bytes, policy

import pytest
import sqlalchemy as sa
from imapclient import IMAPClient

from engine import get_game
from engine.core import Rng
from service.core.config import ROOT
from service.usecases.creation import FarmerSpec, create_game, join
from tests.conftest import empty_postgres, unavailable
from tests.e2e.stack import COMMAND_CEILING, ONE_STACK_AT_A_TIME, Patience, SmtpSink, Stack
from tests.mail.dovecot import dovecot
from tests.mail.replies import gmail_reply, outlook_reply

pytestmark = [pytest.mark.integration, pytest.mark.slow, ONE_STACK_AT_A_TIME]

FARMERS = [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")]
SEED = 20261129
# "* take b3 → outcome": one step, with its link (or, under MORE OPTIONS, typed only)
TURN_OPTION = re.compile(r"^\* (.+?) → .+$", re.M)
# a turn mail offers whole turns first (one line plays every step), then the
# single steps; the bot replies one step at a time, so it reads the steps only
STEPS = re.compile(r"^(?:OR STEP BY STEP|YOUR OPTIONS)\n(.*?)(?=^AND NEXT TURN|^THE BOARD\n|\Z)", re.M | re.S)
IMAP_USER = "farmpost-inbox"


@pytest.fixture(scope="module")
def imap_server():
    try:
        with dovecot() as server:
            yield server
    except RuntimeError as error:
        unavailable("Dovecot", error)


@pytest.fixture
def stack(tmp_path, postgres_schema, redis_url, imap_server):
    host, port, password = imap_server
    sink = SmtpSink()
    env = {"DATABASE_URL": postgres_schema, "CELERY_BROKER_URL": redis_url, "SMTP_URL": f"smtp://127.0.0.1:{sink.port}",
           "IMAP_URL": f"imap://{IMAP_USER}:{password}@{host}:{port}/INBOX"}
    running = Stack(tmp_path, env, sink).start()
    yield running
    running.stop()
    empty_postgres(postgres_schema)


@pytest.mark.parametrize("kind, options", [("sunfield", {"advanced": True}), ("harvest", {})])
def test_two_bots_finish_a_game_only_by_replying_to_their_mails(stack, imap_server, kind, options):
    svc = stack.services
    created = create_game(svc, kind, FARMERS, options=options, host=0, seed=SEED)
    join(svc, created.game_id, 1)
    farmers = [MailFarmer(f.email, seed=SEED + i) for i, f in enumerate(FARMERS)]
    post = Post(stack, imap_server)
    # every round delivers a reply or fails, and every game ends: no time limit
    # on the whole game, only on the stack being idle (Post.settle)
    while not all(farmer.final for farmer in farmers):
        post.settle()
        received = stack.inbox.received()
        replies = [reply for farmer in farmers if (reply := farmer.read(received)) is not None]
        assert len(replies) <= 1, "two farmers were asked to play at once"
        assert replies or all(farmer.final for farmer in farmers), "nobody was asked to play"
        for farmer, raw in replies:
            post.deliver(raw, twice=farmer.replies == 1)
    post.settle()
    check_the_game(svc, stack, kind, created.game_id, farmers, post)


class MailFarmer:
    """Plays from its mail alone: answers each turn mail with one of its
    options (chosen by its own seeded generator)."""

    def __init__(self, address: str, seed: int):
        self.address = address
        self.rng = Rng.from_seed(seed)
        self.seen: set[str] = set()
        self.reply_address: str | None = None
        self.replies = 0
        self.confirmations = 0
        self.final = 0

    def read(self, received) -> tuple[MailFarmer, bytes] | None:
        """The reply owed to this farmer's new mail, if one offers options."""
        fresh = [m for to, m in received if to == self.address and message_id(m) not in self.seen]
        self.seen.update(message_id(m) for m in fresh)
        asking = []
        for message in fresh:
            subject, text = str(message["Subject"]).strip(), plain_text(message)
            if subject.endswith("you played"):  # the account of the turn this farmer mailed in
                self.confirmations += 1
            elif subject.endswith("final result"):
                self.final += 1
                self.confirmations += " was applied: " in text  # their last turn, when the other ended the game
            elif ": your turn" in subject:
                # the turn this farmer mailed in last, confirmed in the mail that comes next
                self.confirmations += " was applied: " in text
                self.reply_address = str(message["Reply-To"])
                asking.append((message, step_options(text)))
        if not asking:
            return None
        assert len(asking) == 1, f"{self.address} was asked twice at once: {[str(m['Subject']) for m, _ in asking]}"
        [(message, options)] = asking
        assert options, f"a mail without options: {message['Subject']}\n{plain_text(message)[:2000]}"
        typed = options[self.rng.below(len(options))]
        quote = gmail_reply if self.replies % 2 == 0 else outlook_reply
        self.replies += 1
        return self, quote(message, self.address, typed, to=self.reply_address)


def step_options(text: str) -> list[str]:
    """The single steps a turn mail offers, as typed (not its whole turns)."""
    section = STEPS.search(text)
    return TURN_OPTION.findall(section.group(1)) if section else []


def message_id(message) -> str:
    """The Message-ID as written (a long one is folded onto its own line)."""
    return str(message["Message-ID"]).strip()


def plain_text(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n")


class Post:
    """How replies reach Farmpost, and waiting until it has done its work."""

    def __init__(self, stack: Stack, imap_server):
        self.stack = stack
        self.env = {**os.environ, **stack.env}
        self.imap_server = imap_server
        self.deliveries = 0
        self.ways = Counter()
        self.sent: list[bytes] = []  # each reply once, in order
        self.twice: list[str] = []  # Message-IDs delivered twice

    def deliver(self, raw: bytes, twice: bool) -> None:
        self.sent.append(raw)
        ways = [self.ingest, self.imap] if self.deliveries % 2 == 0 else [self.imap, self.ingest]
        self.deliveries += 1
        if twice:
            self.twice.append(message_id(message_from_bytes(raw, policy=policy.default)))
        for number, way in enumerate(ways[:2 if twice else 1]):
            if way == self.ingest:
                output = self.ingest(raw)
                assert ("(already received)" in output) == (number == 1), output
            else:  # a duplicate by ``farmpost imap-poll``, the rest by the worker's polling task
                self.imap(raw, by_hand=twice)
            self.ways[way.__name__] += 1

    def ingest(self, raw: bytes) -> str:
        done = subprocess.run([sys.executable, "-m", "service.cli.main", "ingest"], input=raw, capture_output=True,
                              cwd=ROOT, env=self.env, timeout=COMMAND_CEILING)
        assert done.returncode == 0, done.stderr.decode(errors="replace")
        return done.stdout.decode()

    def imap(self, raw: bytes, by_hand: bool = False) -> str:
        """Append to the mailbox, then have it polled: by ``farmpost
        imap-poll``, or by the worker's task, sent the way beat sends it."""
        host, port, password = self.imap_server
        with IMAPClient(host, port=port, ssl=False) as client:
            client.login(IMAP_USER, password)
            client.append("INBOX", raw)
            if by_hand:
                done = subprocess.run([sys.executable, "-m", "service.cli.main", "imap-poll"], capture_output=True,
                                      cwd=ROOT, env=self.env, timeout=COMMAND_CEILING)
                assert done.returncode == 0 and "stored 1 messages" in done.stdout.decode(), done
                return done.stdout.decode()
            self.stack.services.queue.app.send_task("farmpost.imap_poll")
            client.select_folder("INBOX")
            patience = Patience(30, "the mail was never fetched")
            while client.search(["UNSEEN"]):  # flagged seen once stored
                patience.check(self.stack.activity(), self.stack.worker_log)
                time.sleep(0.05)
                client.noop()
        return "fetched by the worker"

    def settle(self) -> None:
        """Wait until every stored mail, move request and outgoing mail is done
    (a held confirmation waits two days for the farmer's next mail: done)."""
        patience = Patience(60, "the stack stopped working with work left")
        while True:
            with self.stack.services.db.engine.connect() as connection:
                waiting = connection.execute(sa.text(
                    "SELECT (SELECT count(*) FROM inbound_mail WHERE outcome = 'pending')"
                    " + (SELECT count(*) FROM move_requests WHERE status = 'pending')"
                    " + (SELECT count(*) FROM outgoing_mail WHERE status NOT IN ('sent', 'held', 'merged'))")).scalar()
            if waiting == 0:
                return
            patience.check((waiting, self.stack.activity()), self.stack.worker_log)
            time.sleep(0.05)


def check_the_game(svc, stack, kind: str, game_id: int, farmers: list[MailFarmer], post: Post) -> None:
    rules = get_game(kind)
    with svc.db.engine.connect() as connection:
        game = connection.execute(sa.text("SELECT status, seed, options, state FROM games WHERE id = :id"),
                                  {"id": game_id}).mappings().one()
        log = connection.execute(sa.text(
            "SELECT code, source, request_id FROM move_log WHERE game_id = :id AND NOT undone ORDER BY seq"),
            {"id": game_id}).all()
        requests = connection.execute(sa.text("SELECT id, status, dedupe_key FROM move_requests")).all()
        inbound = connection.execute(sa.text("SELECT dedupe_key, outcome, request_id FROM inbound_mail")).all()
        outbox = connection.execute(sa.text("SELECT message_id, to_addr, kind, status FROM outgoing_mail")).all()

    # the game is over, and the log is the truth: its replay is the stored state
    assert game["status"] == "over"
    assert rules.replay(len(farmers), game["options"], game["seed"], [code for code, _, _ in log]) == game["state"]
    assert {source for _, source, _ in log} == {"mail"}

    # every reply was stored once and moved the game once: the step it typed,
    # then nothing but the closing moves a mail that stops there plays
    # (Sunfield's `end` after the action, docs/rules/sunfield.md)
    sent = [message_from_bytes(raw, policy=policy.default) for raw in post.sent]
    sent_ids = [message_id(m) for m in sent]
    assert len(set(sent_ids)) == len(sent_ids) == sum(f.replies for f in farmers)
    steps = Counter(request_id for _, _, request_id in log)
    assert len(steps) == len(sent_ids)
    state, previous = rules.setup(len(farmers), game["options"], game["seed"]), None
    for code, _, request_id in log:
        move = rules.from_code(code)
        if request_id == previous:
            assert move in rules.closing_moves(state), f"request {request_id} played {code} beyond its step"
        state, previous = rules.apply(state, move), request_id
    stored = [f"<{key}>" for key, _, _ in inbound]
    assert sorted(stored) == sorted(sent_ids), (set(stored) ^ set(sent_ids), len(stored), len(sent_ids))
    assert all(outcome in ("queued", "applied") for _, outcome, _ in inbound), Counter(o for _, o, _ in inbound)
    assert all(status == "applied" for _, status, _ in requests)
    assert set(steps) == {request_id for _, _, request_id in inbound}

    # half came in by ingest, half by IMAP; the first reply of each farmer twice,
    # which is one stored mail and one move request (its step, checked above)
    assert post.ways["ingest"] >= len(sent) // 2 and post.ways["imap"] >= len(sent) // 2
    assert len(post.twice) == len(farmers)
    for twice in post.twice:
        key = twice.strip("<>")
        [request_id] = [request for stored_key, _, request in inbound if stored_key == key]
        assert [dedupe for _, _, dedupe in requests if dedupe == f"mail:{key}"] == [f"mail:{key}"]
        assert request_id in steps

    # the outbox is empty (every held confirmation was told in a later mail,
    # the final one at the latest), and the SMTP server got each mail once
    assert all(status in ("sent", "merged") for *_, status in outbox), Counter(status for *_, status in outbox)
    outbox = [row for row in outbox if row[3] == "sent"]
    received = stack.inbox.received()
    assert Counter((to, message_id(m)) for to, m in received) == Counter((to, mid) for mid, to, _, _ in outbox)

    # every reply was answered once (none for a duplicate delivery): the turn
    # going on, its confirmation in the next turn mail (or "you played"), or
    # the end; no answer mail was needed
    continued = sum(1 for _, m in received if ": your turn continues" in str(m["Subject"]))
    assert continued + sum(f.confirmations for f in farmers) + 1 == len(sent_ids)
    assert not [kind for _, _, kind, _ in outbox if kind == "answer"]
    assert all(farmer.final == 1 for farmer in farmers)
    finals = Counter(to for _, to, mail_kind, _ in outbox if mail_kind == "final")
    assert finals == Counter({f.address: 1 for f in farmers})
