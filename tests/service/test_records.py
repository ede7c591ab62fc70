"""A farmer's record, per address, from the finished games (use cases called
directly, on SQLite and PostgreSQL). The game is Pebbles: the score is the
pebbles taken."""

from __future__ import annotations

from service.core.game_kinds import rules_for
from service.game.standings import record_of
from service.usecases import playing
from tests.service.helpers import game_row
from tests.service.played import ANN, BOB, CAT, SHARED, finished, play_out, started


def test_given_no_game_then_the_record_is_empty(svc):
    record = record_of(svc, "nobody@example.org")
    assert (record.total.played, record.total.won, record.total.average, record.kinds) == (0, 0, None, [])


def test_given_a_win_and_a_loss_then_played_won_and_the_average_score_per_address(svc):
    finished(svc, ANN, BOB)  # Ann 8, Bob 1
    finished(svc, BOB, ANN, turns=[["take:2", "take:2", "end"], ["take:1", "end"], ["take:2", "take:2"]])  # Bob 8
    ann = record_of(svc, "Ann@Example.org ")  # the address, however it is typed
    assert (ann.total.played, ann.total.won, ann.total.average) == (2, 1, 4.5)
    assert [(k.title, k.played, k.won, k.average) for k in ann.kinds] == [("Pebbles", 2, 1, 4.5)]


def test_given_a_shared_first_place_then_it_counts_as_a_win_for_each(svc):
    finished(svc, ANN, BOB, CAT, turns=SHARED)  # Ann 4, Bob 4, Cat 1
    assert record_of(svc, "ann@example.org").total.won == 1
    assert record_of(svc, "bob@example.org").total.won == 1
    assert record_of(svc, "cat@example.org").total.won == 0


def test_given_a_solo_game_then_it_is_played_and_scored_but_not_won(svc):
    finished(svc, ANN, turns=[["take:2", "take:2", "end"], ["take:2", "take:2", "end"], ["take:1"]])
    record = record_of(svc, "ann@example.org").total
    assert (record.played, record.won, record.solo, record.average) == (1, 0, 1, 9.0)


def test_given_a_running_game_then_it_does_not_count_yet(svc):
    started(svc, ANN, BOB)
    assert record_of(svc, "bob@example.org").total.played == 0


def test_given_a_farmer_who_resigned_then_it_is_played_but_never_won(svc):
    game_id = started(svc, ANN, BOB)
    playing.wait_for(svc, playing.submit_move(svc, game_id, 0, [], source="web", base_version=0, action="resign"), 0)
    play_out(svc, game_id)
    assert rules_for("toy").ranking(game_row(svc, game_id).state)[0] == [0]  # the bot in Ann's seat came first
    record = record_of(svc, "ann@example.org").total
    assert (record.played, record.won) == (1, 0)
