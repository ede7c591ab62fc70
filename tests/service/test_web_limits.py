"""Rate limits on the web (service/web/limits.py): given a small
``web-posts`` limit, when one client posts forms or confirms links past it,
then it gets 429 with the styled error page and a Retry-After header and
nothing is done, while other clients, pages (GET) and the signed inbound
webhooks go on. Behind a proxy, X-Forwarded-For is believed only as far as
TRUSTED_PROXIES says. Runs on SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.app import create_app
from service.core.config import Limit
from service.inbound.auth import inbound_secret, sign
from service.usecases.creation import FarmerSpec, create_game, join
from tests.mail.inbound_helpers import reply, start_game
from tests.service.helpers import csrf_token, log_of, path_of, requests_of
from tests.service.test_web import move_links

LIMIT = 3


def web_app(svc, trusted_proxies: int = 0):
    svc.config = replace(svc.config, trusted_proxies=trusted_proxies,
                         rate_limits={**svc.config.rate_limits, "web-posts": Limit(LIMIT, 600)})
    return create_app(services=svc, testing=True)


@pytest.fixture
def web(svc):
    return web_app(svc).test_client()


def post_new(client, **environ):
    """A create-form post without a CSRF token (400 while under the limit)."""
    return client.post("/new", data={"game": "toy"}, environ_base=environ)


def test_past_the_limit_a_client_gets_a_styled_429_page_that_says_when_to_come_back(web):
    answers = [post_new(web).status_code for _ in range(LIMIT + 1)]
    assert answers == [400] * LIMIT + [429]
    response = post_new(web)
    assert response.status_code == 429
    assert "Slow down, please" in response.text and "<html" in response.text.lower()
    assert 590 <= int(response.headers["Retry-After"]) <= 600


def test_a_link_confirm_past_the_limit_is_refused_and_the_move_not_applied(svc, web):
    create_game(svc, "toy", [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")],
                host=0, seed=1)
    join(svc, 1, 1)
    for _ in range(LIMIT):
        post_new(web)
    url = move_links(svc)["take 1"]
    page = web.get(path_of(url))
    assert page.status_code == 200  # pages are never limited
    response = web.post(path_of(url), data={"csrf_token": csrf_token(page.text)})
    assert response.status_code == 429
    assert requests_of(svc) == [] and log_of(svc) == []


def test_each_client_has_its_own_limit(web):
    for _ in range(LIMIT + 1):
        post_new(web, REMOTE_ADDR="192.0.2.1")
    assert post_new(web, REMOTE_ADDR="192.0.2.1").status_code == 429
    assert post_new(web, REMOTE_ADDR="192.0.2.2").status_code == 400


def test_without_trusted_proxies_x_forwarded_for_is_ignored(web):
    """A client cannot escape its limit by naming itself someone else."""
    for n in range(LIMIT + 1):
        web.post("/new", data={}, headers={"X-Forwarded-For": f"198.51.100.{n}"})
    assert web.post("/new", data={}, headers={"X-Forwarded-For": "198.51.100.99"}).status_code == 429


def test_behind_one_trusted_proxy_clients_are_told_apart_by_the_address_it_adds(svc):
    client = web_app(svc, trusted_proxies=1).test_client()

    def through_proxy(address: str, forged: str = "203.0.113.7"):  # the proxy appends the address it saw
        return client.post("/new", data={}, headers={"X-Forwarded-For": f"{forged}, {address}"},
                           environ_base={"REMOTE_ADDR": "127.0.0.1"})

    for n in range(LIMIT):
        assert through_proxy("192.0.2.1", forged=f"10.0.0.{n}").status_code == 400
    assert through_proxy("192.0.2.1").status_code == 429
    assert through_proxy("192.0.2.2").status_code == 400


def test_the_signed_inbound_webhook_is_never_limited(svc, web):
    _, keys = start_game(svc)
    secret = inbound_secret(svc.config)
    for n in range(LIMIT + 2):
        raw = reply(keys["Bob"], f"board {n}")
        response = web.post("/inbound/mime", data=raw, headers={"X-Farmpost-Signature": "sha256=" + sign(secret, raw)})
        assert response.status_code == 202


def test_the_create_form_has_a_tighter_limit_of_its_own_per_client(svc):
    """Each game set up on the web mails invitations to the addresses given."""
    svc.config = replace(svc.config, rate_limits={**svc.config.rate_limits, "web-new-games": Limit(2, 3600)})
    client = create_app(services=svc, testing=True).test_client()

    def create(**environ):  # a form the CSRF check passes, missing its farmers (400)
        token = csrf_token(client.get("/new", environ_base=environ).text)
        return client.post("/new", data={"game": "toy", "csrf_token": token}, environ_base=environ).status_code

    assert [create() for _ in range(3)] == [400, 400, 429]
    assert create(REMOTE_ADDR="192.0.2.9") == 400
