"""Outgoing mail composition and the inbound mail pipeline."""
