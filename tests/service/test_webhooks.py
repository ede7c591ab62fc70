"""Webhooks (docs/webhooks.md) against a real HTTP receiver in the test (a
threaded http.server on a port the system chose): each format, the
signature, one call per URL and event, retries, and turning a failing hook
off. The inline queue sends each delivery right after its move commits."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
import time
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from sqlalchemy import select

from service.core.errors import InvalidInput
from service.storage.models import Webhook, WebhookDelivery
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game
from service.usecases.playing import submit_move
from service.webhooks import registration
from service.webhooks.delivery import deliver
from tests.service.helpers import csrf_token, game_row, mails, path_of

ANN, BOB = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")


class Receiver:
    """Records every call; answers ``status[path]`` (default 204), after ``delay[path]`` seconds."""

    def __init__(self):
        self.calls: list[dict] = []
        self.status: dict[str, int] = {}
        self.delay: dict[str, float] = {}
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                payload = self.rfile.read(int(self.headers["Content-Length"]))
                time.sleep(receiver.delay.get(self.path, 0))
                receiver.calls.append({"path": self.path, "headers": dict(self.headers), "body": payload})
                self.send_response(receiver.status.get(self.path, 204))
                self.end_headers()

            def log_message(self, *args):
                pass

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_port}"

    def to(self, path):
        return [json.loads(call["body"]) for call in self.calls if call["path"] == path]


@pytest.fixture
def receiver():
    receiver = Receiver()
    thread = threading.Thread(target=receiver.httpd.serve_forever, daemon=True)
    thread.start()
    yield receiver
    receiver.httpd.shutdown()
    receiver.httpd.server_close()


@pytest.fixture
def hooks_svc(svc):
    """Hooks may call this machine (the receiver); a failed try may be tried
    again at once. The timeout is long enough for a loaded machine; the
    timeout's own test shortens it."""
    svc.config = replace(svc.config, webhook_allow_private=True, retry_delay=0.0, max_tries=3,
                         webhook_max_failures=4, webhook_timeout=10.0)
    return svc


def game(svc):
    created = create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    from service.usecases.creation import join
    join(svc, created.game_id, 1)
    return created.game_id


def play(svc, seat, *codes):
    request_id = submit_move(svc, 1, seat, list(codes), source="web", base_version=game_row(svc).version)
    return playing.wait_for(svc, request_id, 0)


def deliveries(svc):
    with svc.db.transaction() as session:
        return list(session.scalars(select(WebhookDelivery).order_by(WebhookDelivery.id)))


def hooks(svc):
    with svc.db.transaction() as session:
        return list(session.scalars(select(Webhook).order_by(Webhook.id)))


def test_given_hooks_in_each_format_when_the_turn_changes_then_each_gets_its_body(hooks_svc, receiver):
    svc = hooks_svc
    game(svc)
    registration.register(svc, 1, 0, f"{receiver.url}/discord", "discord", "game")
    registration.register(svc, 1, 0, f"{receiver.url}/slack", "slack", "game")
    registration.register(svc, 1, 0, f"{receiver.url}/json", "json", "game")
    play(svc, 0, "take:1", "end")
    [discord], [slack], [event] = receiver.to("/discord"), receiver.to("/slack"), receiver.to("/json")
    assert discord == {"content": "Pebbles #1: it is Bob's turn (round 1).", "username": "Farmpost",
                       "allowed_mentions": {"parse": []}}
    assert slack == {"text": "Pebbles #1: it is Bob's turn (round 1)."}
    assert event["event"] == "turn_changed" and event["turn"] == {"position": 1, "name": "Bob", "bot": False}
    assert event["game"] == {"id": 1, "kind": "toy", "title": "Pebbles", "progress": "round 1"}
    assert {d.status for d in deliveries(svc)} == {"sent"}


def test_a_json_call_is_signed_over_timestamp_dot_body_with_the_secret_shown_once(hooks_svc, receiver):
    svc = hooks_svc
    game(svc)
    secret = registration.register(svc, 1, 0, f"{receiver.url}/json", "json", "game").secret
    play(svc, 0, "take:1", "end")
    [call] = receiver.calls
    timestamp, signature = call["headers"]["X-Farmpost-Timestamp"], call["headers"]["X-Farmpost-Signature"]
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + call["body"], hashlib.sha256).hexdigest()
    assert signature == f"sha256={expected}"
    assert call["headers"]["X-Farmpost-Event"] == "turn_changed"
    wrong = hmac.new(b"not the secret", timestamp.encode() + b"." + call["body"], hashlib.sha256).hexdigest()
    assert signature != f"sha256={wrong}"


def test_payloads_hold_only_public_facts(hooks_svc, receiver):
    svc = hooks_svc
    game(svc)
    registration.register(svc, 1, 0, f"{receiver.url}/json", "json", "game")
    play(svc, 0, "draw", "end")  # a hidden card
    body = receiver.calls[0]["body"].decode()
    assert "cards" not in body and "hidden" not in body and "/g/1/" not in body and "/m/1/" not in body


