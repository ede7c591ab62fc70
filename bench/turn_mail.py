"""Not a bench: ``turn_context`` where tests/mail/test_turn_mail_encoding.py
imports it from. The turn mail bench is ``bench.mail.turn_mail`` and the
context is made in ``bench.mail.contexts``; this goes once that test
imports from there."""

from bench.mail.contexts import mail_context, turn_context  # noqa: F401
