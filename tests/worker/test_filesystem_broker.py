"""The embedded broker: a worker never reads a message that is still being
written (kombu's filesystem transport creates the file, then writes it)."""

from __future__ import annotations

import os
from queue import Empty

import pytest

from service.core.config import load_config
from service.jobs.broker import sender


@pytest.fixture
def embedded(tmp_path):
    return load_config({"FARMPOST_INSTANCE": str(tmp_path / "instance"), "SECRET_KEY": "test-secret"})


def channel_of(config):
    connection = sender(config).connection_for_write()
    return connection, connection.default_channel


def test_the_embedded_broker_uses_the_transport_whose_messages_appear_whole(embedded):
    from service.jobs.filesystem_broker import Transport

    connection, _ = channel_of(embedded)
    assert isinstance(connection.transport, Transport)
    connection.release()


def test_a_message_being_written_is_invisible_to_a_reader_until_it_is_whole(embedded, monkeypatch):
    connection, channel = channel_of(embedded)
    seen_while_writing = []
    real_replace = os.replace

    def replace(source, target):
        # the bytes are written, the rename has not happened yet: a reader polls now
        try:
            seen_while_writing.append(channel._get("farmpost"))
        except Empty:
            seen_while_writing.append(None)
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    channel._put("farmpost", {"body": "apply 7"})
    assert seen_while_writing == [None]
    assert channel._get("farmpost") == {"body": "apply 7"}
    with pytest.raises(Empty):
        channel._get("farmpost")
    connection.release()
