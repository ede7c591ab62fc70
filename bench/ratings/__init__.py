"""Rating benches: what rating a finished game and recomputing the leaderboards cost (docs/ratings.md)."""