def test_a_url_registered_by_several_farmers_is_called_once_per_event(hooks_svc, receiver):
    svc = hooks_svc
    game(svc)
    registration.register(svc, 1, 0, f"{receiver.url}/shared", "slack", "game")
    registration.register(svc, 1, 1, f"{receiver.url}/shared", "slack", "farmer")
    play(svc, 0, "take:1", "end")  # Bob's turn: both hooks want it
    assert len(receiver.to("/shared")) == 1
    play(svc, 1, "take:1", "end")  # Ann's turn: only the host's game hook
    assert len(receiver.to("/shared")) == 2


def test_a_farmers_hook_hears_their_own_turns_and_the_end(hooks_svc, receiver):
    svc = hooks_svc
    game(svc)
    registration.register(svc, 1, 1, f"{receiver.url}/bob", "json", "farmer")
    play(svc, 0, "take:2", "take:2", "end")
    play(svc, 1, "take:2", "take:2", "end")
    play(svc, 0, "take:1")  # empties the pile: the game is over
    events = receiver.to("/bob")
    assert [e["event"] for e in events] == ["turn_changed", "game_over"]
    assert events[1]["result"]["ranking"] == [{"place": 1, "names": ["Ann"], "points": 5},
                                              {"place": 2, "names": ["Bob"], "points": 4}]


def test_a_failing_receiver_is_tried_again_and_the_move_never_waits_for_it(hooks_svc, receiver):
    svc = hooks_svc
    game(svc)
    receiver.status["/flaky"] = 503
    registration.register(svc, 1, 0, f"{receiver.url}/flaky", "slack", "game")
    assert play(svc, 0, "take:1", "end").status == "applied"
    [delivery] = deliveries(svc)
    assert (delivery.status, delivery.attempts, delivery.last_error[:8]) == ("pending", 1, "HTTP 503")
    receiver.status["/flaky"] = 200
    assert deliver(svc, delivery.id) == "sent"
    assert deliver(svc, delivery.id) == "sent"  # a second delivery of the task is a no-op
    assert len(receiver.to("/flaky")) == 2 and hooks(svc)[0].failures == 0


def test_a_slow_receiver_is_cut_off_by_the_timeout_and_counted(hooks_svc, receiver):
    svc = hooks_svc
    svc.config = replace(svc.config, webhook_timeout=0.05)
    game(svc)
    receiver.delay["/slow"] = 2.0
    registration.register(svc, 1, 0, f"{receiver.url}/slow", "slack", "game")
    assert play(svc, 0, "take:1", "end").status == "applied"
    [delivery] = deliveries(svc)
    assert delivery.status == "pending" and "Timeout" in delivery.last_error


def test_after_repeated_failures_a_hook_is_turned_off_and_its_owners_told(hooks_svc, receiver):
    svc = hooks_svc
    game(svc)
    receiver.status["/down"] = 500
    registration.register(svc, 1, 0, f"{receiver.url}/down", "slack", "game")
    registration.register(svc, 1, 1, f"{receiver.url}/down", "slack", "farmer")
    play(svc, 0, "take:1", "end")
    first = deliveries(svc)[0]
    assert deliver(svc, first.id) == "pending"
    assert deliver(svc, first.id) == "failed"  # the third try was the last (max_tries)
    assert all(h.active for h in hooks(svc))  # 3 failures in a row: not yet
    play(svc, 1, "take:1", "end")  # the fourth failure turns the URL's hooks off
    assert [h.active for h in hooks(svc)] == [False, False]
    notes = [m for m in mails(svc, "note") if "webhook was turned off" in m.subject]
    assert sorted(m.to_addr for m in notes) == ["ann@example.org", "bob@example.org"]
    assert "127.0.0.1" in notes[0].context["note"] and "/down" not in notes[0].context["note"]
    play(svc, 0, "take:1", "end")
    assert len(receiver.to("/down")) == 4  # nothing more goes to a hook that is off


def test_a_receiver_that_says_the_hook_is_gone_turns_it_off_at_once(hooks_svc, receiver):
    svc = hooks_svc
    game(svc)
    receiver.status["/deleted"] = 404
    registration.register(svc, 1, 1, f"{receiver.url}/deleted", "discord", "farmer")
    play(svc, 0, "take:1", "end")
    assert [h.active for h in hooks(svc)] == [False]
    assert deliveries(svc)[0].status == "failed"


def test_urls_are_checked_and_private_addresses_refused_by_default(svc):
    game(svc)
    for url, message in [("ftp://example.org/x", "https://"), ("http://example.org/x", "https://"),
                         ("https://127.0.0.1/x", "private"), ("https://localhost/x", "private"),
                         ("https://user:pw@example.org/x", "password")]:
        with pytest.raises(InvalidInput, match=message):
            registration.register(svc, 1, 0, url, "slack", "game")
    with pytest.raises(InvalidInput, match="Only the host"):
        registration.register(svc, 1, 1, "https://example.org/x", "slack", "game")
    assert registration.register(svc, 1, 0, "https://example.org/x", "json", "game").secret


