"""The inbound mail pipeline, as a pure library (no database, no network).

Raw RFC 5322 bytes go in; out comes a :class:`~mail.inbound.pipeline.Reading`:
either a rejection (a named error class from :mod:`mail.inbound.errors` that
says whether and how to answer) or the reply key and the commands the farmer
typed. The service stores the raw bytes first and then calls
:func:`~mail.inbound.pipeline.read_mail`; routing, sender checks and applying
moves happen there.
"""



def __getattr__(name: str):
    # the pipeline (and through it the command parsers) loads when asked
    # for: mail.inbound.message alone is what storing a mail needs
    if name in ("Reading", "read_mail"):
        from mail.inbound import pipeline

        return getattr(pipeline, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Reading", "read_mail"]
