"""A worker's heartbeat: written while it runs, gone when it stops."""

from __future__ import annotations

import time
from dataclasses import replace

from service.heartbeat import Heartbeat, live_workers
from service.services import Services


def test_a_heartbeat_is_written_until_it_is_stopped(config):
    svc = Services.from_config(replace(config, heartbeat_max_age=3.0))
    heartbeat = Heartbeat(svc, name="worker-host:42").start()
    try:
        for _ in range(200):  # the first beat comes at once
            if live_workers(svc):
                break
            time.sleep(0.05)
        assert live_workers(svc) == ["worker-host:42"]
    finally:
        heartbeat.stop()
    assert live_workers(svc) == []
    svc.db.dispose()
