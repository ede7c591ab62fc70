"""Boards drawn as SVG: one drawing per game, from a farmer's view.

``canvas`` is the small drawing toolkit (elements, text, panels and how
panels are put together), ``symbols`` the project's own signs (Vegetables,
Animals, crops, farmers' markers), ``changes`` what differs from an earlier
view; ``sunfield`` and ``harvest`` draw each game from its board model
(:mod:`boards.sunfield`, :mod:`boards.harvest`), so words and counts are the
ones the text and table boards print.
"""
