"""No rendering (text, mail and web HTML, PDF, the drawing) shows what its
farmer may not see: deck and pile order, the building deck, another
farmer's face-down Client or dealt cards.

The test changes exactly the hidden parts of a state and checks that every
output for a farmer who may not see them stays the same, while the output for
the farmer who may see them changes (so the test would notice a leak).
"""

from __future__ import annotations

import pytest

import boards
from engine import get_game
from engine.core import clone
from tests.boards.conftest import game as sample_of
from tests.boards.conftest import pdf_text


def outputs(name: str, state: dict, seat: int, names: list[str]) -> dict:
    view = get_game(name).view(state, seat)
    meta = {"title": "Hidden", "game_id": "g1", "version": 1, "names": names}
    return {
        "text": boards.text(name, view, seat, names=names),
        "mail": str(boards.mail_html(name, view, seat, names=names)),
        "web": str(boards.web_html(name, view, seat, names=names,
                               highlight=[m.code() for m in get_game(name).legal_moves(state)])),
        "pdf": pdf_text(boards.snapshot_pdf(name, view, seat, meta))[1],
        "drawing": boards.picture_svg(name, view, seat, names=names),
    }


def sunfield_with_a_reserved_client() -> tuple[dict, dict]:
    """A 4-farmer advanced state in which Yoann (seat 1) holds a face-down
    Client, and the same state with another Client there and the decks reordered."""
    sample = sample_of("sunfield", 4, True)
    state = clone(sample.at("middle"))
    deck = state["hidden"]["deck"]
    assert len(deck) >= 3
    state["private"]["1"]["reserved"] = [deck[0]]
    state["farmers"][1]["reserved"] = 1
    state["hidden"]["deck"] = deck[1:]
    other = clone(state)
    other["private"]["1"]["reserved"] = [deck[1]]
    other["hidden"]["deck"] = [deck[0]] + list(reversed(deck[2:]))
    other["hidden"]["piles"] = {a: list(reversed(p)) for a, p in state["hidden"]["piles"].items()}
    other["hidden"]["rng"] ^= 0xFFFF
    return state, other


def harvest_while_choosing() -> tuple[dict, dict]:
    """Harvest at the start, when each farmer holds two dealt Characters and
    Farmhouses; the other state deals Yoann different ones and reorders the
    market stacks and the building deck."""
    sample = sample_of("harvest", 2)
    state = clone(sample.at("start"))
    assert state["phase"] == "choose"
    other = clone(state)
    dealt = set(state["private"]["0"]["characters"]) | set(state["private"]["1"]["characters"])
    houses = set(state["private"]["0"]["farmhouses"]) | set(state["private"]["1"]["farmhouses"])
    from engine.harvest import content as C

    other["private"]["1"]["characters"] = sorted(set(C.CHARACTERS) - dealt)[:2]
    other["private"]["1"]["farmhouses"] = sorted(set(C.FARMHOUSES) - houses)[:2]
    other["hidden"]["market"] = {k: list(reversed(v)) for k, v in state["hidden"]["market"].items()}
    other["hidden"]["buildings"] = list(reversed(state["hidden"]["buildings"]))
    return state, other


@pytest.mark.parametrize("name, make", [("sunfield", sunfield_with_a_reserved_client), ("harvest", harvest_while_choosing)])
def test_what_a_farmer_may_not_see_never_changes_their_board(name, make):
    state, other = make()
    names = ["Céline", "Yoann", "Floriane", "Cyrille"][: state["seats"]]
    assert state != other
    for kind, text in outputs(name, state, 0, names).items():
        assert outputs(name, other, 0, names)[kind] == text, f"{kind} for Céline shows Yoann's hidden cards"
    # Yoann himself sees his own cards: his board does change
    mine, changed = outputs(name, state, 1, names), outputs(name, other, 1, names)
    assert all(mine[kind] != changed[kind] for kind in mine)


def test_the_reserved_client_is_shown_to_its_owner_only():
    state, _ = sunfield_with_a_reserved_client()
    names = ["Céline", "Yoann", "Floriane", "Cyrille"]
    yours = outputs("sunfield", state, 1, names)
    theirs = outputs("sunfield", state, 0, names)
    assert "Your reserved Client (face down)" in yours["text"]
    assert "Your reserved Client" not in theirs["text"]
    assert "1 reserved face down" in theirs["text"]


def test_the_end_report_is_the_same_whatever_was_left_in_the_decks():
    sample = sample_of("sunfield", 2)
    report = sample.report()
    final = clone(sample.at("end"))
    final["hidden"]["deck"] = list(reversed(final["hidden"]["deck"]))
    changed = dict(report, view=get_game("sunfield").view(final, None))
    assert pdf_text(boards.report_pdf("sunfield", report))[1] == pdf_text(boards.report_pdf("sunfield", changed))[1]


def test_renderers_refuse_a_full_state_or_someone_elses_view():
    sample = sample_of("sunfield", 2)
    game = get_game("sunfield")
    with pytest.raises(ValueError, match="view"):
        boards.text("sunfield", sample.at("middle"), 0)
    with pytest.raises(ValueError, match="private"):
        boards.mail_html("sunfield", game.view(sample.at("middle"), 1), 0)


def test_bad_arguments_get_a_clear_answer():
    sample = sample_of("sunfield", 2)
    view = sample.view("middle", 0)
    with pytest.raises(ValueError, match="meta lacks names"):
        boards.snapshot_pdf("sunfield", view, 0, {"title": "t", "game_id": "g", "version": 1})
    with pytest.raises(ValueError, match="3 names for 2 farmers"):
        boards.text("sunfield", view, 0, names=["A", "B", "C"])
    with pytest.raises(ValueError, match="report lacks score_sheet, ranking"):
        boards.report_pdf("sunfield", {"game_id": "g", "names": ["A", "B"], "view": view})
