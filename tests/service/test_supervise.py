"""farmpost run's supervisor: a child that dies is started again, up to a
limit; past it the supervisor gives up."""

from __future__ import annotations

import os
import signal
import sys

from service.ops.supervise import Supervisor

SLEEPER = [sys.executable, "-c", "import time; time.sleep(60)"]


def test_a_dead_child_is_restarted_and_reported_until_the_limit(capsys):
    deaths = []
    supervisor = Supervisor({"worker": SLEEPER, "beat": SLEEPER}, limit=1,
                            on_death=lambda name, pid: deaths.append((name, pid))).start()
    try:
        first = supervisor.pid("worker")
        assert supervisor.check()  # all alive: nothing to do
        os.kill(first, signal.SIGKILL)
        supervisor.children[0].process.wait()
        assert supervisor.check()
        second = supervisor.pid("worker")
        assert second != first and deaths == [("worker", first)]
        assert "starting it again" in capsys.readouterr().out
        os.kill(second, signal.SIGKILL)
        supervisor.children[0].process.wait()
        assert not supervisor.check()  # a second death within the window: give up
        assert deaths == [("worker", first), ("worker", second)]
    finally:
        supervisor.stop()
    assert all(c.process.poll() is not None for c in supervisor.children)
    assert supervisor.check()  # stopped: nothing is started again
    assert all(c.process.poll() is not None for c in supervisor.children)
