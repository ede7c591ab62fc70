"""Every page and every mail kind, in every state of a game, at 390 px (a
phone) and 1280 px (a laptop), in headless Chromium: nothing scrolls
sideways and no element pokes out of the window. A game of each kind is
played against bots from its first turn to its last, and each page a farmer,
a spectator or a stranger can open is looked at on the way: at the start,
in the middle and when the game is over; every mail the mailbox holds is
looked at in the mail's own HTML and in the mailbox's view of it.

Screenshots go to the test's temporary folder, or to FARMPOST_SCREENSHOTS
(``make screenshots`` uses build/screenshots)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from service.core.config import ROOT
from service.storage.models import Game, MailboxMessage
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game
from service.usecases.public_names import set_public_name
from service.usecases.watching import set_watchable
from tests.service.helpers import game_row, links_in, mailbox, text_part

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WIDTHS = (390, 1280)

#: (kind, options, bots, seed): the games played through
GAMES = [("sunfield", {}, 1, 5), ("sunfield", {"advanced": True}, 3, 4), ("harvest", {}, 0, 3), ("harvest", {}, 3, 6)]

#: the innermost elements that reach past the window's right edge (inside a scroller they may)
OVERFLOW_CHECK = """
(width) => {
  const scrolls = (e) => { for (let p = e.parentElement; p; p = p.parentElement) {
      if (["auto", "scroll", "hidden"].includes(getComputedStyle(p).overflowX)) return true; }
    return false; };
  const out = [];
  for (const e of document.body.querySelectorAll("*")) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.right <= width + 1) continue;
    if (getComputedStyle(e).visibility === "hidden" || scrolls(e)) continue;
    out.push(e);
  }
  // the innermost of them: the element that is too wide, not every box around it
  const leaves = out.filter(e => !out.some(o => o !== e && e.contains(o)));
  return {scroll: document.documentElement.scrollWidth, out: leaves.slice(0, 4).map(e => {
    const r = e.getBoundingClientRect();
    const name = e.tagName.toLowerCase() + (typeof e.className === "string" && e.className ? "." + e.className.split(" ")[0] : "");
    return `${name} ${Math.round(r.left)}..${Math.round(r.right)} px: ${(e.innerText || e.getAttribute("alt") || "").slice(0, 50).replace(/\\s+/g, " ")}`;
  })};
}
"""


@pytest.fixture
def shots(tmp_path) -> Path:
    folder = os.environ.get("FARMPOST_SCREENSHOTS")
    path = ROOT / folder if folder else tmp_path
    path.mkdir(parents=True, exist_ok=True)
    return path


class Looker:
    """Opens pages at each width and keeps what did not fit."""

    def __init__(self, browser, shots: Path, every: bool):
        self.pages = {width: browser.new_page(viewport={"width": width, "height": 900}) for width in WIDTHS}
        self.shots = shots
        #: a screenshot of every page, not only of those that do not fit
        self.every = every
        self.misfits: list[str] = []
        self.looked = 0

    def look(self, url: str, name: str) -> None:
        for width, page in self.pages.items():
            response = page.goto(url)
            assert response is not None and response.status < 500, f"{name}: {url} answered {response.status}"
            found = page.evaluate(OVERFLOW_CHECK, width)
            self.looked += 1
            stem = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") + f"-{width}"
            if found["scroll"] > width or found["out"]:
                self.misfits.append(f"{name} at {width} px: {found['scroll']} px wide; {found['out']}")
                page.screenshot(path=str(self.shots / f"misfit-{stem}.png"), full_page=True)
                (self.shots / f"misfit-{stem}.html").write_text(page.content())
            elif self.every:
                page.screenshot(path=str(self.shots / f"page-{stem}.png"), full_page=True)


def play_ann(svc, game_id: int, moves: int) -> None:
    """Ann plays her first option, ``moves`` times or until the game is over (bots answer at once)."""
    from service.core.game_kinds import rules_for

    for _ in range(moves):
        game = game_row(svc, game_id)
        rules = rules_for(game.kind)
        if game.status == "over":
            return
        assert rules.to_act(game.state) == 0
        code = rules.code(rules.legal_moves(game.state)[0])
        request_id = playing.submit_move(svc, game_id, 0, [code], source="web", base_version=game.version)
        assert playing.wait_for(svc, request_id, 0).status == "applied"


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_every_page_fits_a_phone_and_a_laptop_in_every_state_of_a_game(server, svc, browser, shots):
    looker = Looker(browser, shots, every="FARMPOST_SCREENSHOTS" in os.environ)
    for path, name in [("/", "front page"), ("/new", "new game form"), ("/open", "open tables"),
                       ("/games", "my games form"), ("/rules/sunfield", "Sunfield rules"),
                       ("/rules/harvest", "Harvest rules"), ("/g/1/0/forged", "error page"),
                       ("/ratings", "leaderboards"), ("/ratings/sunfield", "empty leaderboard")]:
        looker.look(server + path, name)

    for kind, options, bots, seed in GAMES:
        farmers = [FarmerSpec("Ann Longname-Whitfield", "ann@example.org")] + \
                  [FarmerSpec(f"Bot number {n}", bot="greedy") for n in range(1, bots + 1)]
        created = create_game(svc, kind, farmers, options=options, host=0, seed=seed)
        game_id = created.game_id
        label = f"{kind} {len(farmers)}{' advanced' if options else ''}"
        seat_url = links_in(text_part(mailbox(svc, "ann@example.org")[-1]), "g")[0]
        set_watchable(svc, game_id, 0, True)
        watch_url = svc.links.watch_url(game_id, game_row(svc, game_id).watch_secret)
        for stage, moves in (("start", 0), ("middle", 12), ("over", 10_000)):
            play_ann(svc, game_id, moves)
            looker.look(seat_url, f"{label} {stage} seat page")
            looker.look(f"{seat_url}/log", f"{label} {stage} log page")
            looker.look(watch_url, f"{label} {stage} spectator page")
            if stage != "over":
                move_links = links_in(text_part(mailbox(svc, "ann@example.org")[-1]), "m")
                if move_links:
                    looker.look(move_links[0], f"{label} {stage} move link")
        assert game_row(svc, game_id).status == "over"

    set_public_name(svc, "ann@example.org", "Ann Longname-Whitfield")
    for pool in ("sunfield", "sunfield+advanced", "harvest"):  # Ann's rated games, against the bots
        looker.look(f"{server}/ratings/{pool}", f"leaderboard {pool}")
    looker.look(svc.links.record_url("ann@example.org"), "record page with ratings")

    with svc.db.transaction() as session:
        kinds = {}
        for message in session.query(MailboxMessage).order_by(MailboxMessage.id):
            kinds.setdefault(re.sub(r"#\d+", "#", message.subject or ""), message.id)
        assert session.query(Game).count() == len(GAMES)
    for subject, message_id in kinds.items():
        looker.look(f"{server}/mailbox/{message_id}/html", f"mail '{subject}'")
        looker.look(f"{server}/mailbox/{message_id}", f"mailbox view of '{subject}'")
    looker.look(f"{server}/mailbox", "mailbox list")

    assert looker.looked > 100
    assert looker.misfits == [], "\n".join(looker.misfits)
