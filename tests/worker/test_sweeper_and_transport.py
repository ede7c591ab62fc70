"""What keeps work from being lost: the inbox/outbox rows, the sweeper, and
a mail transport that fails without losing the mail."""

from __future__ import annotations

import socket
import threading
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy import select, update

from service.core.services import Services
from service.core.wall_time import now
from service.ops.sweep import sweep_pending
from service.outbox import circuit, sending
from service.outbox.transport import SmtpTransport
from service.storage.models import MoveRequest, OutgoingMail, as_utc
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game, join
from service.usecases.playing import submit_move
from service.wiring import inline_queue
from tests.service.helpers import RecordingQueue, log_of, mails

ANN, BOB = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")


def broker_down(svc) -> RecordingQueue:
    """A broker that is down: every job refused (a stored mail is still read at once)."""
    return RecordingQueue(to=svc.queue, passes=("inbound",), fails=ConnectionError("broker unreachable"))


def test_given_the_broker_is_down_when_a_farmer_moves_then_the_request_waits_and_the_sweeper_applies_it(svc):
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)
    inline = svc.queue
    svc.queue = broker_down(svc)
    request_id = submit_move(svc, 1, 0, ["take:1"], source="link", base_version=0)
    assert playing.wait_for(svc, request_id, 0).status == "pending"
    assert log_of(svc) == []
    svc.queue = inline
    assert sweep_pending(svc, older_than=timedelta(0)) == {"requests": 1, "mails": 0, "webhooks": 0}
    assert playing.wait_for(svc, request_id, 0).status == "applied"
    assert [e.code for e in log_of(svc)] == ["take:1"]


def test_the_sweeper_leaves_fresh_work_and_a_mail_being_sent_alone(svc):
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    svc.queue = broker_down(svc)
    join(svc, 1, 1)
    assert sweep_pending(svc) == {"requests": 0, "mails": 0, "webhooks": 0}  # too fresh: its task may still come
    [turn] = mails(svc, "turn")
    with svc.db.transaction() as session:
        session.get(OutgoingMail, turn.id).status = "sending"
        session.get(OutgoingMail, turn.id).claimed_at = now()
    svc.queue = inline_queue(svc)
    assert sweep_pending(svc, older_than=timedelta(0))["mails"] == 0  # claimed by a live worker
    with svc.db.transaction() as session:
        session.get(OutgoingMail, turn.id).claimed_at = now() - sending.LEASE - timedelta(seconds=1)
    assert sweep_pending(svc, older_than=timedelta(0))["mails"] == 1  # its worker died: send again
    assert mails(svc, "turn")[0].status == "sent"


def test_work_the_sweep_queues_again_expires_after_ten_sweeps(svc, monkeypatch):
    """Given a mail and a move request left pending while no worker runs,
    when beat sweeps three times, then each sweep queues each row once, with
    ten sweeps' time as expiry: a worker that comes back finds at most ten
    live jobs per row, not one more for every sweep it missed, and a worker
    that is behind still reaches the job before it lapses."""
    from service.ops.sweep import beat_round

    monkeypatch.setenv("FARMPOST_SWEEP_EVERY", "7")
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    svc.queue = broker_down(svc)
    join(svc, 1, 1)
    submit_move(svc, 1, 0, ["take:1"], source="link", base_version=0)
    with svc.db.transaction() as session:  # both waited longer than the sweep leaves fresh work
        session.execute(update(OutgoingMail).values(created_at=now() - timedelta(minutes=5)))
        session.execute(update(MoveRequest).values(created_at=now() - timedelta(minutes=5)))
    svc.queue = recording = RecordingQueue()
    for _ in range(3):
        beat_round(svc)
    kinds = [kind for kind, _, _ in recording.jobs]
    assert kinds.count("mail") == 3 * len(mails(svc, "turn")) and kinds.count("request") == 3
    assert {expires for _, _, expires in recording.jobs} == {70.0}  # ten sweeps: a worker that is behind still reaches it


