"""End to end through a real MTA: Postfix (tests/mail/postfix.py, set up
as docs/operations.md "Production mail" says) between Farmpost and the
farmers, with PostgreSQL, Redis and a real Celery worker process.

* Out: the workers send through Postfix's relay port (STARTTLS, checked
  against the test authority) into the farmers' Maildirs; every mail that
  arrived carries two DKIM signatures (RSA and Ed25519), checked with
  dkimpy's verifier on the bytes in the mailbox.
* In: farmers' replies go to Postfix's inbound port and reach Farmpost by
  the ``pipe`` transport running ``farmpost ingest``, or (the IMAP test)
  are delivered into a Dovecot mailbox that ``farmpost imap-poll`` reads.
* Back: a mail to an address whose server refuses it after taking it
  makes Postfix send a DSN to Farmpost's envelope sender, which comes in
  the same way and marks the seat; a spam complaint (ARF) to the same
  address stops mail to the farmer.

The game is Pebbles (tests/service/toygame.py, registered in the worker
too): a whole game is a dozen mails each way.
"""

from __future__ import annotations

import subprocess
import sys
import time
from email import message_from_bytes, policy

import pytest
import sqlalchemy as sa

from mail.outgoing import dkim
from service.core.config import ROOT
from service.outbox import verp
from service.usecases.creation import FarmerSpec, create_game, join
from tests.conftest import empty_postgres, unavailable
from tests.e2e.stack import ONE_STACK_AT_A_TIME, Patience, Stack
from tests.e2e.test_game_by_mail import MailFarmer, message_id
from tests.mail.dkim_keys import dns_for, ed25519_pem, rsa_pem
from tests.mail.dovecot import dovecot_and_maildirs
from tests.mail.postfix import MaildirInbox, Postfix
from tests.mail.reports import arf, redacted

pytestmark = [pytest.mark.integration, pytest.mark.slow, ONE_STACK_AT_A_TIME]

ANN, BOB = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")
SEED = 20261201
IMAP_USER = "farmpost-inbox"


class PebblesStack(Stack):
    """The stack, with the worker knowing the test game Pebbles: ``farmpost
    worker`` execs Celery, so the game is registered by a sitecustomize on
    the worker's PYTHONPATH."""

    def start_worker(self):
        import os

        boot = self.log_path.parent / "pebbles-boot"
        boot.mkdir(exist_ok=True)
        (boot / "sitecustomize.py").write_text("import engine\nengine._MODULES['toy'] = 'tests.service.toygame'\n")
        path = os.pathsep.join(p for p in (str(boot), str(ROOT), os.environ.get("PYTHONPATH", "")) if p)
        self.worker = subprocess.Popen(
            [sys.executable, "-m", "service.cli.main", "worker", "--concurrency=2", "--loglevel=INFO"],
            cwd=ROOT, env={**os.environ, **self.env, "PYTHONPATH": path}, stdout=self.log_path.open("ab"),
            stderr=subprocess.STDOUT, start_new_session=True)


@pytest.fixture(scope="module")
def tls():
    trustme = pytest.importorskip("trustme")
    return trustme.CA()


def _postfix(tls, **options) -> Postfix:
    try:
        return Postfix(tls, **options)
    except RuntimeError as error:
        unavailable("Postfix", error)


def _env(tmp_path, tls, postfix, postgres_schema, redis_url, **more) -> dict:
    ca = tmp_path / "ca.pem"
    tls.cert_pem.write_to_path(str(ca))
    return {"DATABASE_URL": postgres_schema, "CELERY_BROKER_URL": redis_url, "SMTP_URL": postfix.smtp_url,
            "SSL_CERT_FILE": str(ca), "DKIM_PRIVATE_KEY": rsa_pem(), "DKIM_SELECTOR": "fp2026",
            "DKIM_ED25519_PRIVATE_KEY": ed25519_pem(), "DKIM_ED25519_SELECTOR": "fp2026ed", **more}


