"""What the service knows about one game beyond its rules: the game clock,
a farmer's previous view, the log page, the final report's data, the game
record (export, replay check), a farmer's standings across games, their
ratings (kept in the game-over transaction) and their reliability on the
clock. Read models, rules of time and the rating fold; no mail is written
here. Imports ``core``,
``storage`` and ``jobs``."""
