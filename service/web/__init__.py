"""Web blueprints: thin views over the use cases."""

from __future__ import annotations

from flask import current_app

from service.services import Services


def services() -> Services:
    return current_app.extensions["farmpost"]
