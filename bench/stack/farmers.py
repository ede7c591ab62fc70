"""Not a bench: the farmers of ``bench.stack.throughput``. Each plays one
seat from a client address of its own: by the turn mail's move link and the
seat page's buttons, or by replying to the mail as an MTA hands a reply in."""

from __future__ import annotations

import random
import re
import threading
import time
from urllib.parse import urljoin

import requests
from itsdangerous import URLSafeTimedSerializer

from bench.stack.sink import Sink
from service.inbound.auth import sign
from service.web.inbound_hooks import reply_to

OPTION = re.compile(r"^\* (.+?) → .+\n  (http\S+/m/\S+)$", re.M)
BUTTON = re.compile(r'name="action" value="move"><input type="hidden" name="code" value="([^"]+)">'
                    r'<input type="hidden" name="version" value="(\d+)">')
ACT = re.compile(r'action="(/g/\d+/\d+/[^"]+/act)"')
CSRF = re.compile(r'name="csrf_token" value="([^"]+)"')


def options_of(mail) -> list[tuple[str, str]]:
    """A turn mail's options as (command, link), from its plain text."""
    return OPTION.findall(mail.get_body(preferencelist=("plain",)).get_content().replace("\r\n", "\n"))


class Farmer(threading.Thread):
    """Plays one seat by links, or by mail replies (``by_mail``), from its own client address."""

    def __init__(self, address: str, game_id: int, sink: Sink, stop: threading.Event, submits: list,
                 base: str, client: str, by_mail: bool, inbound_secret: str, think: float = 0.0):
        super().__init__(daemon=True)
        self.address, self.game_id, self.sink, self.stop, self.submits = address, game_id, sink, stop, submits
        self.base, self.by_mail, self.inbound_secret = base, by_mail, inbound_secret
        self.think, self.pace = think, random.Random(client)
        self.http = requests.Session()
        self.http.headers["X-Forwarded-For"] = client
        self.errors: list[str] = []
        self.refused = 0

    def run(self):
        try:
            while not self.stop.is_set():
                mail = self.sink.next_turn_mail(self.address, self.stop)
                if mail is None:
                    return
                if self.think and self.stop.wait(self.think * self.pace.uniform(0.5, 1.5)):
                    return  # reads the mail for a while first (--think)
                if self.by_mail:
                    self.reply(mail)
                elif "continues" not in str(mail["Subject"]):  # a clicking farmer's turn goes on on the page
                    self.play_turn(mail)
        except Exception as error:  # a bench reports what went wrong and goes on with the others
            self.errors.append(repr(error))

    def submit(self, url: str, **kwargs):
        started = time.perf_counter()
        self.sink.submitted(self.game_id, time.monotonic(), "mail" if self.by_mail else "link")
        answer = self.http.post(url, allow_redirects=False, timeout=60, **kwargs)
        self.submits.append(time.perf_counter() - started)
        if answer.status_code not in (202, 303):
            self.refused += 1
            self.errors.append(f"{answer.status_code} from {url.split('?')[0][-40:]}")
            return None
        return answer

    def reply(self, mail):
        """The first option's command, replied to the mail and handed in as an MTA does."""
        options = options_of(mail)
        if not options:
            return
        raw = reply_to(mail, self.address, options[0][0], "bench.example")
        self.submit(self.base + "/inbound/mime", data=raw,
                    headers={"X-Farmpost-Signature": "sha256=" + sign(self.inbound_secret, raw),
                             "Content-Type": "message/rfc822"})

    def follow(self, answer):
        """From the 303 of a submit: the page of the move being applied, followed as a browser does, until it
        leads to the seat page."""
        page = self.http.get(urljoin(answer.url, answer.headers["Location"]), timeout=60)
        while page.status_code == 202:  # as the page's script does: its status every 150 ms, then the page again
            status = urljoin(page.url, re.search(r'data-status-url="([^"]+)"', page.text).group(1))
            while self.http.get(status, headers={"Accept": "application/json"}, timeout=60).json()["status"] \
                    == "pending":
                time.sleep(0.15)
            page = self.http.get(page.url, timeout=60)
        return page

    def play_turn(self, mail):
        """The turn mail's first option by its link, then the rest of the turn
        with the seat page's buttons. Once the turn has ended (the page's
        version is not the next after the last submit: the others played, the
        bots within the same move), the farmer waits for the next turn mail,
        even where the page already offers the next turn's moves."""
        options = options_of(mail)
        if not options:
            return
        _, link = options[0]
        page = self.http.get(link, timeout=60)
        if page.status_code != 200 or ">Confirm</button>" not in page.text:
            return
        version = link_version(link)
        answer = self.submit(link, data={"csrf_token": CSRF.search(page.text).group(1)})
        while answer is not None:
            page = self.follow(answer)
            buttons = BUTTON.findall(page.text)
            if not buttons or int(buttons[-1][1]) != version + 1:  # the turn ended with the last submit
                return
            code, version = buttons[-1][0], int(buttons[-1][1])
            action = urljoin(page.url, ACT.search(page.text).group(1))
            answer = self.submit(action, data={"csrf_token": CSRF.search(page.text).group(1), "action": "move",
                                               "code": code, "version": version})


def link_version(link: str) -> int:
    """The state version a move link was made at, read from its token's
    payload as any client can (the signature is the server's to check)."""
    token = link.rstrip("/").rsplit("/", 1)[-1]
    _, payload = URLSafeTimedSerializer("unchecked").loads_unsafe(token)
    return int(payload["v"])


