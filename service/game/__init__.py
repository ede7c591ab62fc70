"""What the service knows about one game beyond its rules: the game clock,
a farmer's previous view, the log page, the final report's data, the game
record (export, replay check) and a farmer's standings across games. Read
models and rules of time; no mail is written here. Imports ``core``,
``storage`` and ``jobs``."""
