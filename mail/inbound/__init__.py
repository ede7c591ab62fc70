"""The inbound mail pipeline (pure library)."""
