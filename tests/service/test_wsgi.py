"""gunicorn's entry point (service/wsgi.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from service.app import WEB_GC_THRESHOLD
from service.core.config import ROOT


def test_the_entry_point_builds_the_app_in_a_process_whose_collector_runs_less_often(tmp_path):
    # given a fresh instance folder (SQLite, the embedded defaults)
    env = {**os.environ, "FARMPOST_INSTANCE": str(tmp_path), "SECRET_KEY": "test", "PYTHONPATH": str(ROOT)}
    env.pop("DATABASE_URL", None)
    # when a process imports the entry point, as each gunicorn worker does
    shown = subprocess.run(
        [sys.executable, "-c", "import gc, json; from service.wsgi import app; "
                               "print(json.dumps([app.name, gc.get_threshold()]))"],
        env=env, cwd=tmp_path, capture_output=True, text=True, timeout=120, check=True)
    name, threshold = json.loads(shown.stdout.strip().splitlines()[-1])
    # then it has the app, and its youngest generation is collected every WEB_GC_THRESHOLD allocations
    assert name == "service.app"
    assert threshold[0] == WEB_GC_THRESHOLD > 700