def test_a_name_that_resolves_to_a_private_address_is_not_called_and_the_hook_is_turned_off(svc):
    game(svc)
    registration.register(svc, 1, 0, "https://farm.example.org/x", "slack", "game")
    with svc.db.transaction() as session:
        session.scalar(select(Webhook)).url = "https://localhost:9/x"  # as if its name resolved here now
    play(svc, 0, "take:1", "end")
    [delivery] = deliveries(svc)
    assert delivery.status == "failed" and "private address" in delivery.last_error
    assert [h.active for h in hooks(svc)] == [False]


def test_the_seat_page_adds_a_json_hook_shows_its_secret_once_and_removes_it(client, svc):
    game(svc)
    seat_path = path_of(svc.links.seat_url(1, 0, game_row(svc).seats[0].secret))
    page = client.get(seat_path)
    assert "Webhooks" in page.text and "every turn and the end" in page.text  # the host may choose
    added = client.post(f"{seat_path}/webhooks", data={"csrf_token": csrf_token(page.text),
                                                       "url": "https://hooks.example.org/farm/abc", "format": "json",
                                                       "scope": "game"})
    secret = hooks(svc)[0].secret
    assert added.status_code == 200 and secret in added.text and "shown only now" in added.text
    listed = client.get(seat_path).text
    assert "https://hooks.example.org/…" in listed and "/farm/abc" not in listed and secret not in listed
    removed = client.post(f"{seat_path}/webhooks/{hooks(svc)[0].id}/remove",
                          data={"csrf_token": csrf_token(listed)})
    assert removed.status_code == 303 and hooks(svc) == []
    bob_path = path_of(svc.links.seat_url(1, 1, game_row(svc).seats[1].secret))
    assert "every turn and the end" not in client.get(bob_path).text


def test_without_a_worker_the_sweeper_enqueues_the_waiting_calls_again(hooks_svc, receiver):
    from datetime import timedelta

    from service.core.queue import NullQueue
    from service.ops.sweep import sweep_pending

    svc = hooks_svc
    game(svc)
    registration.register(svc, 1, 0, f"{receiver.url}/later", "slack", "game")
    inline, svc.queue = svc.queue, NullQueue()  # the broker is away: the rows wait
    playing.apply_move_request(svc, submit_move(svc, 1, 0, ["take:1", "end"], source="web", base_version=0))
    svc.queue = inline
    assert receiver.calls == [] and deliveries(svc)[0].status == "pending"
    assert sweep_pending(svc, older_than=timedelta(0))["webhooks"] == 1
    assert len(receiver.to("/later")) == 1 and deliveries(svc)[0].status == "sent"


def test_the_worker_sends_a_delivery_by_the_task_name_the_service_enqueues(tmp_path):
    from service.core.config import load_config
    from service.jobs.broker import CeleryQueue
    from worker.app import create_celery

    app = create_celery(load_config({"FARMPOST_INSTANCE": str(tmp_path)}))
    sent = []
    app.send_task = lambda name, args, expires=None: sent.append((name, args))
    CeleryQueue(app).enqueue("webhook", 7)
    assert sent == [("farmpost.send_webhook", [7])] and "farmpost.send_webhook" in app.tasks


def test_the_signed_example_in_the_docs_verifies():
    import re

    from service.core.config import ROOT
    from service.webhooks.formats import signature

    doc = (ROOT / "docs" / "webhooks.md").read_text()
    timestamp = re.search(r"X-Farmpost-Timestamp: (\d+)", doc).group(1)
    signed = re.search(r"X-Farmpost-Signature: (sha256=[0-9a-f]+)", doc).group(1)
    body = re.search(r'\n\n(\{"event":"turn_changed".*\})\n```', doc).group(1).encode()
    assert signature("3f1c" * 16, timestamp, body) == signed


#: loopback, "this host" and link-local addresses as a resolver reads them
PRIVATE_SPELLINGS = ["2130706433", "0177.0.0.1", "0x7f000001", "127.1", "0", "localhost.", "169.254.169.254.",
                     "[64:ff9b::7f00:1]", "[2002:7f00:1::]", "LOCALHOST", "0x7f.1", "[::ffff:7f00:1]",
                     "[::127.0.0.1]", "10.1", "foo.localhost."]


@pytest.mark.parametrize("host", PRIVATE_SPELLINGS)
def test_every_spelling_of_a_private_address_is_refused_when_registering_and_when_sending(svc, host):
    """They were refused only at send time, or (NAT64, 6to4) never: the
    registration and the delivery ask one function."""
    from service.webhooks import delivery as webhook_delivery

    game(svc)
    url = f"https://{host}/x"
    with pytest.raises(InvalidInput, match="private"):
        registration.register(svc, 1, 0, url, "slack", "game")
    with pytest.raises(webhook_delivery.Refused, match="private address"):
        webhook_delivery.checked_address(url)
    assert hooks(svc) == []


@pytest.mark.parametrize("host", ["example.org", "8.8.8.8", "[2606:4700:4700::1111]", "[2002:808:808::1]",
                                  "[64:ff9b::808:808]"])
def test_public_servers_and_names_are_still_taken(svc, host):
    game(svc)
    assert registration.register(svc, 1, 0, f"https://{host}/x", "json", "game").secret
