"""``farmpost selfplay``: bot kinds by seat, and the figures that compare them."""

from __future__ import annotations

import json

import pytest

from service.cli.main import main


def selfplay(capsys, *args: str) -> dict:
    assert main(["selfplay", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_given_search_and_greedy_then_the_seats_take_them_in_turn_and_wins_and_times_are_by_kind(capsys):
    figures = selfplay(capsys, "sunfield", "--players", "2", "--bots", "search,greedy", "--games", "2",
                       "--iterations", "3")
    assert figures["bots"] == ["search", "greedy"]
    assert figures["completed"] == 2 and figures["errors"] == 0
    assert set(figures["wins_by_bot"]) == {"search", "greedy"}
    assert sum(figures["wins_by_bot"].values()) == 2  # one win per game, a shared first place shared out
    assert all(n * 2 == int(n * 2) for n in figures["wins_by_bot"].values())
    assert set(figures["seconds_per_decision"]) == {"search", "greedy"}
    assert all(seconds > 0 for seconds in figures["seconds_per_decision"].values())


def test_given_fewer_kinds_than_seats_then_the_kinds_cycle(capsys):
    figures = selfplay(capsys, "harvest", "--players", "3", "--bots", "greedy,random", "--games", "1")
    assert figures["bots"] == ["greedy", "random", "greedy"]
    assert set(figures["wins_by_bot"]) == {"greedy", "random"} and sum(figures["wins_by_bot"].values()) == 1


def test_a_solo_game_counts_its_one_farmer_as_the_winner(capsys):
    figures = selfplay(capsys, "harvest", "--players", "1", "--bots", "search", "--games", "1", "--iterations", "2")
    assert figures["wins_by_bot"] == {"search": 1}


def test_the_old_single_bot_option_still_reads(capsys):
    figures = selfplay(capsys, "sunfield", "--players", "2", "--bot", "random", "--games", "1")
    assert figures["bots"] == ["random", "random"] and figures["wins_by_bot"] == {"random": 1}


def test_an_unknown_bot_kind_is_refused_with_the_known_ones(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["selfplay", "sunfield", "--bots", "search,clever"])
    assert exit_.value.code == 2
    assert "unknown bot 'clever'; known: random, greedy, search" in capsys.readouterr().err
