"""Fixtures of the mail tests: the inbound table around a test's services,
and one loopback Dovecot IMAP server for the session."""

from __future__ import annotations

import pytest

from tests.conftest import unavailable
from tests.mail.dovecot import dovecot
from tests.mail.inbound_helpers import with_inbound_table

inbound_svc = pytest.fixture(with_inbound_table)


@pytest.fixture(scope="session")
def imap_server():
    """(host, port, password) of a Dovecot that accepts any user name."""
    try:
        with dovecot() as server:
            yield server
    except RuntimeError as error:
        unavailable("Dovecot", error)
