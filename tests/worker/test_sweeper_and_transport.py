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

from service import outbox, usecases
from service.inline_queue import InlineQueue
from service.models import OutgoingMail, utcnow
from service.services import Services
from service.usecases import FarmerSpec, create_game, join, submit_move
from tests.service.helpers import log_of, mails
from worker.tasks import sweep_pending

ANN, BOB = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")


class BrokerDown:
    def enqueue_request(self, request_id):
        raise ConnectionError("broker unreachable")

    def enqueue_mail(self, mail_id):
        raise ConnectionError("broker unreachable")


def test_given_the_broker_is_down_when_a_farmer_moves_then_the_request_waits_and_the_sweeper_applies_it(svc):
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)
    inline = svc.queue
    svc.queue = BrokerDown()
    request_id = submit_move(svc, 1, 0, ["take:1"], source="link", base_version=0)
    assert usecases.wait_for(svc, request_id, 0).status == "pending"
    assert log_of(svc) == []
    svc.queue = inline
    assert sweep_pending(svc, older_than=timedelta(0)) == {"requests": 1, "mails": 0}
    assert usecases.wait_for(svc, request_id, 0).status == "applied"
    assert [e.code for e in log_of(svc)] == ["take:1"]


def test_the_sweeper_leaves_fresh_work_and_a_mail_being_sent_alone(svc):
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    svc.queue = BrokerDown()
    join(svc, 1, 1)
    assert sweep_pending(svc) == {"requests": 0, "mails": 0}  # too fresh: its task may still come
    [turn] = mails(svc, "turn")
    with svc.db.transaction() as session:
        session.get(OutgoingMail, turn.id).status = "sending"
        session.get(OutgoingMail, turn.id).claimed_at = utcnow()
    svc.queue = InlineQueue(svc)
    assert sweep_pending(svc, older_than=timedelta(0))["mails"] == 0  # claimed by a live worker
    with svc.db.transaction() as session:
        session.get(OutgoingMail, turn.id).claimed_at = utcnow() - outbox.LEASE - timedelta(seconds=1)
    assert sweep_pending(svc, older_than=timedelta(0))["mails"] == 1  # its worker died: send again
    assert mails(svc, "turn")[0].status == "sent"


class Sink:
    """A real SMTP server on loopback that keeps what it receives."""

    def __init__(self):
        self.received: list[tuple[list[str], bytes]] = []
        self.lock = threading.Lock()

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.received.append((list(envelope.rcpt_tos), envelope.content))
        return "250 OK"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_given_the_mail_server_is_away_then_the_mail_stays_in_the_outbox_and_goes_out_once_it_is_back(config, toy_game):
    port = free_port()
    svc = Services.from_config(replace(config, smtp_url=f"smtp://127.0.0.1:{port}"))
    queued = []
    svc.queue = type("Recorder", (), {"enqueue_request": lambda self, i: usecases.apply_move_request(svc, i),
                                      "enqueue_mail": lambda self, i: queued.append(i)})()
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    [invite_id] = queued
    with pytest.raises(OSError):
        outbox.send_mail(svc, invite_id)
    [invite] = mails(svc, "invite")
    assert (invite.status, invite.attempts) == ("pending", 1) and "Connection" in invite.last_error

    sink = Sink()
    controller = Controller(sink, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        assert outbox.send_mail(svc, invite_id) == "sent"
        assert outbox.send_mail(svc, invite_id) == "sent"
    finally:
        controller.stop()
    [(recipients, raw)] = sink.received
    assert recipients == ["bob@example.org"] and invite.message_id.encode() in raw
    assert mails(svc, "invite")[0].attempts == 2
    svc.db.dispose()


def test_the_embedded_broker_keeps_every_file_in_the_instance_folder(tmp_path, monkeypatch):
    """Given the embedded defaults, when a task is sent, then the filesystem
    broker writes only under the instance folder (not the working directory)."""
    from service.config import load_config
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
