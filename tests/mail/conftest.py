"""Fixtures of the mail tests: one loopback Dovecot IMAP server for the session."""

from __future__ import annotations

import pytest

from tests.conftest import unavailable
from tests.mail.dovecot import dovecot


@pytest.fixture(scope="session")
def imap_server():
    """(host, port, password) of a Dovecot that accepts any user name."""
    try:
        with dovecot() as server:
            yield server
    except RuntimeError as error:
        unavailable("Dovecot", error)
