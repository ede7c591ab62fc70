"""Nothing is tried for ever: a move request, an outgoing mail or an inbound
mail that keeps failing counts its tries on the row, waits longer after
each, and ends ``failed`` with the reason, one log line per try; the sweeper
respects the wait and the end; an operator sees the failed rows and can send
one round again."""

from __future__ import annotations

import logging
from dataclasses import replace
from datetime import timedelta

import pytest

from service.cli.main import main
from service.core.services import Services
from service.core.wall_time import now
from service.inbound.receive import receive
from service.ops import failed_work
from service.ops.sweep import sweep_pending
from service.outbox.sending import send_mail
from service.storage.models import InboundMail, MoveRequest, OutgoingMail, as_utc
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game, join
from service.usecases.playing import submit_move
from service.wiring import inline_queue
from tests.service.helpers import log_of, mails

ANN, BOB = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")
NOW = timedelta(0)


@pytest.fixture
def fast(config, toy_game):
    """Services whose retries wait no time, so a test can run every try."""
    services = Services.from_config(replace(config, max_tries=3, retry_delay=0.0, retry_delay_max=0.0))
    services.queue = inline_queue(services)
    yield services
    services.db.dispose()


def started(svc) -> None:
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)


def request_row(svc, request_id) -> MoveRequest:
    with svc.db.transaction() as session:
        return session.get(MoveRequest, request_id)


def broken_rules(monkeypatch):
    def fault(*args, **kwargs):
        raise RuntimeError("a fault in the rules")

    monkeypatch.setattr(playing, "_decide", fault)


def test_a_failing_move_request_waits_between_tries_and_the_sweeper_leaves_it_until_then(svc, monkeypatch):
    started(svc)
    broken_rules(monkeypatch)
    request_id = submit_move(svc, 1, 0, ["take:1"], source="link", base_version=0)
    row = request_row(svc, request_id)
    assert (row.status, row.attempts) == ("pending", 1)
    assert "a fault in the rules" in row.last_error
    assert as_utc(row.next_try_at) >= now() + timedelta(seconds=svc.config.retry_delay - 5)
    assert sweep_pending(svc, older_than=NOW)["requests"] == 0  # not due yet


def test_a_move_request_that_keeps_failing_ends_failed_with_one_log_line_per_try(fast, monkeypatch, caplog):
    started(fast)
    broken_rules(monkeypatch)
    caplog.set_level(logging.WARNING)
    request_id = submit_move(fast, 1, 0, ["take:1"], source="link", base_version=0)
    for _ in range(5):
        sweep_pending(fast, older_than=NOW)
    row = request_row(fast, request_id)
    assert (row.status, row.attempts) == ("failed", 3)
    assert "a fault in the rules" in row.last_error and "nothing was changed" in row.result
    lines = [r for r in caplog.records if f"move request #{request_id}" in r.getMessage()]
    assert len(lines) == 3 and all(r.exc_info is None for r in lines)
    assert sweep_pending(fast, older_than=NOW)["requests"] == 0  # failed for good: never swept again
    assert log_of(fast) == []


def test_the_operator_lists_failed_work_and_retries_one_by_hand(fast, monkeypatch, capsys):
    started(fast)
    with monkeypatch.context() as patch:
        broken_rules(patch)
        request_id = submit_move(fast, 1, 0, ["take:1"], source="link", base_version=0)
        for _ in range(3):
            sweep_pending(fast, older_than=NOW)
    assert failed_work.count_failed(fast) == {"request": 1, "mail": 0, "inbound": 0}
    [failed] = failed_work.list_failed(fast)
    assert (failed.kind, failed.id, failed.attempts) == ("request", request_id, 3)

    assert failed_work.retry(fast, "request", request_id)  # the fault is fixed now
    assert request_row(fast, request_id).status == "applied"
    assert [e.code for e in log_of(fast)] == ["take:1"]
    assert not failed_work.retry(fast, "request", request_id)  # only a failed row goes round again


def test_farmpost_admin_failed_and_retry(fast, monkeypatch, capsys):
    for name, value in {"FARMPOST_INSTANCE": str(fast.config.instance_path), "DATABASE_URL": fast.config.database_url,
                        "BASE_URL": fast.config.base_url, "SECRET_KEY": fast.config.secret_key,
                        "FARMPOST_ENV": "development"}.items():
        monkeypatch.setenv(name, value)
    started(fast)
    with monkeypatch.context() as patch:
        broken_rules(patch)
        request_id = submit_move(fast, 1, 0, ["take:1"], source="link", base_version=0)
        with fast.db.transaction() as session:
            session.get(MoveRequest, request_id).attempts = fast.config.max_tries - 1
        sweep_pending(fast, older_than=NOW)
    capsys.readouterr()
    assert main(["admin", "failed"]) == 0
    out = capsys.readouterr().out
    assert f"request #{request_id}" in out and "a fault in the rules" in out
    assert main(["admin", "retry", "request", str(request_id)]) == 0
    assert request_row(fast, request_id).status == "pending"  # handed to the (absent) broker's queue
    assert main(["admin", "retry", "request", str(request_id)]) == 1  # no longer failed


