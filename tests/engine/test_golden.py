"""Given a stored golden playthrough, replaying its moves gives its final
score sheet, and the same bots with the same seed play exactly the same game."""

import difflib
import json

import pytest

from engine import get_game
from tests.engine.golden import FOLDER, PLAYTHROUGHS, filename, transcript


@pytest.mark.parametrize("params", PLAYTHROUGHS, ids=lambda p: filename(*p))
def test_replaying_the_stored_moves_gives_the_stored_result(params):
    stored = json.loads((FOLDER / filename(*params)).read_text(encoding="utf-8"))
    head = stored["head"]
    game = get_game(head["game"])
    state = game.replay(head["players"], head["options"], head["seed"], [m["code"] for m in stored["moves"]])
    assert game.is_over(state)
    assert game.score_sheet(state) == stored["end"]["score_sheet"]
    assert game.ranking(state) == stored["end"]["ranking"]


@pytest.mark.parametrize("params", PLAYTHROUGHS, ids=lambda p: filename(*p))
def test_the_same_bots_play_the_same_game_again(params):
    stored = (FOLDER / filename(*params)).read_text(encoding="utf-8")
    fresh = transcript(*params)
    if fresh != stored:
        diff = "".join(difflib.unified_diff(stored.splitlines(True), fresh.splitlines(True), "stored", "now", n=2))
        pytest.fail("the playthrough changed (regenerate with `python -m tests.engine.golden` if intended):\n" + diff[:6000])
