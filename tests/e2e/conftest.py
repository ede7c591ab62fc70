"""Fixtures of the end-to-end tests."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from service.app import create_app


@pytest.fixture
def server(svc):
    """The app over real HTTP (a threaded werkzeug server on a loopback port
    the system chose); links in the mails point at it. Yields its base URL."""
    httpd = make_server("127.0.0.1", 0, create_app(services=svc), threaded=True)
    svc.links.base_url = f"http://127.0.0.1:{httpd.server_port}"
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield svc.links.base_url
    httpd.shutdown()


CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium (Debian's), driven by Playwright."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        pytest.fail("Chromium is missing: apt-get install -y chromium")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=[
            "--no-sandbox", "--disable-background-networking", "--disable-gpu"])
        yield chromium
        chromium.close()
