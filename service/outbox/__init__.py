"""Sending what notify wrote: one outgoing mail at a time, idempotently,
over SMTP or into the local mailbox, behind a circuit breaker shared through
the database. Imports ``notify`` and below."""
