"""Many farmers' browsers posting at once, through a real threaded HTTP
server: for each state version exactly one move is applied, and every other
request gets a page that says why."""

from __future__ import annotations

import re
import threading

import pytest
import requests

from service.usecases.creation import FarmerSpec, create_game, join
from tests.e2e.stack import CSRF
from tests.service.helpers import log_of, mailbox, requests_of, text_part

pytestmark = pytest.mark.integration

ANN, BOB = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Bob", "bob@example.org")
CLICKS = 24


def test_many_simultaneous_confirms_of_the_same_and_of_different_moves_apply_exactly_one(server, svc):
    create_game(svc, "toy", [ANN, BOB], host=0, seed=1)
    join(svc, 1, 1)
    links = re.findall(r"^\* .+\n  (http\S+/m/\S+)$", text_part(mailbox(svc, "ann@example.org")[-1]), re.M)
    assert len(links) == 3
    # half the clicks on one link (double clicks, several tabs), the rest spread over the others
    targets = [links[0] if i % 2 == 0 else links[1 + i % 2] for i in range(CLICKS)]
    browsers, forms = [], []
    for url in targets:
        browser = requests.Session()
        page = browser.get(url, timeout=30)
        assert page.status_code == 200
        browsers.append(browser)
        forms.append({"csrf_token": CSRF.search(page.text).group(1)})

    start = threading.Barrier(CLICKS)
    pages: list = [None] * CLICKS

    def click(i):
        start.wait()
        pages[i] = browsers[i].post(targets[i], data=forms[i], timeout=60)

    threads = [threading.Thread(target=click, args=(i,)) for i in range(CLICKS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(log_of(svc)) == 1
    applied = [r for r in requests_of(svc) if r.status == "applied"]
    assert len(applied) == 1
    # at most one request per link (the same link twice is the same request); the losers are stale
    assert 1 <= len(requests_of(svc)) <= 3
    assert all(r.status in ("applied", "stale") for r in requests_of(svc))
    for page in pages:
        assert page.status_code in (200, 202, 409), page.text[:2000]
        said = re.findall(r"Done: [^<]+|Already done|The board has moved on|Your move is being applied", page.text)
        assert said, page.text[:2000]
    winners = [page for page in pages if "Done: " in page.text and "Already done" not in page.text]
    assert 1 <= len(winners) <= CLICKS // 2 + 1