class Sink:
    """A real SMTP server on loopback that keeps what it receives."""

    def __init__(self):
        self.received: list[tuple[list[str], bytes]] = []
        self.senders: list[str] = []  # MAIL FROM of each, in the same order
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.received.append((list(envelope.rcpt_tos), envelope.content))
            self.senders.append(envelope.mail_from)
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


CAT, DAN = FarmerSpec("Cat", "cat@example.org"), FarmerSpec("Dan", "dan@example.org")


def smtp_services(config, port: int, **changes) -> tuple[Services, list[int]]:
    """Services sending to 127.0.0.1:port; enqueued mail ids are recorded, not sent."""
    svc = Services.from_config(replace(config, smtp_url=f"smtp://127.0.0.1:{port}", **changes))
    svc.queue = recording = RecordingQueue(to=inline_queue(svc), passes=("request",))
    return svc, recording.mails


@pytest.fixture
def connections(monkeypatch):
    """How many times a connection to an SMTP server was attempted."""
    import smtplib

    made = []
    connect = smtplib.SMTP.connect

    def counting(self, *args, **kwargs):
        made.append(args)
        return connect(self, *args, **kwargs)

    monkeypatch.setattr(smtplib.SMTP, "connect", counting)
    return made


def send_due(svc) -> list[str]:
    """What beat's sweeper would send now, sent at once."""
    with svc.db.transaction() as session:
        due = session.scalars(select(OutgoingMail.id).where(
            OutgoingMail.status == "pending",
            OutgoingMail.next_try_at.is_(None) | (OutgoingMail.next_try_at <= now())).order_by(OutgoingMail.id)).all()
    return [sending.send_mail(svc, mail_id) for mail_id in due]


def wait_is_over(svc) -> None:
    """As if the breaker's wait had passed: the breaker and the mails are due."""
    from service.storage.models import CircuitBreaker

    with svc.db.transaction() as session:
        session.get(CircuitBreaker, circuit.SMTP).open_until = now()
        session.execute(update(OutgoingMail).where(OutgoingMail.status == "pending").values(next_try_at=now()))


def test_while_the_mail_server_refuses_connections_one_probe_tries_and_the_other_mails_wait(
        config, toy_game, connections):
    port = free_port()
    svc, queued = smtp_services(config, port, breaker_delay=60.0)
    create_game(svc, "toy", [ANN, BOB, CAT, DAN], host=0, seed=1)
    assert len(queued) == 3  # three invitations

    assert [sending.send_mail(svc, i) for i in queued] == ["pending"] * 3
    assert len(connections) == 1  # the first was refused; the others did not try
    breaker = circuit.state(svc)
    assert breaker.failures == 1 and "refused" in breaker.last_error.lower()
    assert as_utc(breaker.open_until) > now() + timedelta(seconds=50)
    invites = mails(svc, "invite")
    assert [(m.status, m.attempts) for m in invites] == [("pending", 0)] * 3  # no try counted against a mail
    assert {as_utc(m.next_try_at) for m in invites} == {as_utc(breaker.open_until)}
    assert sweep_pending(svc, older_than=timedelta(0))["mails"] == 0  # the sweeper waits too

    wait_is_over(svc)  # still down when the wait ends: one probe, refused again, the others wait
    assert send_due(svc) == ["pending"] * 3
    assert len(connections) == 2
    again = circuit.state(svc)
    assert again.failures == 2 and as_utc(again.open_until) > now() + timedelta(seconds=110)  # the wait doubled

    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        wait_is_over(svc)
        assert send_due(svc) == ["sent"] * 3  # the probe got through and closed it; the others followed
    finally:
        controller.stop()
    assert sorted(r for (r,), _ in sink.received) == ["bob@example.org", "cat@example.org", "dan@example.org"]
    assert circuit.state(svc) is None
    assert len(connections) == 2 + 1  # the probe's connection carried the other two mails too
    svc.db.dispose()


