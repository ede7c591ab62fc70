"""Not a bench: ``turn_context`` where tests/mail/test_turn_mail_encoding.py
imports it from. The turn mail bench is ``bench.mail.turn_mail``; this goes
once that test imports from ``bench.mail.contexts``."""

from bench.mail.turn_mail import mail_context, turn_context  # noqa: F401