@pytest.fixture
def through_postfix(tmp_path, postgres_schema, redis_url, tls, toy_game):
    postfix = _postfix(tls)
    stack = PebblesStack(tmp_path, _env(tmp_path, tls, postfix, postgres_schema, redis_url),
                         MaildirInbox(postfix.mailboxes))
    try:
        postfix.start(stack.env)
    except RuntimeError as error:
        postfix.stop()
        unavailable("Postfix", error)
    stack.start()
    yield stack, postfix
    stack.stop()
    postfix.stop()
    empty_postgres(postgres_schema)


def settle(stack, postfix) -> None:
    """Until Postfix's queue is empty and Farmpost has nothing left to do."""
    patience = Patience(120, "the post stopped moving with work left")
    while True:
        with stack.services.db.engine.connect() as connection:
            waiting = connection.execute(sa.text(
                "SELECT (SELECT count(*) FROM inbound_mail WHERE outcome = 'pending')"
                " + (SELECT count(*) FROM move_requests WHERE status = 'pending')"
                " + (SELECT count(*) FROM outgoing_mail WHERE status NOT IN ('sent', 'failed', 'held', 'merged'))")).scalar()
        if waiting == 0 and postfix.queue_is_empty():
            return
        patience.check((waiting, postfix.queue_is_empty(), stack.activity(), len(postfix.log())),
                       lambda: postfix.log()[-3000:] + stack.worker_log())
        time.sleep(0.1)


def _keys(stack):
    return [dkim.load_key(pem, selector=selector, domain="farmpost.test")
            for selector, pem in stack.config.dkim_keys]


def test_postfix_a_whole_game_by_mail_through_the_pipe_with_dkim_verified_on_arrival(through_postfix):
    stack, postfix = through_postfix
    svc = stack.services
    created = create_game(svc, "toy", [ANN, BOB], host=0, seed=SEED)
    join(svc, created.game_id, 1)
    farmers = [MailFarmer(f.email, seed=SEED + i) for i, f in enumerate((ANN, BOB))]
    while not all(farmer.final for farmer in farmers):
        settle(stack, postfix)
        received = stack.inbox.received()
        replies = [reply for farmer in farmers if (reply := farmer.read(received)) is not None]
        assert len(replies) <= 1, "two farmers were asked to play at once"
        assert replies or all(farmer.final for farmer in farmers), f"nobody was asked to play\n{postfix.log()[-3000:]}"
        for farmer, raw in replies:
            to = str(message_from_bytes(raw, policy=policy.default)["To"])
            postfix.send(raw, farmer.address, [to.split("<")[-1].strip(">")])
    settle(stack, postfix)

    with svc.db.engine.connect() as connection:
        status = connection.execute(sa.text("SELECT status FROM games WHERE id = :id"),
                                    {"id": created.game_id}).scalar()
        sources = connection.execute(sa.text("SELECT DISTINCT source FROM inbound_mail")).scalars().all()
        outbox = connection.execute(sa.text("SELECT status, count(*) FROM outgoing_mail GROUP BY status")).all()
    assert status == "over" and sources == ["ingest"] and {s for s, _ in outbox} <= {"sent", "merged"}
    outbox = [(s, n) for s, n in outbox if s == "sent"]  # a merged confirmation was told in a later mail
    assert sum(f.replies for f in farmers) >= 4

    # every mail that reached a mailbox: both signatures valid on its bytes as
    # they arrived, the unsubscribe headers covered, the relay reached by TLS
    arrived = stack.inbox.raw()
    assert len(arrived) == sum(n for _, n in outbox)
    dns = dns_for(*_keys(stack))
    for to, raw in arrived:
        results = dkim.verify(raw, dnsfunc=dns)
        assert [(r["algorithm"], r["valid"]) for r in results] == [("rsa-sha256", True), ("ed25519-sha256", True)], to
        message = message_from_bytes(raw, policy=policy.default)
        if message["List-Unsubscribe"]:
            assert {"list-unsubscribe", "list-unsubscribe-post"} <= set(results[0]["headers"])
        assert "with ESMTPS" in str(message["Received"])
        assert message["Feedback-ID"]
    assert {to for to, _ in arrived} == {"ann@example.org", "bob@example.org"}
    assert len({message_id(m) for _, m in stack.inbox.received()}) == len(arrived)  # each mail once


