"""Nothing in the service is game-specific: each installed game is played to
the end through the same pipeline (a person choosing at random, a bot), and
the log replays to the stored snapshot."""

from __future__ import annotations

import pytest

from engine import get_game
from engine.core import Rng
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game
from tests.service.helpers import game_row, log_of, mailbox, mails, requests_of


@pytest.mark.parametrize("kind", ["sunfield", "harvest"])
def test_a_person_and_a_bot_play_a_whole_game_through_the_service(svc, kind):
    rules = get_game(kind)
    create_game(svc, kind, [FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Robo", bot="greedy")], seed=11)
    rng = Rng(11)
    while (game := game_row(svc)).status == "active":
        # the bot has played its turns already (if not, say what became of its requests)
        assert rules.to_act(game.state) == 0, [(r.id, r.seat, r.source, r.status, r.result, r.attempts, r.last_error)
                                               for r in requests_of(svc)][-4:]
        moves = rules.legal_moves(game.state)
        choice = rules.code(moves[rng.below(len(moves))])
        request_id = playing.submit_move(svc, 1, 0, [choice], source="web", base_version=game.version)
        assert playing.wait_for(svc, request_id, 0).status == "applied"
    game = game_row(svc)
    assert game.status == "over"
    assert rules.replay(2, game.options, game.seed, [e.code for e in log_of(svc)]) == game.state
    assert {e.source for e in log_of(svc)} == {"web", "bot"}
    assert all(m.status == "sent" for m in mails(svc))
    subjects = [m["Subject"] for m in mailbox(svc, "ann@example.org")]
    assert subjects[0].startswith(f"{rules.title} #1: your turn")
    assert subjects[-1] == f"{rules.title} #1: final result"
