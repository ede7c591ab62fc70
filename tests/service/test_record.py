"""The game record: `farmpost export` prints it, `farmpost replay` checks
that it replays to the result it states. A running game's record has no
seed (docs/spectators.md)."""

from __future__ import annotations

import json

import pytest

from service.cli.main import main
from service.game.game_record import RecordError, build, check, game_record
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game
from tests.engine.golden import FOLDER, PLAYTHROUGHS, filename
from tests.service.helpers import game_row
from tests.service.test_commands import environment  # noqa: F401 (a fixture)

ANN, ROBO = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Robo", bot="random")
SEED = 86_753_091_234


def play(svc, *codes, action="move"):
    game = game_row(svc)
    request_id = playing.submit_move(svc, 1, 0, list(codes), source="web", base_version=game.version, action=action)
    assert playing.wait_for(svc, request_id, 0).status == "applied"


def finished(svc):
    """A Pebbles game Ann and a bot played to the end, with one undone move."""
    create_game(svc, "toy", [ANN, ROBO], host=0, seed=SEED)
    play(svc, "take:1")
    play(svc, action="undo")
    while (pile := game_row(svc).state["pile"]) > 0:
        take = min(pile, 2)
        play(svc, f"take:{take}", *(["end"] if pile > take else []))  # the last pebble ends the game


def test_given_a_running_game_its_record_lists_the_moves_but_not_the_seed_and_cannot_be_replayed_yet(svc):
    create_game(svc, "toy", [ANN, ROBO], host=0, seed=SEED)
    play(svc, "draw", "end")

    record = game_record(svc, 1)

    assert record["seed"] is None and "result" not in record and record["over"] is False
    assert str(SEED) not in json.dumps(record) and "ann@example.org" not in json.dumps(record)
    assert [m["code"] for m in record["moves"]][:2] == ["draw", "end"]
    assert record["seats"] == [{"position": 0, "name": "Ann", "bot": None}, {"position": 1, "name": "Robo", "bot": "random"}]
    with pytest.raises(RecordError, match="still running.*seed is withheld"):
        check(record)


def test_given_a_finished_game_its_record_replays_to_the_same_result(svc):
    finished(svc)

    record = json.loads(json.dumps(game_record(svc, 1)))

    assert record["seed"] == SEED and record["result"]["scores"] == game_row(svc).state["taken"]
    assert [m["undone"] for m in record["moves"]][0] is True
    assert check(record).startswith("Pebbles: ")


def test_a_record_that_does_not_replay_to_its_result_says_what_differs(svc):
    finished(svc)
    record = game_record(svc, 1)

    scores = json.loads(json.dumps(record))
    scores["result"]["scores"][0] += 1
    moves = json.loads(json.dumps(record))
    moves["moves"][1]["code"] = "take:2" if moves["moves"][1]["code"] == "take:1" else "take:1"

    with pytest.raises(RecordError, match="the replay scores"):
        check(scores)
    with pytest.raises(RecordError, match="move 1|move 2|moves do not end|the replay"):
        check(moves)
    with pytest.raises(RecordError, match="not a Farmpost game record"):
        check({"moves": []})


def test_export_prints_the_record_and_replay_checks_it(environment, svc, tmp_path, capsys):  # noqa: F811
    finished(svc)

    assert main(["export", "1"]) == 0
    path = tmp_path / "game.json"
    path.write_text(capsys.readouterr().out)
    assert main(["replay", str(path)]) == 0
    assert "replay to the same result" in capsys.readouterr().out

    record = json.loads(path.read_text())
    record["result"]["ranking"] = list(reversed(record["result"]["ranking"]))
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    assert "error: the replay ranks" in capsys.readouterr().err


def test_replay_of_a_running_games_export_says_why_it_cannot_check_it(environment, svc, tmp_path, capsys):  # noqa: F811
    create_game(svc, "toy", [ANN, ROBO], host=0, seed=SEED)
    assert main(["export", "1"]) == 0
    path = tmp_path / "game.json"
    path.write_text(capsys.readouterr().out)

    assert main(["replay", str(path)]) == 1
    assert "seed is withheld until the game is over" in capsys.readouterr().err
    assert main(["export", "99"]) == 1 and "no game #99" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.json")]) == 2


@pytest.mark.parametrize("params", PLAYTHROUGHS, ids=lambda p: filename(*p))
def test_the_record_of_every_golden_playthrough_replays_to_its_final_score(params):
    stored = json.loads((FOLDER / filename(*params)).read_text(encoding="utf-8"))
    head = stored["head"]
    seats = [{"position": p, "name": f"Farmer {p + 1}", "bot": head["bot"]} for p in range(head["players"])]
    moves = [{"seq": n, "seat": m["seat"], "code": m["code"], "text": m["text"], "description": m["says"],
              "undone": False} for n, m in enumerate(stored["moves"])]
    record = build(head["game"], head["options"], head["seed"], True, seats, moves)
    record["result"] = {"scores": stored["end"]["score_sheet"]["total"], "ranking": stored["end"]["ranking"]}

    assert "replay to the same result" in check(json.loads(json.dumps(record)))
