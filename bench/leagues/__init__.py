"""League benches: what starting a league season costs (its tables made, its mails written)."""
