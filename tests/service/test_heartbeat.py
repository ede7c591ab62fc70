"""A worker's heartbeat: written while it runs, gone when it stops."""

from __future__ import annotations

import time
from dataclasses import replace

from service.core.services import Services
from service.ops.heartbeat import Heartbeat, live_workers


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


def test_beat_writes_a_heartbeat_of_its_own_that_is_not_a_worker(config, monkeypatch):
    """When beat starts (Celery's beat_init), a heartbeat named beat@host:pid
    runs; /healthz counts it as beat, never as a worker."""
    import atexit

    from celery import signals

    from service.ops.heartbeat import beat_name, live_beats
    from worker.app import create_celery

    stops = []
    monkeypatch.setattr(atexit, "register", stops.append)  # stopped here, not at the end of the test run
    create_celery(config)
    signals.beat_init.send(sender=None)
    svc = Services.from_config(config)
    try:
        for _ in range(200):
            if live_beats(svc):
                break
            time.sleep(0.05)
        assert live_beats(svc) == [beat_name()]
        assert live_workers(svc) == []
    finally:
        for stop in stops:
            stop()
    assert live_beats(svc) == []
    svc.db.dispose()
