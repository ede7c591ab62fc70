"""The service's errors: each says what went wrong in words for the farmer."""

from __future__ import annotations


class ServiceError(Exception):
    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


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

    def __init__(self, message: str, retry_after: int | None = None):
        super().__init__(message)
        self.retry_after = retry_after
