"""Child processes that must keep running (``farmpost run``'s worker and
beat): a child that dies is started again, up to ``limit`` restarts within
``window`` seconds; past that the supervisor gives up, and so does its
caller, rather than serve a web app whose moves nobody applies."""

from __future__ import annotations

import logging
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

log = logging.getLogger(__name__)


@dataclass
class Child:
    name: str
    argv: list[str]
    process: subprocess.Popen | None = None
    restarts: deque = field(default_factory=deque)


class Supervisor:
    def __init__(self, commands: dict[str, list[str]], *, limit: int = 5, window: float = 600.0,
                 on_death: Callable[[str, int], None] | None = None):
        self.children = [Child(name, argv) for name, argv in commands.items()]
        self.limit, self.window = limit, window
        self.on_death = on_death or (lambda name, pid: None)
        self._lock = threading.Lock()
        self._stopped = False

    def start(self) -> Supervisor:
        for child in self.children:
            child.process = subprocess.Popen(child.argv)
        return self

    def pid(self, name: str) -> int:
        return next(c.process.pid for c in self.children if c.name == name)

    def check(self) -> bool:
        """Restart any child that died; False when one died too often."""
        with self._lock:
            return self._stopped or self._check()

    def _check(self) -> bool:
        for child in self.children:
            code = child.process.poll()
            if code is None:
                continue
            now = time.monotonic()
            while child.restarts and child.restarts[0] < now - self.window:
                child.restarts.popleft()
            try:
                self.on_death(child.name, child.process.pid)
            except Exception as error:
                log.warning("after the %s died: %s", child.name, error)
            if len(child.restarts) >= self.limit:
                log.error("the %s died (exit %s) %d times within %.0f s; giving up", child.name, code,
                          len(child.restarts) + 1, self.window)
                return False
            child.restarts.append(now)
            print(f"the {child.name} stopped (exit {code}); starting it again "
                  f"({len(child.restarts)} of {self.limit} restarts)", flush=True)
            child.process = subprocess.Popen(child.argv)
        return True

    def stop(self) -> None:
        with self._lock:
            self._stopped = True
        running = [c.process for c in self.children if c.process is not None]
        for process in running:
            process.terminate()
        for process in running:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
