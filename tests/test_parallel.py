"""The suite runs on several pytest-xdist workers (`make test`, docs/testing.md):
tests marked ONE_STACK_AT_A_TIME must all run on one worker, one after
another, while unmarked tests spread over the others. Checked on a small
sample suite run the way the Makefile runs the real one."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import defaultdict

from service.core.config import ROOT

SAMPLE = """\
import pytest
from tests.e2e.stack import ONE_STACK_AT_A_TIME

pytestmark = {marks}

@pytest.mark.parametrize("n", range(3))
def test_{name}(n):
    pass
"""


def test_tests_of_one_group_run_on_one_worker_and_the_others_anywhere(tmp_path):
    for name, marks in [("links", "[ONE_STACK_AT_A_TIME]"), ("mail", "[pytest.mark.slow, ONE_STACK_AT_A_TIME]"),
                        ("light", "[]"), ("other", "[]")]:
        (tmp_path / f"test_{name}.py").write_text(SAMPLE.format(name=name, marks=marks))
    (tmp_path / "pytest.ini").write_text("[pytest]\nmarkers =\n    slow: sample\n")
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "2", "--dist", "loadgroup", "-v"],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:]

    workers = defaultdict(set)
    for worker, test in re.findall(r"^\[(gw\d)\] .*PASSED (test_\w+)\.py", run.stdout, re.M):
        workers[test].add(worker)
    assert sum(1 for line in run.stdout.splitlines() if " PASSED " in line) == 12, run.stdout[-3000:]
    assert len(workers["test_links"] | workers["test_mail"]) == 1, dict(workers)
