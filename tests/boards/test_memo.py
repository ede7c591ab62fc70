"""Board models and drawings are made once per view and shared: a turn
mail's text, HTML, picture and PDF read one board, and none changes it."""

from __future__ import annotations

import copy

import boards
from boards import memo
from boards.svg.drawing import drawing
from tests.boards.conftest import game


def test_a_board_is_made_once_per_view_content_and_no_rendering_changes_it():
    sample = game("sunfield", 4, advanced=True)
    view, previous = sample.view("middle", 1), sample.view("start", 1)
    memo.forget()
    # given the board of a view, built once
    board = memo.board("sunfield", view, 1, sample.names)
    before = copy.deepcopy(board)
    # when every rendering of a turn mail is made from it
    boards.text("sunfield", view, 1, names=sample.names)
    boards.mail_html("sunfield", view, 1, names=sample.names)
    boards.picture_png("sunfield", view, 1, names=sample.names, previous=previous)
    boards.snapshot_pdf("sunfield", view, 1, {"title": "t", "game_id": "g1", "version": 3, "names": sample.names,
                                               "previous": previous})
    # then they shared it (an equal view, another dict, gets the same board) and left it as it was
    assert memo.board("sunfield", copy.deepcopy(view), 1, sample.names) is board
    assert board == before


def test_a_changed_view_gets_its_own_board_and_drawing():
    sample = game("harvest", 2)
    view = sample.view("middle", 0)
    changed = copy.deepcopy(view)
    changed["seats"] = view["seats"]  # same content: shared
    assert memo.board("harvest", changed, 0, sample.names) is memo.board("harvest", view, 0, sample.names)
    later = sample.view("end", 0)
    assert memo.board("harvest", later, 0, sample.names) != memo.board("harvest", view, 0, sample.names)
    # the picture's drawing (with the previous view outlined) is the PDF's too, and differs without it
    assert drawing("harvest", later, 0, sample.names, view) is drawing("harvest", later, 0, sample.names, view)
    assert drawing("harvest", later, 0, sample.names, view) is not drawing("harvest", later, 0, sample.names)


def test_the_grids_of_the_board_in_words_are_made_only_for_the_text_and_printed_boards():
    sample = game("sunfield", 4, advanced=True)
    view = sample.view("middle", 1)
    memo.forget()
    # given the board a web page and a drawing read: no grid of the board in words
    board = memo.board("sunfield", view, 1, sample.names)
    assert "market_grid" not in board and all("plot_text" not in f for f in board["farmers"])
    # when the text board asks for it
    words = memo.board_in_words("sunfield", view, 1, sample.names)
    # then it gets the same board with the grids added, made once
    assert words["market_grid"] and all(f["plot_text"] and f["plot_print"] for f in words["farmers"])
    assert words["farmers"][0]["plot"] is board["farmers"][0]["plot"]
    assert memo.board_in_words("sunfield", copy.deepcopy(view), 1, sample.names) is words
