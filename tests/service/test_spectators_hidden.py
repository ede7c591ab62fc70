"""Nothing hidden reaches a spectator, in either game: not the piles, decks
and stacks (their order is the future), not a farmer's private cards, not
the seed (docs/spectators.md)."""

from __future__ import annotations

import json
import re

import pytest

from engine import get_game
from engine.core import Rng
from engine.harvest import content as harvest_content
from service.storage.models import Game
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game
from tests.service.helpers import game_row, path_of

#: digits that appear nowhere on a page by chance
SEED = 86_753_091_234_567


def game_in_play(svc, client, kind: str, moves: int) -> tuple[str, str]:
    """A watchable game of ``kind``: Ann (random choices) against the greedy
    bot, ``moves`` of Ann's moves in. Returns (Ann's seat path, spectator path)."""
    rules = get_game(kind)
    farmers = [FarmerSpec("Ann"), FarmerSpec("Robo", bot="greedy")]  # Ann takes no mail: no boards to draw
    created = create_game(svc, kind, farmers, host=0, seed=SEED, watchable=True)
    rng = Rng(5)
    for _ in range(moves):
        game = game_row(svc)
        if game.status != "active":
            break
        options = rules.legal_moves(game.state)
        code = rules.code(options[rng.below(len(options))])
        playing.wait_for(svc, playing.submit_move(svc, 1, 0, [code], source="web", base_version=game.version), 0)
    seat = path_of(created.host_url)
    watch = re.search(r'href="([^"]+)" class="watch-link"', client.get(seat).text).group(1)
    return seat, path_of(watch)


def scrambled(state: dict) -> dict:
    """The same position as everyone sees it, with everything nobody may
    see changed: every hidden list reversed, another generator, and each
    farmer's private part handed to the next farmer."""
    def reverse(value):
        if isinstance(value, list):
            return list(reversed(value))
        if isinstance(value, dict):
            return {k: reverse(v) for k, v in value.items()}
        return value

    out = json.loads(json.dumps(state))
    out["hidden"] = reverse(out["hidden"])
    out["hidden"]["rng"] = state["hidden"]["rng"] ^ 0xFFFF
    private = state.get("private", {})
    keys = sorted(private)
    out["private"] = {k: private[keys[(i + 1) % len(keys)]] for i, k in enumerate(keys)}
    return out


def without_form_token(page: str) -> str:
    """The page without its CSRF token (signed with the time of the request)."""
    return re.sub(r'name="csrf_token" value="[^"]*"', "", page)


@pytest.mark.parametrize("kind", ["sunfield", "harvest"])
def test_the_spectator_page_does_not_change_when_only_hidden_things_do(client, svc, kind):
    _, watch = game_in_play(svc, client, kind, moves=6)
    before = without_form_token(client.get(watch).text)

    with svc.db.transaction() as session:
        game = session.get(Game, 1)
        game.state = scrambled(game.state)
    after = without_form_token(client.get(watch).text)

    assert before == after


@pytest.mark.parametrize("kind", ["sunfield", "harvest"])
def test_no_page_or_record_of_a_running_game_holds_the_seed(client, svc, kind):
    seat, watch = game_in_play(svc, client, kind, moves=6)

    pages = [client.get(path).text for path in (watch, watch + "/log", watch + "/log?at=0", watch + "/log?at=3",
                                                 watch + "/record.json", seat, seat + "/log", seat + "/record.json")]

    assert all(str(SEED) not in page for page in pages)
    assert json.loads(pages[4])["seed"] is None


def test_harvest_a_spectator_never_sees_the_characters_and_farmhouses_dealt_in_private(client, svc):
    rules = get_game("harvest")
    dealt = rules.setup(2, {}, SEED)["private"]
    _, watch = game_in_play(svc, client, "harvest", moves=0)  # the bot waits for Ann: nobody has kept yet
    names = [harvest_content.CHARACTERS[c]["name"] for p in dealt.values() for c in p["characters"]] + \
        [harvest_content.FARMHOUSES[f]["name"] for p in dealt.values() for f in p["farmhouses"]]

    for page in (client.get(watch).text, client.get(watch + "/log").text):
        assert not [name for name in names if name in page]


def test_harvest_a_farmer_sees_their_own_dealt_cards_on_the_log_and_not_the_others(client, svc):
    dealt = get_game("harvest").setup(2, {}, SEED)["private"]
    seat, _ = game_in_play(svc, client, "harvest", moves=0)

    page = client.get(seat + "/log?at=0").text

    assert all(harvest_content.CHARACTERS[c]["name"] in page for c in dealt["0"]["characters"])
    assert not any(harvest_content.CHARACTERS[c]["name"] in page for c in dealt["1"]["characters"])
