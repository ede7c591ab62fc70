"""Engine benches: self-play speed, the cost of outcomes, the bots, Harvest balance."""
