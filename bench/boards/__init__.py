"""Board benches: each rendering's time, the drawn board's size and speed."""