def test_postfix_a_bounce_and_a_complaint_come_back_through_the_mta(through_postfix):
    stack, postfix = through_postfix
    svc = stack.services
    carl = FarmerSpec("Carl", "carl@gone.example.org")
    created = create_game(svc, "toy", [ANN, carl], host=0, seed=SEED)
    settle(stack, postfix)
    assert "relay=gone" in postfix.log() and "sender non-delivery notification" in postfix.log()
    with svc.db.engine.connect() as connection:
        bouncing = dict(connection.execute(sa.text(
            "SELECT name, bouncing_since IS NOT NULL FROM seats WHERE game_id = :id"), {"id": created.game_id}).all())
        dsn = connection.execute(sa.text(
            "SELECT outcome, envelope_to FROM inbound_mail WHERE outcome = 'bounce'")).one()
    assert bouncing == {"Ann": False, "Carl": True}
    [address] = dsn.envelope_to  # Postfix's DSN, to our envelope sender (the invitation's VERP address), by the pipe
    with svc.db.engine.connect() as connection:
        invitation = connection.execute(sa.text(
            "SELECT id FROM outgoing_mail WHERE to_addr = 'carl@gone.example.org' AND kind = 'invite'")).scalar_one()
    assert verp.mail_of(svc.config, address) == invitation
    told = [m for to, m in stack.inbox.received() if to == "ann@example.org" and "bounces" in str(m["Subject"])]
    assert [str(m["Subject"]).split(": ", 1)[1] for m in told] == ["mail to Carl bounces"]

    # Ann's provider reports her complaint about that notice (her address redacted)
    [notice] = [raw for to, raw in stack.inbox.raw() if to == "ann@example.org" and b"mail to Carl bounces" in raw]
    report = arf(redacted(notice, "ann@example.org"))
    postfix.send(report, "feedback@arf.mail.yahoo.com", ["farmpost@farmpost.test"])
    settle(stack, postfix)
    with svc.db.engine.connect() as connection:
        complaints = connection.execute(sa.text("SELECT address, feedback_id FROM mail_complaints")).all()
    [(address, feedback_id)] = complaints
    assert address == "ann@example.org" and feedback_id.endswith(f":{created.game_id}:farmpost")


@pytest.fixture
def through_dovecot(tmp_path, postgres_schema, redis_url, tls, toy_game):
    try:
        context = dovecot_and_maildirs()
        host, port, password, maildirs = context.__enter__()
    except RuntimeError as error:
        unavailable("Dovecot", error)
    postfix = _postfix(tls, inbound="maildir", mailboxes=maildirs)
    env = _env(tmp_path, tls, postfix, postgres_schema, redis_url,
               IMAP_URL=f"imap://{IMAP_USER}:{password}@{host}:{port}/INBOX")
    stack = PebblesStack(tmp_path, env, MaildirInbox(maildirs))
    try:
        postfix.start(stack.env)
    except RuntimeError as error:
        postfix.stop()
        context.__exit__(None, None, None)
        unavailable("Postfix", error)
    stack.start()
    yield stack, postfix
    stack.stop()
    postfix.stop()
    context.__exit__(None, None, None)
    empty_postgres(postgres_schema)


