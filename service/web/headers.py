"""The headers every page carries besides its own: a Content-Security-Policy
and, for pages that hold a seat or a claim (their link carries its key) and
the local mailbox (it holds every seat link), ``Cache-Control: no-store``.

Scripts run only with the page's nonce (``<script nonce="{{ csp_nonce() }}">``:
no inline event handlers); styles may be inline (the boards are the mail's
HTML, styled by ``style`` attributes, which nonces do not cover). A view that
sets a stricter policy of its own keeps it (the mailbox's frame of a mail)."""

from __future__ import annotations

import secrets
from urllib.parse import urlsplit

from flask import Flask, g, request


def csp_nonce() -> str:
    """This request's script nonce (made on first use)."""
    if "csp_nonce" not in g:
        g.csp_nonce = secrets.token_urlsafe(16)
    return g.csp_nonce


def policy(nonce: str, base_url: str) -> str:
    """The page's policy; forms may post (and their answers redirect) to this
    origin and to BASE_URL's, which links are made with."""
    parts = urlsplit(base_url)
    origin = f" {parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") and parts.netloc else ""
    return ("default-src 'none'; "
            f"script-src 'nonce-{nonce}'; "
            "style-src 'self' 'unsafe-inline'; "
            "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
            "frame-src 'self'; frame-ancestors 'self'; "
            f"form-action 'self'{origin}; base-uri 'none'; object-src 'none'")


def holds_a_key() -> bool:
    """The request names a seat, claim or spectator by the key in its path,
    or is the local mailbox: never kept by a browser or a proxy."""
    return "token" in (request.view_args or {}) or request.blueprint == "mailbox"


def add(response, base_url: str):
    response.headers.setdefault("Content-Security-Policy", policy(csp_nonce(), base_url))
    if holds_a_key():
        response.headers.setdefault("Cache-Control", "no-store")
    return response


def install(app: Flask) -> None:
    app.jinja_env.globals["csp_nonce"] = csp_nonce
