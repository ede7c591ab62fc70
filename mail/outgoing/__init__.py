"""Outgoing mail: every mail built from its context (plain data: an Envelope of header facts and the body's text or template values) to bytes, by compose.build."""