def test_each_mail_goes_out_with_its_own_verp_return_path_that_names_its_row(config, toy_game):
    from service.outbox.verp import mail_of

    # given two invitations waiting to go to a real SMTP server
    port = free_port()
    svc, queued = smtp_services(config, port)
    create_game(svc, "toy", [ANN, BOB, CAT], host=0, seed=1)
    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        # when they are sent
        assert [sending.send_mail(svc, i) for i in queued] == ["sent", "sent"]
    finally:
        controller.stop()
    # then each envelope sender is bounce+<id>-<mac>@ the mail domain, short and lower case,
    # and verifies back to its row, as a lower-cased or upper-cased copy does
    assert [r for (r,), _ in sink.received] == ["bob@example.org", "cat@example.org"]
    for sender, mail_id in zip(sink.senders, queued, strict=True):
        local, _, domain = sender.partition("@")
        assert local.startswith("bounce+") and domain == config.mail_domain
        assert len(local) <= 64 and sender == sender.lower()
        assert mail_of(svc.config, sender) == mail_of(svc.config, sender.upper()) == mail_id
    assert mail_of(svc.config, sink.senders[0].replace(str(queued[0]), str(queued[1]), 1)) is None
    svc.db.dispose()


def test_a_worker_sends_its_mails_on_one_connection_and_connects_again_when_the_server_dropped_it(
        config, toy_game, connections):
    port = free_port()
    svc, queued = smtp_services(config, port)
    create_game(svc, "toy", [ANN, BOB, CAT, DAN], host=0, seed=1)
    first, second, third = queued
    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        # given a worker that sent two mails: one connection, kept open between them
        assert [sending.send_mail(svc, i) for i in (first, second)] == ["sent", "sent"]
        assert len(connections) == 1
    finally:
        controller.stop()  # the server goes away, and with it the connection the worker kept
    restarted = Sink()
    controller = Controller(restarted, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        # when the next mail goes out, then the worker finds the connection dead and connects again
        assert sending.send_mail(svc, third) == "sent"
    finally:
        controller.stop()
    assert len(connections) == 2
    assert [r for (r,), _ in sink.received] == ["bob@example.org", "cat@example.org"]
    assert [r for (r,), _ in restarted.received] == ["dan@example.org"]
    assert [m.attempts for m in mails(svc, "invite")] == [0, 0, 0] and circuit.state(svc) is None  # nothing failed
    svc.db.dispose()


def test_a_mail_turned_away_while_the_probe_was_out_is_due_as_soon_as_the_probe_gets_through(
        config, toy_game, monkeypatch):
    """Two workers: one probes the server while the other is turned away
    until the end of the wait the probe set; the probe gets through, so the
    other mail does not wait that long, it goes with the next sweep."""
    port = free_port()
    svc, queued = smtp_services(config, port, breaker_delay=600.0)
    create_game(svc, "toy", [ANN, BOB, CAT], host=0, seed=1)
    probe, other = queued[:2]
    assert [sending.send_mail(svc, i) for i in (probe, other)] == ["pending"] * 2  # refused: the breaker opens

    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    send = SmtpTransport.send
    turned_away = []

    def probe_with_another_worker_at_work(transport, raw, sender, recipients):
        if not turned_away:  # while the probe is out, the other worker tries its mail
            turned_away.append(sending.send_mail(svc, other))
        return send(transport, raw, sender, recipients)

    monkeypatch.setattr(SmtpTransport, "send", probe_with_another_worker_at_work)
    try:
        wait_is_over(svc)
        assert sending.send_mail(svc, probe) == "sent"
    finally:
        controller.stop()
    assert turned_away == ["pending"]
    assert circuit.state(svc) is None
    [waiting] = [m for m in mails(svc) if m.id == other]
    assert waiting.status == "pending" and as_utc(waiting.next_try_at) <= now()  # due: not 600 s on
    assert sweep_pending(svc, older_than=timedelta(0))["mails"] >= 1
    svc.db.dispose()


def test_a_mail_turned_away_just_before_the_probe_got_through_but_written_after_is_due_at_once(config, toy_game):
    """The narrow order of two workers: the other one is turned away by the
    breaker the probe keeps open, the probe gets through and makes the
    waiting mails due, and only then does the other write its wait. It must
    not wait the probe's whole window (600 s here) for a server that is up."""
    port = free_port()
    svc, queued = smtp_services(config, port, breaker_delay=600.0)
    create_game(svc, "toy", [ANN, BOB, CAT], host=0, seed=1)
    other = queued[1]
    circuit.trip(svc, "connection refused")
    wait_is_over(svc)
    probing = circuit.permit(svc)
    turned_away = circuit.permit(svc)
    assert probing.probe and not turned_away.allowed
    # when the probe gets through before the other mail's wait is written
    sending._close_if_probe(svc, probing)
    assert sending._wait_for_server(svc, other, turned_away.wait_until) == "pending"
    # then that mail is due now, not when the probe's wait would have ended
    [waiting] = [m for m in mails(svc) if m.id == other]
    assert as_utc(waiting.next_try_at) <= now() < as_utc(turned_away.wait_until)
    svc.db.dispose()


class Deferring(Sink):
    """Answers 451 (try later) for one address, takes the others."""

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address == "cat@example.org":
            return "451 4.3.0 mailbox busy, try later"
        envelope.rcpt_tos.append(address)
        return "250 OK"


def test_a_mail_the_server_defers_waits_alone_and_fails_after_the_bound(config, toy_game, connections):
    port = free_port()
    svc, queued = smtp_services(config, port, max_tries=2, retry_delay=60.0)
    create_game(svc, "toy", [ANN, BOB, CAT], host=0, seed=1)
    sink = Deferring()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        assert [sending.send_mail(svc, i) for i in queued] == ["sent", "pending"]
        assert len(connections) == 1  # Cat's mail went on the connection kept from Bob's
        cat = mails(svc, to="cat@example.org")[0]
        assert cat.attempts == 1 and "451" in cat.last_error
        assert as_utc(cat.next_try_at) > now() + timedelta(seconds=50)
        assert circuit.state(svc) is None  # the server is up: nothing else waits
        assert sweep_pending(svc, older_than=timedelta(0))["mails"] == 0  # not due yet
        with svc.db.transaction() as session:
            session.get(OutgoingMail, cat.id).next_try_at = now()
        assert sending.send_mail(svc, cat.id) == "failed"  # the second try was the last
        assert len(connections) == 2  # a connection that met an error is not kept
    finally:
        controller.stop()
    assert [r for (r,), _ in sink.received] == ["bob@example.org"]
    svc.db.dispose()


JURGEN = "jürgen@bücher.example"


@pytest.mark.parametrize("smtputf8", [True, False])
def test_an_internationalised_address_goes_out_where_the_server_offers_smtputf8_else_fails_clearly(
        config, toy_game, smtputf8):
    port = free_port()
    svc, queued = smtp_services(config, port)
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    with svc.db.transaction() as session:  # an outbox row to such an address, as the notifications will write it
        mail = session.get(OutgoingMail, queued[0])
        mail.to_addr = JURGEN
        mail.context = {**mail.context, "envelope": {**mail.context["envelope"], "to": ["Jürgen", JURGEN]}}
    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=port, enable_SMTPUTF8=smtputf8)
    controller.start()
    try:
        status = sending.send_mail(svc, queued[0])
    finally:
        controller.stop()
    [invite] = mails(svc, "invite")
    if smtputf8:
        assert status == "sent"
        [(recipients, raw)] = sink.received
        assert recipients == ["jürgen@bücher.example"] and "To: Jürgen <jürgen@bücher.example>".encode() in raw
    else:
        assert status == "failed" and "SMTPUTF8" in invite.last_error
        assert sink.received == []
    svc.db.dispose()


