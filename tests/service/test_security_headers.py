"""Seat and move pages hold a seat (their link carries its key): no cache
keeps them (``Cache-Control: no-store``); every page has a
Content-Security-Policy whose script nonce is the one its scripts carry.
tests/e2e/test_browser.py checks in Chromium that the pages break no rule of it."""

from __future__ import annotations

import re

from service.storage import lookup
from tests.service.helpers import path_of
from tests.service.test_web import move_links, started


def secrets_of(svc, game_id=1):
    with svc.db.transaction() as session:
        return [seat.secret for seat in lookup.load_game(session, game_id).seats]


def test_pages_that_hold_a_seat_are_never_stored_and_every_page_has_a_policy(svc, client):
    started(svc)
    ann, _ = secrets_of(svc)
    links = svc.links
    keyed = {"seat": links.seat_url(1, 0, ann), "move": next(iter(move_links(svc).values())),
             "prefs": links.prefs_url(1, 0, ann), "join": links.join_url(1, 0, ann),
             "log": links.seat_url(1, 0, ann) + "/log", "mailbox": svc.config.base_url + "/mailbox"}
    public = {"home": "/", "open": "/open", "new": "/new", "not found": "/nothing-here",
              "rules": links.rules_url("sunfield")}
    for name, url in {**keyed, **public}.items():
        response = client.get(path_of(url))
        assert response.status_code in (200, 404), name
        policy = response.headers.get("Content-Security-Policy", "")
        assert "default-src 'none'" in policy and re.search(r"script-src 'nonce-[\w-]{16,}'", policy), name
        assert "frame-ancestors 'self'" in policy and "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
        if name in keyed:
            assert response.headers.get("Cache-Control") == "no-store", name
        else:
            assert "no-store" not in response.headers.get("Cache-Control", ""), name


def test_a_pages_scripts_carry_the_nonce_of_its_policy_and_no_inline_handler_is_left(svc, client):
    started(svc)
    mailbox = client.get("/mailbox")
    nonce = re.search(r"'nonce-([\w-]+)'", mailbox.headers["Content-Security-Policy"]).group(1)
    scripts = re.findall(r"<script([^>]*)>", mailbox.text)
    assert scripts and all(f'nonce="{nonce}"' in attributes for attributes in scripts)
    assert not re.search(r"\son[a-z]+=", mailbox.text)
    again = client.get("/mailbox").headers["Content-Security-Policy"]
    assert nonce not in again  # one nonce per response


def test_no_template_has_an_inline_handler_or_a_script_without_the_nonce():
    from service.core.config import ROOT

    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = path.read_text()
        assert not re.search(r"<[^>]*\son[a-z]+\s*=", text), path
        for attributes in re.findall(r"<script([^>]*)>", text):
            assert 'nonce="{{ csp_nonce() }}"' in attributes, path
