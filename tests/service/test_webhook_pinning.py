"""A webhook call goes to the address its check saw (docs/webhooks.md):
the URL's name is looked up once, and a name that answers differently the
second time (DNS rebinding) never sends the call to the second answer. The
receiver is a real HTTPS server on this machine with a certificate for the
hook's name, from a test authority (trustme); the address rule counts the
receiver's loopback address as public, and the lookup is the test's."""

from __future__ import annotations

import socket
import ssl
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import trustme
from sqlalchemy import select

from service.storage.models import WebhookDelivery
from service.webhooks import delivery as webhook_delivery
from service.webhooks import registration
from tests.service.test_webhooks import game, play

NAME = "hooks.farm.example"


@pytest.fixture
def authority(monkeypatch, tmp_path):
    ca = trustme.CA()
    bundle = tmp_path / "ca.pem"
    ca.cert_pem.write_to_path(str(bundle))
    monkeypatch.setattr(webhook_delivery, "CA_CERTS", str(bundle))
    return ca


def https_receiver(ca, name):
    """A threaded HTTPS server on 127.0.0.1 whose certificate is for ``name``; records each call."""
    calls = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            calls.append({"host": self.headers["Host"], "path": self.path,
                          "body": self.rfile.read(int(self.headers["Content-Length"]))})
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(name).configure_cert(context)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, calls


@pytest.fixture
def rebinding_name(monkeypatch):
    """The hook's name answers 127.0.0.1 (counted public here) to its first
    lookup and a private address to every later one; returns the lookups."""
    lookups = []
    real = socket.getaddrinfo

    def getaddrinfo(host, port, *args, **kwargs):
        if host != NAME:
            return real(host, port, *args, **kwargs)
        lookups.append(host)
        address = "127.0.0.1" if len(lookups) == 1 else "10.255.255.1"
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(webhook_delivery, "is_public", lambda address: address == "127.0.0.1")
    return lookups


def turn_heard_by(svc, server, path="/hook?team=1"):
    """A game whose hook is ``https://NAME:<the server's port><path>``, and a
    turn played in it (the inline queue calls the hook); the server stops."""
    try:
        game(svc)
        registration.register(svc, 1, 0, f"https://{NAME}:{server.server_port}{path}", "json", "game")
        play(svc, 0, "take:1", "end")
    finally:
        server.shutdown()
        server.server_close()


def only_delivery(svc):
    with svc.db.transaction() as session:
        [delivery] = session.scalars(select(WebhookDelivery)).all()
        return delivery


def test_given_a_name_that_rebinds_when_its_hook_is_called_then_the_call_goes_to_the_checked_address(
        svc, authority, rebinding_name):
    server, calls = https_receiver(authority, NAME)
    turn_heard_by(svc, server)
    assert rebinding_name == [NAME]  # looked up once: the check's answer is the one called
    assert only_delivery(svc).status == "sent"
    [call] = calls
    assert call["host"] == f"{NAME}:{server.server_port}" and call["path"] == "/hook?team=1"
    assert b'"turn_changed"' in call["body"]


def test_a_receiver_whose_certificate_names_another_server_is_not_sent_the_call(svc, authority, rebinding_name):
    server, calls = https_receiver(authority, "elsewhere.example")
    turn_heard_by(svc, server)
    delivery = only_delivery(svc)
    assert calls == [] and delivery.status == "pending" and delivery.attempts == 1
    assert "certificate" in delivery.last_error.lower() or "hostname" in delivery.last_error.lower()
