"""The Farmpost service: Flask app, storage, and the use cases (create game, submit moves, notify)."""
