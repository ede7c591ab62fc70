"""The pages and mails of leagues and duplicate events (docs/leagues.md) at
390 px and 1280 px in headless Chromium, as tests/e2e/test_every_page_fits.py
looks at a game's: a league before, during and after its season (with
long names), the organiser's page, the sign-up pages, a duplicate event
open and over, an entrant's results page, and every mail they send."""

from __future__ import annotations

import os
import re

import pytest
from sqlalchemy import select

from service.core.game_kinds import rules_for
from service.storage.models import DuplicateEntry, Game, LeagueEntry, MailboxMessage
from service.usecases import duplicate, leagues, playing
from tests.e2e.test_every_page_fits import Looker, shots  # noqa: F401 - the fixture
from tests.service.helpers import game_row, path_of

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

NAMES = ["Ann Longname-Whitfield", "Bartholomew Okonkwo-Smythe", "Cy", "Dee", "Evangeline Featherstonehaugh"]


def play_every_game(svc) -> None:
    rules = rules_for("toy")
    for _ in range(500):
        with svc.db.transaction() as session:
            active = session.scalars(select(Game.id).where(Game.status == "active")).all()
        if not active:
            return
        for game_id in active:
            game = game_row(svc, game_id)
            codes = [rules.code(m) for m in rules.legal_moves(game.state)]
            request = playing.submit_move(svc, game_id, rules.to_act(game.state), [codes[0]], source="web",
                                          base_version=game.version)
            playing.wait_for(svc, request, 0)
    raise AssertionError("the games never ended")


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_league_and_duplicate_pages_fit_a_phone_and_a_laptop(server, svc, browser, shots):  # noqa: F811
    looker = Looker(browser, shots, every="FARMPOST_SCREENSHOTS" in os.environ)
    created = leagues.create_league(svc, "The Long-Named Winter Pebble League of the Valley", "toy",
                                    division_size=3, rounds=1, movers=1)
    for name in NAMES:
        leagues.sign_up(svc, created.league_id, name, f"{name.split()[0].lower()}@example.org")
    base = f"{server}/league/{created.league_id}"
    looker.look(base, "league in sign-up")
    looker.look(f"{base}/signup", "league sign-up form")
    looker.look(server + path_of(created.organiser_url), "league organiser before the season")
    leagues.start_now(svc, created.league_id)
    looker.look(base, "league running")
    looker.look(server + path_of(created.organiser_url), "league organiser running")

    event_id = duplicate.create_event(svc, "toy", 2, week="2026-W49")
    looker.look(f"{server}/duplicate/{event_id}", "duplicate open")
    for name in NAMES[:4]:
        duplicate.enter(svc, event_id, name, f"{name.split()[0].lower()}@example.org")
    with svc.db.transaction() as session:
        entry = session.scalars(select(DuplicateEntry).order_by(DuplicateEntry.id)).first()
        mine = f"{server}/duplicate/{event_id}/{entry.id}/{entry.secret}"
    looker.look(mine, "duplicate entrant's page while playing")

    play_every_game(svc)
    leagues.advance(svc)
    duplicate.close(svc, event_id)
    duplicate.advance(svc)
    looker.look(base, "league season over")
    looker.look(f"{server}/duplicate/{event_id}", "duplicate over")
    looker.look(mine, "duplicate entrant's results")
    with svc.db.transaction() as session:
        entry = session.scalars(select(LeagueEntry).order_by(LeagueEntry.id)).first()
        again = f"{base}/again/{entry.id}/{entry.secret}"
    looker.look(again, "league sign-up again")
    leagues.ask_to_sign_up(svc, created.league_id, "Ivy", "ivy@example.org")

    with svc.db.transaction() as session:
        kinds = {}
        for message in session.query(MailboxMessage).order_by(MailboxMessage.id):
            if "Pebbles #" not in (message.subject or ""):  # a game's own mails are test_every_page_fits.py's
                kinds.setdefault(re.sub(r"table \d+", "table #", message.subject or ""), message.id)
    assert any("season 1 is over" in k for k in kinds) and any("your results" in k for k in kinds)
    assert any(k.startswith("Confirm") for k in kinds)
    for subject, message_id in kinds.items():
        looker.look(f"{server}/mailbox/{message_id}", f"mailbox view of '{subject}'")
    assert looker.misfits == [], "\n".join(looker.misfits)
