"""Board models and drawings are made once per view and shared: a turn
mail's text, HTML, picture and PDF read one board, and none changes it."""

from __future__ import annotations

import copy

from boards import memo, render_html, render_png, render_snapshot_pdf, render_text
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
    render_text("sunfield", view, 1, names=sample.names)
    render_html("sunfield", view, 1, mail=True, names=sample.names)
    render_png("sunfield", view, 1, names=sample.names, previous=previous)
    render_snapshot_pdf("sunfield", view, 1, {"title": "t", "game_id": "g1", "version": 3, "names": sample.names,
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