def test_the_embedded_broker_keeps_every_file_in_the_instance_folder(tmp_path, monkeypatch):
    """Given the embedded defaults, when a task is sent, then the filesystem
    broker writes only under the instance folder (not the working directory)."""
    from service.core.config import load_config
    from worker.app import create_celery

    workdir = tmp_path / "cwd"
    workdir.mkdir()
    monkeypatch.chdir(workdir)
    config = load_config({"FARMPOST_INSTANCE": str(tmp_path / "instance")})
    assert config.embedded_broker
    app = create_celery(config)
    folders = {k: v for k, v in app.conf.broker_transport_options.items() if k.endswith("folder") or "_folder_" in k}
    assert {"control_folder", "data_folder_in", "data_folder_out", "processed_folder"} <= set(folders)
    assert all(Path(v).is_relative_to(tmp_path / "instance") for v in folders.values())
    app.send_task("farmpost.sweep")
    assert list(workdir.iterdir()) == []


@pytest.fixture
def starttls_server(tmp_path):
    """An SMTP server that requires STARTTLS, its certificate made out to
    127.0.0.1 by a test authority; yields (port, sink, the authority's PEM file)."""
    import ssl

    import trustme

    authority = trustme.CA()
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(context)
    pem = tmp_path / "authority.pem"
    authority.cert_pem.write_to_path(str(pem))
    port, sink = free_port(), Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=port, tls_context=context, require_starttls=True)
    controller.start()
    yield port, sink, pem
    controller.stop()


