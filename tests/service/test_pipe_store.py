"""``farmpost ingest``, the MTA's pipe, stores a mail by the database's own
driver and queues it without Celery (service/inbound/pipe_store.py,
service/jobs/task_message.py): the row is the one every other way in
writes, the job is the message Celery sends, and a mail it cannot store is
a temporary failure for the MTA (exit 75), never a mail lost."""

from __future__ import annotations

import argparse
import base64
import io
import json
import uuid
from dataclasses import replace
from datetime import timedelta

import pytest
from sqlalchemy import select

from service.cli import inbound as cli
from service.core.config import load_config
from service.core.queue import NullQueue
from service.inbound.pipe_store import store
from service.inbound.receive import process_inbound, receive, sweep_pending_inbound
from service.jobs import task_message
from service.jobs.broker import broker_options, queue_name, sender
from service.storage.models import InboundMail, as_utc

#: the columns whose values differ between two mails of the same kind
OWN = ("id", "dedupe_key", "raw", "size", "received_at")


def a_mail(text: str = "help") -> bytes:
    return (f"From: Sam <sam@example.org>\r\nTo: new@farmpost.test\r\nSubject: hello\r\n"
            f"Message-ID: <{uuid.uuid4().hex}@example.org>\r\n\r\n{text}\r\n").encode()


def row(svc, inbound_id: int) -> dict:
    with svc.db.transaction() as session:
        found = session.get(InboundMail, inbound_id)
        return {column.key: getattr(found, column.key) for column in InboundMail.__table__.columns}


def jobs_in(config) -> list[dict]:
    return [json.loads(path.read_text()) for path in sorted((config.broker_folder / "queue").glob("*.msg"))]


def test_the_pipe_writes_the_row_receive_writes_and_it_is_read_the_same(svc):
    svc.queue = NullQueue()
    envelope = ("new@farmpost.test",)
    piped, duplicate = store(svc.config, a_mail(), envelope)
    received = receive(svc, a_mail(), source="ingest", envelope_to=envelope).id
    assert not duplicate
    by_pipe, by_receive = row(svc, piped), row(svc, received)
    assert {k: v for k, v in by_pipe.items() if k not in OWN} == {k: v for k, v in by_receive.items() if k not in OWN}
    assert by_pipe["envelope_to"] == ["new@farmpost.test"] and by_pipe["outcome"] == "pending"
    assert abs((as_utc(by_pipe["received_at"]) - as_utc(by_receive["received_at"])).total_seconds()) < 60
    assert process_inbound(svc, piped).outcome == process_inbound(svc, received).outcome


def test_a_mail_piped_twice_is_stored_and_queued_once(svc):
    mail = a_mail()
    first = store(svc.config, mail, ())
    assert store(svc.config, mail, ()) == (first[0], True)
    [job] = jobs_in(svc.config)
    assert json.loads(base64.b64decode(job["body"]))[0] == [first[0]]


def test_a_mail_too_large_is_recorded_without_its_bytes_and_not_queued(svc):
    config = replace(svc.config, max_mail_bytes=100)
    inbound_id, _ = store(config, a_mail("x" * 200), ())
    stored = row(svc, inbound_id)
    assert (stored["raw"], stored["outcome"], stored["processed_at"] is not None) == (b"", "too-large", True)
    assert jobs_in(config) == []


# --------------------------------------------------------------------------- the job is Celery's message


def without_ids(message: dict) -> dict:
    """The message but what is new in each (the task's ids, the sender's name)."""
    headers = {k: v for k, v in message["headers"].items() if k not in ("id", "root_id", "origin")}
    properties = {k: v for k, v in message["properties"].items()
                  if k not in ("correlation_id", "reply_to", "delivery_tag")}
    return {**message, "headers": headers, "properties": properties}


def the_tasks_run(config, queue: str, count: int) -> list:
    """The next ``count`` messages on ``queue`` taken as a Celery worker
    takes them: parsed by Celery's own worker request (protocol 2) and run;
    the arguments the task was called with."""
    from celery.worker.request import Request

    app = sender(config)
    app.task(name="farmpost.process_inbound")(record_the_call)
    CALLED.clear()
    with app.connection_for_read() as connection:
        for _ in range(count):
            message = connection.SimpleQueue(queue).get(timeout=10)
            Request(message, app=app).execute()
            if not message.acknowledged:
                message.ack()
    return list(CALLED)


