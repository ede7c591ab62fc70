"""The inbound mail pipeline, as a pure library (no database, no network).

Raw RFC 5322 bytes go in; out comes a :class:`~mail.inbound.pipeline.Reading`:
either a rejection (a named error class from :mod:`mail.inbound.errors` that
says whether and how to answer) or the reply key and the commands the farmer
typed. The service stores the raw bytes first and then calls
:func:`~mail.inbound.pipeline.read_mail`; routing, sender checks and applying
moves happen there.
"""

from mail.inbound.pipeline import Reading, read_mail

__all__ = ["Reading", "read_mail"]