def test_a_mail_that_cannot_be_composed_fails_at_once_with_the_reason(svc, caplog):
    started(svc)
    [turn] = mails(svc, "turn")
    with svc.db.transaction() as session:
        mail = session.get(OutgoingMail, turn.id)
        mail.status, mail.raw = "pending", None
        mail.context = {**mail.context, "envelope": {**mail.context["envelope"], "subject": "Hi\r\nBcc: x@y.z"}}
    caplog.set_level(logging.WARNING)
    assert send_mail(svc, turn.id) == "failed"
    [mail] = mails(svc, "turn")
    assert "cannot be composed" in mail.last_error and "linefeed" in mail.last_error
    assert send_mail(svc, turn.id) == "failed"
    assert sweep_pending(svc, older_than=NOW)["mails"] == 0
    assert failed_work.count_failed(svc)["mail"] == 1
    assert [r.exc_info for r in caplog.records if f"mail #{turn.id}" in r.getMessage()] == [None]


LONG_FROM = "x" * 250 + "@example.org"


def test_an_inbound_mail_whose_processing_keeps_failing_for_a_passing_reason_ends_failed(fast, monkeypatch):
    """A passing failure (a time-out) is tried again with backoff, up to the
    bound; a failure for good (a bug) ends the row at once (the mail tests)."""
    import service.inbound.receive as receiving
    from service.inbound import decide as deciding  # imported where a mail is processed (receive stores without it)

    def fault(*args, **kwargs):
        raise TimeoutError("cannot decide")

    monkeypatch.setattr(deciding, "decide", fault)
    raw = (f"From: {LONG_FROM}\r\nTo: new@farmpost.test\r\nMessage-ID: <long@example.org>\r\n"
           "Subject: hello\r\n\r\nnew toy\r\n").encode()
    inbound_id = receive(fast, raw, source="ingest").id
    for _ in range(5):
        retries_due = receiving.sweep_pending_inbound(fast, older_than=NOW)
    with fast.db.transaction() as session:
        row = session.get(InboundMail, inbound_id)
    assert (row.outcome, row.attempts) == ("failed", 3) and "cannot decide" in row.detail
    assert retries_due == 0


def test_an_inbound_mail_whose_from_is_over_254_characters_is_not_retried_for_ever(fast):
    raw = (f"From: {LONG_FROM}\r\nTo: new@farmpost.test\r\nMessage-ID: <long2@example.org>\r\n"
           "Subject: hello\r\n\r\nnew toy\r\n").encode()
    from service.inbound.receive import sweep_pending_inbound

    inbound_id = receive(fast, raw, source="ingest").id
    for _ in range(fast.config.max_tries + 1):
        sweep_pending_inbound(fast, older_than=NOW)
    with fast.db.transaction() as session:
        row = session.get(InboundMail, inbound_id)
    assert row.outcome != "pending"
    assert sweep_pending_inbound(fast, older_than=NOW) == 0


def test_a_move_link_whose_request_failed_says_so(fast, monkeypatch):
    from service.app import create_app
    from tests.service.helpers import csrf_token, game_row, path_of

    started(fast)
    game = game_row(fast)
    url = fast.links.move_url(1, 0, game.seats[0].secret, game.version, ["take:1"])
    client = create_app(services=fast, testing=True).test_client()
    page = client.get(path_of(url))
    assert page.status_code == 200
    broken_rules(monkeypatch)
    client.post(path_of(url), data={"csrf_token": csrf_token(page.text)})
    for _ in range(3):
        sweep_pending(fast, older_than=NOW)
    page = client.get(path_of(url))
    assert page.status_code == 409 and "fault on our side" in page.text


def test_a_mail_whose_context_cannot_be_completed_fails_with_the_reason_instead_of_raising_for_ever(svc,
                                                                                                 monkeypatch):
    """A turn mail's context is completed in the worker (its view, options,
    deadlines); a render error there is a failure of composing: the row ends
    failed, with the reason, instead of staying pending for every sweep."""
    from service.outbox import sending
    from service.storage.models import OutgoingMail
    from service.usecases import creation

    created = creation.create_game(
        svc, "toy", [creation.FarmerSpec("Anna", "anna@example.org"), creation.FarmerSpec("Bob", "bob@example.org")],
        host=0, seed=7)
    with svc.db.transaction() as session:
        mail = OutgoingMail(game_id=created.game_id, kind="turn", to_addr="anna@example.org", subject="Your turn",
                            message_id="<broken-context@farmpost.test>",
                            context={"kind": "turn", "compose_later": {"log_end": 0}})
        session.add(mail)
        session.flush()
        mail_id = mail.id

    def broken(session, svc, mail):
        raise ValueError("offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24)")

    monkeypatch.setattr(sending, "full_context", broken)
    assert sending.send_mail(svc, mail_id) == "failed"
    with svc.db.transaction() as session:
        row = session.get(OutgoingMail, mail_id)
        assert row.status == "failed" and row.next_try_at is None
        assert row.last_error.startswith("cannot be composed: ValueError: offset must be")
