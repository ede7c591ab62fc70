"""Outgoing mail: from a notification's context (plain data) to a MIME message."""
