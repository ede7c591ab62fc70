"""The use cases: plain functions that the web views, the Celery tasks, the
command line and the tests all call, one module per subject.

- creation: create a game, join it, start it
- playing: submit a move (or undo, resign) and apply it under the game lock
- bot_turns: queue a bot's move when a bot is to act
- seat_links: a seat's secrets, and a new link on request
- preferences: a farmer's mail preferences
- lookup: find and lock a game, its seats and its log
- dispatching: hand committed work (requests, mails) to the queue
"""
