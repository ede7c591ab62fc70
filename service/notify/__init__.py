"""Every row a change owes, written inside the change's transaction: turn
mails and notices, accounts, answers and relays, spectators' round mails, the
daily digest, webhook events. Imports ``core``, ``storage``, ``jobs`` and
``game``."""