def test_postfix_into_a_dovecot_mailbox_read_by_imap_polling(through_dovecot):
    import os

    stack, postfix = through_dovecot
    svc = stack.services
    created = create_game(svc, "toy", [ANN, BOB], host=0, seed=SEED)
    join(svc, created.game_id, 1)
    settle(stack, postfix)
    ann = MailFarmer(ANN.email, seed=SEED)
    reply = ann.read(stack.inbox.received())
    assert reply is not None, "Ann got no turn mail"
    _, raw = reply
    to = str(message_from_bytes(raw, policy=policy.default)["To"]).split("<")[-1].strip(">")
    postfix.send(raw, ANN.email, [to])
    patience = Patience(60, "Postfix never delivered the reply into the Dovecot mailbox")
    inbox = postfix.mailboxes / IMAP_USER / "new"
    while not (inbox.exists() and any(inbox.iterdir())):
        patience.check(len(postfix.log()), lambda: postfix.log()[-3000:])
        time.sleep(0.1)
    done = subprocess.run([sys.executable, "-m", "service.cli.main", "imap-poll"], capture_output=True,
                          cwd=ROOT, env={**os.environ, **stack.env}, timeout=120)
    assert done.returncode == 0 and "stored 1 messages" in done.stdout.decode(), done
    settle(stack, postfix)
    with svc.db.engine.connect() as connection:
        inbound = connection.execute(sa.text("SELECT source, outcome FROM inbound_mail")).all()
        moves = connection.execute(sa.text("SELECT count(*) FROM move_log WHERE game_id = :id AND source = 'mail'"),
                                   {"id": created.game_id}).scalar()
    assert [source for source, _ in inbound] == ["imap"] and inbound[0][1] in ("applied", "queued", "answered")
    assert moves >= 1
    dns = dns_for(*_keys(stack))
    for _, raw in stack.inbox.raw():
        assert [r["valid"] for r in dkim.verify(raw, dnsfunc=dns)] == [True, True]


def test_postfix_mail_check_grades_what_came_through_the_relay(through_dovecot, tmp_path):
    """``farmpost mail-check`` as the operator runs it: through the relay by
    STARTTLS, read back by IMAP from the mailbox Postfix delivered into,
    graded against the records ``farmpost dns-records`` prints; then the
    same with deliberately broken setups: the wrong key published, and a
    relay reached without TLS (this Postfix then refuses the mail)."""
    import os

    stack, postfix = through_dovecot
    env = {**os.environ, **stack.env}
    imap = env["IMAP_URL"]

    def farmpost(*args, **more):
        return subprocess.run([sys.executable, "-m", "service.cli.main", *args], capture_output=True, text=True,
                              cwd=ROOT, env={**env, **more}, timeout=300)

    zone = tmp_path / "zone"
    zone.write_text(farmpost("dns-records").stdout)
    good = farmpost("mail-check", "--to", "check@farmpost.test", "--imap", imap, "--records", str(zone))
    assert good.returncode == 0, good.stdout + good.stderr
    for line in ("PASS  arrived", "PASS  dkim", "PASS  unsubscribe signed", "PASS  alignment", "PASS  tls",
                 "PASS  size"):
        assert line in good.stdout, good.stdout

    wrong = tmp_path / "wrong-zone"
    wrong.write_text(farmpost("dns-records", DKIM_PRIVATE_KEY=rsa_pem(2048, "published"),
                              DKIM_ED25519_PRIVATE_KEY=ed25519_pem("published")).stdout)
    bad_key = farmpost("mail-check", "--to", "check@farmpost.test", "--imap", imap, "--records", str(wrong))
    assert bad_key.returncode == 1 and "FAIL  dkim: no signature verifies" in bad_key.stdout, bad_key.stdout

    no_tls = farmpost("mail-check", "--to", "check@farmpost.test", "--imap", imap, "--records", str(zone),
                      SMTP_URL=postfix.smtp_url.replace("?starttls=1", ""))
    assert no_tls.returncode == 1 and "FAIL  arrived" in no_tls.stdout and "STARTTLS" in no_tls.stdout, no_tls.stdout
    with stack.services.db.engine.connect() as connection:
        passed = connection.execute(sa.text("SELECT passed FROM mail_checks ORDER BY id")).scalars().all()
    assert passed == [True, False, False]
