"""Mail benches: inbound reading (quotes, HTML, the pure pipeline), the turn mail's cost and size,
the mails of a whole game."""
