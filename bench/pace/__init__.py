"""Pace benches: what the clocks that keep a game moving cost (beat's clocks task)."""
