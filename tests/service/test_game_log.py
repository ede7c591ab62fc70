"""The game's log page: every move with its sentence, round markers, undone
moves marked, and the board at any move, stepped through with links; each
reader sees their own view until the game is over (docs/spectators.md)."""

from __future__ import annotations

import re
from types import SimpleNamespace

from engine import get_game
from engine.harvest import content as harvest_content
from service.game.game_log import log_page
from service.usecases import playing
from service.usecases.creation import FarmerSpec, create_game
from tests.service.helpers import game_row, path_of

ANN, ROBO = FarmerSpec("Ann", "ann@example.org"), FarmerSpec("Robo", bot="random")


def submit(svc, action="move", *codes):
    game = game_row(svc)
    request_id = playing.submit_move(svc, 1, 0, list(codes), source="web", base_version=game.version, action=action)
    assert playing.wait_for(svc, request_id, 0).status == "applied"


def test_given_moves_and_an_undo_when_the_log_is_opened_then_it_tells_every_move_round_by_round(client, svc):
    seat_path = path_of(create_game(svc, "toy", [ANN, ROBO], host=0, seed=3, watchable=True).host_url)
    submit(svc, "move", "take:2")
    submit(svc, "undo")
    submit(svc, "move", "take:1", "end")  # then the bot plays its turn
    submit(svc, "move", "take:1")  # round 2

    page = client.get(seat_path + "/log")

    assert page.status_code == 200
    text = re.sub(r"\s+", " ", page.text)
    assert "<b>Round 1</b>" in text and "<b>Round 2</b>" in text
    assert "<s><b>You</b> took 2 pebbles</s> <span class=\"muted\">(undone)</span>" in text
    assert "1.</a> <b>You</b> took 1 pebble" in text and "<b>Robo</b>" in text
    assert re.search(r"Move (\d+) of \1", text)


def test_when_stepping_back_and_forth_then_the_board_is_the_one_after_that_move(client, svc):
    seat_path = path_of(create_game(svc, "toy", [ANN, ROBO], host=0, seed=3).host_url)
    submit(svc, "move", "take:1", "end")

    start = client.get(seat_path + "/log?at=0").text
    first = client.get(seat_path + "/log?at=1").text
    beyond = client.get(seat_path + "/log?at=999").text

    assert "Move 0 of" in start and 'rel="prev"' not in start and 'href="' in start
    assert "· round 1" in start
    assert "Move 1 of" in first and f'{seat_path}/log?at=0"' in first and f'{seat_path}/log?at=2"' in first
    assert 'aria-current="step"' in first
    steps = int(re.search(r"Move \d+ of (\d+)", first).group(1))
    assert f"Move {steps} of {steps}" in beyond and "· round 2" in beyond and 'rel="next"' not in beyond


def test_the_spectator_log_is_the_log_told_by_names(client, svc):
    seat_path = path_of(create_game(svc, "toy", [ANN, ROBO], host=0, seed=3, watchable=True).host_url)
    submit(svc, "move", "take:1", "end")
    watch = path_of(re.search(r'href="([^"]+)" class="watch-link"', client.get(seat_path).text).group(1))

    page = client.get(watch + "/log?at=1")

    assert page.status_code == 200
    assert "<b>Ann</b> took 1 pebble" in page.text and "<b>You</b>" not in page.text
    assert "as everyone sees it" in page.text


# --------------------------------------------------------------------------- whose view (Harvest deals in private)


def harvest_game(status: str):
    """A Harvest game's opening (both farmers keep a Character and a
    Farmhouse from the two dealt to them in private), as the log page reads it."""
    rules = get_game("harvest")
    state, entries = rules.setup(2, {}, 7), []
    dealt = {seat: dict(state["private"][str(seat)]) for seat in (0, 1)}
    for seq in range(4):
        move = rules.legal_moves(state)[0]
        entries.append(SimpleNamespace(seq=seq, seat=rules.to_act(state), code=rules.code(move),
                                       text=rules.text(move), description=rules.describe(state, move), undone=False))
        state = rules.apply(state, move)
    game = SimpleNamespace(kind="harvest", options={}, seed=7, status=status,
                           seats=[SimpleNamespace(position=0, name="Ann"), SimpleNamespace(position=1, name="Bob")])
    return game, entries, dealt


def names_of(dealt: dict) -> list[str]:
    return [harvest_content.CHARACTERS[c]["name"] for c in dealt["characters"]] + \
        [harvest_content.FARMHOUSES[f]["name"] for f in dealt["farmhouses"]]


def shown(page: dict) -> str:
    return str(page["board"]["html"]) + str(page["board"]["drawing"])


def test_while_the_game_runs_a_farmer_sees_their_own_dealt_cards_and_not_the_others():
    game, entries, dealt = harvest_game("active")

    ann = shown(log_page(game, entries, 0, at=0, as_seat="1"))  # asking for Bob's view changes nothing yet
    spectator = shown(log_page(game, entries, None, at=0))

    assert all(name in ann for name in names_of(dealt[0]))
    assert not any(name in ann for name in names_of(dealt[1]))
    assert not any(name in spectator for name in names_of(dealt[0]) + names_of(dealt[1]))


def test_once_the_game_is_over_anyone_may_see_any_farmers_view_at_any_move():
    game, entries, dealt = harvest_game("over")

    as_bob = log_page(game, entries, None, at=0, as_seat="1")

    assert all(name in shown(as_bob) for name in names_of(dealt[1]))
    assert [value for value, _ in as_bob["choices"]] == ["public", "0", "1"]
    assert log_page(game, entries, 0, at=0)["seat"] == 0  # a farmer starts from their own view
