"""The service's errors: each says what went wrong in words for the farmer.

The words are a :class:`~mail.sentence.Sentence` (``error.sentence``), told
in the reader's language where the reader is known (``error.told(t)``);
``error.message`` is the English sentence (logs, the command line).
"""

from __future__ import annotations

from mail.sentence import Sentence


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str | Sentence, **params):
        self.sentence = message if isinstance(message, Sentence) else Sentence.of(message, **params)
        self.message = str(self.sentence)
        super().__init__(self.message)

    def told(self, t) -> str:
        """The message in the language of the translator ``t``."""
        return self.sentence.told(t)


class InvalidInput(ServiceError):
    """What was filled in or sent cannot be used (a form, a command)."""

    status = 400


class NotFound(ServiceError):
    status = 404


class NotAllowed(ServiceError):
    """Understood, but not possible now (not your turn, game over, ...)."""

    status = 409


class TooMany(ServiceError):
    """Over a rate limit (service/storage/ratelimit.py): nothing was done;
    ``retry_after``: seconds until the window ends (the web's Retry-After)."""

    status = 429

    def __init__(self, message: str | Sentence, retry_after: int | None = None, **params):
        super().__init__(message, **params)
        self.retry_after = retry_after
