"""The use cases: plain functions that the web views, the Celery tasks, the
command line and the tests all call, one module per subject.

- creation: create a game, join it, start it
- playing: submit a move (or undo, resign) and apply it under the game lock
- bot_turns: queue a bot's move when a bot is to act
- seat_links: a seat's secrets, and a new link on request
- preferences: a farmer's mail preferences
- open_tables, watching, rematch, my_games: around a game
- clock_actions: what beat's clock task does (reminders, timeouts) and what
  a host does to a clock (more time, pause, resume)
- vacation, substitutes: a farmer away, a seat handed on

Imports ``outbox`` and below.
"""