MAIL = b"From: play@farmpost.test\r\nTo: ann@example.org\r\nSubject: hello\r\n\r\nhello\r\n"


def test_starttls_checks_the_servers_certificate_before_any_mail_goes(starttls_server, monkeypatch):
    from service.outbox.transport import ServerUnavailable

    port, sink, pem = starttls_server
    transport = SmtpTransport.from_url(f"smtp://127.0.0.1:{port}?starttls=1")
    # given a server whose certificate no authority the system trusts has signed: no mail goes
    with pytest.raises(ServerUnavailable, match="CERTIFICATE_VERIFY_FAILED"):
        transport.send(MAIL, "play@farmpost.test", ["ann@example.org"])
    assert sink.received == []
    # when its authority is trusted (SSL_CERT_FILE), then the mail goes, over TLS
    monkeypatch.setenv("SSL_CERT_FILE", str(pem))
    transport.send(MAIL, "play@farmpost.test", ["ann@example.org"])
    assert [r for (r,), _ in sink.received] == ["ann@example.org"]


def test_a_mail_the_server_took_is_recorded_sent_though_the_database_dropped_the_connection_then(
        config, toy_game, monkeypatch):
    from contextlib import contextmanager

    from sqlalchemy.exc import OperationalError

    port = free_port()
    svc, queued = smtp_services(config, port)
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    transaction, dropped = svc.db.transaction, []

    @contextmanager
    def dropping_once_the_mail_is_out():
        if sink.received and not dropped:  # the server has the mail: the next transaction loses its connection
            dropped.append(True)
            raise OperationalError("UPDATE outgoing_mail", {}, Exception("server closed the connection"))
        with transaction() as session:
            yield session

    monkeypatch.setattr(svc.db, "transaction", dropping_once_the_mail_is_out)
    monkeypatch.setattr(sending, "RECORD_SENT_WAITS", (0.01,))
    try:
        # when the server takes the mail and the database drops the connection that would record it
        assert sending.send_mail(svc, queued[0]) == "sent"
    finally:
        controller.stop()
    # then the row says sent (not "sending" until its lease runs out, to go a second time)
    assert dropped and [m.status for m in mails(svc, "invite")] == ["sent"] and len(sink.received) == 1
    svc.db.dispose()
