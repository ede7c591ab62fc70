"""Keeping the service running: worker and beat heartbeats, the operator's
view of failed work, the supervisor of ``farmpost run`` and the access log.
Imports everything below ``web``."""
