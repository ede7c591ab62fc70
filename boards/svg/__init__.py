"""Boards drawn: one drawing per game, from a farmer's view, as drawing
operations that are written as SVG or painted by cairo.

``drawing`` makes a game's drawing (its panels) through the game's drawing
module, ``sunfield`` and ``harvest``, which draw each game from its board
model (:mod:`boards.sunfield`, :mod:`boards.harvest`), so words and counts
are the ones the text and table boards print. ``canvas`` is the small
drawing toolkit (elements, text, panels and how panels are put together),
``symbols`` the project's own signs (Vegetables, Animals, crops, farmers'
markers), ``changes`` what differs from an earlier view, and ``pdfdraw``
paints the operations with cairo (PDF pages, and the picture's pixels).
"""