def record_the_call(inbound_id):
    CALLED.append(inbound_id)


#: the arguments of the tasks run by :func:`the_tasks_run` (one callable
#: for every app: Celery keeps one task of a name)
CALLED: list = []


@pytest.fixture
def configs(tmp_path, redis_url):
    base = {"FARMPOST_INSTANCE": str(tmp_path / "instance"), "SECRET_KEY": "test-secret",
            "FARMPOST_QUEUE": f"test-pipe-{uuid.uuid4().hex[:8]}"}
    return {"embedded": load_config(base), "redis": load_config({**base, "CELERY_BROKER_URL": redis_url})}


@pytest.mark.parametrize("broker", ["embedded", "redis"])
def test_the_job_queued_is_the_message_celery_sends_and_a_celery_worker_runs_it(configs, broker):
    config = configs[broker]
    broker_options(config)  # the embedded broker's folders, as a worker makes them
    queue = queue_name(config, "inbound")
    sender(config).send_task("farmpost.process_inbound", args=[7])
    task_message.send(config, "farmpost.process_inbound", queue, [8])
    # both run as Celery runs them; the embedded broker orders two messages
    # written in the same millisecond by their random names, as Celery's own
    # filesystem transport does, so only Redis keeps the order they were sent in
    ran = the_tasks_run(config, queue, 2)
    assert (sorted(ran) if broker == "embedded" else ran) == [7, 8]

    ours = task_message.message("farmpost.process_inbound", queue, [8])
    sender(config).send_task("farmpost.process_inbound", args=[8])
    if broker == "embedded":
        [celerys] = jobs_in(config)
    else:
        import redis

        client = redis.Redis.from_url(config.broker_url)
        celerys = json.loads(client.rpop(queue))
        client.delete(f"_kombu.binding.{queue}", f"_kombu.binding_permanent.{queue}")
        client.close()
    assert without_ids(ours) == without_ids(celerys)


# --------------------------------------------------------------------------- what the MTA is told


def ingest(monkeypatch, raw: bytes, **env) -> int:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return cli.cmd_ingest(argparse.Namespace(recipient=[]), stdin=io.BytesIO(raw))


@pytest.fixture
def instance(tmp_path, monkeypatch):
    for name in ("CELERY_BROKER_URL", "FARMPOST_QUEUE", "DATABASE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("FARMPOST_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.setenv("SECRET_KEY", "test-secret")
    return tmp_path


def test_a_database_that_cannot_be_reached_is_a_temporary_failure_for_the_mta(instance, monkeypatch):
    assert ingest(monkeypatch, a_mail(), DATABASE_URL="postgresql://farmpost@127.0.0.1:1/farmpost") == cli.EX_TEMPFAIL
    assert ingest(monkeypatch, a_mail(), DATABASE_URL=f"sqlite:///{instance}/no/such/folder/x.sqlite3") \
        == cli.EX_TEMPFAIL


def test_a_broker_that_cannot_be_reached_leaves_the_mail_stored_for_the_sweeper(svc, instance, monkeypatch):
    svc.queue = NullQueue()
    raw = a_mail()
    assert ingest(monkeypatch, raw, DATABASE_URL=svc.config.database_url,
                  CELERY_BROKER_URL="redis://127.0.0.1:1/0") == cli.EX_OK
    with svc.db.transaction() as session:
        [stored] = session.scalars(select(InboundMail)).all()
        assert (stored.raw, stored.outcome) == (raw, "pending")
    assert sweep_pending_inbound(svc, older_than=timedelta(0)) == 1


def test_a_new_database_is_migrated_by_the_general_way_and_the_mail_stored(instance, monkeypatch):
    url = f"sqlite:///{instance}/new.sqlite3"
    assert ingest(monkeypatch, a_mail(), DATABASE_URL=url) == cli.EX_OK
    from service.core.db import Database

    database = Database(url)
    with database.engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT outcome FROM inbound_mail").scalars().all() == ["pending"]
    database.dispose()
